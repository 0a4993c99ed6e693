// Order status changes after placing (ARCHITECTURE section 6, docs/decisions/0021):
//   pending_payment -> paid       (payment verified: redirect, webhook or sweep, exactly once)
//   pending_payment -> expired    (payment failed or never came: stock and points released)
//   placed | paid   -> shipped    (everything shipped, in one or more shipments: shipments.ts)
//   shipped         -> delivered  (staff or the ERP say so; the withdrawal period starts)
//   placed | paid | shipped | delivered -> completed (earned points credited, redeemed points leave
//                                  the balance)
//   placed | paid | pending_payment -> cancelled (stock and held points return; nothing earned yet)
//   completed       -> cancelled  (redeemed points return, earned points are taken back as far
//                                  as they are still free; the rest is recorded on the order)
// Earned points are credited only on completion: credited any earlier, they could be spent on a
// free order before the order that earned them was cancelled.
// Every change is one conditional UPDATE on the order's status inside a transaction, so two
// callers racing for the same change cannot both apply it.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { OrderActor } from "../../core/admin/order-timeline";
import { cancelCompletedPoints } from "../../core/orders";
import type { Tx } from "../../db/client";
import { customers, orderLines, orders, payments } from "../../db/store/schema";
import { afterStockChange } from "../catalog";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { enqueueOrderWebhook } from "../integration/webhook";
import { buyerActor, recordOrderEvent, SHOP_ACTOR } from "./events";
import { type MailOrder, queueOrderMails } from "./mail";
import { orderCustomer } from "./queries";
import { shippedQuantities } from "./shipment-records";
import { retakeStock } from "./stock";
import { returnOrderStock } from "./stock-return";

export type OrderStatus =
  | "pending_payment"
  | "placed"
  | "paid"
  | "shipped"
  | "delivered"
  | "completed"
  | "cancelled"
  | "expired";

type OrderRow = typeof orders.$inferSelect;

export async function loadMailOrder(tx: Tx, order: OrderRow): Promise<MailOrder> {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      description: orderLines.description,
      qty: orderLines.qty,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
  return { ...order, lines };
}

async function linesOf(tx: Tx, orderId: number) {
  return tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      qty: orderLines.qty,
      description: orderLines.description,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}

/** The order's lines less what shipments have taken out (docs/decisions/0055). */
async function unshippedLinesOf(tx: Tx, orderId: number) {
  const shipped = await shippedQuantities(tx, orderId);
  return (await linesOf(tx, orderId))
    .map((l) => ({ ...l, qty: l.qty - (shipped.get(l.id) ?? 0) }))
    .filter((l) => l.qty > 0);
}

/** Puts the redeemed points of an order that was never completed back from hold. */
async function releaseHeldPoints(tx: Tx, order: OrderRow) {
  const held = order.pointsRedeemedCents;
  if (held === 0) return;
  await tx
    .update(customers)
    .set({
      pointsOnHoldCents: sql`greatest(0, ${customers.pointsOnHoldCents} - ${held})`,
      updatedAt: new Date(),
    })
    .where(orderCustomer(order));
}

/**
 * A completed order cancelled: its redeemed points come back and its earned points are taken
 * back as far as they are still free; returns what could not be taken back.
 */
async function reverseCompletedPoints(tx: Tx, order: OrderRow, now: Date): Promise<number> {
  if (order.pointsRedeemedCents === 0 && order.pointsEarnedCents === 0) return 0;
  // Locked, because the amount taken back depends on the balance and hold read here.
  const [customer] = await tx
    .select({ balance: customers.pointsBalanceCents, onHold: customers.pointsOnHoldCents })
    .from(customers)
    .where(orderCustomer(order))
    .for("update");
  if (!customer) return order.pointsEarnedCents;
  const r = cancelCompletedPoints({
    balanceCents: customer.balance,
    onHoldCents: customer.onHold,
    earnedCents: order.pointsEarnedCents,
    redeemedCents: order.pointsRedeemedCents,
  });
  await tx
    .update(customers)
    .set({ pointsBalanceCents: r.balanceCents, updatedAt: now })
    .where(orderCustomer(order));
  return r.unrecoveredCents;
}

