// Oversell: 100 checkouts at once for a product with 10 units, through the orders API with
// signed-in sessions (cash on delivery and card reservations mixed) -> exactly 10 orders,
// stock 0, the other 90 told 'Out of Stock', nothing half-written.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Driver } from "../../db/client";
import * as s from "../../db/store/schema";
import { hashPassword } from "../../services/auth/password";
import type { StoreDb } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { seedCheckoutFixture } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";
import { Client, type Send } from "./helpers/http";
import { openDemoPlatform } from "./helpers/platform";
import { prepareShop } from "./helpers/store-data";

// Each shopper signs in from an address of its own (X-Forwarded-For), as behind a proxy.
process.env.TRUST_PROXY = "1";

const UNITS = 10;
const CHECKOUTS = 100;
// Ten shoppers with ten checkouts each (under the API's 20 orders per customer in 10 minutes).
const SHOPPERS = 10;

interface Shop {
  host: string;
  db: StoreDb;
  send: Send;
  productId: number;
  warehouseId: number;
  shippingId: number;
  dispose(): Promise<void>;
}

/** PGlite: a copy of the seeded demo data (no initdb); PostgreSQL: minimal stores + checkout fixture. */
async function openShop(driver: Driver): Promise<Shop> {
  if (driver === "pglite") {
    const demo = await openDemoPlatform("oversell");
    const handle = await demo.registry.storeHandle("main");
    const fx = await prepareShop(handle, { customers: 0, products: 1, stockEach: UNITS, prefix: "unused" });
    return {
      host: "localhost",
      db: handle.db,
      send: demo.send,
      productId: fx.products[0].id,
      warehouseId: fx.warehouseId,
      shippingId: fx.shippingId,
      dispose: () => demo.dispose(),
    };
  }
  const p: Platform = await createPlatform(driver, { seed: "minimal" });
  const db = (await p.registry.storeHandle("alpha")).db;
  const fx = await seedCheckoutFixture(db);
  await db
    .update(s.stock)
    .set({ qty: UNITS })
    .where(and(eq(s.stock.productId, fx.products.pod), eq(s.stock.warehouseId, fx.warehouseId)));
  p.registry.invalidate();
  return {
    host: "alpha.localhost",
    db,
    send: (host, path, init) => p.request(host, path, init),
    productId: fx.products.pod,
    warehouseId: fx.warehouseId,
    shippingId: fx.shipping.courierCy,
    dispose: () => p.dispose(),
  };
}

describe.each(driversFor("both"))("oversell on %s", (driver) => {
  let shop: Shop;
  let db: StoreDb;
  let shoppers: Client[];
  let customerIds: number[];

  beforeAll(async () => {
    shop = await openShop(driver);
    db = shop.db;
    const passwordHash = await hashPassword("Oversell123!");
    const created = await db
      .insert(s.customers)
      .values(
        Array.from({ length: SHOPPERS }, (_, i) => ({
          username: `shopper${i}@oversell.test`,
          name: "Shopper",
          surname: String(i),
          passwordHash,
          mobilePhone: `9${String(8000000 + i)}`,
          email: `shopper${i}@oversell.test`,
          street: "Main Street 1",
          postcode: "3036",
          city: "Limassol",
          country: "CY",
        })),
      )
      .returning({ id: s.customers.id });
    customerIds = created.map((c) => c.id);
    shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, (_, i) =>
        new Client(shop.send, shop.host).signIn(`shopper${i}@oversell.test`, "Oversell123!"),
      ),
    );
  });
  afterAll(async () => shop?.dispose());

  it(`${CHECKOUTS} concurrent checkouts for ${UNITS} units -> exactly ${UNITS} orders, stock 0`, async () => {
    const results = await Promise.all(
      Array.from({ length: CHECKOUTS }, (_, i) =>
        shoppers[i % SHOPPERS].json("POST", "/api/v1/orders", {
          lines: [{ id: shop.productId, qty: 1 }],
          shippingId: shop.shippingId,
          paymentMethod: i % 2 === 0 ? "cod" : "card",
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((st) => st >= 500),
      "no server errors",
    ).toEqual([]);
    expect(statuses.filter((st) => st === 201)).toHaveLength(UNITS);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(CHECKOUTS - UNITS);
    for (const r of refused) {
      expect(r.status, r.text).toBe(409);
      expect(r.json).toMatchObject({ error: "out_of_stock", title: "Out of Stock" });
    }

    const orders = await db
      .select({ id: s.orders.id, code: s.orders.code, status: s.orders.status })
      .from(s.orders)
      .where(inArray(s.orders.customerId, customerIds));
    expect(orders).toHaveLength(UNITS);
    const placedCodes = results.filter((r) => r.status === 201).map((r) => r.json.code);
    expect(orders.map((o) => o.code).sort()).toEqual([...placedCodes].sort());
    for (const o of orders) expect(["placed", "pending_payment"]).toContain(o.status);

    const [lines] = (
      (await db.execute(sql`
        select count(*)::int as n, coalesce(sum(qty), 0)::int as qty from order_lines
         where order_id in (select id from orders where customer_id in (${sql.join(customerIds, sql`, `)}))`)) as unknown as {
        rows: { n: number; qty: number }[];
      }
    ).rows;
    expect(lines).toEqual({ n: UNITS, qty: UNITS });

    const [stock] = await db
      .select({ qty: s.stock.qty })
      .from(s.stock)
      .where(and(eq(s.stock.productId, shop.productId), eq(s.stock.warehouseId, shop.warehouseId)));
    expect(stock.qty).toBe(0);

    // Refused checkouts left nothing behind: payment rows exist only for the card orders placed.
    const payments = await db
      .select({ orderId: s.payments.orderId })
      .from(s.payments)
      .innerJoin(s.orders, eq(s.orders.id, s.payments.orderId))
      .where(inArray(s.orders.customerId, customerIds));
    const cardOrders = new Set(orders.filter((o) => o.status === "pending_payment").map((o) => o.id));
    for (const x of payments) expect(cardOrders.has(x.orderId)).toBe(true);
  });
});
