// What the SQL functions and the TypeScript that reads their tables must agree on, held equal on
// both drivers (db/sql/store/functions.sql, docs/decisions/0040): the keys of product_card_counts
// that listing.ts asks for (countKey), the block of product ids per counts row that card-order.ts
// skips by (BLOCK), and which words the search vocabulary holds (corrects in search-words.ts).
// The search fold is held equal by tests/unit/search-fold.test.ts, and the customers' "no password
// yet" hash by tests/integration/erp-changes.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { brands, categories, masterCategories, productCategories, products } from "../../db/store/schema";
import { BLOCK, countKey } from "../../services/catalog/card-order";
import { corrects } from "../../services/catalog/search-words";
import type { StoreDb } from "../../services/context";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const product = (id: number, extra: Partial<typeof products.$inferInsert> = {}) => ({
  id,
  code: `P${id}`,
  name: `Product ${id}`,
  slug: `product-${id}`,
  priceCents: 1000,
  ...extra,
});

describe.each(driversFor("both"))("constants of SQL and TypeScript on %s", (driver) => {
  let t: TestDb<"store">;
  let db: StoreDb;
  beforeAll(async () => {
    t = await createTestDatabase(driver, "store");
    db = t.handle.db as StoreDb;
  });
  afterAll(async () => t?.dispose());

  it("every listing filter of a card has the counts key listing.ts asks for", async () => {
    const [brand] = await db.insert(brands).values({ name: "Keyed", code: "KEYED" }).returning();
    const [master] = await db
      .insert(masterCategories)
      .values({ code: "M1", description: "Master", slug: "master" })
      .returning();
    const [category] = await db
      .insert(categories)
      .values({ masterId: master?.id as number, code: "C1", description: "Category", slug: "category" })
      .returning();
    await db
      .insert(products)
      .values(product(7, { isHot: true, isNew: true, salePriceCents: 800, brandId: brand?.id }));
    await db.insert(productCategories).values({ productId: 7, categoryId: category?.id as number });
    const keys = await queryRows<{ key: string }>(db, sql`select key from product_card_counts where n > 0`);
    expect(keys.map((r) => r.key).sort()).toEqual(
      [
        countKey.all,
        countKey.hot,
        countKey.new,
        countKey.sale,
        countKey.brand(brand?.id as number),
        countKey.category(category?.id as number),
        countKey.master(master?.id as number),
      ].sort(),
    );
  });

  it("a product id's counts block is the id divided by card-order.ts' BLOCK", async () => {
    const ids = [BLOCK - 1, BLOCK, 2 * BLOCK + 3];
    await db.insert(products).values(ids.map((id) => product(id)));
    const rows = await queryRows<{ block: number; n: number }>(
      db,
      sql`select block, n from product_card_counts where key = ${countKey.all} and n > 0 order by block`,
    );
    const expected = new Map<number, number>();
    for (const id of [7, ...ids])
      expected.set(Math.floor(id / BLOCK), (expected.get(Math.floor(id / BLOCK)) ?? 0) + 1);
    expect(rows.map((r) => [Number(r.block), Number(r.n)])).toEqual(
      [...expected].sort((a, b) => a[0] - b[0]),
    );
  });

  it("the vocabulary holds exactly the words search-words.ts corrects", async () => {
    const text = "ab abc abcd abc1 1abc a2bc x2 0.8ω 10ml vape ωμέγα ωμ coil-head mesh_coil";
    await db.delete(products);
    await db.insert(products).values(product(1, { searchText: text }));
    const lexemes = (
      await queryRows<{ w: string }>(
        db,
        sql`select unnest(tsvector_to_array(to_tsvector('simple', ${text}))) as w`,
      )
    ).map((r) => r.w);
    const words = (await queryRows<{ word: string }>(db, sql`select word from search_words`))
      .map((r) => r.word)
      .sort();
    expect(words.length).toBeGreaterThan(3);
    expect(lexemes.filter((w) => !corrects(w)).length).toBeGreaterThan(3);
    expect(words).toEqual(lexemes.filter(corrects).sort());
  });
});
