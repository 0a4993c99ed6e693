// The price record and the prior price of a reduction (issue 40, Directive 98/6/EC art. 6a,
// docs/decisions/0048) on both drivers: every way a price changes (the back office, the ERP's PUT
// and batch, the catalogue file, the demo seed) writes price_history in its own transaction, so a
// write that fails leaves no row; the record is append-only; prior_price_cents() reads the lowest
// price of the 30 days before the current reduction began, with the edges to the second.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProductCreateInput, ProductUpdateInput } from "../../core/admin/catalog";
import { type Db, queryRows } from "../../db/client";
import * as s from "../../db/store/schema";
import { createAdminProduct, getAdminProduct, updateAdminProduct } from "../../services/admin/catalog";
import { forgetStore } from "../../services/cache";
import { getProduct, listProducts } from "../../services/catalog";
import type { StoreContext } from "../../services/context";
import { importCatalogueText } from "../../services/integration/catalogue-import";
import { createPlatform, type Platform } from "../fixtures/platform";
import { ownerActor } from "../helpers/admin";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const staff = ownerActor("Price Tester", "prices@example.test");

interface HistoryRow {
  variantId: number | null;
  priceListId: number | null;
  priceCents: number;
  salePriceCents: number | null;
}

async function historyOf(db: Db, productId: number): Promise<HistoryRow[]> {
  return db
    .select({
      variantId: s.priceHistory.variantId,
      priceListId: s.priceHistory.priceListId,
      priceCents: s.priceHistory.priceCents,
      salePriceCents: s.priceHistory.salePriceCents,
    })
    .from(s.priceHistory)
    .where(eq(s.priceHistory.productId, productId))
    .orderBy(s.priceHistory.validFrom, s.priceHistory.id);
}

