// Exports the catalogue as a catalogue file (docs/catalogue-import.md): exactly the columns the
// import reads, every product (drafts and inactive ones too, as active = no), 1,000 at a time, so
// that importing the file back changes nothing (docs/decisions/0047). Cells a spreadsheet would run
// as a formula are defused by core/csv.ts; the import takes the apostrophe off again. Audited.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { csvLines } from "../../core/csv";
import {
  CATALOGUE_COLUMNS,
  type CatalogueProduct,
  catalogueCells,
} from "../../core/integration/csv-catalogue";
import { complianceRecord } from "../../core/regulatory";
import {
  brands,
  categories,
  economicOperators,
  productCategories,
  productImages,
  products,
  productTranslations,
  stock,
} from "../../db/store/schema";
import { recordExport, type StaffActor } from "../admin/audit";
import type { StoreContext } from "../context";

const URL_SOURCE = "url:";
const maker = alias(economicOperators, "maker");
const rp = alias(economicOperators, "rp");

/** One page of products after `afterId`, with what each column needs. */
async function page(store: StoreContext, afterId: number, limit: number) {
  const db = store.db;
  const rows = await db
    .select({ p: products, brandCode: brands.code, manufacturerCode: maker.code, responsibleCode: rp.code })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(maker, eq(maker.id, products.manufacturerId))
    .leftJoin(rp, eq(rp.id, products.responsiblePersonId))
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(limit);
  const ids = rows.map((r) => r.p.id);
  if (ids.length === 0) return [];
  const cats = await db
    .select({ productId: productCategories.productId, code: categories.code })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, ids))
    .orderBy(asc(productCategories.productId), asc(productCategories.seq), asc(productCategories.categoryId));
  const images = await db
    .select({ productId: productImages.productId, source: productImages.source })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.seq), asc(productImages.id));
  const el = await db
    .select()
    .from(productTranslations)
    .where(and(inArray(productTranslations.productId, ids), eq(productTranslations.lang, "el")));
  const warehouseId = store.settings.warehouseId;
  const stocks =
    warehouseId === null
      ? []
      : await db
          .select({ productId: stock.productId, qty: stock.qty })
          .from(stock)
          .where(and(eq(stock.warehouseId, warehouseId), inArray(stock.productId, ids)));

  const group = <T extends { productId: number }>(list: T[]) => {
    const by = new Map<number, T[]>();
    for (const x of list) by.set(x.productId, [...(by.get(x.productId) ?? []), x]);
    return by;
  };
  const catsOf = group(cats);
  const imagesOf = group(images);
  const elOf = new Map(el.map((t) => [t.productId, t]));
  const stockOf = new Map(stocks.map((s) => [s.productId, s.qty]));
  return rows.map(({ p, brandCode, manufacturerCode, responsibleCode }) => {
    const pictures = imagesOf.get(p.id) ?? [];
    // Pictures are written only when every one came from an address: the import keeps those it
    // already has by their address. Uploaded pictures have no address; an empty cell keeps them.
    const fromAddresses = pictures.length > 0 && pictures.every((i) => i.source?.startsWith(URL_SOURCE));
    const t = elOf.get(p.id);
    const product: CatalogueProduct = {
      code: p.code,
      name: p.name,
      slug: p.slug,
      shortDesc: p.shortDesc,
      longDescHtml: p.longDescHtml,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      vatRate: p.vatRate,
      weightGrams: p.weightGrams,
      categoryCodes: (catsOf.get(p.id) ?? []).map((c) => c.code),
      brandCode,
      isNew: p.isNew,
      isTop: p.isTop,
      isHot: p.isHot,
      popupAd: p.popupAd,
      videoUrl: p.videoUrl,
      active: !p.deleted,
      variantGroup: p.variantGroup,
      variantLabel: p.variantGroup === null ? null : p.variantLabel,
      pictureSources: fromAddresses ? pictures.map((i) => (i.source ?? "").slice(URL_SOURCE.length)) : [],
      stock: stockOf.get(p.id) ?? null,
      el: t ? { name: t.name, shortDesc: t.shortDesc, longDescHtml: t.longDescHtml } : null,
      compliance: {
        ...complianceRecord(p),
        manufacturerCode,
        responsiblePersonCode: responsibleCode,
      },
    };
    return { id: p.id, product };
  });
}

/** Every product as the lines of a catalogue file, in id order; the export is audited first. */
export async function* catalogueCsv(store: StoreContext, actor: StaffActor): AsyncGenerator<string> {
  await recordExport(store, actor, {
    entity: "product",
    summary: "Catalogue exported as a catalogue file (CSV)",
    filters: {},
  });
  yield* csvLines(
    [...CATALOGUE_COLUMNS],
    (afterId, limit) => page(store, afterId, limit),
    (r) => catalogueCells(r.product),
  );
}
