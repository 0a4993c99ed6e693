// Products created or updated by their ERP code, one or thousands at a time: the integration
// API's PUT and batch, and the catalogue import. Set-based so that 10,000 products fit in one
// transaction in seconds: everything the items name is read once, each item is merged with its
// stored product and checked against the back office's rules (core/integration/products.ts), and
// only what differs is written. Repeating a request therefore writes nothing: same ids, no new
// rows, `updated_at` untouched.
//
// Pictures named by address are fetched before the transaction (network time never holds locks)
// and only once per product: each picture row keeps its source. ERP catalogue writes of one store
// are serialised by an advisory lock, so two batches naming the same new code cannot both add it.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { ownVariantPrice, slugify } from "../../core/admin/catalog";
import type { InputIssue } from "../../core/failures";
import {
  checkProductRules,
  type ErpProduct,
  translationLanguageIssues,
} from "../../core/integration/products";
import { SOURCE_LANG } from "../../core/language";
import { productPath } from "../../core/product-rules";
import { type ComplianceRecord, complianceRecord } from "../../core/regulatory";
import type { Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import {
  brands,
  categories,
  economicOperators,
  integrationUploads,
  priceListLines,
  priceLists,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
  stock,
} from "../../db/store/schema";
import { type AuditActor, recordAudit } from "../admin/audit";
import { sanitizeLongDescription } from "../admin/catalog";
import { PRODUCT_RENDITIONS, removeImageFiles, storeImage } from "../admin/images";
import { refreshSearchText } from "../catalog/search-text";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { setStock } from "../stock";
import { fetchPicture, PictureFetchError } from "./picture-fetch";

export interface ProductItemResult {
  code: string;
  status: "created" | "updated" | "unchanged" | "failed";
  id: number | null;
  issues?: InputIssue[];
}

export interface UpsertOptions {
  /** true: one failed item fails the call and nothing is written. */
  atomic: boolean;
  /** One audit entry per changed product, or one for the whole call. */
  audit: "each" | "summary";
  /** The one entry's text, for `audit: "summary"`. */
  summary?: string;
}

type ProductRow = typeof products.$inferSelect;
interface PictureFile {
  url: string;
  smUrl: string;
  width: number;
  height: number;
}
interface StoredImage extends PictureFile {
  id: number;
  seq: number;
  source: string | null;
}
interface StoredVariant {
  id: number;
  color: string;
  colorName: string;
  size: string;
  /** null: the product's price and sale price (docs/decisions/0043). */
  priceCents: number | null;
}
/** One language's translation as stored: null = not translated (the English shows). */
interface TranslationValues {
  name: string | null;
  shortDesc: string | null;
  longDescHtml: string | null;
  variantLabel: string | null;
  specs: { label: string; value: string }[] | null;
}
const UNTRANSLATED: TranslationValues = {
  name: null,
  shortDesc: null,
  longDescHtml: null,
  variantLabel: null,
  specs: null,
};
interface Stored {
  row: ProductRow;
  categoryIds: number[];
  variants: StoredVariant[];
  prices: Map<number, number>;
  images: StoredImage[];
  stock: number | null;
  /** By language; a language without a row is not there. */
  translations: Map<string, TranslationValues>;
}

type Db = StoreContext["db"] | Tx;

const CHUNK = 1000;
const FETCH_CONCURRENCY = 4;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs a read for each chunk of keys and joins the answers (keeps every query's parameter count low). */
async function inChunks<K, R>(keys: readonly K[], read: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(keys)) out.push(...(await read(part)));
  return out;
}

const sourceOf = (p: NonNullable<ErpProduct["pictures"]>[number]) =>
  "url" in p ? `url:${p.url}` : `upload:${p.upload}`;
const variantKey = (colorName: string, size: string) =>
  `${colorName.trim().toLowerCase()}\u0000${size.trim().toLowerCase()}`;

// ---------------------------------------------------------------------------------------------
// Pictures, before the transaction

interface PicturePlan {
  files: Map<string, PictureFile>;
  /** Files this call wrote, removed again when the call fails. */
  written: string[];
  issues: Map<string, InputIssue[]>;
}

async function preparePictures(store: StoreContext, items: ErpProduct[]): Promise<PicturePlan> {
  const plan: PicturePlan = { files: new Map(), written: [], issues: new Map() };
  const wanted = items.filter((i) => i.pictures && i.pictures.length > 0);
  if (wanted.length === 0) return plan;
  const known = await inChunks(
    wanted.map((i) => i.code),
    (codes) =>
      store.db
        .select({ code: products.code, source: productImages.source })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .where(and(inArray(products.code, codes), sql`${productImages.source} is not null`)),
  );
  const have = new Set(known.map((k) => `${k.code}\u0000${k.source}`));
  const toFetch = new Map<string, { name: string; at: { code: string; index: number }[] }>();
  const tokens = new Map<string, { code: string; index: number }[]>();
  for (const item of wanted) {
    item.pictures?.forEach((pic, index) => {
      const source = sourceOf(pic);
      if (have.has(`${item.code}\u0000${source}`)) return;
      if ("url" in pic) {
        const entry = toFetch.get(pic.url) ?? { name: item.name ?? item.code, at: [] };
        entry.at.push({ code: item.code, index });
        toFetch.set(pic.url, entry);
      } else {
        tokens.set(pic.upload, [...(tokens.get(pic.upload) ?? []), { code: item.code, index }]);
      }
    });
  }
  const fail = (at: { code: string; index: number }[], message: string) => {
    for (const a of at)
      plan.issues.set(a.code, [...(plan.issues.get(a.code) ?? []), { path: `pictures.${a.index}`, message }]);
  };
  if (tokens.size > 0) {
    const rows = await store.db
      .select()
      .from(integrationUploads)
      .where(inArray(integrationUploads.token, [...tokens.keys()]));
    const byToken = new Map(rows.map((r) => [r.token, r]));
    for (const [token, at] of tokens) {
      const row = byToken.get(token);
      if (row)
        plan.files.set(`upload:${token}`, {
          url: row.url,
          smUrl: row.smUrl,
          width: row.width,
          height: row.height,
        });
      else fail(at, "No picture was uploaded with this token.");
    }
  }
  const queue = [...toFetch.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, { name, at }] = next;
      try {
        const bytes = await fetchPicture(url);
        const [main, thumb] = await storeImage(store, bytes, {
          folder: "products",
          name,
          renditions: PRODUCT_RENDITIONS,
        });
        if (!main || !thumb) throw new Error("the picture pipeline answered no files");
        plan.written.push(main.url, thumb.url);
        plan.files.set(`url:${url}`, {
          url: main.url,
          smUrl: thumb.url,
          width: main.width,
          height: main.height,
        });
      } catch (err) {
        if (err instanceof PictureFetchError) fail(at, `The picture at ${url} ${err.message}.`);
        else if (err instanceof ServiceError)
          fail(at, `The file at ${url} is not a picture this shop can read.`);
        else throw err;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, queue.length) }, worker));
  } catch (err) {
    await removeImageFiles(store, plan.written);
    throw err;
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------
// What is stored

async function readStored(store: StoreContext, tx: Db, codes: string[]): Promise<Map<string, Stored>> {
  const rows = await inChunks(codes, (part) =>
    tx.select().from(products).where(inArray(products.code, part)),
  );
  const byId = new Map<number, Stored>();
  for (const row of rows)
    byId.set(row.id, {
      row,
      categoryIds: [],
      variants: [],
      prices: new Map(),
      images: [],
      stock: null,
      translations: new Map(),
    });
  const ids = [...byId.keys()];
  if (ids.length > 0) {
    for (const c of await inChunks(ids, (part) =>
      tx
        .select()
        .from(productCategories)
        .where(inArray(productCategories.productId, part))
        .orderBy(
          asc(productCategories.productId),
          asc(productCategories.seq),
          asc(productCategories.categoryId),
        ),
    ))
      byId.get(c.productId)?.categoryIds.push(c.categoryId);
    for (const v of await inChunks(ids, (part) =>
      tx
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, part))
        .orderBy(asc(productVariants.id)),
    ))
      byId.get(v.productId)?.variants.push(v);
    for (const l of await inChunks(ids, (part) =>
      tx.select().from(priceListLines).where(inArray(priceListLines.productId, part)),
    ))
      byId.get(l.productId)?.prices.set(l.priceListId, l.priceCents);
    for (const i of await inChunks(ids, (part) =>
      tx
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, part))
        .orderBy(asc(productImages.seq), asc(productImages.id)),
    ))
      byId.get(i.productId)?.images.push(i);
    for (const t of await inChunks(ids, (part) =>
      tx.select().from(productTranslations).where(inArray(productTranslations.productId, part)),
    ))
      byId.get(t.productId)?.translations.set(t.lang, {
        name: t.name,
        shortDesc: t.shortDesc,
        longDescHtml: t.longDescHtml,
        variantLabel: t.variantLabel,
        specs: Array.isArray(t.specs) ? t.specs : null,
      });
    const warehouseId = store.settings.warehouseId;
    if (warehouseId !== null)
      for (const s of await inChunks(ids, (part) =>
        tx
          .select({ productId: stock.productId, qty: stock.qty })
          .from(stock)
          .where(and(eq(stock.warehouseId, warehouseId), inArray(stock.productId, part))),
      )) {
        const entry = byId.get(s.productId);
        if (entry) entry.stock = s.qty;
      }
  }
  return new Map([...byId.values()].map((s) => [s.row.code, s]));
}

