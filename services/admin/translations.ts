// Reading and writing a back-office record's translations (docs/decisions/0035-languages.md,
// step 3), inside the record's own transaction: the editors put them in the record they hash for
// its version and record in the audit entry, so a translation is versioned and audited with it.
import { sql } from "drizzle-orm";
import { type Translations, translationLangs } from "../../core/admin/translations";
import { queryRows, type Tx } from "../../db/client";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";

type Db = StoreContext["db"] | Tx;

/**
 * A translated rich text sanitised like its English: null when nothing is left to read (no text,
 * no picture), so an emptied editor falls back to the English instead of showing nothing.
 */
export function translatedHtml(html: string | null, sanitize: (html: string) => string): string | null {
  if (html === null) return null;
  const clean = sanitize(html);
  const text = clean.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "");
  return text === "" && !/<img\b/i.test(clean) ? null : clean;
}

/** Where an entity's translations live: table and key column, and output name → column. */
export interface TranslationTable<Keys extends string> {
  table: string;
  key: string;
  columns: Record<Keys, string>;
}

/**
 * The translations of the records `ids`, one object per language the store offers beyond English
 * (every field null where nothing is translated); `{}` on an English-only store.
 */
export async function readTranslations<Keys extends string>(
  store: StoreContext,
  db: Db,
  spec: TranslationTable<Keys>,
  ids: readonly number[],
): Promise<Map<number, Translations<Keys>>> {
  const langs = translationLangs(store.config.languages);
  const keys = Object.keys(spec.columns) as Keys[];
  const empty = () => Object.fromEntries(keys.map((k) => [k, null])) as Record<Keys, string | null>;
  const out = new Map<number, Translations<Keys>>(
    ids.map((id) => [id, Object.fromEntries(langs.map((l) => [l, empty()]))]),
  );
  if (langs.length === 0 || ids.length === 0) return out;
  const columns = keys.map((k) => sql`t.${sql.identifier(spec.columns[k])} as ${sql.identifier(k)}`);
  const rows = await queryRows<Record<string, unknown> & { id: number; lang: string }>(
    db,
    sql`select t.${sql.identifier(spec.key)} as id, t.lang, ${sql.join(columns, sql`, `)}
          from ${sql.identifier(spec.table)} t
         where t.${sql.identifier(spec.key)} in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
           and t.lang in (${sql.join(
             langs.map((l) => sql`${l}`),
             sql`, `,
           )})`,
  );
  for (const row of rows) {
    const record = out.get(Number(row.id));
    const lang = row.lang as keyof Translations<Keys>;
    if (!record?.[lang]) continue;
    record[lang] = Object.fromEntries(
      keys.map((k) => [k, (row[k] as string | null | undefined) ?? null]),
    ) as Record<Keys, string | null>;
  }
  return out;
}

/** What a record that does not exist yet has: every field null in each language the store offers. */
export function noTranslations<Keys extends string>(
  store: StoreContext,
  spec: TranslationTable<Keys>,
): Translations<Keys> {
  const empty = Object.fromEntries(Object.keys(spec.columns).map((k) => [k, null]));
  return Object.fromEntries(
    translationLangs(store.config.languages).map((l) => [l, { ...empty }]),
  ) as Translations<Keys>;
}

/** One record's translations (see readTranslations). */
export async function readRecordTranslations<Keys extends string>(
  store: StoreContext,
  db: Db,
  spec: TranslationTable<Keys>,
  id: number,
): Promise<Translations<Keys>> {
  return (await readTranslations(store, db, spec, [id])).get(id) ?? {};
}

/** Refuses a translation into a language the store does not offer, on the form's `translations` field. */
export function assertOffered(store: StoreContext, lang: string): void {
  if ((translationLangs(store.config.languages) as string[]).includes(lang)) return;
  const message = `This shop is not offered in the language "${lang}".`;
  throw new ServiceError("invalid", message, { details: { fields: { translations: message } } });
}

/**
 * Writes the translations an editor sent for record `id`, field by field as given (null: not
 * translated). Absent input writes nothing. A language the store does not offer is refused with a
 * field error on `translations`. Columns of the table the editor does not send (a product's specs)
 * are left as they are.
 */
export async function writeTranslations<Keys extends string>(
  store: StoreContext,
  tx: Tx,
  spec: TranslationTable<Keys>,
  id: number,
  input: Translations<Keys> | undefined,
): Promise<void> {
  if (!input) return;
  for (const [lang, fields] of Object.entries(input) as [string, Record<Keys, string | null> | undefined][]) {
    if (!fields) continue;
    assertOffered(store, lang);
    const keys = (Object.keys(spec.columns) as Keys[]).filter((k) => k in fields);
    if (keys.length === 0) continue;
    const col = (k: Keys) => sql.identifier(spec.columns[k]);
    const value = (k: Keys) => fields[k] ?? null;
    if (keys.every((k) => value(k) === null)) {
      // Nothing translated: clear what exists, create nothing.
      await tx.execute(
        sql`update ${sql.identifier(spec.table)}
               set ${sql.join(
                 keys.map((k) => sql`${col(k)} = null`),
                 sql`, `,
               )}
             where ${sql.identifier(spec.key)} = ${id} and lang = ${lang}`,
      );
      continue;
    }
    await tx.execute(
      sql`insert into ${sql.identifier(spec.table)} (${sql.identifier(spec.key)}, lang, ${sql.join(
        keys.map(col),
        sql`, `,
      )})
          values (${id}, ${lang}, ${sql.join(
            keys.map((k) => sql`${value(k)}`),
            sql`, `,
          )})
          on conflict (${sql.identifier(spec.key)}, lang) do update
            set ${sql.join(
              keys.map((k) => sql`${col(k)} = excluded.${col(k)}`),
              sql`, `,
            )}`,
    );
  }
}
