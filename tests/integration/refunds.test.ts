// Refunds on both drivers (docs/decisions/0056): partial and full refunds of a paid card order
// through the test provider with points and stock following, an over-refund refused, a repeat of
// the same key answering the first refund, a provider that does not answer and one that answered
// before we could write (both reconciled by the sweep, refunding once), a manual refund of a cash
// order, a cancelled paid order's full refund, and two refunds at once on PostgreSQL.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import type { StaffActor } from "../../services/admin/audit";
import { refundAdminOrder, refundOffer } from "../../services/admin/refunds";
import type { StoreContext } from "../../services/context";
import type { ServiceError } from "../../services/failure";
import { cancelOrder, completeOrder, placeOrder } from "../../services/orders";
import { verifyPayment } from "../../services/orders/online-payment";
import { getCustomerOrder, webOrders } from "../../services/orders/queries";
import { sweepRefunds } from "../../services/orders/refunds";
import {
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
} from "../../services/payments/provider";
import { createTestProvider, type TestProvider } from "../../services/payments/test-provider";
import {
  type CheckoutFixture,
  pointsOf,
  seedCheckoutFixture,
  stockOf,
  storeContextFor,
} from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

/** The test provider, counting refund calls, optionally failing before or after it answers. */
function countingProvider(base: TestProvider) {
  const calls: RefundRequest[] = [];
  const state = { mode: "ok" as "ok" | "timeout" | "crash-after" };
  const provider: PaymentProvider = {
    ...base,
    async refund(req) {
      calls.push(req);
      if (state.mode === "timeout") throw new PaymentProviderError("Test refund: timed out");
      const answer = await base.refund(req);
      if (state.mode === "crash-after") throw new Error("process died after the provider answered");
      return answer;
    },
  };
  return { provider, calls, state };
}

