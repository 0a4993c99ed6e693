// The sales report's arithmetic on both drivers, at its edges: an order at 23:30 on the last day
// of a month in Cyprus falls in that month and one at 00:30 the next day in the next (in UTC both
// are the earlier day), ISO weeks start on Monday in Cyprus, cancelled, expired and unpaid orders
// are not sales, the previous period is the range of equal length before, and a table downloads
// as CSV with its export audited. Dates are fixed in 2026 (Cyprus is UTC+2 in January and February).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { type CheckoutFixture, seedCheckoutFixture } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";

const HOST = "beta.localhost";

interface Figures {
  orders: number;
  units: number;
  grossCents: number;
  discountCents: number;
  shippingCents: number;
  refundedCents: number;
  netCents: number;
  averageOrderCents: number;
}
interface Row {
  id: number | null;
  code: string | null;
  name: string | null;
  orders: number;
  units: number;
  grossCents: number;
}
interface Report {
  from: string;
  to: string;
  totals: Figures;
  previous: { from: string; to: string; totals: Figures };
  periods: (Figures & { period: string })[];
  products: { rows: Row[]; total: number };
  categories: Row[];
  brands: Row[];
  payments: (Figures & { method: string })[];
}

describe.each(driversFor("both"))("back-office sales report on %s", (driver) => {
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
    const [brand] = await db.insert(s.brands).values({ name: "Aurora", code: "AUR" }).returning();
    const [master] = await db
      .insert(s.masterCategories)
      .values({ code: "HW", description: "Hardware", slug: "hardware" })
      .returning();
    const cats = await db
      .insert(s.categories)
      .values([
        { masterId: master?.id as number, code: "KITS", description: "Kits", slug: "kits" },
        { masterId: master?.id as number, code: "PARTS", description: "Parts", slug: "parts" },
      ])
      .returning();
    const [kits, parts] = cats as unknown as [{ id: number }, { id: number }];
    await db.update(s.products).set({ brandId: brand?.id }).where(eq(s.products.id, fx.products.pod));
    await db.update(s.products).set({ brandId: brand?.id }).where(eq(s.products.id, fx.products.coil));
    await db.insert(s.productCategories).values([
      { productId: fx.products.pod, categoryId: kits.id, seq: 0 },
      // The coil is in two categories: each counts it.
      { productId: fx.products.coil, categoryId: kits.id, seq: 0 },
      { productId: fx.products.coil, categoryId: parts.id, seq: 1 },
    ]);
    p.registry.invalidate();
    owner = await signedInStaff(p, HOST, "beta", { email: "owner@beta.test", role: "owner" });
    clerk = await signedInStaff(p, HOST, "beta", { email: "clerk@beta.test", role: "staff" });

    const order = async (
      code: string,
      status: string,
      paymentMethod: string,
      createdAt: string,
      lines: { productId: number; qty: number; unit: number }[],
      shipping = 0,
      redeemed = 0,
    ) => {
      const goods = lines.reduce((n, l) => n + l.qty * l.unit, 0);
      const [o] = await db
        .insert(s.orders)
        .values({
          code,
          customerId: fx.customers.maria,
          status,
          goodsTotalCents: goods,
          shippingCostCents: shipping,
          pointsRedeemedCents: redeemed,
          totalCents: goods + shipping - redeemed,
          paymentMethod,
          customerName: "Maria Georgiou",
          customerEmail: "maria@example.com",
          createdAt: new Date(createdAt),
        })
        .returning();
      await db.insert(s.orderLines).values(
        lines.map((l) => ({
          orderId: o?.id as number,
          productId: l.productId,
          description: code,
          qty: l.qty,
          unitPriceCents: l.unit,
          vatRate: 19,
          lineTotalCents: l.qty * l.unit,
        })),
      );
    };
    const { pod, liquid, coil, last } = fx.products;
    // Saturday 10 January, noon in Cyprus: in the previous period of February.
    await order("R-JAN10", "completed", "cod", "2026-01-10T10:00:00Z", [
      { productId: last, qty: 1, unit: 1000 },
    ]);
    // Saturday 31 January 23:30 in Cyprus (21:30 UTC): January.
    await order(
      "R-JAN31",
      "completed",
      "card",
      "2026-01-31T21:30:00Z",
      [{ productId: pod, qty: 1, unit: 2999 }],
      450,
      100,
    );
    // Sunday 1 February 00:30 in Cyprus (22:30 UTC on the 31st): February, and the ISO week of 26 January.
    await order("R-FEB01", "paid", "card", "2026-01-31T22:30:00Z", [
      { productId: liquid, qty: 2, unit: 650 },
    ]);
    // Monday 2 February 00:30 in Cyprus (22:30 UTC on Sunday): the week of 2 February.
    await order(
      "R-FEB02",
      "placed",
      "cod",
      "2026-02-01T22:30:00Z",
      [{ productId: coil, qty: 2, unit: 1190 }],
      450,
    );
    // Not sales.
    await order("R-CAN", "cancelled", "cod", "2026-02-10T10:00:00Z", [
      { productId: pod, qty: 3, unit: 2999 },
    ]);
    await order("R-EXP", "expired", "card", "2026-02-11T10:00:00Z", [{ productId: pod, qty: 1, unit: 2999 }]);
    await order("R-PEND", "pending_payment", "card", "2026-02-12T10:00:00Z", [
      { productId: coil, qty: 1, unit: 1190 },
    ]);
  });
  afterAll(async () => p?.dispose());

  const report = async (query: string) => {
    const r = await owner.req<Report>("GET", `/reports/sales?${query}`);
    expect(r.status, r.text).toBe(200);
    return r.json;
  };

  it("puts 23:30 on a month's last day in that month and 00:30 the next day in the next, in Cyprus time", async () => {
    const r = await report("from=2026-01-01&to=2026-02-28&group=month");
    expect(r.periods.map((x) => [x.period, x.orders, x.grossCents, x.netCents])).toEqual([
      ["2026-01-01", 2, 1000 + 2999, 1000 + 2999 - 100 + 450],
      ["2026-02-01", 2, 1300 + 2380, 1300 + 2380 + 450],
    ]);
    expect(r.totals).toEqual({
      orders: 4,
      units: 1 + 1 + 2 + 2,
      grossCents: 7679,
      discountCents: 100,
      shippingCents: 900,
      refundedCents: 0,
      netCents: 7679 - 100 + 900,
      averageOrderCents: Math.round((7679 - 100 + 900) / 4),
    });
  });

  it("cuts ISO weeks on Monday in Cyprus and lists every week of the range, sales or none", async () => {
    const r = await report("from=2026-01-26&to=2026-02-15&group=week");
    expect(r.periods.map((x) => [x.period, x.orders, x.units])).toEqual([
      ["2026-01-26", 2, 3],
      ["2026-02-02", 1, 2],
      ["2026-02-09", 0, 0],
    ]);
  });

  it("nets cancelled, expired and unpaid orders out and compares with the previous period of equal length", async () => {
    const r = await report("from=2026-02-01&to=2026-02-28&group=day");
    expect(r.periods).toHaveLength(28);
    expect(r.totals).toMatchObject({
      orders: 2,
      units: 4,
      grossCents: 3680,
      shippingCents: 450,
      netCents: 4130,
    });
    expect(r.previous.from).toBe("2026-01-04");
    expect(r.previous.to).toBe("2026-01-31");
    expect(r.previous.totals).toMatchObject({
      orders: 2,
      grossCents: 3999,
      discountCents: 100,
      netCents: 4349,
    });
    expect(r.payments.map((x) => [x.method, x.orders, x.netCents])).toEqual([
      ["cod", 1, 2830],
      ["card", 1, 1300],
    ]);
    expect(r.products.total).toBe(2);
    expect(r.products.rows.map((x) => [x.code, x.orders, x.units, x.grossCents])).toEqual([
      ["COIL", 1, 2, 2380],
      ["LIQ", 1, 2, 1300],
    ]);
    expect(r.brands.map((x) => [x.code, x.grossCents])).toEqual([
      ["AUR", 2380],
      [null, 1300],
    ]);
    expect(r.categories.map((x) => [x.code, x.grossCents])).toEqual([
      ["KITS", 2380],
      ["PARTS", 2380],
      [null, 1300],
    ]);
  });

  it("downloads a table as CSV, audited, and refuses a bad range or a role without reports", async () => {
    const r = await owner.req(
      "GET",
      "/reports/sales.csv?from=2026-02-01&to=2026-02-28&group=month&view=period",
    );
    expect(r.status, r.text).toBe(200);
    expect(r.res.headers.get("content-disposition")).toMatch(
      /filename="sales-period-beta-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(r.text.split("\r\n")).toEqual([
      '"period_start","orders","units","gross_eur","discounts_eur","shipping_eur","refunds_eur","net_eur","average_order_eur"',
      '"2026-02-01","2","4","36.80","0.00","4.50","0.00","41.30","20.65"',
      "",
    ]);
    const products = await owner.req("GET", "/reports/sales.csv?from=2026-02-01&to=2026-02-28&view=product");
    expect(products.text).toContain('"COIL","Mesh Coil 0.8","1","2","23.80"');
    const audit = await db.select().from(s.auditLog).where(eq(s.auditLog.action, "report.export"));
    expect(audit.map((a) => (a.after as { filters: { view: string } }).filters.view)).toEqual([
      "period",
      "product",
    ]);

    const bad = await owner.req<{ error: { message: string } }>(
      "GET",
      "/reports/sales?from=2026-03-01&to=2026-02-01",
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("The start date is after the end date.");
    expect((await owner.req("GET", "/reports/sales?from=2020-01-01&to=2026-02-01")).status).toBe(400);
    expect((await clerk.req("GET", "/reports/sales?from=2026-02-01&to=2026-02-28")).status).toBe(403);
  });
});