/** Category, brand and price-list ids of the codes the items name. */
async function readReferences(tx: Tx, items: ErpProduct[]) {
  const catCodes = new Set(items.flatMap((i) => i.categoryCodes ?? []));
  const brandCodes = new Set(items.flatMap((i) => (i.brandCode ? [i.brandCode] : [])));
  const listCodes = new Set(items.flatMap((i) => (i.priceListPrices ?? []).map((p) => p.priceListCode)));
  const operatorCodes = new Set(
    items.flatMap((i) => [i.manufacturerCode, i.responsiblePersonCode].filter((c): c is string => !!c)),
  );
  const cats =
    catCodes.size > 0
      ? await tx
          .select({ id: categories.id, code: categories.code })
          .from(categories)
          .where(inArray(categories.code, [...catCodes]))
      : [];
  const brandRows =
    brandCodes.size > 0
      ? await tx
          .select({ id: brands.id, code: brands.code })
          .from(brands)
          .where(inArray(brands.code, [...brandCodes]))
      : [];
  const lists =
    listCodes.size > 0
      ? await tx
          .select({ id: priceLists.id, code: priceLists.code })
          .from(priceLists)
          .where(inArray(priceLists.code, [...listCodes]))
      : [];
  const operatorRows =
    operatorCodes.size > 0
      ? await tx
          .select({ id: economicOperators.id, code: economicOperators.code })
          .from(economicOperators)
          .where(inArray(economicOperators.code, [...operatorCodes]))
      : [];
  return {
    operator: new Map(operatorRows.map((o) => [o.code, o.id])),
    category: new Map(cats.map((c) => [c.code, c.id])),
    brand: new Map(brandRows.map((b) => [b.code, b.id])),
    priceList: new Map(lists.map((l) => [l.code, l.id])),
  };
}

