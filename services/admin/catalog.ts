// The back office's products: the paged list (sorting and filters in SQL), one product with what
// its form edits, create and update (categories, colour/size variants, price-list prices,
// sanitised long description, search text kept in step), soft delete and restore, stock per
// warehouse (through services/stock.ts, so back-in-stock mails go out), and pictures (upload
// through services/admin/images.ts, order, delete).
//
// Every write is one transaction with its audit entry. Edits name the version they were opened
// at; the row is read FOR UPDATE and a different version is refused (edit_conflict).
// Throws ServiceError: invalid (field errors in details.fields), not_found, duplicate,
// invalid_state, edit_conflict, invalid_quantity.
import { and, asc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { z } from "zod";
import {
  type BulkActionInput,
  type BulkEdit,
  LOW_STOCK_THRESHOLD,
  MAX_BULK_PRODUCTS,
  ownVariantPrice,
  type ProductCreate,
  type ProductFields,
  ProductFieldsInput,
  type ProductListParams,
  type ProductState,
  type ProductUpdate,
  productState,
  slugify,
  variantPriceNotice,
} from "../../core/admin/catalog";
import type {
  AdminImageSchema,
  AdminProductListSchema,
  AdminProductOptionsSchema,
  AdminProductSchema,
} from "../../core/api/admin/catalog";
import { productPath } from "../../core/product-rules";
import { complianceRecord } from "../../core/regulatory";
import { queryRows, type Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import {
  brands,
  categories,
  economicOperators,
  masterCategories,
  priceListLines,
  priceLists,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
  stock,
  warehouses,
} from "../../db/store/schema";
import { refreshSearchText } from "../catalog/search-text";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { setStock } from "../stock";
import { assertVersion, recordAudit, type StaffActor, versionOf } from "./audit";
import { PRODUCT_RENDITIONS, removeImageFiles, uploadPicture } from "./images";
import {
  readRecordTranslations,
  type TranslationTable,
  translatedHtml,
  writeTranslations,
} from "./translations";

export type AdminProduct = z.output<typeof AdminProductSchema>;
export type AdminProductList = z.output<typeof AdminProductListSchema>;
export type AdminImage = z.output<typeof AdminImageSchema>;
export type AdminProductOptions = z.output<typeof AdminProductOptionsSchema>;

type Db = StoreContext["db"] | Tx;

const notFound = () => new ServiceError("not_found", "This product does not exist.");
const fieldError = (field: string, message: string, code: "invalid" | "duplicate" = "invalid") =>
  new ServiceError(code, message, { details: { fields: { [field]: message } } });

// ---------------------------------------------------------------------------------------------
// The list

/**
 * Stock shown in the list, joined as `st.qty`: the store's warehouse (one row by the primary
 * key), or the sum of all warehouses when none is set.
 */
function stockJoin(store: StoreContext): SQL {
  const w = store.settings.warehouseId;
  return w !== null
    ? sql`left join stock st on st.product_id = p.id and st.warehouse_id = ${w}`
    : sql`left join lateral (select sum(s.qty)::int as qty from stock s where s.product_id = p.id) st on true`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface ListRow {
  id: number;
  code: string;
  name: string;
  slug: string;
  price_cents: number;
  sale_price_cents: number | null;
  stock: number | string | null;
  brand_name: string | null;
  picture: string | null;
  is_new: boolean;
  is_top: boolean;
  is_hot: boolean;
  popup_ad: boolean;
  deleted: boolean;
  published_at: Date | string | null;
  updated_at: Date | string;
}

const DEFAULT_DIR = { name: "asc", code: "asc", price: "asc", stock: "asc", updated: "desc" } as const;

type ListFilter = Pick<ProductListParams, "q" | "categoryId" | "brandId" | "flag" | "status" | "lowStock">;

/** The list's filters as SQL over `products p` joined with stockJoin as `st`. */
function listConditions(query: ListFilter): SQL {
  const conds: SQL[] = [];
  if (query.status === "active") conds.push(sql`not p.deleted`);
  else if (query.status === "deleted") conds.push(sql`p.deleted`);
  else if (query.status === "draft") conds.push(sql`p.deleted and p.published_at is null`);
  else if (query.status === "inactive") conds.push(sql`p.deleted and p.published_at is not null`);
  const q = query.q?.toLowerCase();
  if (q) conds.push(sql`lower(p.search_text) like ${`%${escapeLike(q)}%`}`);
  if (query.categoryId !== undefined)
    conds.push(
      sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${query.categoryId})`,
    );
  if (query.brandId !== undefined) conds.push(sql`p.brand_id = ${query.brandId}`);
  if (query.flag === "new") conds.push(sql`p.is_new`);
  if (query.flag === "top") conds.push(sql`p.is_top`);
  if (query.flag === "hot") conds.push(sql`p.is_hot`);
  if (query.flag === "popup") conds.push(sql`p.popup_ad`);
  if (query.lowStock) conds.push(sql`coalesce(st.qty, 0) <= ${LOW_STOCK_THRESHOLD}`);
  return conds.length > 0 ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

/** One page of products, filtered and sorted in SQL, with the number of matches. */
export async function listAdminProducts(
  store: StoreContext,
  query: ProductListParams,
): Promise<AdminProductList> {
  const dir = query.dir ?? DEFAULT_DIR[query.sort];
  const where = listConditions(query);

  const d = dir === "asc" ? sql`asc` : sql`desc`;
  const order: Record<typeof query.sort, SQL> = {
    name: sql`p.name ${d}, p.id ${d}`,
    code: sql`p.code ${d}`,
    price: sql`p.price_cents ${d}, p.id ${d}`,
    stock: sql`st.qty ${d} nulls ${dir === "asc" ? sql`first` : sql`last`}, p.id ${d}`,
    // The index is (updated_at desc nulls last, id desc nulls last): the same order, or its exact reverse.
    updated:
      dir === "desc"
        ? sql`p.updated_at desc nulls last, p.id desc nulls last`
        : sql`p.updated_at asc nulls first, p.id asc nulls first`,
  };
  const offset = (query.page - 1) * query.limit;

  // The page and the count apart: the page's sub-selects (brand, picture) then run for its rows
  // only, and the count joins stock only when a filter needs it.
  const [rows, counted] = await Promise.all([
    queryRows<ListRow>(
      store.db,
      sql`select p.id, p.code, p.name, p.slug, p.price_cents, p.sale_price_cents, st.qty as stock,
                 p.is_new, p.is_top, p.is_hot, p.popup_ad, p.deleted, p.published_at, p.updated_at,
                 (select b.name from brands b where b.id = p.brand_id) as brand_name,
                 (select i.sm_url from product_images i where i.product_id = p.id order by i.seq, i.id limit 1) as picture
            from products p ${stockJoin(store)} ${where}
           order by ${order[query.sort]}
           limit ${query.limit} offset ${offset}`,
    ),
    queryRows<{ n: number | string }>(
      store.db,
      sql`select count(*) as n from products p ${query.lowStock ? stockJoin(store) : sql``} ${where}`,
    ),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  return {
    products: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      slug: r.slug,
      priceCents: r.price_cents,
      salePriceCents: r.sale_price_cents,
      stock: r.stock === null ? null : Number(r.stock),
      brandName: r.brand_name,
      picture: r.picture,
      isNew: r.is_new,
      isTop: r.is_top,
      isHot: r.is_hot,
      popupAd: r.popup_ad,
      deleted: r.deleted,
      state: productState({ deleted: r.deleted, publishedAt: r.published_at }),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
    total,
    page: query.page,
    limit: query.limit,
    sort: query.sort,
    dir,
  };
}

/** What the form and the list's filters choose from. */
export async function productOptions(store: StoreContext): Promise<AdminProductOptions> {
  const [cats, brandRows, lists, whs, operators] = await Promise.all([
    store.db
      .select({ id: categories.id, name: categories.description, master: masterCategories.description })
      .from(categories)
      .innerJoin(masterCategories, eq(masterCategories.id, categories.masterId))
      .orderBy(asc(masterCategories.seq), asc(masterCategories.id), asc(categories.seq), asc(categories.id)),
    store.db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .orderBy(asc(brands.name), asc(brands.id)),
    store.db
      .select({ id: priceLists.id, code: priceLists.code, name: priceLists.name })
      .from(priceLists)
      .orderBy(asc(priceLists.id)),
    store.db
      .select({ id: warehouses.id, name: warehouses.webDescription })
      .from(warehouses)
      .orderBy(asc(warehouses.id)),
    store.db
      .select({ id: economicOperators.id, name: economicOperators.name, country: economicOperators.country })
      .from(economicOperators)
      .orderBy(asc(economicOperators.name), asc(economicOperators.id)),
  ]);
  return {
    categories: cats,
    brands: brandRows,
    operators,
    priceLists: lists,
    warehouses: whs.map((w) => ({ ...w, web: w.id === store.settings.warehouseId })),
    defaultVatRate: store.settings.defaultVatRate,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
  };
}

// ---------------------------------------------------------------------------------------------
// One product

const PRODUCT_TRANSLATIONS: TranslationTable<"name" | "shortDesc" | "longDescHtml" | "variantLabel"> = {
  table: "product_translations",
  key: "product_id",
  columns: {
    name: "name",
    shortDesc: "short_desc",
    longDescHtml: "long_desc_html",
    variantLabel: "variant_label",
  },
};

/**
 * What the form edits, read in one place: the version is computed from exactly this, and it is
 * what the audit entry records (translations included).
 */
async function readEditable(store: StoreContext, db: Db, id: number, lock: boolean) {
  const base = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await base.for("update") : await base;
  if (!row) return null;
  // One after the other: inside a transaction the queries share one connection.
  const cats = await db
    .select({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, id))
    .orderBy(asc(productCategories.seq), asc(productCategories.categoryId));
  const variants = await db
    .select({
      id: productVariants.id,
      color: productVariants.color,
      colorName: productVariants.colorName,
      size: productVariants.size,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.id));
  const prices = await db
    .select({ priceListId: priceListLines.priceListId, priceCents: priceListLines.priceCents })
    .from(priceListLines)
    .where(eq(priceListLines.productId, id))
    .orderBy(asc(priceListLines.priceListId));
  const translations = await readRecordTranslations(store, db, PRODUCT_TRANSLATIONS, id);
  const editable = {
    id: row.id,
    code: row.code,
    name: row.name,
    slug: row.slug,
    priceCents: row.priceCents,
    salePriceCents: row.salePriceCents,
    vatRate: row.vatRate,
    weightGrams: row.weightGrams,
    isNew: row.isNew,
    isTop: row.isTop,
    isHot: row.isHot,
    popupAd: row.popupAd,
    shortDesc: row.shortDesc,
    longDescHtml: row.longDescHtml,
    videoUrl: row.videoUrl,
    categoryIds: cats.map((c) => c.categoryId),
    brandId: row.brandId,
    variantGroup: row.variantGroup,
    variantLabel: row.variantLabel,
    variants,
    priceListPrices: prices,
    ...complianceRecord(row),
    deleted: row.deleted,
    state: productState(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    translations,
  };
  return editable;
}
type Editable = NonNullable<Awaited<ReturnType<typeof readEditable>>>;

async function readImages(db: Db, productId: number): Promise<AdminImage[]> {
  return db
    .select({
      id: productImages.id,
      url: productImages.url,
      smUrl: productImages.smUrl,
      width: productImages.width,
      height: productImages.height,
      seq: productImages.seq,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.seq), asc(productImages.id));
}

async function readStock(store: StoreContext, db: Db, productId: number) {
  const rows = await db
    .select({ warehouseId: warehouses.id, warehouse: warehouses.webDescription, qty: stock.qty })
    .from(warehouses)
    .leftJoin(stock, and(eq(stock.warehouseId, warehouses.id), eq(stock.productId, productId)))
    .orderBy(asc(warehouses.id));
  return rows.map((r) => ({ ...r, web: r.warehouseId === store.settings.warehouseId }));
}

async function fullProduct(store: StoreContext, db: Db, editable: Editable): Promise<AdminProduct> {
  const images = await readImages(db, editable.id);
  const stockLines = await readStock(store, db, editable.id);
  return {
    ...editable,
    version: versionOf(editable),
    priceNotice: variantPriceNotice(editable),
    images,
    stock: stockLines,
    storefrontUrl: productPath(editable),
  };
}

/** One product (deleted ones too) as its form shows it. */
export async function getAdminProduct(store: StoreContext, id: number): Promise<AdminProduct> {
  const editable = await readEditable(store, store.db, id, false);
  if (!editable) throw notFound();
  return fullProduct(store, store.db, editable);
}

// ---------------------------------------------------------------------------------------------
// Create and update

const LONG_DESC_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "a",
    "hr",
  ],
  allowedAttributes: { a: ["href", "title", "rel"] },
  allowedSchemes: ["https", "http", "mailto"],
  // `//host` and `/\host` are other sites written as paths of this one.
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
  },
};

/** The long description with only the tags and attributes a product page may carry. */
export function sanitizeLongDescription(html: string): string {
  return sanitizeHtml(html, LONG_DESC_OPTIONS).trim();
}

/** Checks every id the input names exists in this store; field errors otherwise. */
async function checkReferences(tx: Tx, input: ProductFields, productId: number | null): Promise<void> {
  if (input.brandId !== null) {
    const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!b) throw fieldError("brandId", "This brand does not exist.");
  }
  for (const field of ["manufacturerId", "responsiblePersonId"] as const) {
    const id = input[field];
    if (id === null) continue;
    const [o] = await tx
      .select({ id: economicOperators.id })
      .from(economicOperators)
      .where(eq(economicOperators.id, id));
    if (!o) throw fieldError(field, "This manufacturer or responsible person does not exist.");
  }
  if (input.categoryIds.length > 0) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, input.categoryIds));
    if (found.length !== input.categoryIds.length)
      throw fieldError("categoryIds", "A chosen category does not exist.");
  }
  const listIds = input.priceListPrices.map((p) => p.priceListId);
  if (listIds.length > 0) {
    const found = await tx
      .select({ id: priceLists.id })
      .from(priceLists)
      .where(inArray(priceLists.id, listIds));
    if (found.length !== listIds.length) throw fieldError("priceListPrices", "A price list does not exist.");
  }
  const variantIds = input.variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  if (variantIds.length > 0) {
    const own =
      productId === null
        ? []
        : await tx
            .select({ id: productVariants.id })
            .from(productVariants)
            .where(and(eq(productVariants.productId, productId), inArray(productVariants.id, variantIds)));
    if (own.length !== variantIds.length)
      throw fieldError("variants", "A variant does not belong to this product.");
  }
}

