// Product listing and search: the capabilities of the old FindShopProducts (page, perPage,
// searchTerm, hot, new, orderby, category, subcategory, brand) returning { products, total }.
//
// One card per variant group: the products of a group (strengths of a liquid, colours of a kit)
// are one card with a price range, represented by the first product of the group that matches.
//
// Search is two-phase so fuzzy matching stays bounded: first full text with prefix matching on
// every word (GIN on products.search); only when that finds nothing, trigram word similarity
// on lower(search_text) (GIN gin_trgm_ops) forgives typos, with a raised threshold and a cap.
import { eq, or, type SQL, sql } from "drizzle-orm";
import { MAX_PER_PAGE, type OrderBy } from "../../core/api/products";
import { hasPriceList, type PricingCustomer } from "../../core/pricing";
import type { Product } from "../../core/product-rules";
import { searchTokens } from "../../core/search";
import { queryRows } from "../../db/client";
import { categories, masterCategories } from "../../db/store/schema";
import { stockChanged, storeKey, TtlCache } from "../cache";
import { serviceConfig } from "../config";
import type { StoreContext, StoreDb } from "../context";
import { hydrateProducts } from "./hydrate";

export interface ListingQuery {
  page?: number;
  perPage?: number;
  searchTerm?: string;
  hot?: boolean;
  new?: boolean;
  /** Only products whose sale price is below their price (the home's Hot Deals: a deal is a discount). */
  onSale?: boolean;
  orderby?: OrderBy;
  /** A master category id, or a master or sub-category slug. */
  category?: string;
  /** A sub-category id or slug. */
  subcategory?: string;
  brand?: number;
}

export interface ListingResult {
  products: Product[];
  total: number;
}

/** Trigram word similarity a misspelt word needs (pg_trgm's default of 0.6 misses "vlotaforge"). */
const FUZZY_THRESHOLD = "0.5";
/** Fuzzy matching never considers more products than this. */
const FUZZY_CAP = 500;

type CategoryFilter = { masterId: number } | { categoryId: number } | "none";

async function resolveCategory(
  db: StoreDb,
  value: string | undefined,
  kind: "category" | "subcategory",
): Promise<CategoryFilter | null> {
  const v = value?.trim();
  if (!v) return null;
  const asId = /^\d+$/.test(v) ? Number(v) : null;
  if (kind === "subcategory") {
    const rows = await db
      .select({ id: categories.id })
      .from(categories)
      .where(asId !== null ? eq(categories.id, asId) : eq(categories.slug, v.toLowerCase()))
      .limit(1);
    return rows[0] ? { categoryId: rows[0].id } : "none";
  }
  if (asId !== null) return { masterId: asId };
  const slug = v.toLowerCase();
  const master = await db
    .select({ id: masterCategories.id })
    .from(masterCategories)
    .where(or(eq(masterCategories.slug, slug), eq(masterCategories.code, v)))
    .limit(1);
  if (master[0]) return { masterId: master[0].id };
  const sub = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return sub[0] ? { categoryId: sub[0].id } : "none";
}

function categoryCondition(f: CategoryFilter): SQL {
  if (f === "none") return sql`false`;
  if ("masterId" in f) {
    return sql`exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                        where pc.product_id = p.id and c.master_id = ${f.masterId})`;
  }
  return sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${f.categoryId})`;
}

interface SearchPlan {
  where: SQL;
  rank: SQL;
}

/** Full text, every word a prefix: "vapo xro" finds "Vaporesso XROS". */
function fullTextPlan(tokens: string[]): SearchPlan {
  const query = tokens.map((t) => `${t}:*`).join(" & ");
  const tsq = sql`to_tsquery('simple', ${query})`;
  return { where: sql`p.search @@ ${tsq}`, rank: sql`max(ts_rank(p.search, ${tsq}))` };
}

/** Typo-tolerant: each word of 3+ characters close to a word of the product text. */
function fuzzyPlan(tokens: string[]): SearchPlan {
  const conds: SQL[] = [];
  const ranks: SQL[] = [];
  for (const t of tokens) {
    if (t.length >= 3) {
      conds.push(sql`${t} <% lower(p.search_text)`);
      ranks.push(sql`word_similarity(${t}, lower(p.search_text))`);
    } else {
      conds.push(sql`p.search @@ to_tsquery('simple', ${`${t}:*`})`);
    }
  }
  // A bare `0` in ORDER BY would mean "column 0" (an error for terms of short words only).
  const rank = ranks.length > 0 ? sql`max(${sql.join(ranks, sql` + `)})` : sql`0::real`;
  return { where: sql.join(conds, sql` and `), rank };
}

function orderClause(orderby: OrderBy, search: SearchPlan | null): SQL {
  switch (orderby) {
    // Popularity and rating sort by the card's own product (the group's first matching one).
    case "featured":
      return sql`(array_agg(p.review_count order by p.id))[1] desc, min(p.id)`;
    case "rating":
      return sql`(array_agg(p.ratings order by p.id))[1] desc, min(p.id)`;
    case "new":
      return sql`max(p.created_at) desc, max(p.id) desc`;
    // Prices as the card shows them: a colour/size product by its variants' prices.
    case "price-asc":
      return sql`min(coalesce((select min(v.price_cents) from product_variants v where v.product_id = p.id),
                              p.sale_price_cents, p.price_cents)), min(p.id)`;
    case "price-desc":
      return sql`max(coalesce((select max(v.price_cents) from product_variants v where v.product_id = p.id),
                              p.price_cents)) desc, min(p.id)`;
    default:
      return search ? sql`${search.rank} desc, min(p.id)` : sql`min(p.id)`;
  }
}

interface PageOfIds {
  ids: number[];
  total: number;
}

async function pageOfIds(
  db: StoreDb,
  filters: SQL[],
  search: SearchPlan | null,
  orderby: OrderBy,
  limit: number,
  offset: number,
  fuzzy: boolean,
): Promise<PageOfIds> {
  const where = search ? [...filters, search.where] : filters;
  // Products of a group share one card; a product without a group is a group of its own.
  const grouped = sql`
    select min(p.id)::int as id, count(*) over ()::int as total
    from products p
    where ${sql.join(where, sql` and `)}
    group by coalesce(p.variant_group, p.id::text)
    order by ${orderClause(orderby, search)}
    limit ${limit} offset ${offset}`;
  const run = async (exec: StoreDb) => {
    const rows = await queryRows<{ id: number; total: number }>(exec, grouped);
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && offset > 0) {
      // Past the last page: the window count saw no rows, count the groups on their own.
      const count = await queryRows<{ n: number }>(
        exec,
        sql`
        select count(distinct coalesce(p.variant_group, p.id::text))::int as n
        from products p where ${sql.join(where, sql` and `)}`,
      );
      total = Number(count[0]?.n ?? 0);
    }
    return { ids: rows.map((r) => Number(r.id)), total };
  };
  if (!fuzzy) return run(db);
  // The threshold is local to this transaction, so pooled connections keep the default.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`);
    return run(tx as unknown as StoreDb);
  });
}