async function historyCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from price_history`);
  return Number(row.n);
}

async function idOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: s.products.id }).from(s.products).where(eq(s.products.code, code));
  return row.id;
}

const DAY = 86_400_000;
/** The moment the reductions of the arithmetic cases begin (no DST change within 30 days of it). */
const T = Date.parse("2026-01-20T12:00:00Z");
const at = (ms: number) => new Date(T + ms);

describe.each(driversFor("both"))("price history on %s", (driver) => {
  let platform: Platform;
  let main: StoreContext;

  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "demo" });
    main = (await platform.registry.byId("main")) as StoreContext;
  });
  afterAll(async () => platform?.dispose());

  it("the demo seed gives its sale products a start and a prior price; some prior prices are below the struck-through price", async () => {
    forgetStore("store", "main");
    const sale = await listProducts(main, { onSale: true, perPage: 48 }, null);
    const reduced = sale.products.filter((p) => p.salePriceCents !== null && p.salePriceCents < p.priceCents);
    expect(reduced.length).toBeGreaterThan(3);
    for (const p of reduced) {
      expect(p.priorPriceCents, p.code).not.toBeNull();
      expect(p.priorPriceCents as number, p.code).toBeGreaterThan(p.salePriceCents as number);
      expect(p.priorPriceCents as number, p.code).toBeLessThanOrEqual(p.priceCents);
    }
    expect(reduced.some((p) => (p.priorPriceCents as number) < p.priceCents)).toBe(true);
    // A product that is not reduced has no prior price.
    const plain = (await listProducts(main, { perPage: 48 }, null)).products.find(
      (p) => p.salePriceCents === null,
    );
    expect(plain?.priorPriceCents).toBeNull();
  });

  it("the back office: a create and a price edit each write a row, an edit of anything else none, a failed edit none", async () => {
    const [cat] = await main.db.select().from(s.categories).limit(1);
    const created = await createAdminProduct(
      main,
      staff,
      ProductCreateInput.parse({
        weightGrams: 100,
        code: "PH-1",
        name: "Price History Pod",
        priceCents: 2_500,
        vatRate: 19,
        categoryIds: [cat.id],
      }),
    );
    expect(await historyOf(main.db, created.id)).toEqual([
      { variantId: null, priceListId: null, priceCents: 2_500, salePriceCents: null },
    ]);
    const update = async (patch: Record<string, unknown>) => {
      const now = await getAdminProduct(main, created.id);
      return updateAdminProduct(
        main,
        staff,
        created.id,
        ProductUpdateInput.parse({ ...now, ...patch, version: now.version }),
      );
    };
    await update({ salePriceCents: 1_990 });
    await update({ name: "Price History Pod II" });
    expect((await historyOf(main.db, created.id)).map((r) => r.salePriceCents)).toEqual([null, 1_990]);

    // A colour/size row with a price of its own is recorded as itself; one without follows the product.
    await update({
      variants: [
        { color: "#000000", colorName: "Black", size: "", priceCents: null },
        { color: "#ffffff", colorName: "White", size: "", priceCents: 2_790 },
      ],
    });
    const variantRows = (await historyOf(main.db, created.id)).filter((r) => r.variantId !== null);
    expect(variantRows.map((r) => r.priceCents)).toEqual([2_790]);

    // A price edit together with a code another product has: the whole edit fails, no row stays.
    const before = await historyCount(main.db);
    const [other] = await main.db
      .select({ code: s.products.code })
      .from(s.products)
      .where(sql`${s.products.id} <> ${created.id}`)
      .limit(1);
    await expect(update({ priceCents: 3_000, code: other.code })).rejects.toThrow();
    expect(await historyCount(main.db)).toBe(before);
  });

  it("the ERP API: a PUT, a batch and price-list prices write rows; a refused item writes none", async () => {
    await giveApiKey(platform, "main", "ph-key");
    await main.db
      .insert(s.priceLists)
      .values({ code: "PH-LIST", name: "Price history list" })
      .onConflictDoNothing();
    const erp = erpClient(platform, "localhost", "ph-key");
    const put = await erp("PUT", "/products/PH-ERP-1", {
      name: "ERP Priced Tank",
      priceCents: 3_990,
      priceListPrices: [{ priceListCode: "PH-LIST", priceCents: 2_990 }],
    });
    expect(put.status, JSON.stringify(put.json)).toBeLessThan(300);
    const id = await idOf(main.db, "PH-ERP-1");
    const [list] = await main.db
      .select({ id: s.priceLists.id })
      .from(s.priceLists)
      .where(eq(s.priceLists.code, "PH-LIST"));
    expect(await historyOf(main.db, id)).toEqual(
      expect.arrayContaining([
        { variantId: null, priceListId: null, priceCents: 3_990, salePriceCents: null },
        { variantId: null, priceListId: list.id, priceCents: 2_990, salePriceCents: null },
      ]),
    );
    // The same PUT again changes nothing, and records nothing.
    const rows = (await historyOf(main.db, id)).length;
    expect(
      (await erp("PUT", "/products/PH-ERP-1", { name: "ERP Priced Tank", priceCents: 3_990 })).status,
    ).toBeLessThan(300);
    expect((await historyOf(main.db, id)).length).toBe(rows);

    const before = await historyCount(main.db);
    const batch = await erp<{ results: { code: string; status: string }[] }>("POST", "/products/batch", {
      products: [
        { code: "PH-ERP-1", salePriceCents: 3_490 },
        { code: "PH-ERP-2", name: "Refused", priceCents: 1_000, salePriceCents: 2_000 },
      ],
    });
    expect(batch.status, JSON.stringify(batch.json)).toBeLessThan(300);
    expect(batch.json.results.map((r) => r.status)).toEqual(["updated", "failed"]);
    expect(await historyCount(main.db)).toBe(before + 1);
    expect((await historyOf(main.db, id)).at(-1)).toEqual({
      variantId: null,
      priceListId: null,
      priceCents: 3_990,
      salePriceCents: 3_490,
    });
  });

  it("the catalogue file: an import writes a row per price; a file with a bad row writes none", async () => {
    const [cat] = await main.db.select({ code: s.categories.code }).from(s.categories).limit(1);
    const text = [
      "code,name,price,sale_price,categories",
      `PH-CSV-1,Csv Priced Coil,12.50,9.90,${cat.code}`,
    ].join("\n");
    const out = await importCatalogueText(main, { id: null, email: "prices", ip: null }, text);
    expect(out.status, JSON.stringify(out)).toBe("imported");
    const id = await idOf(main.db, "PH-CSV-1");
    expect(await historyOf(main.db, id)).toEqual([
      { variantId: null, priceListId: null, priceCents: 1_250, salePriceCents: 990 },
    ]);

    const before = await historyCount(main.db);
    const bad = [
      "code,name,price,sale_price,categories",
      `PH-CSV-1,Csv Priced Coil,11.50,,${cat.code}`,
      `PH-CSV-2,Bad Row,not-a-price,,${cat.code}`,
    ].join("\n");
    const refused = await importCatalogueText(main, { id: null, email: "prices", ip: null }, bad);
    expect(refused.status).not.toBe("imported");
    expect(await historyCount(main.db)).toBe(before);
  });

  it("is written in the changing transaction: a rolled-back price change leaves no row", async () => {
    const id = await idOf(main.db, "PH-CSV-1");
    const before = await historyCount(main.db);
    await expect(
      main.db.transaction(async (tx) => {
        await tx.update(s.products).set({ priceCents: 1 }).where(eq(s.products.id, id));
        expect(
          (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from price_history`))[0].n,
        ).toBe(before + 1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await historyCount(main.db)).toBe(before);
  });

  it("is append-only", async () => {
    const refusal = async (query: Promise<unknown>) => {
      try {
        await query;
      } catch (err) {
        // The driver's own error, under Drizzle's "Failed query".
        return String((err as { cause?: Error }).cause?.message ?? err);
      }
      return "accepted";
    };
    expect(await refusal(main.db.execute(sql`update price_history set price_cents = 1`))).toMatch(
      /append-only/,
    );
    expect(await refusal(main.db.execute(sql`delete from price_history`))).toMatch(/append-only/);
    expect(await refusal(main.db.execute(sql`truncate price_history`))).toMatch(/append-only/);
  });

  describe("prior_price_cents", () => {
    let next = 900_000_000;
    /** A history for a product id of its own (the record has no foreign key): [ms from T, price, sale]. */
    async function prior(rows: [number, number, number | null][]): Promise<number | null> {
      const pid = next++;
      await main.db.insert(s.priceHistory).values(
        rows.map(([ms, priceCents, salePriceCents]) => ({
          productId: pid,
          priceCents,
          salePriceCents,
          validFrom: at(ms),
        })),
      );
      const [row] = await queryRows<{ p: number | null }>(
        main.db,
        sql`select prior_price_cents(${pid}::int) as p`,
      );
      return row.p === null ? null : Number(row.p);
    }

    it("is the lowest price of the 30 days before the reduction began, to the second", async () => {
      // An earlier promotion at 7.00 that ended exactly 30 days before: out of the window.
      expect(
        await prior([
          [-90 * DAY, 1000, 700],
          [-30 * DAY, 1000, null],
          [0, 1000, 800],
        ]),
      ).toBe(1000);
      // Ended one second later: it applied within the 30 days, so it is the prior price.
      expect(
        await prior([
          [-90 * DAY, 1000, 700],
          [-30 * DAY + 1000, 1000, null],
          [0, 1000, 800],
        ]),
      ).toBe(700);
      // One second earlier: out.
      expect(
        await prior([
          [-90 * DAY, 1000, 700],
          [-30 * DAY - 1000, 1000, null],
          [0, 1000, 800],
        ]),
      ).toBe(1000);
      // A price that began long before and still applied in the window counts; a higher one inside it does not win.
      expect(
        await prior([
          [-200 * DAY, 900, null],
          [-10 * DAY, 1200, null],
          [0, 1200, 800],
        ]),
      ).toBe(900);
      // A price set and changed in the same moment never applied.
      expect(
        await prior([
          [-60 * DAY, 1000, null],
          [-DAY, 500, null],
          [-DAY, 1000, null],
          [0, 1000, 800],
        ]),
      ).toBe(1000);
    });

    it("keeps the price before the first step of a deepening reduction, and starts again after a reduction ended", async () => {
      const steps: [number, number, number | null][] = [
        [-60 * DAY, 1000, null],
        [0, 1000, 800],
        [5 * DAY, 1000, 600],
      ];
      expect(await prior(steps)).toBe(1000);
      // The reduction ended on day 10 and a new one began on day 12: the 30 days before it hold 6.00.
      expect(await prior([...steps, [10 * DAY, 1000, null], [12 * DAY, 1000, 900]])).toBe(600);
    });

    it("is null when the price is not reduced now, or nothing before the reduction is known", async () => {
      expect(
        await prior([
          [-60 * DAY, 1000, null],
          [0, 1000, 800],
          [DAY, 1000, null],
        ]),
      ).toBeNull();
      expect(await prior([[0, 1000, 800]])).toBeNull();
      // A sale price not below the price is no reduction.
      expect(
        await prior([
          [-60 * DAY, 1000, null],
          [0, 1000, 1000],
        ]),
      ).toBeNull();
    });
  });

  it("a product page shows the prior price as each customer sees it: net without VAT, none on a price list", async () => {
    const id = await idOf(main.db, "PH-CSV-1");
    // Sold at 12.50 for a while before its reduction to 9.90 began 5 days ago (the file's row is today).
    const now = Date.now();
    await main.db.insert(s.priceHistory).values([
      { productId: id, priceCents: 1_250, salePriceCents: null, validFrom: new Date(now - 40 * DAY) },
      { productId: id, priceCents: 1_250, salePriceCents: 990, validFrom: new Date(now - 5 * DAY) },
    ]);
    forgetStore("store", "main");
    const retail = await getProduct(main, id, null);
    expect(retail?.priorPriceCents).toBe(1_250);
    const net = await getProduct(main, id, { priceListId: null, excludeVat: true });
    expect(net?.priorPriceCents).toBe(Math.round(1_250 / (1 + (retail?.vatRate ?? 0) / 100)));
    const [list] = await main.db
      .select({ id: s.priceLists.id })
      .from(s.priceLists)
      .where(eq(s.priceLists.code, "PH-LIST"));
    await main.db.insert(s.priceListLines).values({ priceListId: list.id, productId: id, priceCents: 1_100 });
    const listed = await getProduct(main, id, { priceListId: list.id, excludeVat: false });
    expect(listed?.salePriceCents).toBeNull();
    expect(listed?.priorPriceCents).toBeNull();
    expect((await historyOf(main.db, id)).filter((r) => r.priceListId === list.id)).toEqual([
      { variantId: null, priceListId: list.id, priceCents: 1_100, salePriceCents: null },
    ]);
  });
});