/** Code and slug are unique: a clear field error instead of the database's refusal. */
async function checkUnique(tx: Tx, code: string, slug: string, productId: number | null): Promise<void> {
  const others = await tx
    .select({ id: products.id, code: products.code, slug: products.slug })
    .from(products)
    .where(
      sql`(${products.code} = ${code} or ${products.slug} = ${slug}) and ${products.id} <> ${productId ?? 0}`,
    );
  if (others.some((o) => o.code === code))
    throw fieldError("code", `Another product already has the code ${code}.`, "duplicate");
  if (others.some((o) => o.slug === slug))
    throw fieldError("slug", `Another product already uses the web address "${slug}".`, "duplicate");
}

/** The slug as typed, or one made from the name; a made one gets -2, -3 ... when taken. */
async function chooseSlug(tx: Tx, input: ProductFields, productId: number | null): Promise<string> {
  if (input.slug !== "") return input.slug;
  const base = slugify(input.name) || slugify(input.code) || "product";
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      sql`(${products.slug} = ${base} or ${products.slug} like ${`${base}-%`}) and ${products.id} <> ${productId ?? 0}`,
    );
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Writes categories, variants and price-list prices as the input has them. */
async function writeRelations(tx: Tx, productId: number, input: ProductFields): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  if (input.categoryIds.length > 0)
    await tx
      .insert(productCategories)
      .values(input.categoryIds.map((categoryId, seq) => ({ productId, categoryId, seq })));

  const keep = input.variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  await tx
    .delete(productVariants)
    .where(
      keep.length > 0
        ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, keep))
        : eq(productVariants.productId, productId),
    );
  for (const v of input.variants) {
    const values = {
      color: v.color.toLowerCase(),
      colorName: v.colorName,
      size: v.size,
      priceCents: ownVariantPrice(v.priceCents, input.priceCents),
    };
    if (v.id === undefined) await tx.insert(productVariants).values({ productId, ...values });
    else await tx.update(productVariants).set(values).where(eq(productVariants.id, v.id));
  }

  await tx.delete(priceListLines).where(eq(priceListLines.productId, productId));
  if (input.priceListPrices.length > 0)
    await tx.insert(priceListLines).values(
      input.priceListPrices.map((p) => ({
        productId,
        priceListId: p.priceListId,
        priceCents: p.priceCents,
      })),
    );
}