describe.each(driversFor("both"))("refunds on %s", (driver) => {
  let tdb: TestDb<"store">;
  let db: TestDb<"store">["handle"]["db"];
  let fx: CheckoutFixture;
  let store: StoreContext;
  let base: TestProvider;
  let actor: StaffActor;
  let keyN = 0;
  const key = () => `test-key-${driver}-${++keyN}-${Date.now()}`;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    db = tdb.handle.db;
    fx = await seedCheckoutFixture(db);
    store = await storeContextFor(db, { secrets: { erpWebhookUrl: "https://erp.example/hook" } });
    base = createTestProvider(store.config.id, store.secrets);
    const [member] = await db
      .insert(s.staff)
      .values({ email: "eleni@shop.test", name: "Eleni", role: "owner", passwordHash: "x" })
      .returning();
    actor = { id: member.id, name: "Eleni", role: "owner", email: "eleni@shop.test", ip: null };
  });
  afterAll(async () => tdb?.dispose());

  /** A card order of 1 pod (29.99) and 2 liquids (2 x 5.00) + 4.50 delivery, 4.49 in points, paid. */
  async function paidCardOrder(redeem = 449) {
    const placed = await placeOrder(
      store,
      fx.customers.maria,
      CheckoutRequestSchema.parse({
        lines: [
          { id: fx.products.pod, qty: 1 },
          { id: fx.products.liquid, qty: 2 },
        ],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
        redeemPointsCents: redeem,
        notes: "",
      }),
      { provider: base },
    );
    const params = base.readCheckout(new URL(placed.redirectUrl as string, "http://x").searchParams);
    if (!params) throw new Error("no checkout link");
    const t = base.decide(params, true);
    const r = await verifyPayment(
      store,
      { providerOrderCode: params.ref, transactionId: t },
      undefined,
      base,
    );
    expect(r.kind).toBe("paid");
    const [order] = await db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    const lines = await db
      .select()
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, order.id))
      .orderBy(s.orderLines.id);
    return { order, pod: lines[0], liquid: lines[1] };
  }

  const versionOf = async (code: string) => {
    const [order] = await db.select().from(s.orders).where(eq(s.orders.code, code));
    return (await refundOffer(store, order)).version;
  };

  const refundsOf = (orderId: number) =>
    db.select().from(s.orderRefunds).where(eq(s.orderRefunds.orderId, orderId)).orderBy(s.orderRefunds.id);

  const mailsOf = (code: string) =>
    db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "order-refunded"), eq(s.outbox.toAddress, "maria@example.com")))
      .then((rows) => rows.filter((m) => m.dedupeKey?.startsWith(`order:${code}:refund:`)));

  it("a cancellation after a restocked refund returns only the rest of the stock", async () => {
    const { order, liquid } = await paidCardOrder(0);
    const liquidStock = await stockOf(db, fx.products.liquid, fx.warehouseId);
    const podStock = await stockOf(db, fx.products.pod, fx.warehouseId);
    const refunded = await refundAdminOrder(
      store,
      actor,
      order.code,
      {
        idempotencyKey: key(),
        version: await versionOf(order.code),
        lines: [{ lineId: liquid.id, qty: 1 }],
        shipping: false,
        extraCents: 0,
        restock: true,
        reason: "Leaking bottle",
        method: "provider",
      },
      base,
    );
    expect(refunded.refund.status).toBe("succeeded");
    expect(await stockOf(db, fx.products.liquid, fx.warehouseId)).toBe(liquidStock + 1);
    await cancelOrder(store, order.code);
    // Two liquids were ordered: one came back with the refund, one with the cancellation.
    expect(await stockOf(db, fx.products.liquid, fx.warehouseId)).toBe(liquidStock + 2);
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(podStock + 1);
  });

  it("refunds part of a paid card order, then the rest after completion: money, points and stock follow", async () => {
    const pointsBefore = await pointsOf(db, fx.customers.maria);
    const { order, pod, liquid } = await paidCardOrder();
    expect(order.totalCents).toBe(2999 + 1000 + 450 - 449);
    expect(order.pointsEarnedCents).toBe(199);
    const held = await pointsOf(db, fx.customers.maria);
    expect(held.onHold).toBe(pointsBefore.onHold + 449);
    const liquidStock = await stockOf(db, fx.products.liquid, fx.warehouseId);
    const { provider, calls } = countingProvider(base);

    // One liquid back, restocked: its share of the redeemed points comes back off hold.
    const first = await refundAdminOrder(
      store,
      actor,
      order.code,
      {
        idempotencyKey: key(),
        version: await versionOf(order.code),
        lines: [{ lineId: liquid.id, qty: 1 }],
        shipping: false,
        extraCents: 0,
        restock: true,
        reason: "Leaking bottle",
        method: "provider",
      },
      provider,
    );
    const returned1 = Math.floor((449 * 500) / 4449);
    const taken1 = Math.floor((199 * 500) / 3999);
    expect(first.refund).toMatchObject({ status: "succeeded", amountCents: 500 - returned1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ amountCents: 500 - returned1 });
    expect(await stockOf(db, fx.products.liquid, fx.warehouseId)).toBe(liquidStock + 1);
    expect(await pointsOf(db, fx.customers.maria)).toEqual({
      balance: held.balance,
      onHold: held.onHold - returned1,
    });
    const [r1] = await refundsOf(order.id);
    expect(r1).toMatchObject({ pointsReturnedCents: returned1, pointsTakenCents: taken1, byName: "Eleni" });
    expect(r1.providerTransactionId).toMatch(/^tpr_/);

    // Completion credits the earned points less what the refund took back.
    await completeOrder(store, order.code);
    const completed = await pointsOf(db, fx.customers.maria);
    expect(completed).toEqual({
      balance: held.balance - (449 - returned1) + (199 - taken1),
      onHold: held.onHold - 449,
    });

    // The rest: the pod, the other liquid and the delivery, not restocked.
    const podStock = await stockOf(db, fx.products.pod, fx.warehouseId);
    const second = await refundAdminOrder(
      store,
      actor,
      order.code,
      {
        idempotencyKey: key(),
        version: await versionOf(order.code),
        lines: [
          { lineId: pod.id, qty: 1 },
          { lineId: liquid.id, qty: 1 },
        ],
        shipping: true,
        extraCents: 0,
        restock: false,
        reason: "Customer returned the rest",
        method: "provider",
      },
      provider,
    );
    expect(second.refund.amountCents).toBe(2999 + 500 + 450 - (449 - returned1));
    expect(first.refund.amountCents + second.refund.amountCents).toBe(order.totalCents);
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(podStock);
    // Completed: the redeemed points come back, the earned ones go, as a cancellation does.
    expect(await pointsOf(db, fx.customers.maria)).toEqual({
      balance: completed.balance + (449 - returned1) - (199 - taken1),
      onHold: completed.onHold,
    });

    // Nothing is left to refund: a cent more is refused, naming the field.
    await expect(
      refundAdminOrder(
        store,
        actor,
        order.code,
        {
          idempotencyKey: key(),
          version: await versionOf(order.code),
          lines: [],
          shipping: false,
          extraCents: 1,
          restock: false,
          reason: "One more",
          method: "provider",
        },
        provider,
      ),
    ).rejects.toThrow(/amount: €0\.01 is more than the €0\.00 left/);
    expect(calls).toHaveLength(2);

    // The customer sees both, the mail went out twice in the order's language, the ERP got both.
    const mine = await getCustomerOrder(store, fx.customers.maria, order.code);
    expect(mine?.refunds.map((r) => r.amountCents)).toEqual([
      first.refund.amountCents,
      second.refund.amountCents,
    ]);
    expect(mine?.refunds[0]?.lines).toEqual([{ description: "Mango Ice 10 ml", qty: 1, amountCents: 500 }]);
    const mails = await mailsOf(order.code);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain("we have refunded");
    const hooks = await db.select().from(s.webhookOutbox).where(eq(s.webhookOutbox.event, "order.refunded"));
    const mineHooks = hooks.filter((h) => h.eventKey.startsWith(`order.refunded:${order.code}:`));
    expect(mineHooks).toHaveLength(2);
    const body = JSON.parse(mineHooks[1]?.body ?? "{}");
    expect(body.order.refunds).toHaveLength(2);
    expect(body.order.refunds[1].lines.map((l: { amountCents: number }) => l.amountCents)).toEqual([
      2999, 500,
    ]);
    const [erp] = await webOrders(db, [
      (await db.select().from(s.orders).where(eq(s.orders.id, order.id)))[0],
    ]);
    expect(erp?.refunds.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    // The timeline says who refunded what.
    const events = await db
      .select()
      .from(s.orderEvents)
      .where(and(eq(s.orderEvents.orderId, order.id), eq(s.orderEvents.kind, "refunded")));
    expect(events.map((e) => [e.actorKind, e.actor])).toEqual([
      ["staff", "Eleni"],
      ["staff", "Eleni"],
    ]);
  });

  it("refuses more than is left of a line, and answers a repeated key with the first refund", async () => {
    const { order, pod } = await paidCardOrder(0);
    const { provider, calls } = countingProvider(base);
    const version = await versionOf(order.code);
    const input = {
      idempotencyKey: key(),
      version,
      lines: [{ lineId: pod.id, qty: 2 }],
      shipping: false,
      extraCents: 0,
      restock: false,
      reason: "Too many",
      method: "provider" as const,
    };
    await expect(refundAdminOrder(store, actor, order.code, input, provider)).rejects.toThrow(
      /lines: only 1 of “Aurora Pod Kit” is left/,
    );
    const ok = { ...input, lines: [{ lineId: pod.id, qty: 1 }] };
    const once = await refundAdminOrder(store, actor, order.code, ok, provider);
    const again = await refundAdminOrder(store, actor, order.code, ok, provider);
    expect(again.refund.id).toBe(once.refund.id);
    expect(calls).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await mailsOf(order.code)).toHaveLength(1);
    // The version the form was read at is gone: a second form of the same moment is refused.
    await expect(
      refundAdminOrder(store, actor, order.code, { ...ok, idempotencyKey: key() }, provider),
    ).rejects.toMatchObject({ code: "edit_conflict" });
  });

  it("keeps a refund the provider did not answer pending, holds its amount, and the sweep refunds it once", async () => {
    const { order, liquid } = await paidCardOrder(0);
    const { provider, calls, state } = countingProvider(base);
    state.mode = "timeout";
    const stock = await stockOf(db, fx.products.liquid, fx.warehouseId);
    const r = await refundAdminOrder(
      store,
      actor,
      order.code,
      {
        idempotencyKey: key(),
        version: await versionOf(order.code),
        lines: [{ lineId: liquid.id, qty: 2 }],
        shipping: false,
        extraCents: 0,
        restock: true,
        reason: "Wrong flavour",
        method: "provider",
      },
      provider,
    );
    expect(r.refund.status).toBe("pending");
    expect(r.message).toMatch(/will not be made twice/);
    expect(await stockOf(db, fx.products.liquid, fx.warehouseId)).toBe(stock);
    // Its amount is held: everything else plus one cent is too much.
    await expect(
      refundAdminOrder(
        store,
        actor,
        order.code,
        {
          idempotencyKey: key(),
          version: await versionOf(order.code),
          lines: [],
          shipping: false,
          extraCents: order.totalCents - 1000 + 1,
          restock: false,
          reason: "Everything",
          method: "provider",
        },
        provider,
      ),
    ).rejects.toThrow(/amount:/);
    // Not yet a minute old: the sweep leaves it to the request in flight.
    expect(await sweepRefunds(store, new Date(), undefined, provider)).toEqual({
      refunded: 0,
      failed: 0,
      pending: 0,
    });
    state.mode = "ok";
    const later = new Date(Date.now() + 2 * 60_000);
    const swept = await sweepRefunds(store, later, undefined, provider);
    expect(swept.refunded).toBeGreaterThanOrEqual(1);
    expect(await sweepRefunds(store, later, undefined, provider)).toMatchObject({ refunded: 0 });
    const [row] = await refundsOf(order.id);
    expect(row?.status).toBe("succeeded");
    expect(row?.attempts).toBe(2);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([calls[0]?.idempotencyKey, calls[0]?.idempotencyKey]);
    expect(await stockOf(db, fx.products.liquid, fx.warehouseId)).toBe(stock + 2);
    expect(await mailsOf(order.code)).toHaveLength(1);
  });

  it("reconciles a refund the provider made before we could write it: once, with the provider's own id", async () => {
    const { order, pod } = await paidCardOrder(0);
    const { provider, calls, state } = countingProvider(base);
    state.mode = "crash-after";
    // The answer is lost between the provider and our write: the row stays pending.
    const lost = await refundAdminOrder(
      store,
      actor,
      order.code,
      {
        idempotencyKey: key(),
        version: await versionOf(order.code),
        lines: [{ lineId: pod.id, qty: 1 }],
        shipping: false,
        extraCents: 0,
        restock: false,
        reason: "Faulty",
        method: "provider",
      },
      provider,
    );
    expect(lost.refund.status).toBe("pending");
    const [pending] = await refundsOf(order.id);
    expect(pending?.status).toBe("pending");
    const firstAnswer = await base.refund(calls[0] as RefundRequest);
    state.mode = "ok";
    await sweepRefunds(store, new Date(Date.now() + 2 * 60_000), undefined, provider);
    const [done] = await refundsOf(order.id);
    expect(done?.status).toBe("succeeded");
    expect(firstAnswer.kind === "refunded" && firstAnswer.refundTransactionId).toBe(
      done?.providerTransactionId,
    );
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
    expect(await mailsOf(order.code)).toHaveLength(1);
  });

  it("records a manual refund of a cash-on-delivery order, and offers a cancelled paid order's full refund", async () => {
    const placed = await placeOrder(
      store,
      fx.customers.trade,
      CheckoutRequestSchema.parse({
        lines: [{ id: fx.products.coil, qty: 1 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "cod",
        notes: "",
      }),
    );
    const [cod] = await db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    const base0 = {
      idempotencyKey: key(),
      version: await versionOf(cod.code),
      lines: [],
      shipping: false,
      extraCents: 300,
      restock: false,
      reason: "Price difference",
    };
    await expect(refundAdminOrder(store, actor, cod.code, { ...base0, method: "provider" })).rejects.toThrow(
      /method: say how the money was paid back/,
    );
    const manual = await refundAdminOrder(store, actor, cod.code, {
      ...base0,
      method: "cash",
      note: "Paid at the Limassol shop",
    });
    expect(manual.refund).toMatchObject({ status: "succeeded", amountCents: 300 });
    const [row] = await refundsOf(cod.id);
    expect(row).toMatchObject({ method: "cash", note: "Paid at the Limassol shop", paymentId: null });

    // A paid card order cancelled: the offer is everything that was paid; points stay as the
    // cancellation left them.
    const { order } = await paidCardOrder(200);
    await cancelOrder(store, order.code);
    const pointsAfterCancel = await pointsOf(db, fx.customers.maria);
    const [cancelled] = await db.select().from(s.orders).where(eq(s.orders.id, order.id));
    const offer = await refundOffer(store, cancelled);
    expect(offer).toMatchObject({ allowed: true, fullAmountCents: order.totalCents, restockAllowed: false });
    await expect(
      refundAdminOrder(
        store,
        actor,
        order.code,
        {
          idempotencyKey: key(),
          version: offer.version,
          lines: offer.lines.map((l) => ({ lineId: l.lineId, qty: l.qty })),
          shipping: true,
          extraCents: 0,
          restock: true,
          reason: "Order cancelled",
          method: "provider",
        },
        base,
      ),
    ).rejects.toThrow(/restock:/);
    const full = await refundAdminOrder(
      store,
      actor,
      order.code,
      {
        idempotencyKey: key(),
        version: offer.version,
        lines: offer.lines.map((l) => ({ lineId: l.lineId, qty: l.qty })),
        shipping: true,
        extraCents: 0,
        restock: false,
        reason: "Order cancelled",
        method: "provider",
      },
      base,
    );
    expect(full.refund.amountCents).toBe(order.totalCents);
    expect(await pointsOf(db, fx.customers.maria)).toEqual(pointsAfterCancel);
  });

  it.runIf(driver === "pg")("lets only one of two refunds pressed at once go through", async () => {
    const { order, pod, liquid } = await paidCardOrder(0);
    const { provider, calls } = countingProvider(base);
    const version = await versionOf(order.code);
    const press = (lineId: number, qty: number) =>
      refundAdminOrder(
        store,
        actor,
        order.code,
        {
          idempotencyKey: key(),
          version,
          lines: [{ lineId, qty }],
          shipping: false,
          extraCents: 0,
          restock: false,
          reason: "Two staff at once",
          method: "provider",
        },
        provider,
      );
    const results = await Promise.allSettled([press(pod.id, 1), press(liquid.id, 2), press(pod.id, 1)]);
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as ServiceError).code).toBe("edit_conflict");
    expect(calls).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});
