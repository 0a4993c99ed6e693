// Master categories, sub-categories and brands in the back office: list, read, create, edit,
// delete (refused while a product uses the record), reorder, and the pictures they show.
// Throws ServiceError: invalid (field problems, details.fields), duplicate (code or slug taken),
// not_found, edit_conflict (changed since read), invalid_state (still in use).
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { BrandInput, CategoryInput, MasterCategoryInput } from "../../core/admin/taxonomy";
import { slugFrom } from "../../core/admin/taxonomy";
import type { AdminBrand, AdminCategory, AdminMasterCategory } from "../../core/api/admin/taxonomy";
import type { Tx } from "../../db/client";
import { brands, categories, masterCategories, productCategories, products } from "../../db/store/schema";
import { refreshSearchText } from "../catalog/search-text";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { type StaffActor, versionOf } from "./audit";
import {
  assertUnique,
  countWhere,
  createRecord,
  deleteRecord,
  fieldError,
  type RecordKind,
  type Row,
  readRow,
  reorderRecords,
  updateRecord,
  withTranslations,
} from "./content-records";
import { type ImageRendition, storeUploadedPicture } from "./images";

type MasterIn = z.output<typeof MasterCategoryInput>;
type CategoryIn = z.output<typeof CategoryInput>;
type BrandIn = z.output<typeof BrandInput>;

export interface PageArgs {
  page: number;
  limit: number;
}

/** A translated name changed (the search text holds the names in every language). */
const renamedIn = (before: Row | null, after: Row) =>
  JSON.stringify(before?.translations ?? {}) !== JSON.stringify(after.translations ?? {});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const MASTER_KIND = {
  table: masterCategories,
  entity: "master_category",
  noun: "master category",
  label: (r: Row) => `${r.code} (${r.description})`,
  seq: masterCategories.seq,
  seqKey: "seq",
  translations: {
    table: "master_category_translations",
    key: "master_id",
    columns: { description: "description" },
  },
} satisfies RecordKind;

export const CATEGORY_KIND = {
  table: categories,
  entity: "category",
  noun: "sub-category",
  label: (r: Row) => `${r.code} (${r.description})`,
  seq: categories.seq,
  seqKey: "seq",
  translations: {
    table: "category_translations",
    key: "category_id",
    columns: { description: "description" },
  },
} satisfies RecordKind;

export const BRAND_KIND = {
  table: brands,
  entity: "brand",
  noun: "brand",
  label: (r: Row) => `${r.code} (${r.name})`,
  seq: brands.seq,
  seqKey: "seq",
} satisfies RecordKind;

// ---- master categories

function masterView(row: Row, subcategories: number): AdminMasterCategory {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    slug: row.slug,
    seq: row.seq,
    image: row.image,
    subcategories,
    translations: row.translations,
    version: versionOf(row),
  };
}

const subCount = (masterId: SQL | number) =>
  sql<number>`(select count(*)::int from ${categories} c where c.master_id = ${masterId})`;