/** The translations as sent, the long description sanitised exactly as the English one. */
async function writeProductTranslations(store: StoreContext, tx: Tx, id: number, input: ProductFields) {
  const el = input.translations?.el;
  if (!input.translations) return;
  await writeTranslations(store, tx, PRODUCT_TRANSLATIONS, id, {
    ...input.translations,
    ...(el ? { el: { ...el, longDescHtml: translatedHtml(el.longDescHtml, sanitizeLongDescription) } } : {}),
  });
}

function columnsOf(input: ProductFields, slug: string) {
  return {
    code: input.code,
    name: input.name,
    slug,
    priceCents: input.priceCents,
    salePriceCents: input.salePriceCents,
    vatRate: input.vatRate,
    weightGrams: input.weightGrams,
    isNew: input.isNew,
    isTop: input.isTop,
    isHot: input.isHot,
    popupAd: input.popupAd,
    shortDesc: input.shortDesc,
    longDescHtml: sanitizeLongDescription(input.longDescHtml),
    videoUrl: input.videoUrl,
    brandId: input.brandId,
    variantGroup: input.variantGroup,
    variantLabel: input.variantGroup === null ? null : input.variantLabel,
    ...complianceRecord(input),
  };
}

/** A unique violation that slipped past the checks (two saves at once) as a field error. */
function asDuplicate(err: unknown): never {
  const hit = uniqueViolation(err);
  if (hit?.constraint.includes("slug"))
    throw fieldError("slug", "Another product already uses this web address.", "duplicate");
  if (hit) throw fieldError("code", "Another product already has this code.", "duplicate");
  throw err;
}