// ---------------------------------------------------------------------------------------------
// One item merged with what is stored

type PlanColumn =
  | "name"
  | "slug"
  | "priceCents"
  | "salePriceCents"
  | "vatRate"
  | "weightGrams"
  | "isNew"
  | "isTop"
  | "isHot"
  | "popupAd"
  | "deleted"
  | "shortDesc"
  | "longDescHtml"
  | "videoUrl"
  | "brandId"
  | "variantGroup"
  | "variantLabel"
  | keyof ComplianceRecord;

interface Plan {
  index: number;
  item: ErpProduct;
  stored: Stored | undefined;
  /** The product's own columns as they will be stored. */
  columns: Pick<ProductRow, PlanColumn>;

  categoryIds: number[];
  variants: { id?: number; color: string; colorName: string; size: string; priceCents: number | null }[];
  prices: Map<number, number>;
  /** The picture sources in order, when the item names its pictures. */
  pictures: string[] | undefined;
  stock: number | undefined;
  /** The slug is to be made from the name. */
  deriveSlug: boolean;
  /** The translations the item names, merged with the stored ones. */
  translations: { lang: string; values: TranslationValues }[];
}

function mergeItem(
  store: StoreContext,
  index: number,
  item: ErpProduct,
  stored: Stored | undefined,
  refs: Awaited<ReturnType<typeof readReferences>>,
): { plan: Plan } | { issues: InputIssue[] } {
  const issues: InputIssue[] = [];
  const row = stored?.row;
  const categoryIds =
    item.categoryCodes === undefined
      ? (stored?.categoryIds ?? [])
      : item.categoryCodes.map((code, i) => {
          const id = refs.category.get(code);
          if (id === undefined)
            issues.push({ path: `categoryCodes.${i}`, message: `No category has the code ${code}.` });
          return id ?? 0;
        });
  let brandId = row?.brandId ?? null;
  if (item.brandCode !== undefined) {
    brandId = item.brandCode === null ? null : (refs.brand.get(item.brandCode) ?? null);
    if (item.brandCode !== null && brandId === null)
      issues.push({ path: "brandCode", message: `No brand has the code ${item.brandCode}.` });
  }
  const operatorId = (field: "manufacturerCode" | "responsiblePersonCode", storedId: number | null) => {
    const code = item[field];
    if (code === undefined) return storedId;
    if (code === null) return null;
    const id = refs.operator.get(code);
    if (id === undefined)
      issues.push({ path: field, message: `No manufacturer or responsible person has the code ${code}.` });
    return id ?? null;
  };
  const manufacturerId = operatorId("manufacturerCode", row?.manufacturerId ?? null);
  const responsiblePersonId = operatorId("responsiblePersonCode", row?.responsiblePersonId ?? null);
  let prices = stored?.prices ?? new Map<number, number>();
  if (item.priceListPrices !== undefined) {
    prices = new Map();
    item.priceListPrices.forEach((p, i) => {
      const id = refs.priceList.get(p.priceListCode);
      if (id === undefined)
        issues.push({
          path: `priceListPrices.${i}.priceListCode`,
          message: `No price list has the code ${p.priceListCode}.`,
        });
      else if (prices.has(id))
        issues.push({
          path: `priceListPrices.${i}.priceListCode`,
          message: "This price list has two prices.",
        });
      else prices.set(id, p.priceCents);
    });
  }
  let variants: Plan["variants"] = stored?.variants ?? [];
  if (item.variants !== undefined) {
    const byKey = new Map((stored?.variants ?? []).map((v) => [variantKey(v.colorName, v.size), v]));
    const seen = new Set<string>();
    variants = item.variants.map((v, i) => {
      const key = variantKey(v.colorName, v.size);
      if (seen.has(key))
        issues.push({ path: `variants.${i}`, message: "This colour and size appear twice." });
      seen.add(key);
      const id = byKey.get(key)?.id;
      return { ...(id === undefined ? {} : { id }), ...v, color: v.color.toLowerCase() };
    });
  }
  if (item.stock !== undefined && store.settings.warehouseId === null)
    issues.push({
      path: "stock",
      message: "The store has no warehouse to hold stock; set one in its settings.",
    });
  if (item.translations !== undefined)
    issues.push(...translationLanguageIssues(store.config.languages, Object.keys(item.translations)));
  if (item.pictures !== undefined) {
    const sources = item.pictures.map(sourceOf);
    if (new Set(sources).size !== sources.length)
      issues.push({ path: "pictures", message: "A picture appears twice." });
  }

  const pick = <K extends keyof ErpProduct, V>(key: K, fallback: V): NonNullable<ErpProduct[K]> | V | null =>
    item[key] !== undefined ? (item[key] as NonNullable<ErpProduct[K]> | null) : fallback;
  const storedCompliance = row ? complianceRecord(row) : null;
  const checked = checkProductRules({
    code: item.code,
    name: pick("name", row?.name ?? "") ?? "",
    slug: pick("slug", row?.slug ?? "") ?? "",
    // Missing on a new product: the rules answer "Enter the price." as the form does.
    priceCents: (pick("priceCents", row?.priceCents) ?? undefined) as number,
    salePriceCents: pick("salePriceCents", row?.salePriceCents ?? null),
    vatRate: pick("vatRate", row?.vatRate ?? store.settings.defaultVatRate) as number,
    weightGrams: pick("weightGrams", row?.weightGrams ?? null),
    isNew: pick("isNew", row?.isNew ?? false) ?? false,
    isTop: pick("isTop", row?.isTop ?? false) ?? false,
    isHot: pick("isHot", row?.isHot ?? false) ?? false,
    popupAd: pick("popupAd", row?.popupAd ?? false) ?? false,
    shortDesc: pick("shortDescription", row?.shortDesc ?? "") ?? "",
    longDescHtml: pick("longDescriptionHtml", row?.longDescHtml ?? "") ?? "",
    videoUrl: pick("videoUrl", row?.videoUrl ?? null),
    categoryIds: categoryIds.filter((id) => id > 0),
    brandId,
    variantGroup: pick("variantGroup", row?.variantGroup ?? null),
    variantLabel: pick("variantLabel", row?.variantLabel ?? null),
    variants,
    priceListPrices: [...prices].map(([priceListId, priceCents]) => ({ priceListId, priceCents })),
    regulatoryClass: pick("regulatoryClass", storedCompliance?.regulatoryClass ?? "general") ?? "general",
    nicotineMgPerMl: pick("nicotineMgPerMl", row?.nicotineMgPerMl ?? null),
    volumeMl: pick("volumeMl", row?.volumeMl ?? null),
    tankCapacityMl: pick("tankCapacityMl", row?.tankCapacityMl ?? null),
    ecId: pick("ecId", row?.ecId ?? null),
    manufacturerId,
    responsiblePersonId,
    warnings: pick("warnings", storedCompliance?.warnings ?? []) ?? [],
  });
  if (!checked.ok) issues.push(...checked.issues.filter((i) => !issues.some((j) => j.path === i.path)));
  if (issues.length > 0 || !checked.ok) return { issues };
  const v = checked.value;
  return {
    plan: {
      index,
      item,
      stored,
      columns: {
        name: v.name,
        slug: v.slug,
        priceCents: v.priceCents,
        salePriceCents: v.salePriceCents,
        vatRate: v.vatRate,
        weightGrams: v.weightGrams,
        isNew: v.isNew,
        isTop: v.isTop,
        isHot: v.isHot,
        popupAd: v.popupAd,
        deleted: item.active !== undefined ? !item.active : (row?.deleted ?? false),
        shortDesc: v.shortDesc,
        longDescHtml:
          item.longDescriptionHtml !== undefined ? sanitizeLongDescription(v.longDescHtml) : v.longDescHtml,
        videoUrl: v.videoUrl,
        brandId: v.brandId,
        variantGroup: v.variantGroup,
        variantLabel: v.variantGroup === null ? null : v.variantLabel,
        ...complianceRecord(v),
      },
      categoryIds: v.categoryIds,
      // Rows the item sends: one priced as the product (or without a price) sells at the product's
      // prices; rows it leaves out stay as they are.
      variants: v.variants.map((x) => ({
        ...x,
        color: x.color.toLowerCase(),
        priceCents: item.variants !== undefined ? ownVariantPrice(x.priceCents, v.priceCents) : x.priceCents,
      })),
      prices,
      pictures: item.pictures?.map(sourceOf),
      stock: item.stock,
      deriveSlug: v.slug === "",
      translations: Object.entries(item.translations ?? {}).map(([lang, given]) => ({
        lang,
        values: mergeTranslation(stored?.translations.get(lang) ?? UNTRANSLATED, given),
      })),
    },
  };
}

