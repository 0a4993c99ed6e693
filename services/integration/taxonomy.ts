// The ERP's create-or-update by code of category groups (master categories), categories, brands,
// price lists and price-list prices. Each write is one transaction that locks the record by its
// code, works out what the request changes and writes only that: a repeated request writes
// nothing (no audit entry, no cache flush) and answers the same stored record. Names reuse the
// back office's rules (services/admin/taxonomy.ts): slugs from core/admin/taxonomy's slugFrom,
// the same audit entities, the same search-text refresh when a name changes.
// Throws ServiceError: invalid (details.issues with field paths), duplicate (slug taken),
// not_found (price list), unknown_product (price-list prices naming unknown products).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { slugFrom } from "../../core/admin/taxonomy";
import type {
  BrandInput,
  BrandSchema,
  CategoryGroupInput,
  CategoryGroupSchema,
  CategoryInput,
  CategorySchema,
  PriceListInput,
  PriceListPricesInput,
  PriceListPricesSchema,
  PriceListSchema,
} from "../../core/api/integration/taxonomy";
import type { InputIssue } from "../../core/failures";
import { translationLanguageIssues } from "../../core/integration/products";
import { SOURCE_LANG } from "../../core/language";
import { queryRows, type Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import {
  brands,
  categories,
  categoryTranslations,
  masterCategories,
  masterCategoryTranslations,
  priceListLines,
  priceLists,
  productCategories,
  products,
} from "../../db/store/schema";
import { type AuditActor, recordAudit } from "../admin/audit";
import type { RecordKind, Row } from "../admin/content-records";
import { BRAND_KIND, CATEGORY_KIND, MASTER_KIND } from "../admin/taxonomy";
import { storeChanged } from "../cache";
import { refreshSearchText } from "../catalog/search-text";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";

/** Bad input found past the schema (a field required on create, an unknown code it refers to). */
export function invalidInput(issues: InputIssue[], code: "invalid" | "unknown_product" = "invalid") {
  const message = issues.map((i) => `${i.path}: ${i.message}`).join("; ");
  return new ServiceError(code, message, { details: { issues } });
}

const requiredOnCreate = (path: string) =>
  invalidInput([{ path, message: "Required when the record is created" }]);

/** The keys of `next` whose value differs from the stored row's. */
function changedKeys(current: Row, next: Row): string[] {
  return Object.keys(next).filter((k) => next[k] !== undefined && next[k] !== current[k]);
}

const pick = (row: Row, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

interface CodeKind extends RecordKind {
  code: PgColumn;
}

const MASTER = { ...MASTER_KIND, code: masterCategories.code } satisfies CodeKind;
const CATEGORY = { ...CATEGORY_KIND, code: categories.code } satisfies CodeKind;
const BRAND = { ...BRAND_KIND, code: brands.code } satisfies CodeKind;
const PRICE_LIST = {
  table: priceLists,
  entity: "price_list",
  noun: "price list",
  label: (r: Row) => `${r.code} (${r.name})`,
  code: priceLists.code,
} satisfies CodeKind;

/** One language's translation a request changed: `translations.<lang>` with its fields before and after. */
interface TranslationChange {
  key: string;
  before: Row;
  after: Row;
}

interface Upsert {
  /** The values to store: for a new record all of them, for a stored one those the request gives. */
  values(tx: Tx, current: Row | null): Promise<Row>;
  /** Writes the request's translations of the record (stored or just added): what changed. */
  translate?(tx: Tx, row: Row): Promise<TranslationChange[]>;
  /** Follow-up writes when a stored record changed (search text of its products). */
  after?(tx: Tx, before: Row, after: Row, changed: string[]): Promise<void>;
}

/**
 * One create-or-update by code: locks the stored record, writes only what changes and records
 * that in the audit log; `changed` is false when the request changed nothing.
 */
async function upsertByCode(
  store: StoreContext,
  actor: AuditActor,
  kind: CodeKind,
  code: string,
  spec: Upsert,
): Promise<{ row: Row; changed: boolean }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const out = await store.db.transaction(async (tx) => {
        const [current] = (await tx
          .select()
          .from(kind.table)
          .where(eq(kind.code, code))
          .for("update")) as Row[];
        const values = await spec.values(tx, current ?? null);
        if (!current) {
          const [row] = (await tx
            .insert(kind.table)
            .values({ ...values, code })
            .returning()) as Row[];
          if (!row) throw new Error(`insert into ${kind.entity} returned nothing`);
          await spec.translate?.(tx, row);
          await recordAudit(tx, actor, {
            action: `${kind.entity}.create`,
            entity: kind.entity,
            entityId: row.id,
            summary: `ERP added ${kind.noun} ${kind.label(row)}`,
            after: row,
          });
          return { row, changed: true };
        }
        const columns = changedKeys(current, values);
        let row = current;
        if (columns.length > 0) {
          const [updated] = (await tx
            .update(kind.table)
            .set(pick(values, columns))
            .where(eq(kind.table.id, current.id))
            .returning()) as Row[];
          if (!updated) throw new Error(`update of ${kind.entity} returned nothing`);
          row = updated;
        }
        const translated = (await spec.translate?.(tx, row)) ?? [];
        const changed = [...columns, ...translated.map((t) => t.key)];
        if (changed.length === 0) return { row: current, changed: false };
        await spec.after?.(tx, current, row, changed);
        await recordAudit(tx, actor, {
          action: `${kind.entity}.update`,
          entity: kind.entity,
          entityId: row.id,
          summary: `ERP changed ${kind.noun} ${kind.label(row)}: ${changed.join(", ")}`,
          before: {
            ...pick(current, columns),
            ...Object.fromEntries(translated.map((t) => [t.key, t.before])),
          },
          after: { ...pick(row, columns), ...Object.fromEntries(translated.map((t) => [t.key, t.after])) },
        });
        return { row, changed: true };
      });
      if (out.changed) storeChanged(store.config.id);
      return out;
    } catch (err) {
      const hit = uniqueViolation(err);
      // Two requests creating the same code at once: the second one runs again as an update.
      if (hit && /code/.test(hit.constraint) && attempt === 0) continue;
      if (hit && /slug/.test(hit.constraint)) throw slugTaken(kind);
      throw err;
    }
  }
}

