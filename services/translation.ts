// SQL for reading translated content (docs/decisions/0035-languages.md, step 3). An English
// read joins nothing, so every English query and its plan stay as they were; another language
// left-joins the entity's translation row and takes each field from it, else from the English.
import { type SQL, sql } from "drizzle-orm";
import { type Lang, SOURCE_LANG } from "../core/language";

export function readsSource(lang: Lang): boolean {
  return lang === SOURCE_LANG;
}

/**
 * `left join <table> <alias> on <alias>.<key> = <id> and <alias>.lang = <lang>`, or nothing in English.
 * `table`, `alias` and `key` are identifiers written in code, never input.
 */
export function translationJoin(lang: Lang, table: string, alias: string, key: string, id: SQL): SQL {
  if (readsSource(lang)) return sql``;
  return sql`left join ${sql.identifier(table)} ${sql.identifier(alias)} on ${sql.identifier(alias)}.${sql.identifier(key)} = ${id} and ${sql.identifier(alias)}.lang = ${lang}`;
}

/** The field in the reading language: `coalesce(<t>.<column>, <base>)`, or just `<base>` in English. */
export function translated(lang: Lang, alias: string, column: string, base: SQL): SQL {
  if (readsSource(lang)) return base;
  return sql`coalesce(${sql.identifier(alias)}.${sql.identifier(column)}, ${base})`;
}

/**
 * A text[] of the output names of the fields that have no translation (shown in English), for
 * core/translation.ts `Untranslated`; null in English. `fields` maps output name to column.
 */
export function untranslatedFields(lang: Lang, alias: string, fields: Record<string, string>): SQL {
  if (readsSource(lang)) return sql`null::text[]`;
  const cases = Object.entries(fields).map(
    ([name, column]) =>
      sql`case when ${sql.identifier(alias)}.${sql.identifier(column)} is null then ${name}::text end`,
  );
  return sql`array_remove(array[${sql.join(cases, sql`, `)}], null)`;
}