export type ConfirmOutcome =
  /** This call marked the order paid (and queued its mails). */
  | { kind: "paid"; order: OrderRow }
  /** It was paid before this call. */
  | { kind: "already"; order: OrderRow }
  | { kind: "unknown" };

export interface ConfirmInput {
  providerOrderCode: string;
  transactionId: string;
  amountCents: number;
  raw: unknown;
  now?: Date;
}

/**
 * Marks the order of a verified payment paid, exactly once: the payment row flips from
 * `created` to `paid` and the order from `pending_payment` (or `expired`, for a payment that
 * arrived after its reservation lapsed) to `paid`, both conditionally, in one transaction that
 * also queues the order mails. Its earned points wait for completion.
 */
export async function confirmPayment(
  store: StoreContext,
  input: ConfirmInput,
  log?: { warn(o: object, m: string): void },
): Promise<ConfirmOutcome> {
  const now = input.now ?? new Date();
  return afterStockChange(
    store,
    store.db.transaction(async (tx) => {
      const flipped = await tx
        .update(payments)
        .set({
          status: "paid",
          transactionId: input.transactionId,
          verifiedAt: now,
          raw: sql`coalesce(${payments.raw}, '{}'::jsonb) || ${JSON.stringify({ transaction: input.raw })}::jsonb`,
        })
        .where(
          and(eq(payments.providerOrderCode, input.providerOrderCode), sql`${payments.status} <> 'paid'`),
        )
        .returning();
      const payment =
        flipped[0] ??
        (
          await tx
            .select()
            .from(payments)
            .where(eq(payments.providerOrderCode, input.providerOrderCode))
            .limit(1)
        )[0];
      if (!payment) return { kind: "unknown" } as const;
      const current = (await tx.select().from(orders).where(eq(orders.id, payment.orderId)).limit(1))[0];
      if (!current) return { kind: "unknown" } as const;
      if (flipped.length === 0) return { kind: "already", order: current } as const;

      const updated = await tx
        .update(orders)
        .set({ status: "paid", paidAt: now, updatedAt: now, reservedUntil: null })
        .where(and(eq(orders.id, payment.orderId), inArray(orders.status, ["pending_payment", "expired"])))
        .returning();
      const order = updated[0];
      if (!order) {
        // Paid through another of its payment orders, or cancelled meanwhile: the money is
        // recorded against this payment, marked for a refund.
        const refundDue = current.status === "cancelled" ? "order cancelled" : "order already paid";
        await tx
          .update(payments)
          .set({
            raw: sql`coalesce(${payments.raw}, '{}'::jsonb) || ${JSON.stringify({ refundDue })}::jsonb`,
          })
          .where(eq(payments.id, payment.id));
        log?.warn(
          { order: current.code, status: current.status, payment: payment.providerOrderCode },
          "payment verified for an order that is no longer payable: refund due",
        );
        return { kind: "already", order: current } as const;
      }
      if (current.status === "expired") {
        // The reservation had lapsed: take the stock and the redeemed points again.
        const short = await retakeStock(tx, store.settings.warehouseId, await linesOf(tx, order.id));
        if (short.length > 0)
          log?.warn({ order: order.code, products: short }, "late payment: stock could not be taken again");
        if (order.pointsRedeemedCents > 0) {
          await tx
            .update(customers)
            .set({
              pointsOnHoldCents: sql`least(${customers.pointsBalanceCents}, ${customers.pointsOnHoldCents} + ${order.pointsRedeemedCents})`,
            })
            .where(orderCustomer(order));
        }
      }
      await recordOrderEvent(
        tx,
        order.id,
        "paid",
        { kind: "provider", name: payment.provider },
        { body: input.transactionId, at: now },
      );
      await queueOrderMails(tx, store, await loadMailOrder(tx, order));
      await enqueueOrderWebhook(tx, store, "order.paid", order, now);
      return { kind: "paid", order } as const;
    }),
  );
}

/**
 * pending_payment -> expired (payment failed or the reservation ended) or cancelled (by the
 * shopper): the reservation's stock and held points are released in the same transaction.
 */
