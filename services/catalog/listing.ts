// Product listing and search: the capabilities of the old FindShopProducts (page, perPage,
// searchTerm, hot, new, orderby, category, subcategory, brand) returning { products, total }.
//
// One card per variant group: the products of a group (strengths of a liquid, colours of a kit)
// are one card with a price range, represented by the first product of the group that matches.
// Listings read product_cards (migration 0008, docs/decisions/0033): what a listing filters and
// sorts by, one row per listed product, kept by triggers; sorts by price and "new" use the
// group's price range and newest product.
//
// Search is two-phase, both phases full text on the GIN index of products.search: first every
// word a prefix; only when that finds nothing, typos are forgiven through the catalogue's
// vocabulary (search_words, migration 0011, docs/decisions/0036; `./search-words`): each word of
// 3+ letters is replaced by the few vocabulary words closest to it by trigram word similarity,
// and the corrected query runs as full text again, capped and ranked by the corrections'
// similarity. A word with no correction finds nothing without reading products.
//
// search_text holds the names in every language, folded by search_fold(), and the query's words
// are folded the same way (core/search-fold.ts), so a Greek word is found without its accents, in
// capitals or with a final ς. Full text sees Greek words under any database locale. pg_trgm does
// not under the C locale (it keeps only the letters isalnum() knows, ASCII there), so on such a
// database a Greek word is corrected by comparing transliterations (`./search-words`).

import { eq, or, type SQL, sql } from "drizzle-orm";
import { MAX_PER_PAGE, type OrderBy } from "../../core/api/products";
import { type PricingCustomer, pricingClass } from "../../core/pricing";
import type { Product } from "../../core/product-rules";
import { ADVERTISING_RESTRICTED_CLASSES } from "../../core/regulatory";
import { searchTokens } from "../../core/search";
import { searchFold } from "../../core/search-fold";
import { queryRows } from "../../db/client";
import { categories, masterCategories } from "../../db/store/schema";
import { stockChanged, storeKey, TtlCache } from "../cache";
import { serviceConfig } from "../config";
import type { StoreContext, StoreDb } from "../context";
import { cardOrder, cardPage, countKey, type PageOfIds } from "./card-order";
import { hydrateProducts } from "./hydrate";
import { type CorrectedQuery, correctedMatch, correctWords } from "./search-words";

