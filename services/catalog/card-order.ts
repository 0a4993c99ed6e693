// The orders of product_cards, and a page of a card listing in each: counted from the start,
// or for a deep page from product_card_counts' blocks (the default order) or from marks (the
// other sorts; store migration 0012, docs/decisions/0037).
//
// A page number is an offset, and an offset is read past: page 4,000 of a listing sorted by price
// read 48,000 index entries and their cards (17-50 ms at 100k products). The default order skips
// through product_card_counts' blocks of ids (0033); the other sorts keep marks: every 1,024th
// card of one sort of one kept key (the counts' keys: all, hot, brand:<id>, ...), taken in one
// statement with the cards' version. A deep page seeks from the mark at or before its offset and
// skips fewer than 1,024 cards. Any change of the cards bumps the version (refresh_product_cards),
// so marks are only used for the cards they were taken from; the next deep page of that sort
// takes them again, once, from the cards' index.
import { type SQL, sql } from "drizzle-orm";
import type { OrderBy } from "../../core/api/products";
import { preparedRows, queryRows } from "../../db/client";
import { productCardCounts, productCardMarks, productCards, productCardVersion } from "../../db/store/schema";
import type { StoreDb } from "../context";

/** Cards between two marks. */
const MARK_EVERY = 1024;
/**
 * Product ids per row of product_card_counts (product_card_count_delta: `product_id >> 10`);
 * tests/integration/sql-constants.test.ts holds the two equal.
 */
export const BLOCK = 1024;

/**
 * The keys of product_card_counts and of the marks, one per listing filter, as
 * product_card_count_delta writes them (db/sql/store/functions.sql; held equal by
 * tests/integration/sql-constants.test.ts). A listing with one filter (or none) has its total kept.
 */
export const countKey = {
  all: "all",
  hot: "hot",
  new: "new",
  sale: "sale",
  brand: (id: number) => `brand:${id}`,
  category: (id: number) => `cat:${id}`,
  master: (id: number) => `master:${id}`,
} as const;

type Sort = Exclude<OrderBy, "default">;

/**
 * Each sort as one key on a card alias: its columns, ascending as a whole (a descending column is
 * negated, as the indexes of migration 0012 are) except "new", which is descending as a whole.
 * The product id breaks ties, so the key is unique and a seek from a mark is one row comparison.
 */
const KEYS: Record<Sort, { columns: (a: string) => string[]; descending: boolean }> = {
  featured: { columns: (a) => [`(-${a}.review_count)`, `${a}.product_id`], descending: false },
  rating: { columns: (a) => [`(-${a}.ratings)`, `${a}.product_id`], descending: false },
  new: { columns: (a) => [`${a}.new_at`, `${a}.new_id`], descending: true },
  "price-asc": { columns: (a) => [`${a}.price_min`, `${a}.product_id`], descending: false },
  "price-desc": { columns: (a) => [`(-${a}.price_max)`, `${a}.product_id`], descending: false },
};

/**
 * The ORDER BY of a listing on the card alias `c`, matching an index of product_cards.
 * Popularity and rating sort by the card's own product, prices and "new" by its group; the
 * default is id order, or relevance for a search.
 */
export function cardOrder(orderby: OrderBy, search: boolean): SQL {
  if (orderby === "default") return search ? sql`c.rank desc, c.product_id` : sql`c.product_id`;
  const { columns, descending } = KEYS[orderby];
  return sql.raw(
    columns("c")
      .map((col) => (descending ? `${col} desc nulls last` : col))
      .join(", "),
  );
}

/** The seek: the page's cards from the nearest mark of the current version; none without one. */
function seek(where: SQL, kept: string, sort: Sort, limit: number, offset: number): SQL {
  const { columns, descending } = KEYS[sort];
  const list = (a: string) => sql.raw(columns(a).join(", "));
  return sql`
    with mark as (select k.pos, k.product_id from ${productCardMarks} k
                   where k.key = ${kept} and k.sort = ${sort} and k.pos <= ${offset}
                     and k.version = (select v.version from ${productCardVersion} v)
                   order by k.pos desc limit 1),
         s as (select * from product_cards where product_id = (select product_id from mark))
    select c.product_id from product_cards c
     where ${where} and (${list("c")}) ${sql.raw(descending ? "<=" : ">=")} (select ${list("s")} from s)
     order by ${cardOrder(sort, false)}
     limit ${limit} offset (select ${offset}::int - mark.pos from mark)`;
}

