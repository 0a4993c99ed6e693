// The listing cards (migration 0008: product_cards and product_card_counts, docs/decisions/0033)
// on both drivers: after every write path (the seeds, the back office, the CSV import and the ERP
// upsert behind it, orders taking and returning stock, a hard delete) the card table equals what
// the products say and the kept counts equal the cards; a deep page found through the counts'
// blocks is the page that counting from the start gives.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProductCreateInput, ProductUpdateInput } from "../../core/admin/catalog";
import { queryRows } from "../../db/client";
import { seedSyntheticCatalogue } from "../../db/seed/synthetic";
import { brands, categories, products, stock } from "../../db/store/schema";
import {
  createAdminProduct,
  getAdminProduct,
  setProductDeleted,
  updateAdminProduct,
} from "../../services/admin/catalog";
import { forgetStore } from "../../services/cache";
import { listProducts } from "../../services/catalog";
import type { StoreContext } from "../../services/context";
import { importCatalogueText } from "../../services/integration/catalogue-import";
import { takeStock } from "../../services/orders/stock";
import { returnOrderStock } from "../../services/orders/stock-return";
import { createPlatform, type Platform } from "../fixtures/platform";
import { ownerActor } from "../helpers/admin";
import { cardDifferences, countDifferences } from "../helpers/cards";
import { driversFor } from "../helpers/databases";

const staff = ownerActor("Card Tester", "cards@example.test");

async function expectInStep(store: StoreContext): Promise<void> {
  expect(await cardDifferences(store.db)).toEqual([]);
  expect(await countDifferences(store.db)).toEqual([]);
}

async function list(store: StoreContext, q: Parameters<typeof listProducts>[1]) {
  forgetStore("store", store.config.id);
  return listProducts(store, q, null);
}