export interface ListingQuery {
  page?: number;
  perPage?: number;
  searchTerm?: string;
  hot?: boolean;
  new?: boolean;
  /** Only products whose sale price is below their price (the home's Hot Deals: a deal is a discount). */
  onSale?: boolean;
  /** Leave out the products whose advertising the law restricts (core/advertising.ts: the home's Hot Deals). */
  promotableOnly?: boolean;
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

/** The typo phase never considers more products than this. */
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

/**
 * Which category a slug or id names changes only with the taxonomy, which every instance forgets
 * on a catalogue change: kept as long as pages of listing ids, so a category's listing that is not
 * in the caches costs its page and hydration, not two lookups more.
 */
const categoryFilters = new TtlCache<CategoryFilter | null>(() => serviceConfig().listingCacheMs);

function keptCategory(
  store: StoreContext,
  value: string | undefined,
  kind: "category" | "subcategory",
): Promise<CategoryFilter | null> {
  if (!value?.trim()) return Promise.resolve(null);
  return categoryFilters.get(storeKey(store.config.id, `${kind}|${value.trim()}`), store.db, () =>
    resolveCategory(store.db, value, kind),
  );
}

/** A filter on the card table `c` (and, for the same product, `p` when searching). */
function categoryCondition(f: CategoryFilter, c: string): SQL {
  if (f === "none") return sql`false`;
  if ("masterId" in f) return sql`${sql.raw(c)}.master_ids @> array[${f.masterId}::int]`;
  return sql`${sql.raw(c)}.category_ids @> array[${f.categoryId}::int]`;
}

/** A condition on one product's card, written for the card alias it is given. */
type CardCondition = (c: string) => SQL;

interface SearchPlan {
  /** Matching products, on `products p`. */
  where: SQL;
  /** Their relevance, on `products p`. */
  rank: SQL;
  /** At most this many matches are considered (the fuzzy phase). */
  cap?: number;
}

/** Full text, every word a prefix: "vapo xro" finds "Vaporesso XROS". */
function fullTextPlan(tokens: string[]): SearchPlan {
  const query = tokens.map((t) => `${t}:*`).join(" & ");
  const tsq = sql`to_tsquery('simple', ${query})`;
  return { where: sql`p.search @@ ${tsq}`, rank: sql`ts_rank(p.search, ${tsq})` };
}

/**
 * Typo-tolerant: the query with each word of 3+ letters replaced by its corrections from the
 * vocabulary (`correctWords`), as full text on the GIN index of products.search, ranked by how
 * close the corrections each product holds are to what was typed. The cap bounds the ranking of a
 * correction many products hold ("voltaforge": 10,000 at 100k products).
 */
function fuzzyPlan(corrected: CorrectedQuery): SearchPlan {
  return { ...correctedMatch(corrected), cap: FUZZY_CAP };
}

/**
 * One page of cards from product_cards: one row per listed product, so a page is an ordered index
 * scan with a limit. A variant group is one card, shown by its first product that matches: with
 * no filter that is the group's head (`head`, a partial index); with filters a product is a card
 * when no product of its group with a lower id matches too (an index lookup, only for grouped
 * products). Totals of no filter or one filter are kept in product_card_counts; other totals
 * are counted (`cardPage`). A search finds its products once (the full-text index) and groups only
 * those.
 */
async function pageOfIds(
  db: StoreDb,
  filters: CardCondition[],
  search: SearchPlan | null,
  orderby: OrderBy,
  limit: number,
  offset: number,
  kept: string | null = null,
): Promise<PageOfIds> {
  const on = (c: string) => filters.map((f) => f(c));
  if (search) return searchPage(db, on, search, orderby, limit, offset);
  const where =
    filters.length === 0
      ? sql`c.head`
      : sql`${sql.join(on("c"), sql` and `)} and (c.variant_group is null or not exists (
               select 1 from product_cards m
                where m.variant_group = c.variant_group and m.product_id < c.product_id
                  and ${sql.join(on("m"), sql` and `)}))`;
  return cardPage(db, where, kept, orderby, limit, offset);
}

/**
 * A page of a search: its products found once (full text, or the corrected words), grouped into
 * cards, with the number of cards as a window count.
 */
async function searchPage(
  db: StoreDb,
  on: (c: string) => SQL[],
  search: SearchPlan,
  orderby: OrderBy,
  limit: number,
  offset: number,
): Promise<PageOfIds> {
  const filtered = on("c");
  // Ordered by relevance without filters, a search needs nothing of the cards: its products'
  // own rows give the groups, and it skips a card lookup per match (1,887 for "grape ice" at
  // 100k products, 97% of the statement's buffer reads). The groups are told apart byte by byte
  // (collate "C"): sorting 22,013 matches of "device" by the database's collation took 22 of
  // their 88 ms, byte order 4 (0037).
  const cards =
    filtered.length === 0 && orderby === "default"
      ? sql`select h.id as product_id, h.rank,
                  row_number() over (partition by coalesce(h.variant_group, '#' || h.id) collate "C" order by h.id) as nth
             from hits h`
      : sql`select c.*, h.rank,
                  row_number() over (partition by coalesce(c.variant_group, '#' || c.product_id) collate "C"
                                     order by c.product_id) as nth
             from hits h join product_cards c on c.product_id = h.id
            ${filtered.length > 0 ? sql`where ${sql.join(filtered, sql` and `)}` : sql``}`;
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`
    with hits as materialized (
           select p.id, p.variant_group, ${search.rank} as rank from products p
            where not p.deleted and ${search.where} ${search.cap ? sql`limit ${search.cap}` : sql``}),
         cards as (${cards})
    select c.product_id as id, count(*) over ()::int as total from cards c where c.nth = 1
     order by ${cardOrder(orderby, true)} limit ${limit} offset ${offset}`,
  );
  if (rows.length > 0 || offset === 0) {
    return { ids: rows.map((r) => Number(r.id)), total: Number(rows[0]?.total ?? 0) };
  }
  // Past the last page: the window count saw no rows; count the matching cards on their own.
  return { ids: [], total: await countSearch(db, search, filtered) };
}