export async function listMasters(store: StoreContext, q: PageArgs) {
  const [rows, total] = await Promise.all([
    store.db
      // Qualified by hand: in a one-table select drizzle writes ${masterCategories.id} as a bare
      // "id", which inside the subquery would be the sub-category's own id.
      .select({ row: masterCategories, n: subCount(sql`"master_categories"."id"`) })
      .from(masterCategories)
      .orderBy(asc(masterCategories.seq), asc(masterCategories.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    countWhere(store.db, masterCategories),
  ]);
  const translated = await withTranslations(
    store,
    store.db,
    MASTER_KIND,
    rows.map((r) => r.row),
  );
  return {
    items: rows.map((r, i) => masterView(translated[i] ?? r.row, Number(r.n))),
    total,
    page: q.page,
    limit: q.limit,
  };
}

export async function getMaster(store: StoreContext, id: number): Promise<AdminMasterCategory> {
  const row = await readRow(store, MASTER_KIND, id);
  const [c] = await store.db.select({ n: subCount(id) }).from(sql`(select 1) as one`);
  return masterView(row, Number(c?.n ?? 0));
}

function masterValues(input: MasterIn) {
  return {
    code: input.code,
    description: input.description,
    slug: input.slug || slugFrom(input.description) || slugFrom(input.code),
    seq: input.seq,
    image: input.image,
    translations: input.translations,
  };
}

function masterChecks(values: ReturnType<typeof masterValues>) {
  return async (tx: Tx, current: Row | null) => {
    if (!values.slug)
      throw fieldError("slug", "Enter a slug: the name has no letters or digits to make one.");
    const id = current?.id ?? null;
    await assertUnique(
      tx,
      MASTER_KIND,
      masterCategories.code,
      values.code,
      id,
      "code",
      "Another master category has this code.",
    );
    await assertUnique(
      tx,
      MASTER_KIND,
      masterCategories.slug,
      values.slug,
      id,
      "slug",
      "Another master category has this slug.",
    );
  };
}

export async function createMaster(store: StoreContext, actor: StaffActor, input: MasterIn) {
  const values = masterValues(input);
  const row = await createRecord(store, actor, MASTER_KIND, values, { check: masterChecks(values) });
  return masterView(row, 0);
}

export async function updateMaster(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: MasterIn & { version: string },
) {
  const values = masterValues(input);
  await updateRecord(store, actor, MASTER_KIND, id, input.version, values, {
    check: masterChecks(values),
    // A renamed master changes the search text of the products in its sub-categories.
    after: async (tx, before, after) => {
      // Translations are written before this hook, so a Greek rename is seen too.
      if (before?.description !== after.description || renamedIn(before, after))
        await refreshSearchText(
          tx,
          sql`select pc.product_id from ${productCategories} pc join ${categories} c on c.id = pc.category_id where c.master_id = ${id}`,
        );
    },
  });
  return getMaster(store, id);
}

export async function deleteMaster(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, MASTER_KIND, id, version, async (tx) => {
    const n = await countWhere(tx, categories, eq(categories.masterId, id));
    if (n > 0)
      throw new ServiceError(
        "invalid_state",
        `This master category still holds ${plural(n, "sub-category", "sub-categories")}. Move them to another master category or delete them first.`,
        { details: { subcategories: n } },
      );
  });
}

export async function reorderMasters(store: StoreContext, actor: StaffActor, ids: number[]) {
  await reorderRecords(store, actor, MASTER_KIND, ids);
}

// ---- sub-categories

const productCount = (categoryId: SQL | number) =>
  sql<number>`(select count(*)::int from ${productCategories} pc where pc.category_id = ${categoryId})`;

function categoryView(row: Row, masterDescription: string, productsIn: number): AdminCategory {
  return {
    id: row.id,
    masterId: row.masterId,
    masterDescription,
    code: row.code,
    description: row.description,
    slug: row.slug,
    seq: row.seq,
    popular: row.popular,
    popularOrder: row.popularOrder,
    image: row.image,
    products: productsIn,
    translations: row.translations,
    version: versionOf(row),
  };
}

export async function listCategories(
  store: StoreContext,
  q: PageArgs & { masterId?: number; popular?: "true" | "false" },
) {
  const where: SQL[] = [];
  if (q.masterId !== undefined) where.push(eq(categories.masterId, q.masterId));
  if (q.popular !== undefined) where.push(eq(categories.popular, q.popular === "true"));
  const filter = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    store.db
      .select({
        row: categories,
        master: masterCategories.description,
        n: productCount(sql`${categories.id}`),
      })
      .from(categories)
      .innerJoin(masterCategories, eq(masterCategories.id, categories.masterId))
      .where(filter)
      .orderBy(
        ...(q.popular === "true"
          ? [asc(categories.popularOrder)]
          : [asc(masterCategories.seq), asc(masterCategories.id), asc(categories.seq)]),
        asc(categories.id),
      )
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    countWhere(store.db, categories, filter),
  ]);
  const translated = await withTranslations(
    store,
    store.db,
    CATEGORY_KIND,
    rows.map((r) => r.row),
  );
  return {
    items: rows.map((r, i) => categoryView(translated[i] ?? r.row, r.master, Number(r.n))),
    total,
    page: q.page,
    limit: q.limit,
  };
}

export async function getCategory(store: StoreContext, id: number): Promise<AdminCategory> {
  const row = await readRow(store, CATEGORY_KIND, id);
  const [m] = await store.db
    .select({ d: masterCategories.description, n: productCount(id) })
    .from(masterCategories)
    .where(eq(masterCategories.id, row.masterId));
  return categoryView(row, m?.d ?? "", Number(m?.n ?? 0));
}

function categoryValues(input: CategoryIn) {
  return {
    masterId: input.masterId,
    code: input.code,
    description: input.description,
    slug: input.slug || slugFrom(input.description) || slugFrom(input.code),
    seq: input.seq,
    popular: input.popular,
    popularOrder: input.popularOrder,
    image: input.image,
    translations: input.translations,
  };
}

function categoryChecks(values: ReturnType<typeof categoryValues>) {
  return async (tx: Tx, current: Row | null) => {
    if (!values.slug)
      throw fieldError("slug", "Enter a slug: the name has no letters or digits to make one.");
    const master = await tx
      .select({ id: masterCategories.id })
      .from(masterCategories)
      .where(eq(masterCategories.id, values.masterId))
      .for("share");
    if (master.length === 0)
      throw fieldError("masterId", "This master category no longer exists. Choose another.");
    const id = current?.id ?? null;
    await assertUnique(
      tx,
      CATEGORY_KIND,
      categories.code,
      values.code,
      id,
      "code",
      "Another sub-category has this code.",
    );
    await assertUnique(
      tx,
      CATEGORY_KIND,
      categories.slug,
      values.slug,
      id,
      "slug",
      "Another sub-category has this slug.",
    );
  };
}