describe.each(driversFor("both"))("listing cards on %s", (driver) => {
  let platform: Platform;
  let main: StoreContext;

  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "demo" });
    main = (await platform.registry.byId("main")) as StoreContext;
  });
  afterAll(async () => platform?.dispose());

  it("are in step after the demo seed and the synthetic seed; a deep page from the counts' blocks is the counted page", async () => {
    await expectInStep(main);
    await seedSyntheticCatalogue(await platform.registry.storeHandle("main"), 2_600);
    await expectInStep(main);
    const heads = (
      await queryRows<{ id: number }>(
        main.db,
        sql`select product_id as id from product_cards where head order by 1`,
      )
    ).map((r) => Number(r.id));
    expect(heads.length).toBeGreaterThan(2_600);
    for (const page of [1, 86, 87, 171, Math.ceil(heads.length / 12)]) {
      const got = await list(main, { page, perPage: 12 });
      expect(got.total).toBe(heads.length);
      expect(got.products.map((p) => p.id)).toEqual(heads.slice((page - 1) * 12, page * 12));
    }
    // One filter with its count kept: a brand's deep page.
    const [brand] = await queryRows<{ id: number; n: number }>(
      main.db,
      sql`select brand_id as id, count(*)::int as n from product_cards where brand_id is not null
           group by 1 order by 2 desc limit 1`,
    );
    const byBrand = (
      await queryRows<{ id: number }>(
        main.db,
        sql`select c.product_id as id from product_cards c where c.brand_id = ${brand.id}
             and (c.variant_group is null or not exists (select 1 from product_cards m where m.variant_group = c.variant_group
                  and m.product_id < c.product_id and m.brand_id = ${brand.id})) order by 1`,
      )
    ).map((r) => Number(r.id));
    const deep = Math.floor(byBrand.length / 12);
    const got = await list(main, { brand: Number(brand.id), page: deep, perPage: 12 });
    expect(got.total).toBe(byBrand.length);
    expect(got.products.map((p) => p.id)).toEqual(byBrand.slice((deep - 1) * 12, deep * 12));
  });

  it("give deep pages of every sort through the marks, equal to the counted pages, before and after a write that reorders them", async () => {
    // Written out here, not taken from the listing's code: the orders the shop promises.
    const orders: Record<string, string> = {
      featured: "review_count desc, product_id",
      rating: "ratings desc, product_id",
      new: "new_at desc, new_id desc",
      "price-asc": "price_min, product_id",
      "price-desc": "price_max desc, product_id",
    };
    const counted = async (order: string) =>
      (
        await queryRows<{ id: number }>(
          main.db,
          sql`select product_id as id from product_cards where head order by ${sql.raw(order)}`,
        )
      ).map((r) => Number(r.id));
    const check = async () => {
      for (const [orderby, order] of Object.entries(orders)) {
        const all = await counted(order);
        const last = Math.ceil(all.length / 12);
        expect(last).toBeGreaterThan(171);
        for (const page of [86, 87, 171, last - 1, last]) {
          const got = await list(main, { page, perPage: 12, orderby: orderby as "new" });
          expect(got.total, `${orderby} page ${page}`).toBe(all.length);
          expect(
            got.products.map((p) => p.id),
            `${orderby} page ${page}`,
          ).toEqual(all.slice((page - 1) * 12, page * 12));
        }
        const past = await list(main, { page: last + 1, perPage: 12, orderby: orderby as "new" });
        expect(past.products).toEqual([]);
        expect(past.total).toBe(all.length);
      }
    };
    await check();
    const [{ version }] = await queryRows<{ version: number }>(
      main.db,
      sql`select version from product_card_version`,
    );
    const marks = await queryRows<{ sort: string; n: number }>(
      main.db,
      sql`select sort, count(*)::int as n from product_card_marks
           where key = 'all' and version = ${version} group by sort order by sort`,
    );
    expect(marks.map((m) => m.sort)).toEqual(Object.keys(orders).sort());
    // The cheapest card becomes the dearest, the least reviewed the most: every sort's marks are stale.
    const [cheapest] = await counted(orders["price-asc"] as string);
    const rated = await counted(orders.rating as string);
    const changed = await main.db
      .select({
        id: products.id,
        priceCents: products.priceCents,
        salePriceCents: products.salePriceCents,
        reviewCount: products.reviewCount,
        ratings: products.ratings,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(inArray(products.id, [cheapest as number, rated[rated.length - 1] as number]));
    await main.db
      .update(products)
      .set({ priceCents: 9_999_999, salePriceCents: null })
      .where(eq(products.id, cheapest as number));
    await main.db
      .update(products)
      .set({ reviewCount: 100_000, ratings: 5, createdAt: new Date(Date.now() + 86_400_000) })
      .where(eq(products.id, rated[rated.length - 1] as number));
    const [{ version: after }] = await queryRows<{ version: number }>(
      main.db,
      sql`select version from product_card_version`,
    );
    expect(Number(after)).toBeGreaterThan(Number(version));
    await check();
    // A write that changes no card leaves the version, and the marks, as they are.
    await main.db
      .update(products)
      .set({ shortDesc: "Only words" })
      .where(eq(products.id, cheapest as number));
    const [{ version: same }] = await queryRows<{ version: number }>(
      main.db,
      sql`select version from product_card_version`,
    );
    expect(same).toBe(after);
    // As they were, for the tests after this one.
    for (const { id, ...was } of changed) await main.db.update(products).set(was).where(eq(products.id, id));
    await expectInStep(main);
  });

  it("follow the back office: create, re-price, regroup, recategorise, flag, variants, delete and restore", async () => {
    const [cat] = await main.db.select().from(categories).limit(1);
    const [other] = await main.db
      .select()
      .from(categories)
      .where(sql`${categories.id} <> ${cat.id}`)
      .limit(1);
    const [brand] = await main.db.select().from(brands).limit(1);
    const before = await list(main, { page: 1, perPage: 1 });
    const created = await createAdminProduct(
      main,
      staff,
      ProductCreateInput.parse({
        weightGrams: 100,
        code: "CARD-1",
        name: "Card Test Pod",
        priceCents: 2_500,
        vatRate: 19,
        categoryIds: [cat.id],
        brandId: brand.id,
      }),
    );
    await expectInStep(main);
    expect((await list(main, { page: 1, perPage: 1 })).total).toBe(before.total + 1);
    const cheapest = await list(main, {
      category: String(cat.id),
      subcategory: cat.slug,
      orderby: "price-desc",
    });
    expect(cheapest.total).toBeGreaterThan(0);

    const form = await getAdminProduct(main, created.id);
    const update = (patch: Record<string, unknown>) =>
      getAdminProduct(main, created.id).then((now) =>
        updateAdminProduct(
          main,
          staff,
          created.id,
          ProductUpdateInput.parse({ ...now, ...patch, version: now.version }),
        ),
      );
    void form;
    await update({ priceCents: 1, salePriceCents: null });
    await expectInStep(main);
    const cheap = await list(main, { orderby: "price-asc", perPage: 1 });
    expect(cheap.products[0]?.id).toBe(created.id);

    await update({ salePriceCents: 0, priceCents: 100, isHot: true, isNew: true });
    await expectInStep(main);
    expect((await list(main, { onSale: true, orderby: "price-asc", perPage: 1 })).products[0]?.id).toBe(
      created.id,
    );
    expect((await list(main, { hot: true, orderby: "price-asc", perPage: 1 })).products[0]?.id).toBe(
      created.id,
    );

    await update({ categoryIds: [other.id], brandId: null });
    await expectInStep(main);
    expect(
      (await list(main, { subcategory: String(other.id), orderby: "price-asc", perPage: 1 })).products[0]?.id,
    ).toBe(created.id);

    // Into an existing group: the group's first product stays its card, the total drops by one.
    const [grouped] = await queryRows<{ variant_group: string }>(
      main.db,
      sql`select variant_group from products where variant_group is not null and not deleted limit 1`,
    );
    const total = (await list(main, { perPage: 1 })).total;
    await update({ variantGroup: grouped.variant_group, variantLabel: "Card test" });
    await expectInStep(main);
    expect((await list(main, { perPage: 1 })).total).toBe(total - 1);

    await update({
      variantGroup: null,
      variantLabel: null,
      variants: [{ color: "#000000", colorName: "Black", size: "M", priceCents: 9_999_00 }],
    });
    await expectInStep(main);
    expect((await list(main, { orderby: "price-desc", perPage: 1 })).products[0]?.id).toBe(created.id);

    await setProductDeleted(main, staff, created.id, true);
    await expectInStep(main);
    expect((await list(main, { perPage: 1 })).total).toBe(total - 1);
    await setProductDeleted(main, staff, created.id, false);
    await expectInStep(main);
    expect((await list(main, { perPage: 1 })).total).toBe(total);
    await setProductDeleted(main, staff, created.id, true);
  });

  it("follow the CSV import and the ERP upsert it runs, and a hard delete", async () => {
    const [cat] = await main.db.select({ code: categories.code }).from(categories).limit(1);
    const before = (await list(main, { perPage: 1 })).total;
    const text = [
      "code,name,price,sale_price,categories,new",
      `CARD-CSV-1,Card Csv One,12.50,,${cat.code},true`,
      `CARD-CSV-2,Card Csv Two,13.50,9.00,${cat.code},false`,
    ].join("\n");
    const out = await importCatalogueText(main, { id: null, email: "cards", ip: null }, text);
    expect(out.status, JSON.stringify(out)).toBe("imported");
    await expectInStep(main);
    const heads = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            main.db,
            sql`select count(*)::int as n from product_cards where head`,
          )
        )[0].n,
      );
    expect((await list(main, { perPage: 1 })).total).toBe(await heads());
    expect(await heads()).toBeGreaterThan(before);
    // Again with a new price: an update through the same path.
    const again = await importCatalogueText(
      main,
      { id: null, email: "cards", ip: null },
      text.replace("12.50", "0.01"),
    );
    expect(again.status).toBe("imported");
    await expectInStep(main);
    const [row] = await main.db.select().from(products).where(eq(products.code, "CARD-CSV-1"));
    expect((await list(main, { orderby: "price-asc", perPage: 1 })).products[0]?.id).toBe(row.id);

    await main.db.delete(products).where(eq(products.code, "CARD-CSV-2"));
    await expectInStep(main);
    expect((await list(main, { perPage: 1 })).total).toBe(await heads());
  });

  it("stay as they are when orders take and return stock", async () => {
    const warehouseId = main.settings.warehouseId;
    expect(warehouseId).not.toBeNull();
    const [row] = await queryRows<{ id: number; qty: number }>(
      main.db,
      sql`select s.product_id as id, s.qty from stock s join product_cards c on c.product_id = s.product_id
           where s.warehouse_id = ${warehouseId} and s.qty >= 2 and c.head order by s.product_id limit 1`,
    );
    const cards = await queryRows(main.db, sql`select * from product_cards order by product_id`);
    await main.db.transaction(async (tx) => {
      await takeStock(tx as never, warehouseId, [{ productId: row.id, qty: 2, description: "card test" }]);
    });
    expect(await queryRows(main.db, sql`select * from product_cards order by product_id`)).toEqual(cards);
    const [taken] = await main.db
      .select()
      .from(stock)
      .where(and(eq(stock.productId, row.id), eq(stock.warehouseId, warehouseId as number)));
    expect(taken.qty).toBe(row.qty - 2);
    await main.db.transaction(async (tx) => {
      await returnOrderStock(tx as never, main, [{ productId: row.id, qty: 2, description: "card test" }]);
    });
    const [back] = await main.db
      .select()
      .from(stock)
      .where(and(eq(stock.productId, row.id), eq(stock.warehouseId, warehouseId as number)));
    expect(back.qty).toBe(row.qty);
    await expectInStep(main);
  });

  it("group a search's matches as the cards do, by relevance from the products' own groups and by any other sort through the card table", async () => {
    // The word of grouped products' names that most groups share: a search with several pages.
    const [{ word }] = await queryRows<{ word: string }>(
      main.db,
      sql`select lower(split_part(name, ' ', 1)) as word from products
           where not deleted and variant_group is not null and length(split_part(name, ' ', 1)) >= 4
           group by 1 order by count(distinct variant_group) desc, 1 limit 1`,
    );
    // Each group's first matching product, from the products alone.
    const expected = (
      await queryRows<{ id: number }>(
        main.db,
        sql`select min(id) as id from products
             where not deleted and search @@ to_tsquery('simple', ${`${word}:*`})
             group by coalesce(variant_group, '#' || id) order by 1`,
      )
    ).map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(5);
    const all = async (orderby: "default" | "featured") => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const r = await list(main, { searchTerm: word, perPage: 100, page, orderby });
        expect(r.total).toBe(expected.length);
        ids.push(...r.products.map((p) => p.id));
        if (r.products.length < 100) break;
      }
      return ids;
    };
    const byRelevance = await all("default");
    expect([...byRelevance].sort((a, b) => a - b)).toEqual(expected);
    expect([...(await all("featured"))].sort((a, b) => a - b)).toEqual(expected);
  });
});