const money = (cents: number | null) => (cents === null ? "none" : (cents / 100).toFixed(2));

/** What changed, in one line for the audit log. */
function changeSummary(before: Editable, after: Editable): string {
  const parts: string[] = [];
  if (before.priceCents !== after.priceCents)
    parts.push(`price ${money(before.priceCents)} → ${money(after.priceCents)}`);
  if (before.salePriceCents !== after.salePriceCents)
    parts.push(`sale price ${money(before.salePriceCents)} → ${money(after.salePriceCents)}`);
  const keys = Object.keys(after) as (keyof Editable)[];
  const others = keys.filter(
    (k) =>
      !["priceCents", "salePriceCents", "updatedAt", "createdAt"].includes(k) &&
      JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (others.length > 0) parts.push(`changed ${others.join(", ")}`);
  return `${after.code}: ${parts.join("; ") || "saved without changes"}`;
}

/**
 * Inserts a product with its relations and translations, in the caller's transaction, audited.
 * A draft is stored hidden and without a publication date; a published one gets its date from
 * the trigger products_published_at (docs/decisions/0047).
 */
async function insertProduct(
  store: StoreContext,
  tx: Tx,
  actor: StaffActor,
  input: ProductFields,
  state: "published" | "draft",
  audit: { action: string; summary: (after: Editable) => string },
): Promise<Editable> {
  await checkReferences(tx, input, null);
  const slug = await chooseSlug(tx, input, null);
  await checkUnique(tx, input.code, slug, null);
  const now = new Date();
  const [row] = await tx
    .insert(products)
    .values({ ...columnsOf(input, slug), deleted: state === "draft", createdAt: now, updatedAt: now })
    .returning({ id: products.id });
  if (!row) throw new Error("product insert returned nothing");
  await writeRelations(tx, row.id, input);
  await writeProductTranslations(store, tx, row.id, input);
  await refreshSearchText(tx, sql`${row.id}`);
  const after = await readEditable(store, tx, row.id, false);
  if (!after) throw new Error("the new product is gone");
  await recordAudit(tx, actor, {
    action: audit.action,
    entity: "product",
    entityId: row.id,
    summary: audit.summary(after),
    after,
  });
  return after;
}

/** Adds a product, published or as a draft, with the stock given for it (per warehouse). */
export async function createAdminProduct(
  store: StoreContext,
  actor: StaffActor,
  input: ProductCreate,
): Promise<AdminProduct> {
  try {
    return await store.db.transaction(async (tx) => {
      const after = await insertProduct(store, tx, actor, input, input.state, {
        action: "product.create",
        summary: (a) =>
          `${a.code} ${a.name} added at ${money(a.priceCents)}${input.state === "draft" ? " as a draft" : ""}`,
      });
      const lines = input.stock.filter((l) => l.qty > 0);
      if (lines.length > 0) {
        await checkWarehouses(tx, lines);
        for (const l of lines) await setStock(store, { productId: after.id, ...l }, tx);
        await recordAudit(tx, actor, {
          action: "product.stock",
          entity: "product",
          entityId: after.id,
          summary: `${after.code}: stock ${lines.map((l) => `warehouse ${l.warehouseId} 0 → ${l.qty}`).join(", ")}`,
          after: Object.fromEntries(lines.map((l) => [l.warehouseId, l.qty])),
        });
      }
      return fullProduct(store, tx, after);
    });
  } catch (err) {
    return asDuplicate(err);
  }
}

/**
 * Writes a product's details over `before` (read FOR UPDATE in `tx`) and audits the change. The
 * one function through which an edit writes a product's price and sale price: the product form
 * and the bulk price and sale-price edits both call it.
 */
async function saveProductEdit(
  store: StoreContext,
  tx: Tx,
  actor: StaffActor,
  before: Editable,
  input: ProductFields,
  action = "product.update",
): Promise<Editable> {
  const id = before.id;
  await checkReferences(tx, input, id);
  const slug = await chooseSlug(tx, input, id);
  await checkUnique(tx, input.code, slug, id);
  await tx
    .update(products)
    .set({ ...columnsOf(input, slug), updatedAt: new Date() })
    .where(eq(products.id, id));
  await writeRelations(tx, id, input);
  await writeProductTranslations(store, tx, id, input);
  await refreshSearchText(tx, sql`${id}`);
  const after = await readEditable(store, tx, id, false);
  if (!after) throw new Error("the product is gone");
  await recordAudit(tx, actor, {
    action,
    entity: "product",
    entityId: id,
    summary: changeSummary(before, after),
    before,
    after,
  });
  return after;
}

/** Saves a product's details; refused when it changed since `input.version`. */
export async function updateAdminProduct(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: ProductUpdate,
): Promise<AdminProduct> {
  try {
    return await store.db.transaction(async (tx) => {
      const before = await readEditable(store, tx, id, true);
      if (!before) throw notFound();
      assertVersion(before, input.version);
      const after = await saveProductEdit(store, tx, actor, before, input);
      return fullProduct(store, tx, after);
    });
  } catch (err) {
    return asDuplicate(err);
  }
}

const STATE_WORDS: Record<ProductState, string> = {
  published: "published",
  draft: "kept as a draft",
  inactive: "deactivated",
};

/**
 * Moves a product to a state: published (the shop shows it), inactive (withdrawn) or draft, which
 * only a product never published can be (a published one is deactivated instead). Audited;
 * nothing happens when it is already there.
 */
async function writeState(
  tx: Tx,
  actor: StaffActor,
  before: Editable,
  state: ProductState,
): Promise<boolean> {
  if (before.state === state) return false;
  if (state === "draft")
    throw new ServiceError(
      "invalid_state",
      `${before.code} has been published, so it cannot be a draft again: deactivate it instead.`,
    );
  // published_at is set by the trigger products_published_at when the product is first shown.
  await tx
    .update(products)
    .set({ deleted: state !== "published", updatedAt: new Date() })
    .where(eq(products.id, before.id));
  await recordAudit(tx, actor, {
    action: `product.${state === "published" ? "publish" : "deactivate"}`,
    entity: "product",
    entityId: before.id,
    summary: `${before.code} ${before.name} ${STATE_WORDS[state]}`,
    before: { state: before.state },
    after: { state },
  });
  return true;
}

/** Publishes, deactivates or (never published) keeps a product as a draft. */
export async function setProductState(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  state: ProductState,
): Promise<AdminProduct> {
  return store.db.transaction(async (tx) => {
    const before = await readEditable(store, tx, id, true);
    if (!before) throw notFound();
    await writeState(tx, actor, before, state);
    const after = await readEditable(store, tx, id, false);
    if (!after) throw notFound();
    return fullProduct(store, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------
// Duplicate

const CODE_MAX = 40;
const NAME_MAX = 200;

/** `<code>-COPY`, then -COPY-2, -COPY-3 ... past the codes in use, within the code's 40 characters. */
async function copyCode(tx: Tx, code: string): Promise<string> {
  const base = `${code.slice(0, CODE_MAX - 8)}-COPY`;
  const taken = await tx
    .select({ code: products.code })
    .from(products)
    .where(sql`${products.code} = ${base} or ${products.code} like ${`${base}-%`}`);
  const used = new Set(taken.map((t) => t.code));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

const withSuffix = (name: string, suffix: string) => `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;

/**
 * A draft copy of a product: "<name> (copy)", a new code and web address, its categories, colour/size
 * rows, price-list prices, specifications, translations and pictures (the copy's picture rows name
 * the same files, which are removed only when no row names them), and no stock. Audited.
 */
export async function duplicateAdminProduct(
  store: StoreContext,
  actor: StaffActor,
  id: number,
): Promise<AdminProduct> {
  return store.db.transaction(async (tx) => {
    const from = await readEditable(store, tx, id, false);
    if (!from) throw notFound();
    const [specs] = await tx.select({ specs: products.specs }).from(products).where(eq(products.id, id));
    const fields = ProductFieldsInput.parse({
      ...from,
      code: await copyCode(tx, from.code),
      name: withSuffix(from.name, " (copy)"),
      slug: "",
      variants: from.variants.map(({ id: _id, ...v }) => v),
      translations: undefined,
    });
    const copy = await insertProduct(store, tx, actor, fields, "draft", {
      action: "product.duplicate",
      summary: (a) => `${a.code} ${a.name} copied from ${from.code} as a draft`,
    });
    await tx
      .update(products)
      .set({ specs: specs?.specs ?? [] })
      .where(eq(products.id, copy.id));
    const translated = await tx
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.productId, id));
    if (translated.length > 0)
      await tx.insert(productTranslations).values(
        translated.map((t) => ({
          ...t,
          productId: copy.id,
          name: t.name === null ? null : withSuffix(t.name, t.lang === "el" ? " (αντίγραφο)" : " (copy)"),
        })),
      );
    const images = await readImages(tx, id);
    if (images.length > 0)
      await tx.insert(productImages).values(
        images.map((i) => ({
          productId: copy.id,
          seq: i.seq,
          url: i.url,
          smUrl: i.smUrl,
          width: i.width,
          height: i.height,
        })),
      );
    await refreshSearchText(tx, sql`${copy.id}`);
    const after = await readEditable(store, tx, copy.id, false);
    if (!after) throw new Error("the copy is gone");
    return fullProduct(store, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------
// Bulk edits

/** Thrown inside a bulk edit: names the product it failed on, and undoes the whole edit. */
function bulkRefusal(code: string, err: unknown): never {
  if (err instanceof ServiceError) {
    const fields = (err.details as { fields?: Record<string, string> } | undefined)?.fields;
    const message = fields ? Object.values(fields).join(" ") : err.message;
    throw new ServiceError(err.code, `${code}: ${message} Nothing was changed.`, {
      details: { code, ...(fields ? { fields } : {}) },
    });
  }
  throw err;
}

/** The products a bulk edit names: the ticked ids (each must exist), or every match of the filter. */
async function bulkIds(store: StoreContext, tx: Tx, edit: BulkEdit): Promise<number[]> {
  if (edit.ids) {
    const ids = [...new Set(edit.ids)];
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
    if (found.length !== ids.length)
      throw new ServiceError(
        "not_found",
        "A ticked product no longer exists. Reload the list and try again.",
      );
    return ids.sort((a, b) => a - b);
  }
  const filter = edit.filter ?? { status: "active" as const };
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select p.id from products p ${filter.lowStock ? stockJoin(store) : sql``} ${listConditions(filter)}
         order by p.id limit ${MAX_BULK_PRODUCTS + 1}`,
  );
  if (rows.length > MAX_BULK_PRODUCTS)
    throw new ServiceError(
      "invalid",
      `More than ${MAX_BULK_PRODUCTS} products match; narrow the filter and edit them in parts.`,
    );
  if (rows.length === 0) throw new ServiceError("invalid", "No product matches the filter.");
  return rows.map((r) => r.id);
}

/** The form's fields of a stored product, with a new price or sale price, checked by the form's rules. */
function withPrices(before: Editable, action: BulkActionInput): ProductFields {
  const next = {
    ...before,
    priceCents: action.kind === "price" ? action.priceCents : before.priceCents,
    salePriceCents: action.kind === "salePrice" ? action.salePriceCents : before.salePriceCents,
    translations: undefined,
  };
  const checked = ProductFieldsInput.safeParse(next);
  if (checked.success) return checked.data;
  const fields = Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? ""), i.message]));
  throw new ServiceError("invalid", Object.values(fields).join(" "), { details: { fields } });
}