/** Empty text is no translation: the English shows, as for null. */
const textOrNull = (text: string | null) => (text === null || text === "" ? null : text);

/** A stored translation with the fields the item gives: left out = kept, null or empty = cleared. */
function mergeTranslation(
  was: TranslationValues,
  given: NonNullable<ErpProduct["translations"]>[string],
): TranslationValues {
  const html = given.longDescriptionHtml;
  return {
    name: given.name === undefined ? was.name : textOrNull(given.name),
    shortDesc: given.shortDescription === undefined ? was.shortDesc : textOrNull(given.shortDescription),
    longDescHtml:
      html === undefined
        ? was.longDescHtml
        : textOrNull(html === null ? null : sanitizeLongDescription(html)),
    variantLabel: given.variantLabel === undefined ? was.variantLabel : textOrNull(given.variantLabel),
    specs:
      given.specs === undefined
        ? was.specs
        : given.specs === null || given.specs.length === 0
          ? null
          : given.specs.map((x) => ({ label: x.label, value: x.value })),
  };
}

const specsKey = (specs: TranslationValues["specs"]) =>
  specs === null ? null : JSON.stringify(specs.map((x) => [x.label, x.value]));

/** The fields of two translations that differ. */
function translationDiff(a: TranslationValues, b: TranslationValues): (keyof TranslationValues)[] {
  const fields = ["name", "shortDesc", "longDescHtml", "variantLabel"] as const;
  const out: (keyof TranslationValues)[] = fields.filter((f) => a[f] !== b[f]);
  if (specsKey(a.specs) !== specsKey(b.specs)) out.push("specs");
  return out;
}