/**
 * Takes the marks of one sort of one kept key from the cards as they are now, with their version
 * read in the same statement. A mark of a newer version is never overwritten by an older one.
 */
async function takeMarks(db: StoreDb, where: SQL, kept: string, sort: Sort): Promise<void> {
  await queryRows(
    db,
    sql`
    insert into ${productCardMarks} (key, sort, pos, version, product_id)
    select ${kept}, ${sort}, x.pos, (select v.version from ${productCardVersion} v), x.product_id
      from (select c.product_id, (row_number() over (order by ${cardOrder(sort, false)}) - 1)::int as pos
              from product_cards c where ${where}) x
     where x.pos % ${MARK_EVERY} = 0
    on conflict (key, sort, pos) do update set version = excluded.version, product_id = excluded.product_id
     where product_card_marks.version < excluded.version`,
  );
}

/** One page of card ids and the listing's number of cards. */
export interface PageOfIds {
  ids: number[];
  total: number;
}

/** A page statement and the listing's count as one statement: one round trip. */
function pageWithTotal(page: SQL, count: SQL): SQL {
  return sql`select coalesce(array(${page}), '{}') as ids, (${count}) as total`;
}

/** The answer of a `pageWithTotal` statement. */
async function readPageWithTotal(db: StoreDb, statement: SQL): Promise<PageOfIds> {
  const [row] = await preparedRows<{ ids: number[]; total: number }>(db, statement);
  return { ids: (row?.ids ?? []).map(Number), total: Number(row?.total ?? 0) };
}

/** A page counted from the listing's start: an ordered index scan, past `offset` cards. */
function countedPage(where: SQL, orderby: OrderBy, limit: number, offset: number): SQL {
  return sql`select c.product_id from ${productCards} c where ${where}
              order by ${cardOrder(orderby, false)} limit ${limit} offset ${offset}`;
}

/**
 * A deep page in id order: from the block of product_card_counts holding its first card,
 * skipping fewer than 1,024 cards there instead of counting past every card before it.
 */
function pageFromBlocks(where: SQL, kept: string, limit: number, offset: number): SQL {
  return sql`with b as (
               select block, before from (
                 select block, n, (sum(n) over (order by block) - n)::int as before
                   from ${productCardCounts} where key = ${kept}) x
                where before + n > ${offset} order by block limit 1)
             select c.product_id from ${productCards} c
              where ${where} and c.product_id >= (select block from b) * ${BLOCK}
              order by c.product_id limit ${limit} offset (select ${offset}::int - before from b)`;
}

/**
 * A deep page of a sort from the marks, taking them first when the cards changed since; if they
 * changed again between taking and reading, that page is counted from the start this once.
 */
async function pageFromMarks(
  db: StoreDb,
  where: SQL,
  kept: string,
  sort: Sort,
  limit: number,
  offset: number,
  count: SQL,
): Promise<PageOfIds> {
  const read = () => readPageWithTotal(db, pageWithTotal(seek(where, kept, sort, limit, offset), count));
  const found = await read();
  if (found.ids.length > 0 || offset >= found.total) return found;
  await takeMarks(db, where, kept, sort);
  const again = await read();
  if (again.ids.length > 0 || offset >= again.total) return again;
  return readPageWithTotal(db, pageWithTotal(countedPage(where, sort, limit, offset), count));
}

/**
 * One page of a card listing (`where`: its condition on `c`) and its number of cards. A listing
 * of no filter or one (`kept`: its product_card_counts key) has its total kept and reads a deep
 * page from the counts' blocks (the default order) or from its marks (the other sorts); any other
 * total is counted, and any other page counted from the start.
 */
export function cardPage(
  db: StoreDb,
  where: SQL,
  kept: string | null,
  orderby: OrderBy,
  limit: number,
  offset: number,
): Promise<PageOfIds> {
  const count =
    kept !== null
      ? sql`select coalesce(sum(${productCardCounts.n}), 0)::int as n from ${productCardCounts} where ${productCardCounts.key} = ${kept}`
      : sql`select count(*)::int as n from ${productCards} c where ${where}`;
  if (kept !== null && orderby !== "default" && offset >= MARK_EVERY) {
    return pageFromMarks(db, where, kept, orderby, limit, offset, count);
  }
  const page =
    kept !== null && orderby === "default" && offset >= BLOCK
      ? pageFromBlocks(where, kept, limit, offset)
      : countedPage(where, orderby, limit, offset);
  return readPageWithTotal(db, pageWithTotal(page, count));
}
