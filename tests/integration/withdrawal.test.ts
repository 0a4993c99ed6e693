// The right of withdrawal on both drivers (issue 40 section 3; docs/decisions/0050): inside and
// outside the period at its edges, lines and quantities checked, a repeated confirmation recorded
// once, the guest link's signature checked, another customer's and another store's order refused,
// the record append-only, the acknowledgement mailed, and the ERP told (orders, feed, webhook).
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckoutRequest, CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import { listAdminOrders } from "../../services/admin/orders";
import type { StoreContext } from "../../services/context";
import { ServiceError } from "../../services/failure";
import { completeOrder, placeOrder } from "../../services/orders";
import { orderSignature } from "../../services/orders/order-link";
import { withdrawalView, withdrawFromOrder } from "../../services/orders/withdrawal";
import { feedEnd, orderInFeed } from "../helpers/change-feed";
import {
  type CheckoutFixture,
  FIXTURE_SETTINGS,
  seedCheckoutFixture,
  storeContextFor,
} from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

function request(over: Partial<CheckoutRequest>): CheckoutRequest {
  return CheckoutRequestSchema.parse({ notes: "", redeemPointsCents: 0, paymentMethod: "cod", ...over });
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

const GUEST = {
  firstName: "Anna",
  lastName: "Ioannou",
  country: "CY",
  street: "Ermou 5",
  city: "Nicosia",
  postcode: "1010",
  phone: "99123456",
  email: "anna.guest@example.com",
};

// Completed (delivered) on Monday 1 June 2026 at 13:00 in Cyprus: the period's last day is Monday
// 15 June, so the right ends at midnight Cyprus time, 21:00 UTC.
const DELIVERED = new Date("2026-06-01T10:00:00Z");
const LAST_MOMENT = new Date("2026-06-15T20:59:59.999Z");
const ENDED = new Date("2026-06-15T21:00:00Z");

describe.each(driversFor("both"))("the right of withdrawal on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let store: StoreContext;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db, { ...FIXTURE_SETTINGS, guest_checkout: "true" });
    await tdb.handle.db
      .insert(s.pageContent)
      .values({ position: "office address", text: "Agiou Andreou 145, 3036 Limassol, Cyprus" });
    // Enough stock for every order these tests place.
    await tdb.handle.db.update(s.stock).set({ qty: 1000 });
    store = await storeContextFor(tdb.handle.db, {
      secrets: { erpWebhookUrl: "http://127.0.0.1:9/hook", erpWebhookSecret: "s3cret" },
    });
  });
  afterAll(async () => tdb?.dispose());

  async function order(customerId: number | null, ctx: StoreContext = store) {
    const placed = await placeOrder(
      ctx,
      customerId,
      request({
        lines: [
          { id: fx.products.liquid, qty: 3 },
          { id: fx.products.coil, qty: 1 },
        ],
        shippingId: fx.shipping.courierCy,
        ...(customerId === null ? { guest: GUEST } : {}),
      }),
    );
    const [row] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    const lines = await tdb.handle.db
      .select()
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, row.id))
      .orderBy(s.orderLines.id);
    return { code: placed.code, row, liquid: lines[0].id, coil: lines[1].id };
  }

  const me = () => ({ kind: "customer", customerId: fx.customers.maria }) as const;
  const key = (n: string) => `key-${n}-0123456789`;

  it("carries the withdrawal information and the model form in the order confirmation", async () => {
    const o = await order(fx.customers.maria);
    const [mail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${o.code}:customer`));
    expect(mail.html).toContain("Model withdrawal form");
    expect(mail.html).toContain("I/We (*) hereby give notice");
    expect(mail.html).toContain(
      "Checkout Test Vapes Ltd, Agiou Andreou 145, 3036 Limassol, Cyprus, shop@checkout.test",
    );
    expect(mail.html).toContain("within 14 days without giving any reason");
    expect(mail.text).toContain("https://checkout.test/pages/terms");
    expect(mail.text).toContain("Withdraw from contract here");
  });

  it("names the trader of Settings' trader identity in the withdrawal information once one is saved", async () => {
    const trader = {
      legalName: "Checkout Legal Ltd",
      addressLine1: "Ermou 1",
      addressLine2: "",
      postcode: "1010",
      city: "Nicosia",
      country: "CY",
      email: "legal@checkout.test",
      phone: "+357 22 000001",
      vatNumber: "",
      registrationNumber: "",
      registerName: "",
    };
    const withTrader: StoreContext = { ...store, settings: { ...store.settings, trader } };
    const o = await order(fx.customers.maria, withTrader);
    const [mail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${o.code}:customer`));
    expect(mail.html).toContain("Checkout Legal Ltd, Ermou 1, 1010 Nicosia, Cyprus, legal@checkout.test");
  });

  it("is open before delivery and until the end of the period's last day, and closed after", async () => {
    const o = await order(fx.customers.maria);
    const before = await withdrawalView(store, o.row);
    expect(before.window).toMatchObject({ open: true, until: null });

    const completed = await completeOrder(store, o.code, undefined, DELIVERED);
    const at = (now: Date) => withdrawalView(store, completed, now);
    expect((await at(LAST_MOMENT)).window).toMatchObject({ open: true, lastDay: "2026-06-15", until: ENDED });
    expect((await at(ENDED)).window).toEqual({ open: false, reason: "expired" });

    const late = await failure(
      withdrawFromOrder(
        store,
        me(),
        o.code,
        { idempotencyKey: key("late"), lines: [{ lineId: o.coil, qty: 1 }] },
        "en",
        ENDED,
      ),
    );
    expect(late.code).toBe("invalid_state");
    const inTime = await withdrawFromOrder(
      store,
      me(),
      o.code,
      { idempotencyKey: key("in-time"), lines: [{ lineId: o.coil, qty: 1 }] },
      "en",
      LAST_MOMENT,
    );
    expect(inTime.created).toBe(true);
    const [row] = await tdb.handle.db
      .select()
      .from(s.withdrawals)
      .where(eq(s.withdrawals.id, inTime.withdrawal.id));
    expect(row.deadline?.toISOString()).toBe(ENDED.toISOString());
  });

  it("a longer period set by the shop moves the edge", async () => {
    const o = await order(fx.customers.maria);
    const completed = await completeOrder(store, o.code, undefined, DELIVERED);
    const longer = { ...store, settings: { ...store.settings, withdrawalDays: 30 } };
    expect((await withdrawalView(longer, completed, ENDED)).window).toMatchObject({
      open: true,
      lastDay: "2026-07-01",
    });
  });

  it("checks lines and quantities, and withdraws what is left in parts", async () => {
    const o = await order(fx.customers.maria);
    const other = await order(fx.customers.maria);
    const tooMany = await failure(
      withdrawFromOrder(store, me(), o.code, {
        idempotencyKey: key("many"),
        lines: [{ lineId: o.liquid, qty: 4 }],
      }),
    );
    expect(tooMany.code).toBe("invalid_quantity");
    const foreign = await failure(
      withdrawFromOrder(store, me(), o.code, {
        idempotencyKey: key("foreign"),
        lines: [{ lineId: other.liquid, qty: 1 }],
      }),
    );
    expect(foreign.code).toBe("invalid");
    const twice = await failure(
      withdrawFromOrder(store, me(), o.code, {
        idempotencyKey: key("twice"),
        lines: [
          { lineId: o.liquid, qty: 1 },
          { lineId: o.liquid, qty: 1 },
        ],
      }),
    );
    expect(twice.code).toBe("invalid");

    await withdrawFromOrder(store, me(), o.code, {
      idempotencyKey: key("part1"),
      lines: [{ lineId: o.liquid, qty: 2 }],
    });
    const left = await withdrawalView(store, o.row);
    expect(left.window).toMatchObject({
      open: true,
      lines: [
        { id: o.liquid, remaining: 1 },
        { id: o.coil, remaining: 1 },
      ],
    });
    const over = await failure(
      withdrawFromOrder(store, me(), o.code, {
        idempotencyKey: key("over"),
        lines: [{ lineId: o.liquid, qty: 2 }],
      }),
    );
    expect(over.code).toBe("invalid_quantity");
    await withdrawFromOrder(store, me(), o.code, {
      idempotencyKey: key("part2"),
      lines: [
        { lineId: o.liquid, qty: 1 },
        { lineId: o.coil, qty: 1 },
      ],
    });
    expect((await withdrawalView(store, o.row)).window).toEqual({ open: false, reason: "withdrawn" });
    const none = await failure(
      withdrawFromOrder(store, me(), o.code, {
        idempotencyKey: key("none"),
        lines: [{ lineId: o.coil, qty: 1 }],
      }),
    );
    expect(none.code).toBe("invalid_state");
  });

  it("records a repeated confirmation once: one withdrawal, one timeline step, one mail, one webhook", async () => {
    const o = await order(fx.customers.maria);
    const input = { idempotencyKey: key("double"), lines: [{ lineId: o.coil, qty: 1 }] };
    const [a, b] = await Promise.all([
      withdrawFromOrder(store, me(), o.code, input),
      withdrawFromOrder(store, me(), o.code, input),
    ]);
    expect(a.withdrawal.id).toBe(b.withdrawal.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const c = await withdrawFromOrder(store, me(), o.code, input);
    expect(c).toMatchObject({ created: false, withdrawal: { id: a.withdrawal.id } });

    const db = tdb.handle.db;
    expect(await db.select().from(s.withdrawals).where(eq(s.withdrawals.orderId, o.row.id))).toHaveLength(1);
    const steps = await db
      .select()
      .from(s.orderEvents)
      .where(and(eq(s.orderEvents.orderId, o.row.id), eq(s.orderEvents.kind, "withdrawn")));
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ actorKind: "customer", actor: "Maria Georgiou" });
    expect(steps[0].body).toContain("1 ×");
    const mails = await db
      .select()
      .from(s.outbox)
      .where(like(s.outbox.dedupeKey, `order:${o.code}:withdrawal:%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "order-withdrawal", toAddress: "maria@example.com" });
    expect(mails[0].subject).toBe(`Withdrawal from order ${o.code} received – Checkout Test Vapes Ltd`);
    expect(mails[0].text).toContain("we received your withdrawal from your contract of order");
    expect(mails[0].text).toMatch(/1 × /);
    const hooks = await db
      .select()
      .from(s.webhookOutbox)
      .where(like(s.webhookOutbox.eventKey, `order.withdrawn:${o.code}:%`));
    expect(hooks).toHaveLength(1);
    const body = JSON.parse(hooks[0].body);
    expect(body.order.withdrawals).toEqual([
      expect.objectContaining({
        id: a.withdrawal.id,
        by: "customer",
        lines: [expect.objectContaining({ qty: 1 })],
      }),
    ]);
  });

  it("marks exactly the withdrawn orders in the back office's orders list", async () => {
    const kept = await order(fx.customers.maria);
    const gone = await order(fx.customers.maria);
    await withdrawFromOrder(store, me(), gone.code, {
      idempotencyKey: key("list"),
      lines: [{ lineId: gone.coil, qty: 1 }],
    });
    const flag = async (code: string) =>
      (await listAdminOrders(store, { q: code })).orders.find((o) => o.code === code)?.withdrawn;
    expect(await flag(gone.code)).toBe(true);
    expect(await flag(kept.code)).toBe(false);
    // Every order of the list agrees with the table, whatever the ids.
    const all = await listAdminOrders(store, { limit: 100 });
    const withdrawnIds = new Set((await tdb.handle.db.select().from(s.withdrawals)).map((w) => w.orderId));
    const ids = new Map(
      (await tdb.handle.db.select({ id: s.orders.id, code: s.orders.code }).from(s.orders)).map((r) => [
        r.code,
        r.id,
      ]),
    );
    for (const o of all.orders) expect(o.withdrawn, o.code).toBe(withdrawnIds.has(ids.get(o.code) ?? -1));
  });

  it("withdraws the last unit once when two confirmations with different keys arrive at once", async () => {
    const o = await order(fx.customers.maria);
    const results = await Promise.allSettled(
      ["race-a", "race-b"].map((k) =>
        withdrawFromOrder(store, me(), o.code, {
          idempotencyKey: key(k),
          lines: [{ lineId: o.coil, qty: 1 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ code: "invalid_quantity" });
    const lines = await tdb.handle.db
      .select({ qty: s.withdrawalLines.qty })
      .from(s.withdrawalLines)
      .where(eq(s.withdrawalLines.orderLineId, o.coil));
    expect(lines).toEqual([{ qty: 1 }]);
  });

  it("moves the order in the ERP's change feed, carrying the withdrawal", async () => {
    const o = await order(fx.customers.maria);
    const cursor = await feedEnd(store);
    const done = await withdrawFromOrder(store, me(), o.code, {
      idempotencyKey: key("feed"),
      lines: [{ lineId: o.liquid, qty: 1 }],
    });
    const inFeed = await orderInFeed(store, cursor, o.code);
    const seen = inFeed ? inFeed.withdrawals.map((w) => w.id) : null;
    expect(seen).toEqual([done.withdrawal.id]);
  });

  it("answers a guest only through the order's own signature, and refuses another customer's or store's order", async () => {
    const o = await order(null);
    const input = { idempotencyKey: key("guest"), lines: [{ lineId: o.liquid, qty: 1 }] };
    const wrong = await failure(
      withdrawFromOrder(store, { kind: "guest", sig: "x".repeat(22) }, o.code, input),
    );
    expect(wrong.code).toBe("not_found");
    const otherStore = await orderSignature("another-store", o.code);
    expect(
      (await failure(withdrawFromOrder(store, { kind: "guest", sig: otherStore }, o.code, input))).code,
    ).toBe("not_found");
    const notMine = await failure(withdrawFromOrder(store, me(), o.code, input));
    expect(notMine.code).toBe("not_found");
    const mine = await order(fx.customers.poor);
    const notMaria = await failure(withdrawFromOrder(store, me(), mine.code, input));
    expect(notMaria.code).toBe("not_found");

    const ok = await withdrawFromOrder(
      store,
      { kind: "guest", sig: await orderSignature(store.config.id, o.code) },
      o.code,
      input,
    );
    expect(ok.withdrawal).toMatchObject({ byKind: "guest", byName: "Anna Ioannou", email: GUEST.email });
  });

  it("offers nothing in a shop that sells to businesses only", async () => {
    const trade = { ...store, settings: { ...store.settings, consumerSales: false } };
    const o = await order(fx.customers.maria, trade);
    expect((await withdrawalView(trade, o.row)).window).toEqual({ open: false, reason: "business" });
    const err = await failure(
      withdrawFromOrder(trade, me(), o.code, {
        idempotencyKey: key("trade"),
        lines: [{ lineId: o.coil, qty: 1 }],
      }),
    );
    expect(err.code).toBe("invalid_state");
    const [mail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${o.code}:customer`));
    expect(mail.html).not.toContain("Model withdrawal form");
    expect(mail.html).not.toContain("Right of withdrawal");
  });

  it("keeps a withdrawal as it was made: no change, no removal", async () => {
    const o = await order(fx.customers.maria);
    const done = await withdrawFromOrder(store, me(), o.code, {
      idempotencyKey: key("fixed"),
      lines: [{ lineId: o.coil, qty: 1 }],
    });
    const db = tdb.handle.db;
    const refusal = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (err) {
        const e = err as Error & { cause?: Error };
        return `${e.message} ${e.cause?.message ?? ""}`;
      }
      return "written";
    };
    expect(
      await refusal(
        db.update(s.withdrawals).set({ byName: "x" }).where(eq(s.withdrawals.id, done.withdrawal.id)),
      ),
    ).toMatch(/withdrawals is append-only: UPDATE refused/);
    expect(
      await refusal(
        db.delete(s.withdrawalLines).where(eq(s.withdrawalLines.withdrawalId, done.withdrawal.id)),
      ),
    ).toMatch(/withdrawal_lines is append-only: DELETE refused/);
  });
});