/**
 * Pages of card ids (and their totals) are reused for LISTING_CACHE_MS (default 30 s). Grouping
 * products into cards reads every matching product, so a cold page costs time in proportion to
 * the catalogue (about 60 ms at 10k products, 600 ms at 100k); which ids a page holds changes only
 * when products are added, removed or re-priced (the seeder, the ERP), not per request.
 */
const idPages = new TtlCache<PageOfIds>(() => serviceConfig().listingCacheMs);
/**
 * Whole results (what the cards show: this pricing class's prices, stock, pictures) are reused for
 * LISTING_RESULT_CACHE_MS (default 5 s), and forgotten at once when any instance changes stock.
 * The cart check and the order recompute prices and stock from the database regardless.
 */
const results = new TtlCache<ListingResult>(() => serviceConfig().listingResultCacheMs, 5_000, true);

/**
 * Awaits a write that changes this store's stock, then forgets its listings: after the commit,
 * so no request can cache the old stock again between the forgetting and the commit.
 */
export function afterStockChange<T>(store: StoreContext, write: Promise<T>): Promise<T> {
  return write.finally(() => stockChanged(store.config.id));
}

export async function listProducts(
  store: StoreContext,
  query: ListingQuery,
  customer: PricingCustomer,
  options: { pictures?: number } = {},
): Promise<ListingResult> {
  const perPage = Math.min(Math.max(1, Math.trunc(query.perPage ?? 12)), MAX_PER_PAGE);
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const orderby = query.orderby ?? "default";
  const tokens = searchTokens(query.searchTerm ?? "");
  const key = JSON.stringify([
    perPage,
    page,
    orderby,
    query.hot === true,
    query.new === true,
    query.onSale === true,
    query.brand ?? null,
    query.category?.trim() ?? "",
    query.subcategory?.trim() ?? "",
    tokens,
  ]);
  const pictures = options.pictures ?? 2;
  const pricing = hasPriceList(customer) ? `list:${customer.priceListId}` : "retail";
  const resultKey = `${key}|${pricing}|${customer?.excludeVat === true}|${pictures}`;
  return results.get(storeKey(store.config.id, resultKey), store.db, async () => {
    const ids = await idPages.get(storeKey(store.config.id, key), store.db, () =>
      findIdPage(store, query, tokens, orderby, perPage, page),
    );
    const products = await hydrateProducts(store, ids.ids, customer, { pictures });
    return { products, total: ids.total };
  });
}

/** The card ids of one page and the number of cards, straight from the database. */
async function findIdPage(
  store: StoreContext,
  query: ListingQuery,
  tokens: string[],
  orderby: OrderBy,
  perPage: number,
  page: number,
): Promise<PageOfIds> {
  const filters: SQL[] = [sql`not p.deleted`];
  if (query.hot) filters.push(sql`p.is_hot`);
  if (query.new) filters.push(sql`p.is_new`);
  // A colour/size product sells at its variants' prices, which carry no sale: its own sale price
  // is a discount nobody gets, so it is no deal.
  if (query.onSale)
    filters.push(
      sql`p.sale_price_cents < p.price_cents and not exists (select 1 from product_variants v where v.product_id = p.id)`,
    );
  if (query.brand !== undefined) filters.push(sql`p.brand_id = ${query.brand}`);
  const [category, subcategory] = await Promise.all([
    resolveCategory(store.db, query.category, "category"),
    resolveCategory(store.db, query.subcategory, "subcategory"),
  ]);
  if (category) filters.push(categoryCondition(category));
  if (subcategory) filters.push(categoryCondition(subcategory));

  const offset = (page - 1) * perPage;
  let result: PageOfIds;
  if (tokens.length === 0) {
    result = await pageOfIds(store.db, filters, null, orderby, perPage, offset, false);
  } else {
    result = await pageOfIds(store.db, filters, fullTextPlan(tokens), orderby, perPage, offset, false);
    if (result.total === 0) {
      const capped = [...filters];
      const fuzzy = fuzzyPlan(tokens);
      // Bound the fuzzy phase: rank at most FUZZY_CAP candidates.
      capped.push(
        sql`p.id in (select p.id from products p where not p.deleted and ${fuzzy.where} limit ${FUZZY_CAP})`,
      );
      result = await pageOfIds(store.db, capped, fuzzy, orderby, perPage, offset, true);
    }
  }
  return result;
}