/** Sets or adjusts the store warehouse's stock of one product; audited as the stock form is. */
async function bulkStock(
  store: StoreContext,
  tx: Tx,
  actor: StaffActor,
  before: Editable,
  action: Extract<BulkActionInput, { kind: "stock" }>,
): Promise<boolean> {
  const warehouseId = store.settings.warehouseId;
  if (warehouseId === null)
    throw new ServiceError("invalid", "The store has no web warehouse; set one in its settings.");
  const [row] = await tx
    .select({ qty: stock.qty })
    .from(stock)
    .where(and(eq(stock.productId, before.id), eq(stock.warehouseId, warehouseId)))
    .for("update");
  const has = row?.qty ?? 0;
  const to = action.mode === "set" ? action.qty : has + action.qty;
  if (to < 0) throw new ServiceError("invalid_quantity", `It has ${has} in stock; stock cannot go below 0.`);
  if (to > 1_000_000) throw new ServiceError("invalid_quantity", "That is more stock than a shop holds.");
  if (row && to === has) return false;
  const r = await setStock(store, { productId: before.id, warehouseId, qty: to }, tx);
  await recordAudit(tx, actor, {
    action: "product.stock",
    entity: "product",
    entityId: before.id,
    summary: `${before.code}: stock warehouse ${warehouseId} ${row?.qty ?? 0} → ${to} (bulk edit)${r.notified > 0 ? `; ${r.notified} back-in-stock mail(s) queued` : ""}`,
    before: { [warehouseId]: row?.qty ?? null },
    after: { [warehouseId]: to },
  });
  return true;
}

