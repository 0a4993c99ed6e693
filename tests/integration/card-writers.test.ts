// Two catalogue writers at once (PostgreSQL: the embedded database has one connection, so its
// writers never overlap). The card and vocabulary triggers (db/sql/store/functions.sql, docs/decisions
// 0033, 0036, 0037) run in each writer's transaction from that transaction's snapshot; the
// product_card_version row and a lock per variant group make the second writer wait for the first,
// and shared words are written in one order. Each test holds the first writer open until the
// second is seen waiting on a lock, then lets both commit: product_cards, product_card_counts and
// search_words must equal what the products say, and every writer's statement must have bumped the
// cards' version (so deep-page marks taken before either write are never used).
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Tx } from "../../db/client";
import { brands, products } from "../../db/store/schema";
import type { StoreDb } from "../../services/context";
import { cardDifferences, countDifferences, vocabularyDifferences } from "../helpers/cards";
import { createTestDatabase, runsOn, type TestDb } from "../helpers/databases";

const product = (id: number, group: string | null, words: string) => ({
  id,
  code: `W${id}`,
  name: `Writer ${id}`,
  slug: `writer-${id}`,
  priceCents: 1000 + id,
  variantGroup: group,
  searchText: words,
});

async function version(db: StoreDb): Promise<number> {
  const [row] = await queryRows<{ v: string }>(db, sql`select version::text as v from product_card_version`);
  return Number(row?.v);
}

/** Backends of this database waiting for a lock (the second writer, once it has reached one). */
async function waiting(db: StoreDb): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Runs `first` in a transaction, holds it open until `second` (in its own transaction on another
 * connection) waits for a lock, then commits both. Fails if the second never waits.
 */
async function overlapped(db: StoreDb, first: (tx: Tx) => Promise<void>, second: (tx: Tx) => Promise<void>) {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let wrote = () => {};
  const firstWrote = new Promise<void>((r) => {
    wrote = r;
  });
  const one = db.transaction(async (tx) => {
    await first(tx);
    wrote();
    await gate;
  });
  try {
    await firstWrote;
    const two = db.transaction(second);
    const deadline = Date.now() + 10_000;
    while ((await waiting(db)) === 0) {
      if (Date.now() > deadline) throw new Error("the second writer never waited for the first");
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await Promise.all([one, two]);
  } finally {
    release();
    await one.catch(() => {});
  }
}

async function expectConsistent(db: StoreDb): Promise<void> {
  expect(await cardDifferences(db)).toEqual([]);
  expect(await countDifferences(db)).toEqual([]);
  expect(await vocabularyDifferences(db)).toEqual([]);
}

describe.runIf(runsOn("pg"))("two catalogue writers at once on pg", () => {
  let t: TestDb<"store">;
  let db: StoreDb;
  beforeAll(async () => {
    t = await createTestDatabase("pg", "store");
    db = t.handle.db as StoreDb;
    const [brand] = await db.insert(brands).values({ name: "Shared", code: "SHARED" }).returning();
    await db
      .insert(products)
      .values([
        { ...product(1, "kit", "kit coil mesh"), brandId: brand?.id },
        product(2, "kit", "kit coil mesh"),
        product(3, "kit", "kit coil pod"),
        product(4, null, "tank glass coil"),
        product(5, null, "tank glass mesh"),
      ]);
    await expectConsistent(db);
  });
  afterAll(async () => t?.dispose());

  it("writing one variant group from two transactions leaves its cards, counts and words in step", async () => {
    const before = await version(db);
    await overlapped(
      db,
      // The group's head leaves it (the head moves to 2) and a new member with new words joins.
      async (tx) => {
        await tx
          .update(products)
          .set({ variantGroup: null, searchText: "kit solo mesh" })
          .where(eq(products.id, 1));
        await tx.insert(products).values(product(6, "kit", "kit coil pod cotton"));
      },
      // Meanwhile the group's prices change and a single product joins it, sharing its words.
      async (tx) => {
        await tx
          .update(products)
          .set({ priceCents: 500 })
          .where(inArray(products.id, [2, 3]));
        await tx
          .update(products)
          .set({ variantGroup: "kit", searchText: "kit tank cotton" })
          .where(eq(products.id, 4));
      },
    );
    await expectConsistent(db);
    expect(await version(db)).toBe(before + 4);
    const heads = await queryRows<{ id: number }>(
      db,
      sql`select product_id as id from product_cards where head and variant_group = 'kit'`,
    );
    expect(heads.map((r) => Number(r.id))).toEqual([2]);
  });

  it("deleting and reviving products with shared words from two transactions keeps the vocabulary exact", async () => {
    const before = await version(db);
    await overlapped(
      db,
      async (tx) => {
        await tx
          .update(products)
          .set({ deleted: true })
          .where(inArray(products.id, [5, 6]));
      },
      async (tx) => {
        await tx
          .update(products)
          .set({ deleted: false, searchText: "mesh glass tank" })
          .where(eq(products.id, 5));
        await tx.delete(products).where(eq(products.id, 3));
      },
    );
    await expectConsistent(db);
    expect(await version(db)).toBe(before + 3);
    const live = await queryRows<{ id: number }>(
      db,
      sql`select id from products where not deleted order by id`,
    );
    expect(live.map((r) => Number(r.id))).toEqual([1, 2, 4, 5]);
  });
});
