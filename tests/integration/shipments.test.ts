// Shipments on both drivers (issue 42 section 3; docs/decisions/0055): partial and full shipments,
// more than ordered refused, a cancelled order refused, a repeated request recorded once, the
// courier's tracking link, the customer's mail in the order's language, the timeline, the audit
// entry, the ERP's webhook and change feed, delivery starting the withdrawal period, a cancelled
// part-shipped order returning only the unshipped stock, the couriers' rules, the records
// append-only, and (PostgreSQL) two shipments of the last unit at once recording one.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShipmentInput } from "../../core/shipments";
import * as s from "../../db/store/schema";
import { cancelAdminOrder } from "../../services/admin/orders";
import {
  createCarrier,
  deleteCarrier,
  deliverAdminOrder,
  getCarrier,
  orderShipping,
  orderVersion,
  shipAdminOrder,
  updateCarrier,
} from "../../services/admin/shipments";
import type { StoreContext } from "../../services/context";
import { ServiceError } from "../../services/failure";
import { placeOrder } from "../../services/orders";
import { withdrawalView } from "../../services/orders/withdrawal";
import { feedEnd, orderInFeed } from "../helpers/change-feed";
import {
  type CheckoutFixture,
  seedCheckoutFixture,
  stockOf,
  storeContextFor,
} from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

const STAFF = { id: null, email: "eleni@shop.test", name: "Eleni", ip: "10.0.0.1" } as unknown as {
  id: number;
  email: string;
  name: string;
  ip: string;
  role: "staff";
};
const ERP = { id: null, email: "erp-api", ip: null };

let keys = 0;
const key = () => `ship-key-${++keys}-${Date.now()}`;