export interface BulkOutcome {
  /** Products the edit named. */
  matched: number;
  /** Products it changed (the others already were so). */
  changed: number;
}

/**
 * One change to many products, in ONE transaction: each product is checked by the single edit's
 * rules and written by the single edit's functions (saveProductEdit for prices, setStock for
 * stock, writeState for the state), audited one entry per product. The first product refused
 * undoes the whole edit, and the error names it.
 */
export async function bulkEditProducts(
  store: StoreContext,
  actor: StaffActor,
  edit: BulkEdit,
): Promise<BulkOutcome> {
  return store.db.transaction(async (tx) => {
    const ids = await bulkIds(store, tx, edit);
    const action = edit.action;
    let changed = 0;
    for (const id of ids) {
      const before = await readEditable(store, tx, id, true);
      if (!before) throw notFound();
      try {
        if (action.kind === "price" || action.kind === "salePrice") {
          const input = withPrices(before, action);
          if (input.priceCents === before.priceCents && input.salePriceCents === before.salePriceCents)
            continue;
          await saveProductEdit(store, tx, actor, before, input, "product.bulk_price");
          changed++;
        } else if (action.kind === "stock") {
          if (await bulkStock(store, tx, actor, before, action)) changed++;
        } else if (await writeState(tx, actor, before, action.state)) changed++;
      } catch (err) {
        bulkRefusal(before.code, err);
      }
    }
    return { matched: ids.length, changed };
  });
}

