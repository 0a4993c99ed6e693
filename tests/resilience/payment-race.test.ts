// Payment race: the shopper's return to /payment-success (the real page, rendered), the
// provider's webhook (the test provider's own, plus a repeat) and verification retries all
// arrive at once -> one paid order, one payment row, one pair of order mails, points once.
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Driver } from "../../db/client";
import * as s from "../../db/store/schema";
import { hashPassword } from "../../services/auth/password";
import type { StoreDb } from "../../services/context";
import { createPlatform } from "../fixtures/platform";
import { seedCheckoutFixture } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";
import { Client, type Send, until } from "./helpers/http";
import { openDemoPlatform } from "./helpers/platform";
import { ensureBuild } from "./helpers/prereqs";
import { BUILD_DIR } from "./helpers/server";
import { prepareShop } from "./helpers/store-data";

process.env.TRUST_PROXY = "1";
const ROUNDS = 3;

interface Shop {
  host: string;
  db: StoreDb;
  send: Send;
  productId: number;
  shippingId: number;
  dispose(): Promise<void>;
}

async function openShop(driver: Driver): Promise<Shop> {
  if (driver === "pglite") {
    const demo = await openDemoPlatform("payrace", { pages: true });
    const handle = await demo.registry.storeHandle("main");
    const fx = await prepareShop(handle, { customers: 0, products: 1, stockEach: 100, prefix: "x" });
    return {
      host: "localhost",
      db: handle.db,
      send: demo.send,
      productId: fx.products[0].id,
      shippingId: fx.shippingId,
      dispose: demo.dispose,
    };
  }
  process.env.BUILD_DIR = BUILD_DIR;
  await ensureBuild();
  const { createProductionSsr } = await import("../../server/ssr");
  const ssr = await createProductionSsr();
  const p = await createPlatform(driver, { seed: "minimal", ssr: ssr.handle });
  const db = (await p.registry.storeHandle("alpha")).db;
  const fx = await seedCheckoutFixture(db);
  p.registry.invalidate();
  return {
    host: "alpha.localhost",
    db,
    send: async (host, path, init) => await p.request(host, path, init),
    productId: fx.products.pod,
    shippingId: fx.shipping.courierCy,
    dispose: () => p.dispose(),
  };
}

describe.each(driversFor("both"))("payment race on %s", (driver) => {
  let shop: Shop;
  let shopper: Client;
  let customerId: number;

  beforeAll(async () => {
    shop = await openShop(driver);
    const [c] = await shop.db
      .insert(s.customers)
      .values({
        username: "racer@payment.test",
        name: "Race",
        surname: "Condition",
        passwordHash: await hashPassword("Racer123!x"),
        mobilePhone: "99555000",
        email: "racer@payment.test",
        street: "Main Street 1",
        postcode: "3036",
        city: "Limassol",
        country: "CY",
      })
      .returning({ id: s.customers.id });
    customerId = c.id;
    shopper = await new Client(shop.send, shop.host).signIn("racer@payment.test", "Racer123!x");
  });
  afterAll(async () => shop?.dispose());

  it(`success page, webhooks and verification retries at once -> one paid order and one mail pair (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const placed = await shopper.json("POST", "/api/v1/orders", {
        lines: [{ id: shop.productId, qty: 1 }],
        shippingId: shop.shippingId,
        paymentMethod: "card",
      });
      expect(placed.status, placed.text).toBe(201);
      const code = String(placed.json.code);
      const redirectUrl = String(placed.json.redirectUrl);
      expect(redirectUrl).toMatch(/^\/payments\/test-checkout\?/);
      const params = new URL(redirectUrl, "http://x").searchParams;

      // The shopper approves on the provider's page: it answers with the return redirect and
      // sends its webhook on its own.
      const approved = await shopper.raw("POST", "/payments/test-checkout", {
        body: new URLSearchParams({
          csrf: shopper.csrf,
          ...Object.fromEntries(params),
          decision: "approve",
        }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      });
      expect(approved.status).toBe(303);
      const back = new URL(String(approved.headers.get("location")), "http://x");
      expect(back.pathname).toBe("/payment-success");
      const ref = String(back.searchParams.get("s"));
      const t = String(back.searchParams.get("t"));
      const webhook = () =>
        shop.send(shop.host, "/api/v1/payments/webhook/test", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            EventTypeId: 1796,
            EventData: { TransactionId: t, OrderCode: ref, StatusId: "F" },
          }),
        });
      const verify = () => shopper.json("GET", `/api/v1/payments/verify?s=${ref}&t=${encodeURIComponent(t)}`);
      const page = () =>
        shopper.raw("GET", `${back.pathname}${back.search}`, { headers: { accept: "text/html" } });

      const [successPage, hook1, v1, hook2, v2, reload] = await Promise.all([
        page(),
        webhook(),
        verify(),
        webhook(),
        verify(),
        page(),
      ]);
      for (const r of [successPage, hook1, hook2, reload]) expect(r.status).toBeLessThan(500);
      for (const r of [v1, v2]) expect(r.status, r.text).toBe(200);
      // The congratulations show once; the other load of the return page says it was sent.
      const pages = [await successPage.text(), await reload.text()];
      expect([successPage.status, reload.status]).toEqual([200, 200]);
      expect(pages.filter((h) => h.includes("Congrats your order is on the way!"))).toHaveLength(1);
      expect(pages.filter((h) => h.includes("Order already send successfully!"))).toHaveLength(1);

      const settled = await until(async () => {
        const [o] = await shop.db.select().from(s.orders).where(eq(s.orders.code, code));
        const [mails] = await shop.db
          .select({ n: count() })
          .from(s.outbox)
          .where(like(s.outbox.dedupeKey, `order:${code}:%`));
        return o?.status === "paid" && Number(mails.n) === 2;
      }, 15_000);
      expect(settled, `order ${code} paid with its mails`).toBe(true);
      // Let the provider's own (asynchronous) webhook land too, then count again.
      await new Promise((r) => setTimeout(r, 1_000));

      const [order] = await shop.db.select().from(s.orders).where(eq(s.orders.code, code));
      expect(order.status).toBe("paid");
      const payments = await shop.db.select().from(s.payments).where(eq(s.payments.orderId, order.id));
      expect(payments.map((x) => x.status)).toEqual(["paid"]);
      for (const who of ["company", "customer"]) {
        const [m] = await shop.db
          .select({ n: count() })
          .from(s.outbox)
          .where(eq(s.outbox.dedupeKey, `order:${code}:${who}`));
        expect(Number(m.n), `${who} mail of ${code}`).toBe(1);
      }
      // However many paths confirmed it, paying credits nothing: earned points wait for the
      // order's completion (docs/decisions/0021).
      expect(order.pointsEarnedCents).toBeGreaterThan(0);
      const [me] = await shop.db
        .select({ points: s.customers.pointsBalanceCents })
        .from(s.customers)
        .where(and(eq(s.customers.id, customerId)));
      expect(me.points, "no points credited on payment").toBe(0);
    }
  });
});
