// Turns product ids into full `Product` values with ONE query, whatever the number of
// products: the products, the other products of their variant groups, and per product (as
// correlated sub-selects aggregated to JSON) pictures, categories, colour/size variants, the
// store warehouse's stock and the customer's price-list price. No query per product.
import { type SQL, sql } from "drizzle-orm";
import {
  customerPrice,
  customerPriorPrice,
  customerVariantPrices,
  hasPriceList,
  type PricingCustomer,
} from "../../core/pricing";
import type { CategoryRef, Picture, Product, ProductVariant, RelatedVariant } from "../../core/product-rules";
import { preparedRows } from "../../db/client";
import type { StoreContext } from "../context";
import { readsSource, translated, translationJoin, untranslatedFields } from "../translation";
import { priorPriceWhileReduced } from "./prior-price";

export interface HydrateOptions {
  /** How many pictures each product (and each related variant) carries: cards need two. */
  pictures: number;
}

interface Row {
  id: number;
  code: string;
  name: string;
  slug: string;
  price_cents: number;
  sale_price_cents: number | null;
  /** Only while the product is reduced: prior_price_cents() of functions.sql. */
  prior_price_cents: number | null;
  vat_rate: number;
  is_new: boolean;
  is_top: boolean;
  is_hot: boolean;
  short_desc: string;
  ratings: number | string;
  review_count: number;
  video_url: string | null;
  variant_group: string | null;
  variant_label: string | null;
  brand_id: number | null;
  brand_name: string | null;
  /** True for the requested products, false for the other members of their groups. */
  requested: boolean;
  stock: number | null;
  list_price_cents: number | null;
  pictures: { url: string; width: number; height: number; sm: string }[] | null;
  categories: CategoryRow[] | null;
  /** priceCents: the row's own price, null when it sells at the product's. */
  variants: (Omit<ProductVariant, "priceCents" | "salePriceCents"> & { priceCents: number | null })[] | null;
  /** In another language than English: which of name, shortDesc, label fell back to English. */
  untranslated: string[] | null;
}

/** `untranslated` for a record: only the fields given that fell back, absent when none did. */
function fellBack(list: readonly string[] | null | undefined, fields: readonly string[]) {
  const out = (list ?? []).filter((f) => fields.includes(f));
  return out.length > 0 ? { untranslated: out } : {};
}

/** A category reference as the JSON aggregate carries it (`untranslated` null when translated or English). */
type CategoryRow = Omit<CategoryRef, "untranslated"> & { untranslated?: string[] | null };

/** A translated label only where the product has a label of its own: without, the label is the name. */
function variantLabelExpr(lang: StoreContext["lang"]): SQL {
  if (readsSource(lang)) return sql`p.variant_label`;
  return sql`case when p.variant_label is not null then ${translated(lang, "pt", "variant_label", sql`p.variant_label`)} end`;
}

/** Which of a related variant's name and label fell back: a label that is the name falls back with it. */
function variantFellBack(r: Row) {
  const list = r.untranslated ?? [];
  const label = r.variant_label === null ? list.includes("name") : list.includes("label");
  return fellBack(
    [...list.filter((f) => f !== "label"), ...(label ? ["label"] : [])],
    ["name", "label", "shortDesc"],
  );
}

/** The product's categories in the reading language, as a JSON array (null when it has none). */
function categoriesExpr(lang: StoreContext["lang"]): SQL {
  const name = translated(lang, "ct", "description", sql`c.description`);
  const untranslated = readsSource(lang)
    ? sql``
    : sql`, 'untranslated', case when ct.description is null then json_build_array('name') end`;
  return sql`(select json_agg(json_build_object('id', c.id, 'name', ${name}, 'slug', c.slug${untranslated})
                              order by pc.seq, c.seq)
                from product_categories pc join categories c on c.id = pc.category_id
                ${translationJoin(lang, "category_translations", "ct", "category_id", sql`c.id`)}
               where pc.product_id = p.id)`;
}

/** Stock of the store's warehouse (the warehouse id setting); with none set, all warehouses. */
function stockExpr(store: StoreContext): SQL {
  const w = store.settings.warehouseId;
  return w !== null
    ? sql`(select s.qty from stock s where s.product_id = p.id and s.warehouse_id = ${w})`
    : sql`(select sum(s.qty)::int from stock s where s.product_id = p.id)`;
}

function listPriceExpr(customer: PricingCustomer): SQL {
  return hasPriceList(customer)
    ? sql`(select l.price_cents from price_list_lines l where l.price_list_id = ${customer.priceListId} and l.product_id = p.id)`
    : sql`null::int`;
}

/**
 * Full products for these ids, in the order given; unknown or deleted ids are left out.
 * Prices are this customer's (price list, VAT exclusion).
 */
