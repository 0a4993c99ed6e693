// The back office's dashboard on both drivers: sales today and over 7 Cyprus days (placed, paid
// and completed only), orders waiting for action, low stock in the web warehouse, and the newest
// inquiries only for roles that read the inbox.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextDate, zonedDate, zonedDayStart } from "../../core/admin/orders";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { type CheckoutFixture, seedCheckoutFixture } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";

const HOST = "beta.localhost";

interface Dashboard {
  timeZone: string;
  today: { date: string; orders: number; revenueCents: number };
  week: { from: string; to: string; orders: number; revenueCents: number; days: { date: string }[] };
  waiting: { count: number; orders: { code: string }[] };
  lowStock: { warehouse: { name: string } | null; products: { code: string; qty: number }[] };
  inquiries: { name: string }[] | null;
}

describe.each(driversFor("both"))("back-office dashboard on %s", (driver) => {
  let p: Platform;
  let db: StoreContext["db"];
  let fx: CheckoutFixture;
  let owner: AdminClient;
  let clerk: AdminClient;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("beta")).db;
    fx = await seedCheckoutFixture(db);
    p.registry.invalidate();
    owner = await signedInStaff(p, HOST, "beta", { email: "owner@beta.test", role: "owner" });
    clerk = await signedInStaff(p, HOST, "beta", { email: "clerk@beta.test", role: "staff" });

    const now = new Date();
    const today = zonedDate(now);
    // Just after the start of today in Cyprus, and at noon 3 and 8 days ago.
    const startToday = new Date(zonedDayStart(today).getTime() + 60_000);
    const threeDaysAgo = new Date(zonedDayStart(nextDate(today, -3)).getTime() + 12 * 3600_000);
    const eightDaysAgo = new Date(zonedDayStart(nextDate(today, -8)).getTime() + 12 * 3600_000);
    const justBeforeToday = new Date(zonedDayStart(today).getTime() - 60_000);
    const row = (code: string, status: string, totalCents: number, createdAt: Date) => ({
      code,
      customerId: fx.customers.maria,
      status,
      goodsTotalCents: totalCents,
      totalCents,
      paymentMethod: "cod",
      customerName: "Maria Georgiou",
      customerEmail: "maria@example.com",
      createdAt,
    });
    await db
      .insert(s.orders)
      .values([
        row("D-T1", "placed", 1000, startToday),
        row("D-T2", "paid", 2500, startToday),
        row("D-T3", "completed", 500, startToday),
        row("D-T4", "cancelled", 9900, startToday),
        row("D-T5", "pending_payment", 9900, startToday),
        row("D-T6", "expired", 9900, startToday),
        row("D-Y1", "placed", 700, justBeforeToday),
        row("D-W1", "completed", 3000, threeDaysAgo),
        row("D-OLD", "placed", 4000, eightDaysAgo),
      ]);
    await db.update(s.stock).set({ qty: 1 }).where(eq(s.stock.productId, fx.products.liquid));
    await db.update(s.stock).set({ qty: 0 }).where(eq(s.stock.productId, fx.products.pod));
    await db.insert(s.stock).values({ productId: fx.products.gone, warehouseId: fx.warehouseId, qty: 0 });
    await db.insert(s.inquiries).values(
      Array.from({ length: 7 }, (_, i) => ({
        kind: i % 2 ? "partner" : "contact",
        name: `Asker ${i + 1}`,
        email: `asker${i + 1}@example.org`,
        message: "Hello",
        createdAt: new Date(now.getTime() - (7 - i) * 60_000),
      })),
    );
  });
  afterAll(async () => p?.dispose());

  it("counts today's and the week's sales in Cyprus days, placed, paid and completed only", async () => {
    const r = await owner.req<Dashboard>("GET", "/dashboard");
    expect(r.status, r.text).toBe(200);
    expect(r.json.timeZone).toBe("Europe/Nicosia");
    expect(r.json.today).toMatchObject({ date: zonedDate(new Date()), orders: 3, revenueCents: 4000 });
    expect(r.json.week.days).toHaveLength(7);
    expect(r.json.week).toMatchObject({ orders: 5, revenueCents: 4000 + 700 + 3000 });
  });

  it("lists orders waiting for action oldest first, the lowest stock of live products, the newest inquiries", async () => {
    const r = await owner.req<Dashboard>("GET", "/dashboard");
    expect(r.json.waiting.count).toBe(4);
    expect(r.json.waiting.orders.map((o) => o.code)).toEqual(["D-OLD", "D-Y1", "D-T1", "D-T2"]);
    expect(r.json.lowStock.warehouse?.name).toBe("Main shop");
    // POD 0, LIQ 1, COIL 3; LAST has 5 and GONE is deleted.
    expect(r.json.lowStock.products.map((x) => [x.code, x.qty])).toEqual([
      ["POD", 0],
      ["LIQ", 1],
      ["COIL", 3],
    ]);
    expect(r.json.inquiries?.map((q) => q.name)).toEqual([
      "Asker 7",
      "Asker 6",
      "Asker 5",
      "Asker 4",
      "Asker 3",
    ]);
  });

  it("leaves the inquiries out for a role that cannot read the inbox, and needs a session", async () => {
    const r = await clerk.req<Dashboard>("GET", "/dashboard");
    expect(r.status).toBe(200);
    expect(r.json.inquiries).toBeNull();
    expect(r.text).not.toContain("asker");
    const { AdminClient } = await import("../helpers/admin");
    const anon = await new AdminClient(p, HOST).start();
    expect((await anon.req("GET", "/dashboard")).status).toBe(401);
  });
});