function slugTaken(kind: CodeKind): ServiceError {
  const message = `Another ${kind.noun} already uses this slug: send another one.`;
  return new ServiceError("duplicate", message, {
    details: { field: "slug", issues: [{ path: "slug", message }] },
  });
}

/**
 * The slug a record keeps: the one the request gives (refused when another record has it), the
 * stored one, or for a new record one made from the name, then from the name and code.
 */
async function chooseSlug(
  tx: Tx,
  kind: CodeKind & { table: typeof masterCategories | typeof categories },
  given: string | undefined,
  current: Row | null,
  name: string,
  code: string,
): Promise<string> {
  const column = kind.table.slug;
  const free = async (slug: string) =>
    (
      await tx
        .select({ id: kind.table.id })
        .from(kind.table)
        .where(current ? and(eq(column, slug), ne(kind.table.id, current.id)) : eq(column, slug))
        .limit(1)
    ).length === 0;
  if (given !== undefined) {
    if (given !== current?.slug && !(await free(given))) throw slugTaken(kind);
    return given;
  }
  if (current) return current.slug as string;
  const candidates = [...new Set([slugFrom(name), slugFrom(`${name} ${code}`), slugFrom(code)])];
  if (!candidates.some(Boolean))
    throw invalidInput([
      { path: "slug", message: "Give a slug: the name and code have no letters or digits" },
    ]);
  for (const slug of candidates) if (slug && (await free(slug))) return slug;
  throw slugTaken(kind);
}

// ---- translated descriptions (category groups and categories)

type DescriptionInput = Record<string, { description?: string | null }> | undefined;

