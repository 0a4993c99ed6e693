// The back office's orders on both drivers: the list's paging, sorting and filters (days in the
// shop's time zone), one order with its lines, payments and mails, the packing slip, and the
// actions: complete and cancel (stock and points follow the order rules, one audit entry each,
// refused with 409 where the status does not allow it, once only when two arrive at once) and
// resending the customer's confirmation; the order's timeline (who did what, the customer's mail on
// completion and cancellation in the order's language, internal notes, append-only).
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as c from "../../db/control/schema";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { placeOrder } from "../../services/orders";
import { cancelUnpaid } from "../../services/orders/unpaid";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { type CheckoutFixture, pointsOf, seedCheckoutFixture, stockOf } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";

interface ListBody {
  orders: { code: string; status: string; totalCents: number; createdAt: string; paymentMethod: string }[];
  total: number;
  page: number;
  limit: number;
}

describe.each(driversFor("both"))("back-office orders on %s", (driver) => {
  let p: Platform;
  let db: StoreContext["db"];
  let store: StoreContext;
  let fx: CheckoutFixture;
  let owner: AdminClient;
  let clerk: AdminClient;

  const place = async (
    extra: { qty?: number; redeem?: number; customer?: number; payment?: "cod" | "bank" } = {},
  ) =>
    placeOrder(store, extra.customer ?? fx.customers.maria, {
      lines: [{ id: fx.products.pod, qty: extra.qty ?? 2 }],
      shippingId: fx.shipping.courierCy,
      paymentMethod: extra.payment ?? "cod",
      redeemPointsCents: extra.redeem ?? 0,
      notes: "Ring twice, please",
    });

  const auditOf = (code: string | null, action: string) =>
    db
      .select()
      .from(s.auditLog)
      .where(
        code === null
          ? eq(s.auditLog.action, action)
          : and(eq(s.auditLog.entityId, code), eq(s.auditLog.action, action)),
      )
      .orderBy(s.auditLog.id);

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    fx = await seedCheckoutFixture(db);
    p.registry.invalidate();
    store = (await p.registry.resolve(HOST)) as StoreContext;
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
    clerk = await signedInStaff(p, HOST, "alpha", { email: "clerk@alpha.test", role: "staff" });

    // 30 orders with known dates, statuses, methods and totals for the list tests. March 2026 in
    // Cyprus is UTC+2 (summer time starts on the 29th).
    const statuses = ["placed", "paid", "completed", "cancelled", "expired", "pending_payment"] as const;
    const methods = ["cod", "card", "bank"] as const;
    await db.insert(s.orders).values(
      Array.from({ length: 30 }, (_, i) => ({
        code: `LST-${String(i + 1).padStart(3, "0")}`,
        customerId: fx.customers.trade,
        status: statuses[i % statuses.length] as string,
        goodsTotalCents: 1000 + i * 100,
        totalCents: 1000 + ((i * 7) % 30) * 100,
        paymentMethod: methods[i % methods.length] as string,
        customerName: i === 4 ? "Zoë O'Brien" : `Lister ${i + 1}`,
        customerEmail: i === 4 ? "zoe_100%@example.org" : `lister${i + 1}@example.org`,
        createdAt: new Date(Date.UTC(2026, 2, 1 + i, 12, 0, 0)),
      })),
    );
    // On the edge of a Cyprus day: 23:30 on the 9th and 00:30 on the 10th (local time).
    await db.insert(s.orders).values([
      {
        code: "EDGE-LATE",
        customerId: fx.customers.trade,
        status: "placed",
        goodsTotalCents: 500,
        totalCents: 500,
        paymentMethod: "cod",
        customerName: "Edge Late",
        customerEmail: "edge@example.org",
        createdAt: new Date("2026-03-09T21:30:00Z"),
      },
      {
        code: "EDGE-EARLY",
        customerId: fx.customers.trade,
        status: "placed",
        goodsTotalCents: 500,
        totalCents: 500,
        paymentMethod: "cod",
        customerName: "Edge Early",
        customerEmail: "edge@example.org",
        createdAt: new Date("2026-03-09T22:30:00Z"),
      },
    ]);
  });
  afterAll(async () => p?.dispose());

  it("lists newest first with a total, pages of at most 100, and refuses a bigger page", async () => {
    const first = await owner.req<ListBody>("GET", "/orders?limit=10");
    expect(first.status, first.text).toBe(200);
    expect(first.json.total).toBe(32);
    expect(first.json.orders).toHaveLength(10);
    expect(first.json.orders[0]?.code).toBe("LST-030");
    const dates = first.json.orders.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await owner.req<ListBody>("GET", "/orders?limit=10&page=4");
    expect(last.json.orders.map((o) => o.code)).toEqual(["LST-002", "LST-001"]);
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      const r = await owner.req<ListBody>("GET", `/orders?limit=10&page=${page}`);
      for (const o of r.json.orders) seen.add(o.code);
    }
    expect(seen.size).toBe(32);
    expect((await owner.req("GET", "/orders?limit=101")).status).toBe(400);
    expect((await owner.req("GET", "/orders?limit=0")).status).toBe(400);
  });

  it("sorts by total, code and status, both ways", async () => {
    const asc = await owner.req<ListBody>("GET", "/orders?sort=total&dir=asc&limit=100");
    const totals = asc.json.orders.map((o) => o.totalCents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const desc = await owner.req<ListBody>("GET", "/orders?sort=total&dir=desc&limit=100");
    expect(desc.json.orders[0]?.totalCents).toBe(Math.max(...totals));
    const codes = (await owner.req<ListBody>("GET", "/orders?sort=code&dir=asc&limit=100")).json.orders.map(
      (o) => o.code,
    );
    expect(codes).toEqual([...codes].sort());
    const byStatus = (
      await owner.req<ListBody>("GET", "/orders?sort=status&dir=asc&limit=100")
    ).json.orders.map((o) => o.status);
    expect(byStatus).toEqual([...byStatus].sort());
    expect((await owner.req("GET", "/orders?sort=price")).status).toBe(400);
  });

  it("filters by several statuses, payment method and Cyprus days", async () => {
    const waiting = await owner.req<ListBody>("GET", "/orders?status=placed,paid&limit=100");
    expect(waiting.status).toBe(200);
    expect(waiting.json.total).toBe(12);
    expect(new Set(waiting.json.orders.map((o) => o.status))).toEqual(new Set(["placed", "paid"]));
    const bank = await owner.req<ListBody>("GET", "/orders?payment=bank&limit=100");
    expect(bank.json.total).toBe(10);
    expect(bank.json.orders.every((o) => o.paymentMethod === "bank")).toBe(true);
    const both = await owner.req<ListBody>("GET", "/orders?payment=cod&status=placed&limit=100");
    expect(both.json.orders.every((o) => o.paymentMethod === "cod" && o.status === "placed")).toBe(true);
    // The 10th of March in Cyprus: EDGE-EARLY (00:30 local) and LST-010, not EDGE-LATE (23:30 on the 9th).
    const day = await owner.req<ListBody>("GET", "/orders?from=2026-03-10&to=2026-03-10");
    expect(day.json.orders.map((o) => o.code).sort()).toEqual(["EDGE-EARLY", "LST-010"]);
    const range = await owner.req<ListBody>("GET", "/orders?from=2026-03-29&to=2026-03-31");
    expect(range.json.orders.map((o) => o.code).sort()).toEqual(["LST-029", "LST-030"]);
    expect((await owner.req("GET", "/orders?status=placed,lost")).status).toBe(400);
    expect((await owner.req("GET", "/orders?payment=gold")).status).toBe(400);
    expect((await owner.req("GET", "/orders?from=2026-02-31")).status).toBe(400);
    const backwards = await owner.req("GET", "/orders?from=2026-03-10&to=2026-03-01");
    expect(backwards.status).toBe(400);
    expect(String(backwards.json.message)).toContain("start date is after the end date");
  });

  it("searches code, customer name and email without case, LIKE wildcards taken literally", async () => {
    const byCode = await owner.req<ListBody>("GET", "/orders?q=lst-02");
    expect(byCode.json.orders.map((o) => o.code).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `LST-0${20 + i}`)
        .filter((c) => c <= "LST-029")
        .sort(),
    );
    const byName = await owner.req<ListBody>("GET", `/orders?q=${encodeURIComponent("ZOË O'b")}`);
    expect(byName.json.orders.map((o) => o.code)).toEqual(["LST-005"]);
    const byEmail = await owner.req<ListBody>("GET", `/orders?q=${encodeURIComponent("zoe_100%")}`);
    expect(byEmail.json.orders.map((o) => o.code)).toEqual(["LST-005"]);
    const wildcard = await owner.req<ListBody>("GET", `/orders?q=${encodeURIComponent("%")}`);
    expect(wildcard.json.orders.map((o) => o.code)).toEqual(["LST-005"]);
    const nothing = await owner.req<ListBody>("GET", "/orders?q=nobody-at-all");
    expect(nothing.json).toMatchObject({ total: 0, orders: [] });
    expect((await owner.req("GET", `/orders?q=${"x".repeat(101)}`)).status).toBe(400);
  });

  it("shows one order with lines, totals, shipping, notes, customer and the mails sent for it", async () => {
    const placed = await place({ qty: 1 });
    const r = await clerk.req<Record<string, unknown>>("GET", `/orders/${placed.code}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      code: placed.code,
      status: "placed",
      notes: "Ring twice, please",
      shipping: { method: "Courier Cyprus", city: "Limassol", country: "CY" },
      payment: { method: "cod", payments: [] },
      customer: {
        id: fx.customers.maria,
        name: "Maria Georgiou",
        email: "maria@example.com",
        account: "active",
      },
      actions: { complete: true, cancel: true, resend: true },
    });
    expect(r.json.lines).toEqual([
      expect.objectContaining({
        productId: fx.products.pod,
        productCode: "POD",
        qty: 1,
        unitPriceCents: 2999,
      }),
    ]);
    expect(r.json.totals).toMatchObject({
      goodsCents: placed.totals.goodsTotalCents,
      shippingCents: placed.totals.shippingCostCents,
      totalCents: placed.totals.totalCents,
      vatExcluded: false,
    });
    const kinds = (r.json.mails as { kind: string; to: string }[]).map((m) => `${m.kind}:${m.to}`).sort();
    expect(kinds).toEqual(["order-company:shop@checkout.test", "order-customer:maria@example.com"]);
    expect(r.text).not.toContain("password");
    expect((await owner.req("GET", "/orders/NO-SUCH-ORDER")).status).toBe(404);
    expect((await owner.req("GET", "/orders/bad%20code!")).status).toBe(400);
  });

  it("exports the filtered orders as CSV: every match, oldest first, euros with two decimals, formulas defused", async () => {
    await db.insert(s.orders).values({
      code: "CSV-FORMULA",
      customerId: null,
      status: "paid",
      goodsTotalCents: 123456,
      shippingCostCents: 450,
      totalCents: 123906,
      paymentMethod: "card",
      customerName: '=HYPERLINK("http://evil","x")',
      customerEmail: "+formula@example.org",
      shipCity: "Paphos",
      shipCountry: "CY",
      createdAt: new Date("2026-03-15T10:00:00Z"),
      paidAt: new Date("2026-03-15T10:05:00Z"),
    });
    const r = await clerk.req("GET", "/orders.csv?from=2026-03-14&to=2026-03-16");
    expect(r.status, r.text).toBe(200);
    expect(r.res.headers.get("content-type")).toContain("text/csv");
    expect(r.res.headers.get("content-disposition")).toMatch(
      /attachment; filename="orders-alpha-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = r.text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      '"code","placed_at","status","customer_name","customer_email","customer_phone","guest","payment_method","shipping_method","ship_city","ship_country","goods_eur","shipping_eur","points_redeemed_eur","total_eur","vat_excluded","paid_at"',
    );
    // The 14th to the 16th of March in Cyprus: LST-014, LST-015, LST-016 and this one, by id.
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([
      '"LST-014"',
      '"LST-015"',
      '"LST-016"',
      '"CSV-FORMULA"',
    ]);
    expect(lines[4]).toBe(
      `"CSV-FORMULA","2026-03-15T10:00:00.000Z","paid","'=HYPERLINK(""http://evil"",""x"")","'+formula@example.org","","yes","card","","Paphos","CY","1234.56","4.50","0.00","1239.06","no","2026-03-15T10:05:00.000Z"`,
    );
    for (const line of lines) expect(line).not.toMatch(/(^|,)"[=+\-@]/);
    const exported = await auditOf(null, "order.export");
    expect(exported.at(-1)).toMatchObject({
      staffEmail: "clerk@alpha.test",
      after: { filters: { from: "2026-03-14", to: "2026-03-16" } },
    });

    const paid = await clerk.req("GET", "/orders.csv?status=paid&from=2026-03-01&to=2026-03-31");
    const codes = paid.text.split("\r\n").filter(Boolean).slice(1);
    expect(codes.length).toBeGreaterThan(1);
    expect(codes.every((l) => l.includes('"paid"'))).toBe(true);
    expect((await clerk.req("GET", "/orders.csv?status=lost")).status).toBe(400);
    const { AdminClient } = await import("../helpers/admin");
    const anon = await new AdminClient(p, HOST).start();
    expect((await anon.req("GET", "/orders.csv")).status).toBe(401);
  });

  it("exports more orders than one batch, each once", async () => {
    await db.insert(s.orders).values(
      Array.from({ length: 2100 }, (_, i) => ({
        code: `BULK-${String(i).padStart(4, "0")}`,
        customerId: fx.customers.trade,
        status: "completed",
        goodsTotalCents: 100,
        totalCents: 100,
        paymentMethod: "cod",
        customerName: "Bulk Buyer",
        customerEmail: "bulk@example.org",
        createdAt: new Date("2025-06-01T12:00:00Z"),
      })),
    );
    const r = await owner.req("GET", "/orders.csv?q=bulk-");
    const lines = r.text.split("\r\n").filter(Boolean).slice(1);
    expect(lines).toHaveLength(2100);
    expect(new Set(lines).size).toBe(2100);
  });

  it("gives the packing slip's data: store, ship-to, lines with quantities and the notes", async () => {
    const placed = await place({ qty: 3 });
    await db
      .update(s.warehouses)
      .set({ address: "1 Harbour Road, Limassol" })
      .where(eq(s.warehouses.id, fx.warehouseId));
    const r = await clerk.req<Record<string, unknown>>("GET", `/orders/${placed.code}/slip`);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      store: { name: "Alpha Vapes Ltd", address: "1 Harbour Road, Limassol" },
      order: { code: placed.code },
      shipTo: { name: "Maria Georgiou", city: "Limassol", method: "Courier Cyprus" },
      lines: [{ productCode: "POD", description: expect.any(String), qty: 3 }],
      notes: "Ring twice, please",
    });
  });

  it("completes an order: its stock stays taken, the earned points are credited, one audit entry", async () => {
    const before = await stockOf(db, fx.products.pod, fx.warehouseId);
    const pointsBefore = await pointsOf(db, fx.customers.maria);
    const placed = await place({ qty: 2 });
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(before - 2);
    const order = (await db.select().from(s.orders).where(eq(s.orders.code, placed.code)))[0];
    expect(order?.pointsEarnedCents).toBeGreaterThan(0);

    const r = await clerk.req("POST", `/orders/${placed.code}/complete`);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ code: placed.code, status: "completed" });
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(before - 2);
    const pointsAfter = await pointsOf(db, fx.customers.maria);
    expect(pointsAfter?.balance).toBe((pointsBefore?.balance ?? 0) + (order?.pointsEarnedCents ?? 0));

    const audit = await auditOf(placed.code, "order.complete");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffEmail: "clerk@alpha.test", entity: "order" });
    expect(audit[0]?.before).toMatchObject({ status: "placed" });
    expect(audit[0]?.after).toMatchObject({
      status: "completed",
      customerPointsBalanceCents: (pointsBefore?.balance ?? 0) + (order?.pointsEarnedCents ?? 0),
    });

    const again = await clerk.req("POST", `/orders/${placed.code}/complete`);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: "invalid_state" });
    expect(String(again.json.message)).toContain("is completed, so it cannot be completed");
    expect(await auditOf(placed.code, "order.complete")).toHaveLength(1);
    expect((await clerk.req("POST", "/orders/NO-SUCH/complete")).status).toBe(404);
  });

  it("cancels a placed order: its stock and held points come back, one audit entry; a second cancel is 409", async () => {
    await db
      .update(s.customers)
      .set({ pointsBalanceCents: 1000, pointsOnHoldCents: 0 })
      .where(eq(s.customers.id, fx.customers.maria));
    const stockBefore = await stockOf(db, fx.products.pod, fx.warehouseId);
    const placed = await place({ qty: 1, redeem: 500 });
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(stockBefore - 1);
    expect(await pointsOf(db, fx.customers.maria)).toMatchObject({ balance: 1000, onHold: 500 });

    const r = await owner.req("POST", `/orders/${placed.code}/cancel`);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ status: "cancelled" });
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(stockBefore);
    expect(await pointsOf(db, fx.customers.maria)).toMatchObject({ balance: 1000, onHold: 0 });
    const audit = await auditOf(placed.code, "order.cancel");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ status: "placed", customerPointsOnHoldCents: 500 });
    expect(audit[0]?.after).toMatchObject({ status: "cancelled", customerPointsOnHoldCents: 0 });

    const again = await owner.req("POST", `/orders/${placed.code}/cancel`);
    expect(again.status).toBe(409);
    expect(String(again.json.message)).toContain("is cancelled, so it cannot be cancelled");
    expect((await owner.req("POST", `/orders/${placed.code}/complete`)).status).toBe(409);
  });

  it("cancels a completed order: redeemed points return and earned points are taken back, stock unchanged", async () => {
    await db
      .update(s.customers)
      .set({ pointsBalanceCents: 1000, pointsOnHoldCents: 0 })
      .where(eq(s.customers.id, fx.customers.maria));
    const placed = await place({ qty: 1, redeem: 300 });
    const order = (await db.select().from(s.orders).where(eq(s.orders.code, placed.code)))[0];
    expect((await owner.req("POST", `/orders/${placed.code}/complete`)).status).toBe(200);
    expect(await pointsOf(db, fx.customers.maria)).toMatchObject({
      balance: 1000 - 300 + (order?.pointsEarnedCents ?? 0),
      onHold: 0,
    });
    const stock = await stockOf(db, fx.products.pod, fx.warehouseId);
    const r = await owner.req("POST", `/orders/${placed.code}/cancel`);
    expect(r.status, r.text).toBe(200);
    expect(await pointsOf(db, fx.customers.maria)).toMatchObject({ balance: 1000, onHold: 0 });
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(stock);
    const audit = await auditOf(placed.code, "order.cancel");
    expect(audit[0]?.before).toMatchObject({ status: "completed" });
  });

  it("applies a change once when two staff press complete at the same moment", async () => {
    const placed = await place({ qty: 1 });
    const [a, b] = await Promise.all([
      owner.req("POST", `/orders/${placed.code}/complete`),
      clerk.req("POST", `/orders/${placed.code}/complete`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await auditOf(placed.code, "order.complete")).toHaveLength(1);
    const [c1, c2] = await Promise.all([
      owner.req("POST", `/orders/${placed.code}/cancel`),
      clerk.req("POST", `/orders/${placed.code}/cancel`),
    ]);
    expect([c1.status, c2.status].sort()).toEqual([200, 409]);
    expect(await auditOf(placed.code, "order.cancel")).toHaveLength(1);
  });

  it("resends the customer's confirmation under a new key each time, audited; refused before confirmation", async () => {
    const placed = await place({ qty: 1 });
    const first = await clerk.req("POST", `/orders/${placed.code}/resend-confirmation`);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ to: "maria@example.com" });
    const second = await clerk.req("POST", `/orders/${placed.code}/resend-confirmation`);
    expect(second.status).toBe(200);
    const rows = await db
      .select()
      .from(s.outbox)
      .where(like(s.outbox.dedupeKey, `order:${placed.code}:customer%`))
      .orderBy(s.outbox.id);
    expect(rows.map((m) => m.dedupeKey)).toEqual([
      `order:${placed.code}:customer`,
      `order:${placed.code}:customer:resend:1`,
      `order:${placed.code}:customer:resend:2`,
    ]);
    expect(rows[2]).toMatchObject({
      kind: "order-customer",
      toAddress: "maria@example.com",
      subject: rows[0]?.subject,
    });
    expect(rows[2]?.html).toBe(rows[0]?.html);
    expect(await auditOf(placed.code, "order.resend_confirmation")).toHaveLength(2);
    const detail = await clerk.req<{ mails: unknown[] }>("GET", `/orders/${placed.code}`);
    expect(detail.json.mails).toHaveLength(4);

    const expired = await clerk.req("POST", "/orders/LST-005/resend-confirmation");
    expect(expired.status).toBe(409);
    expect(String(expired.json.message)).toContain("LST-005 is expired");
    expect((await clerk.req("POST", "/orders/NO-SUCH/resend-confirmation")).status).toBe(404);
  });

  interface Timeline {
    timeline: { kind: string; title: string; detail: string | null; by: string | null; warning: boolean }[];
    customer: { account: string };
  }
  const timelineOf = async (code: string) => {
    const r = await owner.req<Timeline>("GET", `/orders/${code}`);
    expect(r.status, r.text).toBe(200);
    return r.json;
  };
  const mailOf = async (code: string, outcome: string) =>
    (
      await db
        .select()
        .from(s.outbox)
        .where(eq(s.outbox.dedupeKey, `order:${code}:customer:${outcome}`))
    )[0];

  it("keeps a timeline: placed by the customer, completed by a named member of staff, who is told the customer was mailed", async () => {
    const placed = await place({ qty: 1 });
    const done = await clerk.req<{ message: string }>("POST", `/orders/${placed.code}/complete`);
    expect(done.status, done.text).toBe(200);
    expect(done.json.message).toBe(`Order ${placed.code} is completed. maria@example.com is told by mail.`);
    const { timeline } = await timelineOf(placed.code);
    const events = timeline.filter((e) => e.kind !== "mail");
    expect(events.map((e) => [e.kind, e.by])).toEqual([
      ["completed", "clerk (staff)"],
      ["placed", "Maria Georgiou (customer)"],
    ]);
    // The three mails: the confirmation, the shop's copy and, newest, "completed".
    const mails = timeline.filter((e) => e.kind === "mail").map((e) => e.title);
    expect(mails).toHaveLength(3);
    expect(mails[0]).toBe("“Order completed” mail to the customer waiting to be sent");
    const mail = await mailOf(placed.code, "completed");
    expect(mail).toMatchObject({ kind: "order-completed", toAddress: "maria@example.com" });
    expect(mail?.subject).toBe(`Your order ${placed.code} is complete | Alpha Vapes Ltd`);
    const order = (await db.select().from(s.orders).where(eq(s.orders.code, placed.code)))[0];
    expect(mail?.text).toContain(
      `Your order ${placed.code} is complete. Thank you for shopping with us, Maria Georgiou.`,
    );
    expect(mail?.text).toContain("reward points");
    expect(order?.pointsEarnedCents).toBeGreaterThan(0);
  });

  it("mails a cancellation in the order's language, and an ERP cancel names the ERP", async () => {
    await p.registry.control.db
      .update(c.stores)
      .set({ languages: ["en", "el"] })
      .where(eq(c.stores.id, "alpha"));
    p.registry.invalidate();
    try {
      const placed = await place({ qty: 1 });
      await db.update(s.orders).set({ lang: "el" }).where(eq(s.orders.code, placed.code));
      const r = await owner.req("POST", `/orders/${placed.code}/cancel`);
      expect(r.status, r.text).toBe(200);
      const mail = await mailOf(placed.code, "cancelled");
      expect(mail?.kind).toBe("order-cancelled");
      expect(mail?.subject).toBe(`Η παραγγελία σας ${placed.code} ακυρώθηκε | Alpha Vapes Ltd`);
      expect(mail?.text).toContain("Αν την έχετε ήδη πληρώσει, το ποσό θα σας επιστραφεί.");
      const cancelled = (await timelineOf(placed.code)).timeline.filter((e) => e.kind === "cancelled");
      expect(cancelled).toEqual([expect.objectContaining({ by: "owner (staff)" })]);
    } finally {
      await p.registry.control.db
        .update(c.stores)
        .set({ languages: ["en"] })
        .where(eq(c.stores.id, "alpha"));
      p.registry.invalidate();
    }
    const { cancelAdminOrder } = await import("../../services/admin/orders");
    const byErp = await place({ qty: 1 });
    await cancelAdminOrder(store, { id: null, email: "erp-api", ip: null }, byErp.code);
    const events = (await timelineOf(byErp.code)).timeline.filter((e) => e.kind === "cancelled");
    expect(events).toEqual([expect.objectContaining({ by: "ERP" })]);
  });

  it("shows a guest as a guest, and a shopper's own cancel and a lapsed payment as theirs", async () => {
    const guestStore = { ...store, settings: { ...store.settings, guestCheckout: true } } as StoreContext;
    const ANNA = {
      firstName: "Anna",
      lastName: "Ioannou",
      country: "CY",
      street: "Ledras 5",
      city: "Nicosia",
      postcode: "1011",
      phone: "99123456",
      email: "anna.guest@example.org",
    };
    const asGuest = (qty: number, guest: typeof ANNA) =>
      placeOrder(guestStore, null, {
        lines: [{ id: fx.products.pod, qty }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "cod",
        redeemPointsCents: 0,
        notes: "",
        guest,
      });
    const guest = await asGuest(1, ANNA);
    const seen = await timelineOf(guest.code);
    expect(seen.customer.account).toBe("guest");
    expect(seen.timeline.find((e) => e.kind === "placed")?.by).toBe("Anna Ioannou (guest)");

    // Guest buyers: one row per address whatever its case, the latest order's name, cancelled
    // orders counted but not in what they spent.
    const again = await asGuest(2, {
      ...ANNA,
      firstName: "Anna M.",
      phone: "99123457",
      email: "Anna.Guest@example.org",
    });
    expect((await owner.req("POST", `/orders/${guest.code}/cancel`)).status).toBe(200);
    const buyers = await owner.req<{
      items: {
        email: string;
        name: string;
        phone: string;
        ordersCount: number;
        spentCents: number;
        lastOrderCode: string;
      }[];
      total: number;
    }>("GET", "/guest-buyers?q=ANNA.GUEST");
    expect(buyers.status, buyers.text).toBe(200);
    expect(buyers.json.total).toBe(1);
    expect(buyers.json.items).toEqual([
      expect.objectContaining({
        email: "anna.guest@example.org",
        name: "Anna M. Ioannou",
        phone: "99123457",
        ordersCount: 2,
        spentCents: again.totals.totalCents,
        lastOrderCode: again.code,
      }),
    ]);
    const everyone = await owner.req<{ items: { email: string }[] }>("GET", "/guest-buyers");
    expect(everyone.json.items.map((b) => b.email)).not.toContain("maria@example.com");
    expect((await owner.req("GET", "/guest-buyers?limit=101")).status).toBe(400);

    // A card order the shopper cancels before paying, and one whose reservation lapses.
    const unpaid = async () => {
      const placed = await place({ qty: 1 });
      await db
        .update(s.orders)
        .set({ status: "pending_payment", reservedUntil: new Date(Date.now() + 60_000) })
        .where(eq(s.orders.code, placed.code));
      return placed.code;
    };
    const mine = await unpaid();
    await cancelUnpaid(store, fx.customers.maria, mine);
    expect((await timelineOf(mine)).timeline.find((e) => e.kind === "cancelled")?.by).toBe(
      "Maria Georgiou (customer)",
    );
    const lapsed = await unpaid();
    const { releaseUnpaidOrder } = await import("../../services/orders/lifecycle");
    const row = (await db.select().from(s.orders).where(eq(s.orders.code, lapsed)))[0];
    expect(await releaseUnpaidOrder(store, row?.id ?? 0)).toBe(true);
    expect((await timelineOf(lapsed)).timeline[0]).toMatchObject({ kind: "expired", by: "the shop" });
  });

  it("adds internal notes with their author, refuses an empty or too long one, and never changes the timeline", async () => {
    const placed = await place({ qty: 1 });
    const empty = await clerk.req("POST", `/orders/${placed.code}/notes`, { body: "   " });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain("Write the note first.");
    const long = await clerk.req("POST", `/orders/${placed.code}/notes`, { body: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain("at most 2,000 characters");
    expect((await clerk.req("POST", "/orders/NO-SUCH/notes", { body: "Hello" })).status).toBe(404);

    const added = await clerk.req("POST", `/orders/${placed.code}/notes`, {
      body: "  Called her: leave it at the kiosk.\nShe pays cash.  ",
    });
    expect(added.status, added.text).toBe(200);
    const first = (await timelineOf(placed.code)).timeline[0];
    expect(first).toMatchObject({
      kind: "note",
      title: "Internal note",
      detail: "Called her: leave it at the kiosk.\nShe pays cash.",
      by: "clerk (staff)",
    });
    const audit = await auditOf(placed.code, "order.note");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staffEmail).toBe("clerk@alpha.test");

    // A note is never shown to the customer: none of the order's mails carries it.
    const mails = await db
      .select()
      .from(s.outbox)
      .where(like(s.outbox.dedupeKey, `order:${placed.code}:%`));
    expect(mails.some((m) => m.text.includes("kiosk"))).toBe(false);

    // Append-only, for the application's own connection too.
    const refusal = async (query: Promise<unknown>) => {
      try {
        await query;
      } catch (err) {
        // The driver's own error, under Drizzle's "Failed query".
        return String((err as { cause?: Error }).cause?.message ?? err);
      }
      return "accepted";
    };
    expect(await refusal(db.execute(sql`update order_events set body = 'changed'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from order_events`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate order_events`))).toMatch(/append-only/);
    const kept = await db.select().from(s.orderEvents).where(eq(s.orderEvents.kind, "note"));
    expect(kept.map((e) => e.body)).toContain("Called her: leave it at the kiosk.\nShe pays cash.");
  });

  it("refuses actions without a session or without the CSRF token", async () => {
    const placed = await place({ qty: 1 });
    const noToken = await owner.req("POST", `/orders/${placed.code}/complete`, undefined, {
      "x-csrf-token": "",
    });
    expect(noToken.status).toBe(403);
    const { AdminClient } = await import("../helpers/admin");
    const anon = await new AdminClient(p, HOST).start();
    expect((await anon.req("GET", "/orders")).status).toBe(401);
    expect((await anon.req("POST", `/orders/${placed.code}/cancel`)).status).toBe(401);
    const still = (await db.select().from(s.orders).where(eq(s.orders.code, placed.code)))[0];
    expect(still?.status).toBe("placed");
  });
});