/** Every warehouse named exists (a field error otherwise). */
async function checkWarehouses(tx: Tx, lines: { warehouseId: number }[]): Promise<void> {
  const known = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      inArray(
        warehouses.id,
        lines.map((l) => l.warehouseId),
      ),
    );
  if (known.length !== lines.length) throw fieldError("lines", "A warehouse does not exist.");
}

/** Soft delete (`deleted: true`) or restore (`deleted: false`). */
export async function setProductDeleted(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  deleted: boolean,
): Promise<AdminProduct> {
  return store.db.transaction(async (tx) => {
    const before = await readEditable(store, tx, id, true);
    if (!before) throw notFound();
    if (before.deleted === deleted)
      throw new ServiceError(
        "invalid_state",
        deleted ? "This product is already deleted." : "This product is not deleted.",
      );
    await tx.update(products).set({ deleted, updatedAt: new Date() }).where(eq(products.id, id));
    const after = await readEditable(store, tx, id, false);
    if (!after) throw new Error("the product is gone");
    await recordAudit(tx, actor, {
      action: deleted ? "product.delete" : "product.restore",
      entity: "product",
      entityId: id,
      summary: `${after.code} ${after.name} ${deleted ? "deleted" : "restored"}`,
      before: { deleted: before.deleted },
      after: { deleted: after.deleted },
    });
    return fullProduct(store, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------
// Stock

/**
 * Sets stock per warehouse. Each line carries the quantity the form showed (`was`); when the
 * stock moved since (an order, another editor), nothing is saved and edit_conflict is thrown.
 */
export async function setProductStock(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  lines: { warehouseId: number; qty: number; was: number | null }[],
): Promise<AdminProduct> {
  if (new Set(lines.map((l) => l.warehouseId)).size !== lines.length)
    throw fieldError("lines", "A warehouse appears twice.");
  return store.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!row) throw notFound();
    await checkWarehouses(tx, lines);
    const current = await tx
      .select({ warehouseId: stock.warehouseId, qty: stock.qty })
      .from(stock)
      .where(eq(stock.productId, id))
      .for("update");
    const now = new Map(current.map((c) => [c.warehouseId, c.qty]));
    const changes: { warehouseId: number; from: number | null; to: number }[] = [];
    for (const line of lines) {
      const has = now.get(line.warehouseId) ?? null;
      if (has !== line.was)
        throw new ServiceError(
          "edit_conflict",
          "The stock changed since you opened this product (an order, or another editor). Reload it to see the current stock, then make your change again.",
        );
      if (has !== line.qty) changes.push({ warehouseId: line.warehouseId, from: has, to: line.qty });
    }
    let notified = 0;
    for (const c of changes) {
      const r = await setStock(store, { productId: id, warehouseId: c.warehouseId, qty: c.to }, tx);
      notified += r.notified;
    }
    if (changes.length > 0)
      await recordAudit(tx, actor, {
        action: "product.stock",
        entity: "product",
        entityId: id,
        summary: `${row.code}: stock ${changes.map((c) => `warehouse ${c.warehouseId} ${c.from ?? 0} → ${c.to}`).join(", ")}${notified > 0 ? `; ${notified} back-in-stock mail(s) queued` : ""}`,
        before: Object.fromEntries(changes.map((c) => [c.warehouseId, c.from])),
        after: Object.fromEntries(changes.map((c) => [c.warehouseId, c.to])),
      });
    const editable = await readEditable(store, tx, id, false);
    if (!editable) throw notFound();
    return fullProduct(store, tx, editable);
  });
}

// ---------------------------------------------------------------------------------------------
// Pictures

/** Adds an uploaded picture as the product's last one. Files are removed again if the save fails. */
export async function addProductImage(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  file: unknown,
): Promise<AdminImage> {
  const [exists] = await store.db.select({ slug: products.slug }).from(products).where(eq(products.id, id));
  if (!exists) throw notFound();
  const [main, thumb] = await uploadPicture(store, actor, file, {
    entity: "product",
    folder: "products",
    name: exists.slug,
    renditions: PRODUCT_RENDITIONS,
  });
  if (!main || !thumb) throw new Error("the picture pipeline answered no files");
  try {
    return await store.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ code: products.code })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!row) throw notFound();
      const [last] = await queryRows<{ seq: number | null }>(
        tx,
        sql`select max(seq) as seq from product_images where product_id = ${id}`,
      );
      const [image] = await tx
        .insert(productImages)
        .values({
          productId: id,
          seq: (last?.seq ?? -1) + 1,
          url: main.url,
          smUrl: thumb.url,
          width: main.width,
          height: main.height,
        })
        .returning();
      if (!image) throw new Error("image insert returned nothing");
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
      const view = {
        id: image.id,
        url: image.url,
        smUrl: image.smUrl,
        width: image.width,
        height: image.height,
        seq: image.seq,
      };
      await recordAudit(tx, actor, {
        action: "product.image_add",
        entity: "product",
        entityId: id,
        summary: `${row.code}: picture added (${main.width}×${main.height})`,
        after: view,
      });
      return view;
    });
  } catch (err) {
    await removeImageFiles(store, [main.url, thumb.url]);
    throw err;
  }
}