const DESCRIPTION_TRANSLATIONS = {
  master: { table: masterCategoryTranslations, key: "master_id" },
  category: { table: categoryTranslations, key: "category_id" },
} as const;
type DescriptionKind = keyof typeof DESCRIPTION_TRANSLATIONS;

/** Refuses English and languages the store does not offer before anything is written. */
function checkLanguages(store: StoreContext, translations: DescriptionInput): void {
  const issues = translationLanguageIssues(store.config.languages, Object.keys(translations ?? {}));
  if (issues.length > 0) throw invalidInput(issues);
}

/**
 * Writes the translated descriptions a request gives (left out: kept; null or empty: removed, so
 * the English shows); a translation equal to the stored one is not written.
 */
async function writeDescriptions(
  tx: Tx,
  kind: DescriptionKind,
  id: number,
  translations: DescriptionInput,
): Promise<TranslationChange[]> {
  const given = Object.entries(translations ?? {}).flatMap(([lang, t]) =>
    t.description === undefined ? [] : [{ lang, description: t.description || null }],
  );
  if (given.length === 0) return [];
  const { table, key } = DESCRIPTION_TRANSLATIONS[kind];
  const keyColumn = sql.identifier(key);
  const stored = await queryRows<{ lang: string; description: string | null }>(
    tx,
    sql`select lang, description from ${table} where ${keyColumn} = ${id}`,
  );
  const was = new Map(stored.map((r) => [r.lang, r.description]));
  const out: TranslationChange[] = [];
  for (const { lang, description } of given) {
    const before = was.get(lang) ?? null;
    if (before === description) continue;
    if (description === null)
      await tx.execute(sql`delete from ${table} where ${keyColumn} = ${id} and lang = ${lang}`);
    else
      await tx.execute(sql`
        insert into ${table} (${keyColumn}, lang, description) values (${id}, ${lang}, ${description})
        on conflict (${keyColumn}, lang) do update set description = excluded.description
        where ${table}.description is distinct from excluded.description`);
    out.push({ key: `translations.${lang}`, before: { description: before }, after: { description } });
  }
  return out;
}

/** The record's translated descriptions in every language the store offers besides English. */
async function readDescriptions(
  store: StoreContext,
  kind: DescriptionKind,
  id: number,
): Promise<Record<string, { description: string | null }>> {
  const { table, key } = DESCRIPTION_TRANSLATIONS[kind];
  const rows = await queryRows<{ lang: string; description: string | null }>(
    store.db,
    sql`select lang, description from ${table} where ${sql.identifier(key)} = ${id}`,
  );
  const byLang = new Map(rows.map((r) => [r.lang, r.description]));
  return Object.fromEntries(
    store.config.languages
      .filter((lang) => lang !== SOURCE_LANG)
      .map((lang) => [lang, { description: byLang.get(lang) ?? null }]),
  );
}

const namesChanged = (changed: string[]) =>
  changed.some((c) => c === "description" || c.startsWith("translations."));

// ---- category groups

export type CategoryGroup = z.output<typeof CategoryGroupSchema>;

const groupView = (r: Row, translations: CategoryGroup["translations"]): CategoryGroup => ({
  id: r.id,
  code: r.code,
  description: r.description,
  slug: r.slug,
  seq: r.seq,
  translations,
});

export async function putCategoryGroup(
  store: StoreContext,
  actor: AuditActor,
  code: string,
  input: z.output<typeof CategoryGroupInput>,
): Promise<CategoryGroup> {
  checkLanguages(store, input.translations);
  const { row } = await upsertByCode(store, actor, MASTER, code, {
    values: async (tx, current) => {
      const description = input.description ?? (current?.description as string | undefined);
      if (description === undefined) throw requiredOnCreate("description");
      return {
        description,
        seq: input.seq ?? current?.seq ?? 0,
        slug: await chooseSlug(tx, MASTER, input.slug, current, description, code),
      };
    },
    translate: (tx, row) => writeDescriptions(tx, "master", row.id, input.translations),
    // A renamed group (in any language) changes the search text of the products in its categories.
    after: async (tx, _before, after, changed) => {
      if (namesChanged(changed))
        await refreshSearchText(
          tx,
          sql`select pc.product_id from ${productCategories} pc join ${categories} c on c.id = pc.category_id where c.master_id = ${after.id}`,
        );
    },
  });
  return groupView(row, await readDescriptions(store, "master", row.id));
}