const isUntranslated = (t: TranslationValues) => translationDiff(t, UNTRANSLATED).length === 0;

/** Slugs: a given one must be free; a made one takes -2, -3 ... past those in use. */
async function assignSlugs(tx: Tx, plans: Plan[], issues: Map<string, InputIssue[]>): Promise<void> {
  const given = plans.filter((p) => !p.deriveSlug && p.columns.slug !== p.stored?.row.slug);
  const derived = plans.filter((p) => p.deriveSlug);
  const bases = new Map(
    derived.map((p) => [p, slugify(p.columns.name) || slugify(p.item.code) || "product"]),
  );
  const lookFor = [...new Set([...given.map((p) => p.columns.slug), ...bases.values()])];
  const taken = await inChunks(lookFor, (part) =>
    tx
      .select({ slug: products.slug, code: products.code })
      .from(products)
      .where(inArray(products.slug, part)),
  );
  const owner = new Map(taken.map((t) => [t.slug, t.code]));
  const inBatch = new Set(plans.filter((p) => !p.deriveSlug).map((p) => p.columns.slug));
  const givenBy = new Map<string, string>();
  for (const p of given) {
    const other = owner.get(p.columns.slug) ?? givenBy.get(p.columns.slug);
    if (other !== undefined && other !== p.item.code)
      issues.set(p.item.code, [
        { path: "slug", message: `The product ${other} already uses the web address "${p.columns.slug}".` },
      ]);
    else givenBy.set(p.columns.slug, p.item.code);
  }
  const crowded = [...new Set(derived.map((p) => bases.get(p) as string))].filter(
    (b) => owner.has(b) || inBatch.has(b),
  );
  const used = new Set([...owner.keys(), ...inBatch]);
  // Every `<base>-<n>` in use, for all crowded bases in one scan per chunk: a `like` per base cannot
  // use the slug index under a non-C collation, and 10,000 of them took over a minute.
  for (const row of await inChunks(crowded, (part) =>
    tx
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(sql`regexp_replace(${products.slug}, '-[0-9]+$', '')`, part)),
  ))
    used.add(row.slug);
  for (const p of derived) {
    const base = bases.get(p) as string;
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    p.columns.slug = slug;
  }
}

// ---------------------------------------------------------------------------------------------
// The writes