export async function hydrateProducts(
  store: StoreContext,
  ids: number[],
  customer: PricingCustomer,
  options: HydrateOptions,
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const lang = store.lang;
  const rows = await preparedRows<Row>(
    store.db,
    sql`
    with wanted as (select unnest(${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]) as id),
         -- The requested products and the other members of their groups, each found by an index
         -- (a single OR of the two conditions made PostgreSQL scan the whole table).
         members as (
           select id from wanted
           union
           select g.id from products g
            where g.variant_group in (select q.variant_group from products q
                                       where q.id in (select id from wanted) and q.variant_group is not null))
    select p.id, p.code, ${translated(lang, "pt", "name", sql`p.name`)} as name, p.slug, p.price_cents,
           p.sale_price_cents, p.vat_rate,
           ${priorPriceWhileReduced({ id: sql`p.id`, priceCents: sql`p.price_cents`, salePriceCents: sql`p.sale_price_cents` })} as prior_price_cents,
           p.is_new, p.is_top, p.is_hot,
           ${translated(lang, "pt", "short_desc", sql`p.short_desc`)} as short_desc, p.ratings, p.review_count,
           p.video_url, p.variant_group,
           ${variantLabelExpr(lang)} as variant_label,
           ${untranslatedFields(lang, "pt", { name: "name", shortDesc: "short_desc", label: "variant_label" })}
             as untranslated,
           p.brand_id, b.name as brand_name,
           (p.id in (select id from wanted)) as requested,
           ${stockExpr(store)} as stock,
           ${listPriceExpr(customer)} as list_price_cents,
           (select json_agg(json_build_object('url', i.url, 'width', i.width, 'height', i.height, 'sm', i.sm_url)
                            order by i.seq, i.id)
              from (select * from product_images i where i.product_id = p.id order by i.seq, i.id limit ${options.pictures}) i
           ) as pictures,
           case when p.id in (select id from wanted) then ${categoriesExpr(lang)} end as categories,
           case when p.id in (select id from wanted) then
             (select json_agg(json_build_object('id', v.id, 'color', v.color, 'colorName', v.color_name,
                                                'size', v.size, 'priceCents', v.price_cents) order by v.id)
                from product_variants v where v.product_id = p.id)
           end as variants
      from products p
      left join brands b on b.id = p.brand_id
      ${translationJoin(lang, "product_translations", "pt", "product_id", sql`p.id`)}
     where not p.deleted and p.id in (select id from members)
     order by p.id`,
  );

  const priceInput = (r: Row) => ({
    priceCents: r.price_cents,
    salePriceCents: r.sale_price_cents,
    vatRate: r.vat_rate,
    listPriceCents: r.list_price_cents,
  });
  const price = (r: Row) => ({
    ...customerPrice(priceInput(r), customer),
    priorPriceCents: customerPriorPrice(r.prior_price_cents, priceInput(r), customer),
  });
  const pictures = (r: Row): Picture[] =>
    (r.pictures ?? []).map(({ url, width, height }) => ({ url, width, height }));
  const stockOf = (r: Row) => (r.stock === null || r.stock === undefined ? null : Number(r.stock));

  const groups = new Map<string, RelatedVariant[]>();
  for (const r of rows) {
    if (r.variant_group === null) continue;
    const list = groups.get(r.variant_group) ?? [];
    const p = price(r);
    list.push({
      id: r.id,
      name: r.name,
      label: r.variant_label ?? r.name,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      priorPriceCents: p.priorPriceCents,
      stock: stockOf(r),
      shortDesc: r.short_desc,
      // A variant only ever shows its first picture (its thumbnail in a cart line, the main image
      // once chosen); the rest would ride along in every card's page data for nothing.
      pictures: pictures(r).slice(0, 1),
      ...variantFellBack(r),
    });
    groups.set(r.variant_group, list);
  }

  const byId = new Map<number, Product>();
  for (const r of rows) {
    if (!r.requested) continue;
    const p = price(r);
    const related = r.variant_group ? (groups.get(r.variant_group) ?? []) : [];
    byId.set(r.id, {
      id: r.id,
      code: r.code,
      name: r.name,
      slug: r.slug,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      priorPriceCents: p.priorPriceCents,
      vatRate: r.vat_rate,
      stock: stockOf(r),
      isNew: r.is_new,
      isTop: r.is_top,
      isHot: r.is_hot,
      shortDesc: r.short_desc,
      ratings: Number(r.ratings),
      reviewCount: r.review_count,
      brand: r.brand_id !== null && r.brand_name !== null ? { id: r.brand_id, name: r.brand_name } : null,
      categories: (r.categories ?? []).map(({ untranslated, ...c }) => ({
        ...c,
        ...fellBack(untranslated, ["name"]),
      })),
      pictures: pictures(r),
      smPictures: (r.pictures ?? []).map((x) => x.sm),
      videoUrl: r.video_url,
      variants: (r.variants ?? []).map((v) => ({
        ...v,
        ...customerVariantPrices(v.priceCents, priceInput(r), customer),
        // A row with a price of its own is never on sale; one without sells at the product's prices.
        priorPriceCents: v.priceCents === null ? p.priorPriceCents : null,
      })),
      // A group of one is no choice at all: it is shown as a plain product.
      varRel: related.length > 1 ? related : [],
      ...fellBack(r.untranslated, ["name", "shortDesc"]),
    });
  }
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}