// ---- categories

export type Category = z.output<typeof CategorySchema>;

async function groupCodeOf(db: Tx | StoreContext["db"], masterId: number): Promise<string> {
  const [m] = await db
    .select({ code: masterCategories.code })
    .from(masterCategories)
    .where(eq(masterCategories.id, masterId));
  return m?.code ?? "";
}

export async function putCategory(
  store: StoreContext,
  actor: AuditActor,
  code: string,
  input: z.output<typeof CategoryInput>,
): Promise<Category> {
  checkLanguages(store, input.translations);
  let groupCode = input.groupCode;
  const { row } = await upsertByCode(store, actor, CATEGORY, code, {
    values: async (tx, current) => {
      const description = input.description ?? (current?.description as string | undefined);
      const missing = [
        ...(current || input.groupCode !== undefined ? [] : ["groupCode"]),
        ...(description === undefined ? ["description"] : []),
      ];
      if (missing.length > 0)
        throw invalidInput(missing.map((path) => ({ path, message: "Required when the record is created" })));
      let masterId = current?.masterId as number | undefined;
      if (input.groupCode !== undefined) {
        const [m] = await tx
          .select({ id: masterCategories.id })
          .from(masterCategories)
          .where(eq(masterCategories.code, input.groupCode))
          .for("share");
        if (!m)
          throw invalidInput([
            { path: "groupCode", message: `No category group has the code ${input.groupCode}` },
          ]);
        masterId = m.id;
      }
      return {
        masterId,
        description,
        seq: input.seq ?? current?.seq ?? 0,
        popular: input.popular ?? current?.popular ?? false,
        popularOrder: input.popularOrder ?? current?.popularOrder ?? 0,
        slug: await chooseSlug(tx, CATEGORY, input.slug, current, description as string, code),
      };
    },
    translate: (tx, row) => writeDescriptions(tx, "category", row.id, input.translations),
    after: async (tx, _before, after, changed) => {
      if (namesChanged(changed) || changed.includes("masterId"))
        await refreshSearchText(
          tx,
          sql`select product_id from ${productCategories} where category_id = ${after.id}`,
        );
    },
  });
  groupCode ??= await groupCodeOf(store.db, row.masterId);
  return {
    id: row.id,
    code: row.code,
    groupCode,
    description: row.description,
    slug: row.slug,
    seq: row.seq,
    popular: row.popular,
    popularOrder: row.popularOrder,
    translations: await readDescriptions(store, "category", row.id),
  };
}

// ---- brands

export type Brand = z.output<typeof BrandSchema>;

export async function putBrand(
  store: StoreContext,
  actor: AuditActor,
  code: string,
  input: z.output<typeof BrandInput>,
): Promise<Brand> {
  const { row } = await upsertByCode(store, actor, BRAND, code, {
    values: async (_tx, current) => {
      const name = input.name ?? (current?.name as string | undefined);
      if (name === undefined) throw requiredOnCreate("name");
      return {
        name,
        seq: input.seq ?? current?.seq ?? 0,
        showHome: input.showHome ?? current?.showHome ?? false,
      };
    },
    after: async (tx, _before, after, changed) => {
      if (changed.includes("name"))
        await refreshSearchText(tx, sql`select id from ${products} where brand_id = ${after.id}`);
    },
  });
  return { id: row.id, code: row.code, name: row.name, seq: row.seq, showHome: row.showHome };
}

// ---- price lists

export type PriceList = z.output<typeof PriceListSchema>;