export async function createCategory(store: StoreContext, actor: StaffActor, input: CategoryIn) {
  const values = categoryValues(input);
  const row = await createRecord(store, actor, CATEGORY_KIND, values, { check: categoryChecks(values) });
  return getCategory(store, row.id);
}

export async function updateCategory(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: CategoryIn & { version: string },
) {
  const values = categoryValues(input);
  await updateRecord(store, actor, CATEGORY_KIND, id, input.version, values, {
    check: categoryChecks(values),
    after: async (tx, before, after) => {
      if (
        before?.description !== after.description ||
        before?.masterId !== after.masterId ||
        renamedIn(before, after)
      )
        await refreshSearchText(
          tx,
          sql`select product_id from ${productCategories} where category_id = ${id}`,
        );
    },
  });
  return getCategory(store, id);
}

export async function deleteCategory(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, CATEGORY_KIND, id, version, async (tx) => {
    const n = await countWhere(tx, productCategories as never, eq(productCategories.categoryId, id));
    if (n > 0)
      throw new ServiceError(
        "invalid_state",
        `${plural(n, "product is", "products are")} in this sub-category (deleted products count too, as they can be restored). Move them to another sub-category first.`,
        { details: { products: n } },
      );
  });
}

export async function reorderCategories(
  store: StoreContext,
  actor: StaffActor,
  masterId: number,
  ids: number[],
) {
  await reorderRecords(
    store,
    actor,
    CATEGORY_KIND,
    ids,
    eq(categories.masterId, masterId),
    `in master ${masterId}`,
  );
}

// ---- brands

const brandProducts = (brandId: SQL | number) =>
  sql<number>`(select count(*)::int from ${products} p where p.brand_id = ${brandId})`;

function brandView(row: Row, productsOf: number): AdminBrand {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    seq: row.seq,
    showHome: row.showHome,
    image: row.image,
    products: productsOf,
    version: versionOf(row),
  };
}

export async function listBrands(store: StoreContext, q: PageArgs) {
  const [rows, total] = await Promise.all([
    store.db
      // Qualified by hand, as for the master categories above.
      .select({ row: brands, n: brandProducts(sql`"brands"."id"`) })
      .from(brands)
      .orderBy(asc(brands.seq), asc(brands.name), asc(brands.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    countWhere(store.db, brands),
  ]);
  return { items: rows.map((r) => brandView(r.row, Number(r.n))), total, page: q.page, limit: q.limit };
}

export async function getBrand(store: StoreContext, id: number): Promise<AdminBrand> {
  const row = await readRow(store, BRAND_KIND, id);
  const [c] = await store.db.select({ n: brandProducts(id) }).from(sql`(select 1) as one`);
  return brandView(row, Number(c?.n ?? 0));
}

function brandChecks(values: { code: string }) {
  return async (tx: Tx, current: Row | null) => {
    await assertUnique(
      tx,
      BRAND_KIND,
      brands.code,
      values.code,
      current?.id ?? null,
      "code",
      "Another brand has this code.",
    );
  };
}

export async function createBrand(store: StoreContext, actor: StaffActor, input: BrandIn) {
  const row = await createRecord(store, actor, BRAND_KIND, { ...input }, { check: brandChecks(input) });
  return brandView(row, 0);
}

export async function updateBrand(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: BrandIn & { version: string },
) {
  const { version, ...values } = input;
  await updateRecord(store, actor, BRAND_KIND, id, version, values, {
    check: brandChecks(values),
    after: async (tx, before, after) => {
      if (before?.name !== after.name)
        await refreshSearchText(tx, sql`select id from ${products} where brand_id = ${id}`);
    },
  });
  return getBrand(store, id);
}

export async function deleteBrand(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, BRAND_KIND, id, version, async (tx) => {
    const n = await countWhere(tx, products, eq(products.brandId, id));
    if (n > 0)
      throw new ServiceError(
        "invalid_state",
        `${plural(n, "product has", "products have")} this brand (deleted products count too, as they can be restored). Give them another brand first.`,
        { details: { products: n } },
      );
  });
}

export async function reorderBrands(store: StoreContext, actor: StaffActor, ids: number[]) {
  await reorderRecords(store, actor, BRAND_KIND, ids);
}

// ---- pictures

const TAXONOMY_RENDITIONS: Record<"brand" | "category", { folder: string; rendition: ImageRendition }> = {
  brand: { folder: "brands", rendition: { suffix: "", width: 400, height: 200 } },
  category: { folder: "categories", rendition: { suffix: "", width: 600, height: 400, fit: "cover" } },
};

/** Stores an uploaded brand logo or category picture; the record's save then names its URL. */
export function storeTaxonomyImage(
  store: StoreContext,
  actor: StaffActor,
  kind: "brand" | "category",
  file: unknown,
  name: string,
) {
  return storeUploadedPicture(store, actor, file, {
    entity: kind,
    name: name || kind,
    ...TAXONOMY_RENDITIONS[kind],
  });
}