describe.each(driversFor("both"))("shipments on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let store: StoreContext;
  let acs: number;
  let cyprusPost: number;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db);
    await tdb.handle.db.update(s.stock).set({ qty: 1000 });
    store = await storeContextFor(tdb.handle.db, {
      secrets: { erpWebhookUrl: "http://127.0.0.1:9/hook", erpWebhookSecret: "s3cret" },
    });
    store = { ...store, config: { ...store.config, languages: ["en", "el"] } };
    const carriers = await tdb.handle.db.select().from(s.carriers);
    acs = carriers.find((c) => c.name === "ACS Courier")?.id as number;
    cyprusPost = carriers.find((c) => c.name === "Cyprus Post")?.id as number;
  });
  afterAll(async () => tdb?.dispose());

  async function order(lines: { id: number; qty: number }[] = []) {
    const placed = await placeOrder(store, fx.customers.maria, {
      lines: lines.length
        ? lines
        : [
            { id: fx.products.liquid, qty: 3 },
            { id: fx.products.coil, qty: 1 },
          ],
      shippingId: fx.shipping.courierCy,
      paymentMethod: "cod",
      redeemPointsCents: 0,
      notes: "",
    });
    const [row] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    const ls = await tdb.handle.db
      .select()
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, row.id))
      .orderBy(s.orderLines.id);
    return { code: placed.code, row, lines: ls.map((l) => l.id) };
  }

  const ship = (
    code: string,
    lines: { orderLineId: number; qty: number }[],
    extra: Partial<{ carrierId: number; trackingNumber: string | null; idempotencyKey: string }> = {},
    actor: typeof STAFF | typeof ERP = STAFF,
  ) =>
    shipAdminOrder(store, actor, code, {
      idempotencyKey: extra.idempotencyKey ?? key(),
      carrierId: extra.carrierId ?? acs,
      trackingNumber: extra.trackingNumber === undefined ? "7201234567" : extra.trackingNumber,
      lines,
    });

  const statusOf = async (code: string) =>
    (await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, code)))[0];

  it("ships an order in parts and becomes shipped when everything has left", async () => {
    const o = await order();
    const first = await ship(o.code, [{ orderLineId: o.lines[0], qty: 2 }]);
    expect(first).toMatchObject({ status: "placed", created: true });
    expect(first.shipment).toMatchObject({
      seq: 1,
      carrier: "ACS Courier",
      trackingNumber: "7201234567",
      trackingUrl: "https://www.acscourier.net/el/track-and-trace/?tracking=7201234567",
      lines: [{ orderLineId: o.lines[0], qty: 2 }],
    });
    const second = await ship(
      o.code,
      [
        { orderLineId: o.lines[0], qty: 1 },
        { orderLineId: o.lines[1], qty: 1 },
      ],
      { carrierId: cyprusPost, trackingNumber: "RR123456785CY" },
    );
    expect(second.status).toBe("shipped");
    expect(second.shipment).toMatchObject({ seq: 2, carrier: "Cyprus Post", trackingUrl: null });

    const events = await tdb.handle.db
      .select()
      .from(s.orderEvents)
      .where(and(eq(s.orderEvents.orderId, o.row.id), eq(s.orderEvents.kind, "shipped")))
      .orderBy(s.orderEvents.id);
    expect(events.map((e) => [e.actorKind, e.actor, e.body])).toEqual([
      ["staff", "Eleni", "Shipment 1: 2 items by ACS Courier, tracking 7201234567 (part of the order)"],
      [
        "staff",
        "Eleni",
        "Shipment 2: 2 items by Cyprus Post, tracking RR123456785CY (everything is shipped)",
      ],
    ]);
    const audit = await tdb.handle.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, o.code), eq(s.auditLog.action, "order.ship")));
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ staffEmail: "eleni@shop.test" });

    // One mail per shipment, with the courier's tracking link where it has one.
    const mails = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(like(s.outbox.dedupeKey, `order:${o.code}:shipment:%`))
      .orderBy(s.outbox.id);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ kind: "order-shipment", toAddress: "maria@example.com" });
    expect(mails[0].subject).toBe(`Your order ${o.code} from Checkout Test Vapes Ltd is on its way`);
    expect(mails[0].html).toContain(
      'href="https://www.acscourier.net/el/track-and-trace/?tracking=7201234567"',
    );
    expect(mails[0].text).toContain("part of your order");
    expect(mails[0].text).toContain("2 × ");
    expect(mails[1].text).toContain("everything in your order");
    expect(mails[1].text).toContain("Follow it on the courier's website with the tracking number.");
    expect(mails[1].html).not.toContain("track-and-trace");

    // The ERP: one webhook per shipment, its body's order carrying the shipments.
    const hooks = await tdb.handle.db
      .select()
      .from(s.webhookOutbox)
      .where(like(s.webhookOutbox.eventKey, `order.shipped:${o.code}:%`))
      .orderBy(s.webhookOutbox.id);
    expect(hooks).toHaveLength(2);
    const body = JSON.parse(hooks[1].body);
    expect(body).toMatchObject({ event: "order.shipped", order: { code: o.code, status: "shipped" } });
    expect(body.order.shipments).toHaveLength(2);
    expect(body.order.shipments[0]).toMatchObject({
      seq: 1,
      carrier: "ACS Courier",
      trackingNumber: "7201234567",
      lines: [{ orderLineId: o.lines[0], qty: 2 }],
    });
  });

  it("refuses more than was ordered, a foreign line, an unknown courier and a bad tracking number", async () => {
    const o = await order();
    const other = await order();
    const over = await failure(ship(o.code, [{ orderLineId: o.lines[0], qty: 4 }]));
    expect(over).toMatchObject({ code: "invalid" });
    expect(over.message).toContain("only 3 of 3 is left to ship");
    await ship(o.code, [{ orderLineId: o.lines[0], qty: 2 }]);
    const after = await failure(ship(o.code, [{ orderLineId: o.lines[0], qty: 2 }]));
    expect(after.message).toContain("only 1 of 3 is left to ship");
    const foreign = await failure(ship(o.code, [{ orderLineId: other.lines[0], qty: 1 }]));
    expect(foreign.message).toContain("is not a line of this order");
    const twice = await failure(
      ship(o.code, [
        { orderLineId: o.lines[1], qty: 1 },
        { orderLineId: o.lines[1], qty: 1 },
      ]),
    );
    expect(twice.message).toContain("named twice");
    const courier = await failure(
      ship(o.code, [{ orderLineId: o.lines[1], qty: 1 }], { carrierId: 999_999 }),
    );
    expect(courier).toMatchObject({ code: "invalid", details: { field: "carrierId" } });
    expect(
      ShipmentInput.safeParse({
        idempotencyKey: key(),
        carrierId: acs,
        trackingNumber: "<script>",
        lines: [{ orderLineId: 1, qty: 1 }],
      }).success,
    ).toBe(false);
    // Nothing of the refused ones was recorded.
    const rows = await tdb.handle.db.select().from(s.shipments).where(eq(s.shipments.orderId, o.row.id));
    expect(rows).toHaveLength(1);
    expect((await statusOf(o.code)).status).toBe("placed");
  });

  it("refuses to ship a cancelled order, and a cancelled part-shipped order returns only what stayed", async () => {
    const o = await order();
    const liquidBefore = await stockOf(tdb.handle.db, fx.products.liquid, fx.warehouseId);
    await ship(o.code, [{ orderLineId: o.lines[0], qty: 2 }]);
    await cancelAdminOrder(store, STAFF, o.code);
    // 1 of the 3 liquids had not left: only it is back on sale; the coil (not shipped) is back too.
    expect(await stockOf(tdb.handle.db, fx.products.liquid, fx.warehouseId)).toBe(liquidBefore + 1);
    const refused = await failure(ship(o.code, [{ orderLineId: o.lines[1], qty: 1 }]));
    expect(refused).toMatchObject({ code: "invalid_state" });
    expect(refused.message).toBe(`Order ${o.code} is cancelled, so it cannot be shipped.`);
  });

  it("answers a repeated request with the first shipment and records it once", async () => {
    const o = await order();
    const k = key();
    const a = await ship(o.code, [{ orderLineId: o.lines[0], qty: 1 }], { idempotencyKey: k }, ERP);
    const b = await ship(o.code, [{ orderLineId: o.lines[0], qty: 1 }], { idempotencyKey: k }, ERP);
    expect(b).toMatchObject({ created: false, shipment: { id: a.shipment.id } });
    expect(a.shipment.by).toBe("ERP");
    const rows = await tdb.handle.db.select().from(s.shipments).where(eq(s.shipments.orderId, o.row.id));
    expect(rows).toHaveLength(1);
    const audit = await tdb.handle.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, o.code), eq(s.auditLog.action, "order.ship")));
    expect(audit).toHaveLength(1);
    expect(audit[0].staffEmail).toBe("erp-api");
  });

  it("checks the version staff read the order at", async () => {
    const o = await order();
    const version = orderVersion(o.row);
    await ship(o.code, [{ orderLineId: o.lines[0], qty: 1 }]);
    const stale = await failure(
      shipAdminOrder(store, STAFF, o.code, {
        idempotencyKey: key(),
        carrierId: acs,
        trackingNumber: null,
        lines: [{ orderLineId: o.lines[1], qty: 1 }],
        version,
      }),
    );
    expect(stale.code).toBe("edit_conflict");
    const fresh = orderVersion(await statusOf(o.code));
    const ok = await shipAdminOrder(store, STAFF, o.code, {
      idempotencyKey: key(),
      carrierId: acs,
      trackingNumber: null,
      lines: [{ orderLineId: o.lines[1], qty: 1 }],
      version: fresh,
    });
    expect(ok.created).toBe(true);
  });

  it("marks a shipped order delivered, which starts the withdrawal period", async () => {
    const o = await order();
    const early = await failure(deliverAdminOrder(store, STAFF, o.code));
    expect(early.message).toContain("only an order shipped in full can be delivered");
    await ship(o.code, [
      { orderLineId: o.lines[0], qty: 3 },
      { orderLineId: o.lines[1], qty: 1 },
    ]);
    const before = await withdrawalView(store, await statusOf(o.code));
    expect(before.window).toMatchObject({ open: true, until: null });
    const done = await deliverAdminOrder(store, ERP, o.code);
    expect(done.status).toBe("delivered");
    const row = await statusOf(o.code);
    expect(row.deliveredAt).not.toBeNull();
    const view = await withdrawalView(store, row);
    expect(view.window.open).toBe(true);
    if (view.window.open) expect(view.window.until?.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const again = await failure(deliverAdminOrder(store, STAFF, o.code));
    expect(again.message).toBe(`Order ${o.code} is already delivered.`);
    const [event] = await tdb.handle.db
      .select()
      .from(s.orderEvents)
      .where(and(eq(s.orderEvents.orderId, o.row.id), eq(s.orderEvents.kind, "delivered")));
    expect(event).toMatchObject({ actorKind: "erp", actor: "ERP" });
    const hooks = await tdb.handle.db
      .select()
      .from(s.webhookOutbox)
      .where(eq(s.webhookOutbox.eventKey, `order.delivered:${o.code}`));
    expect(JSON.parse(hooks[0].body).order).toMatchObject({ status: "delivered" });
    expect(JSON.parse(hooks[0].body).order.deliveredAt).toBe(row.deliveredAt?.toISOString());
  });

  it("writes the shipment mail in the order's language", async () => {
    const o = await order();
    await tdb.handle.db.update(s.orders).set({ lang: "el" }).where(eq(s.orders.id, o.row.id));
    await ship(o.code, [{ orderLineId: o.lines[0], qty: 1 }]);
    const [mail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(like(s.outbox.dedupeKey, `order:${o.code}:shipment:%`));
    expect(mail.subject).toBe(`Η παραγγελία σας ${o.code} από Checkout Test Vapes Ltd είναι καθ' οδόν`);
    expect(mail.text).toContain("Εντοπισμός αποστολής");
    expect(mail.html).toContain('lang="el"');
  });

  it("carries shipments in the change feed", async () => {
    const o = await order();
    const cursor = await feedEnd(store);
    await ship(o.code, [{ orderLineId: o.lines[1], qty: 1 }]);
    const found = await orderInFeed(store, cursor, o.code);
    expect(found).not.toBeNull();
    expect((found as { shipments?: unknown[] } | null)?.shipments).toHaveLength(1);
  });

  it("keeps shipments append-only", async () => {
    const o = await order();
    await ship(o.code, [{ orderLineId: o.lines[1], qty: 1 }]);
    const refusal = async (q: PromiseLike<unknown>) => {
      try {
        await q;
      } catch (err) {
        const e = err as Error & { cause?: Error };
        return `${e.message} ${e.cause?.message ?? ""}`;
      }
      return "written";
    };
    expect(
      await refusal(
        tdb.handle.db
          .update(s.shipments)
          .set({ trackingNumber: "X" })
          .where(eq(s.shipments.orderId, o.row.id)),
      ),
    ).toMatch(/shipments is append-only: UPDATE refused/);
    expect(await refusal(tdb.handle.db.delete(s.shipmentLines))).toMatch(
      /shipment_lines is append-only: DELETE refused/,
    );
  });

  it("shows the order page what is left to ship and the couriers", async () => {
    const o = await order();
    await ship(o.code, [{ orderLineId: o.lines[0], qty: 2 }]);
    const view = await orderShipping(store, await statusOf(o.code));
    expect(view.lines.map((l) => l.remaining)).toEqual([1, 1]);
    expect(view.canShip).toBe(true);
    expect(view.canDeliver).toBe(false);
    expect(view.carriers.map((c) => c.name)).toEqual([
      "ACS Courier",
      "Cyprus Post",
      "ELTA Courier",
      "Geniki Taxydromiki",
      "Speedex",
      "DHL Express",
    ]);
  });

  it("keeps couriers' tracking addresses sane, and a courier that shipped cannot be deleted", async () => {
    const bad = await failure(
      updateCarrier(store, STAFF, acs, {
        name: "ACS Courier",
        trackingUrl: "javascript:alert(1)//{tracking}",
        seq: 0,
        active: true,
        version: (await getCarrier(store, acs)).version,
      }),
    );
    expect(bad).toMatchObject({ code: "invalid", details: { field: "trackingUrl" } });
    const created = await createCarrier(store, STAFF, {
      name: "Box Now",
      trackingUrl: "https://boxnow.example/track/{tracking}",
      seq: 9,
      active: true,
    });
    await deleteCarrier(store, STAFF, created.id, created.version);
    const used = await failure(deleteCarrier(store, STAFF, acs));
    expect(used.message).toContain("untick Active");
    const stale = await failure(
      updateCarrier(store, STAFF, acs, {
        name: "ACS",
        trackingUrl: null,
        seq: 0,
        active: true,
        version: "stale-version",
      }),
    );
    expect(stale.code).toBe("edit_conflict");
  });

  it.runIf(driver === "pg")("records one of two shipments of the last unit made at once", async () => {
    const o = await order([{ id: fx.products.coil, qty: 1 }]);
    const results = await Promise.allSettled([
      ship(o.code, [{ orderLineId: o.lines[0], qty: 1 }], { trackingNumber: "A1" }),
      ship(o.code, [{ orderLineId: o.lines[0], qty: 1 }], { trackingNumber: "B2" }),
    ]);
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason as ServiceError;
    expect(reason.code).toBe("invalid_state");
    const rows = await tdb.handle.db.select().from(s.shipments).where(eq(s.shipments.orderId, o.row.id));
    expect(rows).toHaveLength(1);
    expect((await statusOf(o.code)).status).toBe("shipped");
  });
});