/** Puts the pictures in the order given; the list must name each of the product's pictures once. */
export async function orderProductImages(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  ids: number[],
): Promise<AdminImage[]> {
  return store.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: products.code })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!row) throw notFound();
    const before = await readImages(tx, id);
    const have = new Set(before.map((i) => i.id));
    if (ids.length !== have.size || new Set(ids).size !== ids.length || ids.some((i) => !have.has(i)))
      throw fieldError(
        "ids",
        "The list must name each of this product's pictures exactly once. Reload and try again.",
      );
    for (const [seq, imageId] of ids.entries())
      await tx
        .update(productImages)
        .set({ seq })
        .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)));
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action: "product.image_order",
      entity: "product",
      entityId: id,
      summary: `${row.code}: pictures reordered`,
      before: before.map((i) => i.id),
      after: ids,
    });
    return readImages(tx, id);
  });
}

/** Deletes a picture of this product: the row first, then (after the commit) its files. */
export async function removeProductImage(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  imageId: number,
): Promise<AdminImage[]> {
  const { removed, left } = await store.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: products.code })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!row) throw notFound();
    const [image] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
      .returning();
    if (!image) throw new ServiceError("not_found", "This picture is not on this product.");
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action: "product.image_delete",
      entity: "product",
      entityId: id,
      summary: `${row.code}: picture deleted`,
      before: { id: image.id, url: image.url, smUrl: image.smUrl },
    });
    return { removed: image, left: await readImages(tx, id) };
  });
  // Another row may share the files (the seed gives variant products the same pictures).
  const stillUsed = await store.db
    .select({ url: productImages.url, smUrl: productImages.smUrl })
    .from(productImages)
    .where(
      sql`${productImages.url} in (${removed.url}, ${removed.smUrl}) or ${productImages.smUrl} in (${removed.url}, ${removed.smUrl})`,
    );
  const used = new Set(stillUsed.flatMap((u) => [u.url, u.smUrl]));
  await removeImageFiles(
    store,
    [removed.url, removed.smUrl].filter((u) => !used.has(u)),
  );
  return left;
}