function columnsDiffer(plan: Plan): string[] {
  const row = plan.stored?.row;
  if (!row) return [];
  // warnings is a list (jsonb): compared by value, so an unchanged item stays "unchanged".
  return (Object.keys(plan.columns) as (keyof Plan["columns"])[]).filter((k) =>
    k === "warnings"
      ? JSON.stringify(plan.columns[k]) !== JSON.stringify(row[k])
      : plan.columns[k] !== row[k],
  );
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function samePrices(a: Map<number, number>, b: Map<number, number>) {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

interface Outcome {
  status: "created" | "updated" | "unchanged";
  id: number;
  changed: string[];
}

async function writePlans(
  store: StoreContext,
  tx: Tx,
  plans: Plan[],
  files: Map<string, PictureFile>,
  removedFiles: string[],
): Promise<Map<number, Outcome>> {
  const now = new Date();
  const out = new Map<number, Outcome>();
  const fresh = plans.filter((p) => !p.stored);
  const created = new Map<string, number>();
  for (const part of chunks(fresh, 500)) {
    const rows = await tx
      .insert(products)
      .values(part.map((p) => ({ code: p.item.code, ...p.columns, createdAt: now, updatedAt: now })))
      .returning({ id: products.id, code: products.code });
    for (const r of rows) created.set(r.code, r.id);
  }
  const searchIds: number[] = [];
  const categoryRows: (typeof productCategories.$inferInsert)[] = [];
  const categoryReset: number[] = [];
  const variantInserts: (typeof productVariants.$inferInsert)[] = [];
  const variantDeletes: number[] = [];
  const priceRows: (typeof priceListLines.$inferInsert)[] = [];
  const priceReset: number[] = [];
  const imageInserts: (typeof productImages.$inferInsert)[] = [];
  const imageDeletes: number[] = [];
  const newStock: (typeof stock.$inferInsert)[] = [];
  const translationRows: (typeof productTranslations.$inferInsert)[] = [];
  const translationDeletes = new Map<string, number[]>();

  for (const plan of plans) {
    const stored = plan.stored;
    const id = stored?.row.id ?? (created.get(plan.item.code) as number);
    const changed: string[] = stored ? columnsDiffer(plan) : ["created"];
    const columnsChanged = stored !== undefined && changed.length > 0;
    if (columnsChanged) {
      const set = Object.fromEntries(changed.map((k) => [k, plan.columns[k as keyof Plan["columns"]]]));
      await tx
        .update(products)
        .set({ ...set, updatedAt: now })
        .where(eq(products.id, id));
    }
    if (!stored || changed.some((k) => k === "name" || k === "brandId")) searchIds.push(id);

    if (!sameList(plan.categoryIds, stored?.categoryIds ?? [])) {
      if (stored) {
        categoryReset.push(id);
        changed.push("categories");
        searchIds.push(id);
      }
      categoryRows.push(...plan.categoryIds.map((categoryId, seq) => ({ productId: id, categoryId, seq })));
    }

    const keep = new Set(plan.variants.flatMap((v) => (v.id === undefined ? [] : [v.id])));
    const storedVariants = new Map((stored?.variants ?? []).map((v) => [v.id, v]));
    let variantsChanged = false;
    for (const v of stored?.variants ?? [])
      if (!keep.has(v.id)) {
        variantDeletes.push(v.id);
        variantsChanged = true;
      }
    for (const v of plan.variants) {
      const values = { color: v.color, colorName: v.colorName, size: v.size, priceCents: v.priceCents };
      if (v.id === undefined) {
        variantInserts.push({ productId: id, ...values });
        variantsChanged = true;
        continue;
      }
      const was = storedVariants.get(v.id);
      if (
        was &&
        (was.color !== v.color ||
          was.colorName !== v.colorName ||
          was.size !== v.size ||
          was.priceCents !== v.priceCents)
      ) {
        await tx.update(productVariants).set(values).where(eq(productVariants.id, v.id));
        variantsChanged = true;
      }
    }
    if (variantsChanged && stored) changed.push("variants");

    if (!samePrices(plan.prices, stored?.prices ?? new Map())) {
      if (stored) {
        priceReset.push(id);
        changed.push("priceListPrices");
      }
      priceRows.push(
        ...[...plan.prices].map(([priceListId, priceCents]) => ({ priceListId, productId: id, priceCents })),
      );
    }

    if (plan.pictures !== undefined) {
      const storedImages = stored?.images ?? [];
      const bySource = new Map(storedImages.flatMap((i) => (i.source ? [[i.source, i] as const] : [])));
      const wanted = new Set(plan.pictures);
      let picturesChanged = false;
      for (const img of storedImages)
        if (!img.source || !wanted.has(img.source)) {
          imageDeletes.push(img.id);
          removedFiles.push(img.url, img.smUrl);
          picturesChanged = true;
        }
      for (const [seq, source] of plan.pictures.entries()) {
        const existing = bySource.get(source);
        if (existing) {
          if (existing.seq !== seq) {
            await tx.update(productImages).set({ seq }).where(eq(productImages.id, existing.id));
            picturesChanged = true;
          }
          continue;
        }
        const file = files.get(source);
        if (!file) throw new Error(`picture ${source} was not prepared`);
        imageInserts.push({ productId: id, seq, source, ...file });
        picturesChanged = true;
      }
      if (picturesChanged && stored) changed.push("pictures");
    }

    if (plan.stock !== undefined && plan.stock !== (stored?.stock ?? null)) {
      if (stored) {
        await setStock(store, { productId: id, qty: plan.stock }, tx);
        changed.push("stock");
      } else {
        newStock.push({ productId: id, warehouseId: store.settings.warehouseId as number, qty: plan.stock });
      }
    }

    for (const t of plan.translations) {
      const was = stored?.translations.get(t.lang) ?? UNTRANSLATED;
      const differs = translationDiff(was, t.values);
      if (differs.length === 0) continue;
      if (isUntranslated(t.values))
        translationDeletes.set(t.lang, [...(translationDeletes.get(t.lang) ?? []), id]);
      else translationRows.push({ productId: id, lang: t.lang, ...t.values });
      if (differs.includes("name")) searchIds.push(id);
      if (stored) changed.push(`translations.${t.lang}`);
    }

    const status = !stored ? "created" : changed.length > 0 ? "updated" : "unchanged";
    // Stock is not the product's own record: a count alone leaves updated_at as it was.
    if (status === "updated" && !columnsChanged && !changed.every((c) => c === "stock"))
      await tx.update(products).set({ updatedAt: now }).where(eq(products.id, id));
    out.set(plan.index, { status, id, changed });
  }

  for (const part of chunks(categoryReset))
    await tx.delete(productCategories).where(inArray(productCategories.productId, part));
  for (const part of chunks(categoryRows)) await tx.insert(productCategories).values(part);
  for (const part of chunks(variantDeletes))
    await tx.delete(productVariants).where(inArray(productVariants.id, part));
  for (const part of chunks(variantInserts)) await tx.insert(productVariants).values(part);
  for (const part of chunks(priceReset))
    await tx.delete(priceListLines).where(inArray(priceListLines.productId, part));
  for (const part of chunks(priceRows)) await tx.insert(priceListLines).values(part);
  for (const part of chunks(imageDeletes))
    await tx.delete(productImages).where(inArray(productImages.id, part));
  for (const part of chunks(imageInserts)) await tx.insert(productImages).values(part);
  for (const part of chunks(newStock)) await tx.insert(stock).values(part);
  for (const [lang, ids] of translationDeletes)
    for (const part of chunks(ids))
      await tx
        .delete(productTranslations)
        .where(and(eq(productTranslations.lang, lang), inArray(productTranslations.productId, part)));
  for (const part of chunks(translationRows, 500))
    await tx
      .insert(productTranslations)
      .values(part)
      .onConflictDoUpdate({
        target: [productTranslations.productId, productTranslations.lang],
        set: {
          name: sql`excluded.name`,
          shortDesc: sql`excluded.short_desc`,
          longDescHtml: sql`excluded.long_desc_html`,
          variantLabel: sql`excluded.variant_label`,
          specs: sql`excluded.specs`,
        },
        setWhere: sql`(${productTranslations.name}, ${productTranslations.shortDesc}, ${productTranslations.longDescHtml}, ${productTranslations.variantLabel}, ${productTranslations.specs})
          is distinct from (excluded.name, excluded.short_desc, excluded.long_desc_html, excluded.variant_label, excluded.specs)`,
      });
  for (const part of chunks([...new Set(searchIds)]))
    await refreshSearchText(
      tx,
      sql.join(
        part.map((id) => sql`${id}`),
        sql`, `,
      ),
    );
  return out;
}

function auditSummary(code: string, outcome: Outcome): string {
  return outcome.status === "created"
    ? `${code}: added by the ERP`
    : `${code}: the ERP changed ${outcome.changed.join(", ")}`;
}

/**
 * Creates or updates the products by code. Items are checked first; with `atomic` one bad item
 * fails the call (ServiceError "invalid", the failed items in details.items), otherwise bad items
 * fail alone and the rest are written together in one transaction.
 */
export async function upsertProducts(
  store: StoreContext,
  actor: AuditActor,
  items: ErpProduct[],
  opts: UpsertOptions,
): Promise<ProductItemResult[]> {
  const results: ProductItemResult[] = items.map((i) => ({ code: i.code, status: "failed", id: null }));
  const seen = new Set<string>();
  const unique: { item: ErpProduct; index: number }[] = [];
  items.forEach((item, index) => {
    if (seen.has(item.code))
      results[index] = {
        code: item.code,
        status: "failed",
        id: null,
        issues: [{ path: "code", message: "This code appears earlier in the same request." }],
      };
    else unique.push({ item, index });
    seen.add(item.code);
  });

  const pictures = await preparePictures(
    store,
    unique.map((u) => u.item),
  );
  const removedFiles: string[] = [];
  try {
    await store.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('integration:products'))`);
      const stored = await readStored(
        store,
        tx,
        unique.map((u) => u.item.code),
      );
      const refs = await readReferences(
        tx,
        unique.map((u) => u.item),
      );
      const issues = new Map(pictures.issues);
      const plans: Plan[] = [];
      for (const { item, index } of unique) {
        const merged = mergeItem(store, index, item, stored.get(item.code), refs);
        if ("issues" in merged) issues.set(item.code, [...(issues.get(item.code) ?? []), ...merged.issues]);
        else plans.push(merged.plan);
      }
      await assignSlugs(tx, plans, issues);
      for (const { item, index } of unique) {
        const found = issues.get(item.code);
        if (found) results[index] = { code: item.code, status: "failed", id: null, issues: found };
      }
      const failed = results.filter((r) => r.status === "failed" && r.issues);
      if (opts.atomic && failed.length > 0)
        throw new ServiceError(
          "invalid",
          `${failed.length} of ${items.length} products are not valid; nothing was written.`,
          { details: { items: failed } },
        );
      const writable = plans.filter((p) => !issues.has(p.item.code));
      const outcomes = await writePlans(store, tx, writable, pictures.files, removedFiles);
      for (const [index, o] of outcomes)
        results[index] = { code: items[index]?.code ?? "", status: o.status, id: o.id };
      if (opts.audit === "each") {
        for (const [index, o] of outcomes) {
          if (o.status === "unchanged") continue;
          const code = items[index]?.code ?? "";
          await recordAudit(tx, actor, {
            action: o.status === "created" ? "product.create" : "product.update",
            entity: "product",
            entityId: o.id,
            summary: auditSummary(code, o),
          });
        }
      } else {
        const count = (s: string) => [...outcomes.values()].filter((o) => o.status === s).length;
        await recordAudit(tx, actor, {
          action: "product.import",
          entity: "product",
          summary:
            opts.summary ??
            `${count("created")} products added, ${count("updated")} changed, ${count("unchanged")} unchanged`,
        });
      }
    });
  } catch (err) {
    await removeImageFiles(store, pictures.written);
    const hit = uniqueViolation(err);
    if (hit)
      throw new ServiceError(
        "duplicate",
        "Another product took one of these codes or web addresses at the same moment. Send the request again.",
        { cause: err },
      );
    throw err;
  }
  await removeUnusedFiles(store, removedFiles);
  return results;
}

/** Files of removed pictures, unless another picture or an upload still shows them. */
async function removeUnusedFiles(store: StoreContext, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  const still = await inChunks(urls, async (part) => [
    ...(await store.db
      .select({ a: productImages.url, b: productImages.smUrl })
      .from(productImages)
      .where(or(inArray(productImages.url, part), inArray(productImages.smUrl, part)))),
    ...(await store.db
      .select({ a: integrationUploads.url, b: integrationUploads.smUrl })
      .from(integrationUploads)
      .where(or(inArray(integrationUploads.url, part), inArray(integrationUploads.smUrl, part)))),
  ]);
  const used = new Set(still.flatMap((s) => [s.a, s.b]));
  await removeImageFiles(
    store,
    urls.filter((u) => !used.has(u)),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading a product back, as the ERP sees it

export async function readIntegrationProduct(store: StoreContext, code: string) {
  const found = await readStored(store, store.db, [code]);
  const s = found.get(code);
  if (!s) throw new ServiceError("not_found", `No product has the code ${code}.`);
  const operatorIds = [s.row.manufacturerId, s.row.responsiblePersonId].filter(
    (x): x is number => x !== null,
  );
  const [cats, brand, lists, operators] = await Promise.all([
    s.categoryIds.length > 0
      ? store.db
          .select({ id: categories.id, code: categories.code })
          .from(categories)
          .where(inArray(categories.id, s.categoryIds))
      : [],
    s.row.brandId !== null
      ? store.db.select({ code: brands.code }).from(brands).where(eq(brands.id, s.row.brandId))
      : [],
    s.prices.size > 0
      ? store.db
          .select({ id: priceLists.id, code: priceLists.code })
          .from(priceLists)
          .where(inArray(priceLists.id, [...s.prices.keys()]))
      : [],
    operatorIds.length > 0
      ? store.db
          .select({ id: economicOperators.id, code: economicOperators.code })
          .from(economicOperators)
          .where(inArray(economicOperators.id, operatorIds))
      : [],
  ]);
  const operatorCode = (id: number | null) =>
    id === null ? null : (operators.find((o) => o.id === id)?.code ?? null);
  const compliance = complianceRecord(s.row);
  const catCode = new Map(cats.map((c) => [c.id, c.code]));
  const listCode = new Map(lists.map((l) => [l.id, l.code]));
  const r = s.row;
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    slug: r.slug,
    shortDescription: r.shortDesc,
    longDescriptionHtml: r.longDescHtml,
    priceCents: r.priceCents,
    salePriceCents: r.salePriceCents,
    vatRate: r.vatRate,
    weightGrams: r.weightGrams,
    categoryCodes: s.categoryIds.map((id) => catCode.get(id) ?? ""),
    brandCode: brand[0]?.code ?? null,
    isNew: r.isNew,
    isTop: r.isTop,
    isHot: r.isHot,
    popupAd: r.popupAd,
    videoUrl: r.videoUrl,
    active: !r.deleted,
    variantGroup: r.variantGroup,
    variantLabel: r.variantLabel,
    variants: s.variants.map((v) => ({
      id: v.id,
      colorName: v.colorName,
      color: v.color,
      size: v.size,
      // What the row sells at: its own price, or the product's.
      priceCents: v.priceCents ?? r.priceCents,
    })),
    pictures: s.images.map((i) => ({
      url: i.url,
      smUrl: i.smUrl,
      width: i.width,
      height: i.height,
      source: i.source,
    })),
    priceListPrices: [...s.prices].map(([id, priceCents]) => ({
      priceListCode: listCode.get(id) ?? "",
      priceCents,
    })),
    stock: s.stock,
    regulatoryClass: compliance.regulatoryClass,
    nicotineMgPerMl: compliance.nicotineMgPerMl,
    volumeMl: compliance.volumeMl,
    tankCapacityMl: compliance.tankCapacityMl,
    ecId: compliance.ecId,
    manufacturerCode: operatorCode(compliance.manufacturerId),
    responsiblePersonCode: operatorCode(compliance.responsiblePersonId),
    warnings: compliance.warnings,
    // Every language the store offers besides English; null fields show the English.
    translations: Object.fromEntries(
      store.config.languages
        .filter((lang) => lang !== SOURCE_LANG)
        .map((lang) => {
          const t = s.translations.get(lang) ?? UNTRANSLATED;
          return [
            lang,
            {
              name: t.name,
              shortDescription: t.shortDesc,
              longDescriptionHtml: t.longDescHtml,
              variantLabel: t.variantLabel,
              specs: t.specs,
            },
          ];
        }),
    ),
    storefrontPath: productPath(r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