export async function releaseUnpaidOrder(
  store: StoreContext,
  orderId: number,
  now = new Date(),
  status: "expired" | "cancelled" = "expired",
): Promise<boolean> {
  return afterStockChange(
    store,
    store.db.transaction(async (tx) => {
      const updated = await tx
        .update(orders)
        .set({ status, updatedAt: now, reservedUntil: null })
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")))
        .returning();
      const order = updated[0];
      if (!order) return false;
      await recordOrderEvent(tx, order.id, status, status === "expired" ? SHOP_ACTOR : buyerActor(order), {
        at: now,
      });
      await tx
        .update(payments)
        .set({ status: "failed" })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, "created")));
      await releaseHeldPoints(tx, order);
      await returnOrderStock(tx, store, await linesOf(tx, order.id));
      return true;
    }),
  );
}

export async function completeOrder(
  store: StoreContext,
  code: string,
  actor: OrderActor = SHOP_ACTOR,
  now = new Date(),
): Promise<OrderRow> {
  return store.db.transaction((tx) => completeOrderIn(tx, code, actor, now));
}

/** completeOrder inside the caller's transaction (the back office audits in the same one). */
export async function completeOrderIn(
  tx: Tx,
  code: string,
  actor: OrderActor,
  now = new Date(),
): Promise<OrderRow> {
  const updated = await tx
    .update(orders)
    .set({ status: "completed", updatedAt: now })
    .where(and(eq(orders.code, code), inArray(orders.status, ["placed", "paid", "shipped", "delivered"])))
    .returning();
  const order = updated[0];
  if (!order) throw await stateError(tx, code, "completed");
  await recordOrderEvent(tx, order.id, "completed", actor, { at: now });
  const redeemed = order.pointsRedeemedCents;
  if (redeemed > 0 || order.pointsEarnedCents > 0) {
    await tx
      .update(customers)
      .set({
        pointsBalanceCents: sql`greatest(0, ${customers.pointsBalanceCents} - ${redeemed}) + ${order.pointsEarnedCents}`,
        pointsOnHoldCents: sql`greatest(0, ${customers.pointsOnHoldCents} - ${redeemed})`,
        updatedAt: now,
      })
      .where(orderCustomer(order));
  }
  return order;
}

/**
 * Cancels an order (the shop's call). A completed order's goods have left the shop, so its stock
 * is left to the ERP's next stock update; any other order's stock comes back.
 */
export async function cancelOrder(
  store: StoreContext,
  code: string,
  actor: OrderActor = SHOP_ACTOR,
  now = new Date(),
): Promise<OrderRow> {
  return afterStockChange(
    store,
    store.db.transaction((tx) => cancelOrderIn(tx, store, code, actor, now)),
  );
}

/**
 * cancelOrder inside the caller's transaction (the back office audits in the same one); the caller
 * wraps its transaction in afterStockChange.
 */
export async function cancelOrderIn(
  tx: Tx,
  store: StoreContext,
  code: string,
  actor: OrderActor,
  now = new Date(),
): Promise<OrderRow> {
  // Locked so the status read here is the one the update below changes.
  const before = (await tx.select().from(orders).where(eq(orders.code, code)).limit(1).for("update"))[0];
  const updated = await tx
    .update(orders)
    .set({ status: "cancelled", updatedAt: now, reservedUntil: null })
    .where(
      and(eq(orders.code, code), inArray(orders.status, ["placed", "paid", "pending_payment", "completed"])),
    )
    .returning();
  const order = updated[0];
  if (!order || !before) throw await stateError(tx, code, "cancelled");
  await recordOrderEvent(tx, order.id, "cancelled", actor, { at: now });
  if (before.status !== "completed") {
    await releaseHeldPoints(tx, order);
    // What a partial shipment took out has left the shop: only the rest goes back on sale.
    await returnOrderStock(tx, store, await unshippedLinesOf(tx, order.id));
    return order;
  }
  const unrecovered = await reverseCompletedPoints(tx, order, now);
  if (unrecovered === 0) return order;
  const [recorded] = await tx
    .update(orders)
    .set({ pointsUnrecoveredCents: unrecovered })
    .where(eq(orders.id, order.id))
    .returning();
  return recorded;
}

async function stateError(tx: Tx, code: string, target: OrderStatus): Promise<ServiceError> {
  const row = (
    await tx.select({ status: orders.status }).from(orders).where(eq(orders.code, code)).limit(1)
  )[0];
  if (!row) return new ServiceError("not_found", "Order not found");
  return new ServiceError("invalid_state", `Order ${code} is ${row.status} and cannot be ${target}.`);
}