/** The number of cards a search finds (for a page past its last one). */
async function countSearch(exec: StoreDb, search: SearchPlan, filters: SQL[]): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    exec,
    sql`select count(distinct coalesce(c.variant_group, '#' || c.product_id))::int as n
          from (select p.id from products p where not p.deleted and ${search.where}
                ${search.cap ? sql`limit ${search.cap}` : sql``}) h
          join product_cards c on c.product_id = h.id
         ${filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Pages of card ids (and their totals) are reused for LISTING_CACHE_MS (default 30 s). Since
 * product_cards (0033) a cold page is an ordered index scan (well under a millisecond of execution
 * at 100k products) except a search, which still reads every product it matches; which ids a page
 * holds changes only when products are added, removed or re-priced, not per request.
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
  // Folded as search_text is (a final ς as σ; searchTokens already drops accents and case).
  const tokens = searchTokens(query.searchTerm ?? "").map(searchFold);
  const key = JSON.stringify([
    perPage,
    page,
    orderby,
    query.hot === true,
    query.new === true,
    query.onSale === true,
    query.promotableOnly === true,
    query.brand ?? null,
    query.category?.trim() ?? "",
    query.subcategory?.trim() ?? "",
    tokens,
  ]);
  const pictures = options.pictures ?? 2;
  // Which products a page holds is the same in every language (search_text holds them all); what
  // their cards say is not.
  const resultKey = `${key}|${pricingClass(customer)}|${pictures}|${store.lang}`;
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
  const filters: CardCondition[] = [];
  /** The product_card_counts key of each filter: one filter (or none) has its total kept. */
  const keys: string[] = [];
  if (query.hot) {
    filters.push((c) => sql`${sql.raw(c)}.is_hot`);
    keys.push(countKey.hot);
  }
  if (query.new) {
    filters.push((c) => sql`${sql.raw(c)}.is_new`);
    keys.push(countKey.new);
  }
  // A colour/size product sells at its variants' prices, which carry no sale: its own sale price
  // is a discount nobody gets, so it is no deal (on_sale, kept by migration 0008).
  if (query.onSale) {
    filters.push((c) => sql`${sql.raw(c)}.on_sale`);
    keys.push(countKey.sale);
  }
  if (query.promotableOnly) {
    const restricted = sql.join(
      ADVERTISING_RESTRICTED_CLASSES.map((k) => sql`${k}`),
      sql`, `,
    );
    filters.push(
      (c) =>
        sql`not exists (select 1 from products rp where rp.id = ${sql.raw(c)}.product_id and rp.regulatory_class in (${restricted}))`,
    );
  }
  const brand = query.brand;
  if (brand !== undefined) {
    filters.push((c) => sql`${sql.raw(c)}.brand_id = ${brand}`);
    keys.push(countKey.brand(brand));
  }
  const [category, subcategory] = await Promise.all([
    keptCategory(store, query.category, "category"),
    keptCategory(store, query.subcategory, "subcategory"),
  ]);
  for (const f of [category, subcategory]) {
    if (!f) continue;
    filters.push((c) => categoryCondition(f, c));
    keys.push(
      f === "none" ? "none" : "masterId" in f ? countKey.master(f.masterId) : countKey.category(f.categoryId),
    );
  }
  // No card count is kept for the promotable filter: with it, the total is counted, never read.
  const kept = query.promotableOnly
    ? null
    : keys.length === 0
      ? countKey.all
      : keys.length === 1
        ? keys[0]
        : null;

  const offset = (page - 1) * perPage;
  let result: PageOfIds;
  if (tokens.length === 0) {
    result = await pageOfIds(store.db, filters, null, orderby, perPage, offset, kept);
  } else {
    result = await pageOfIds(store.db, filters, fullTextPlan(tokens), orderby, perPage, offset);
    if (result.total === 0) {
      const corrected = await correctWords(store.db, tokens);
      if (corrected) {
        result = await pageOfIds(store.db, filters, fuzzyPlan(corrected), orderby, perPage, offset);
      }
    }
  }
  return result;
}