export async function putPriceList(
  store: StoreContext,
  actor: AuditActor,
  code: string,
  input: z.output<typeof PriceListInput>,
): Promise<PriceList> {
  const { row } = await upsertByCode(store, actor, PRICE_LIST, code, {
    values: async (_tx, current) => {
      const name = input.name ?? (current?.name as string | undefined);
      if (name === undefined) throw requiredOnCreate("name");
      return { name };
    },
  });
  return { id: row.id, code: row.code, name: row.name };
}

/**
 * Sets or removes the list's price of each named product; other products keep theirs. An
 * unknown product code fails the whole request before anything is written.
 */
export async function putPriceListPrices(
  store: StoreContext,
  actor: AuditActor,
  code: string,
  input: z.output<typeof PriceListPricesInput>,
): Promise<z.output<typeof PriceListPricesSchema>> {
  const codes = input.prices.map((p) => p.productCode);
  const out = await store.db.transaction(async (tx) => {
    // Locking the list row puts two price writes to the same list one after the other.
    const [list] = await tx.select().from(priceLists).where(eq(priceLists.code, code)).for("update");
    if (!list) throw new ServiceError("not_found", `No price list has the code ${code}`);
    const found = await tx
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(inArray(products.code, codes));
    const idOf = new Map(found.map((p) => [p.code, p.id]));
    const unknown = input.prices.flatMap((p, i) =>
      idOf.has(p.productCode)
        ? []
        : [{ path: `prices.${i}.productCode`, message: `No product has the code ${p.productCode}` }],
    );
    if (unknown.length > 0) {
      const missing = input.prices.filter((p) => !idOf.has(p.productCode)).map((p) => p.productCode);
      throw new ServiceError(
        "unknown_product",
        `Unknown product codes, nothing was written: ${missing.join(", ")}`,
        { details: { unknown: missing, issues: unknown } },
      );
    }
    const ids = [...idOf.values()];
    const stored = await tx
      .select({ productId: priceListLines.productId, priceCents: priceListLines.priceCents })
      .from(priceListLines)
      .where(and(eq(priceListLines.priceListId, list.id), inArray(priceListLines.productId, ids)));
    const before = new Map(stored.map((s) => [s.productId, s.priceCents]));
    const set: { productCode: string; productId: number; priceCents: number }[] = [];
    const removed: { productCode: string; productId: number }[] = [];
    for (const p of input.prices) {
      const productId = idOf.get(p.productCode) as number;
      const now = before.get(productId) ?? null;
      if (p.priceCents === now) continue;
      if (p.priceCents === null) removed.push({ productCode: p.productCode, productId });
      else set.push({ productCode: p.productCode, productId, priceCents: p.priceCents });
    }
    if (set.length > 0)
      await tx
        .insert(priceListLines)
        .values(set.map((s) => ({ priceListId: list.id, productId: s.productId, priceCents: s.priceCents })))
        .onConflictDoUpdate({
          target: [priceListLines.priceListId, priceListLines.productId],
          set: { priceCents: sql`excluded.price_cents` },
        });
    if (removed.length > 0)
      await tx.delete(priceListLines).where(
        and(
          eq(priceListLines.priceListId, list.id),
          inArray(
            priceListLines.productId,
            removed.map((r) => r.productId),
          ),
        ),
      );
    const changed = set.length + removed.length;
    if (changed > 0) {
      const touched = [...set.map((s) => s.productId), ...removed.map((r) => r.productId)];
      const codeOf = new Map(found.map((p) => [p.id, p.code]));
      await recordAudit(tx, actor, {
        action: "price_list.prices",
        entity: PRICE_LIST.entity,
        entityId: list.id,
        summary: `ERP set ${set.length} and removed ${removed.length} prices of price list ${PRICE_LIST.label(list)}`,
        before: Object.fromEntries(touched.map((id) => [codeOf.get(id), before.get(id) ?? null])),
        after: Object.fromEntries([
          ...set.map((s) => [s.productCode, s.priceCents]),
          ...removed.map((r) => [r.productCode, null]),
        ]),
      });
    }
    return { code: list.code, changed, prices: input.prices.map((p) => ({ ...p })) };
  });
  if (out.changed > 0) storeChanged(store.config.id);
  return out;
}
