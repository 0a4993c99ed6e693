// Order status changes after placing (ARCHITECTURE section 6):
//   pending_payment -> paid       (payment verified: redirect, webhook or sweep, exactly once)
//   pending_payment -> expired    (payment failed or never came: stock and points released)
//   placed | paid   -> completed  (on-hold points leave the balance)
//   placed | paid | pending_payment -> cancelled (stock and held points return, earned points go)
// Every change is one conditional UPDATE on the order's status inside a transaction, so two
// callers racing for the same change cannot both apply it.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customers, orderLines, orders, payments } from "../../db/store/schema";
import { afterStockChange } from "../catalog";
import type { StoreContext } from "../context";
import { OrderError } from "./errors";
import { type MailOrder, queueOrderMails } from "./mail";
import { retakeStock } from "./stock";
import { returnOrderStock } from "./stock-return";

export type OrderStatus = "pending_payment" | "placed" | "paid" | "completed" | "cancelled" | "expired";

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
    .select({ productId: orderLines.productId, qty: orderLines.qty, description: orderLines.description })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}

/** Puts redeemed points back from hold and, when they were credited, takes earned points back. */
async function releasePoints(tx: Tx, order: OrderRow, earnedWasCredited: boolean) {
  const held = order.pointsRedeemedCents;
  const earned = earnedWasCredited ? order.pointsEarnedCents : 0;
  if (held === 0 && earned === 0) return;
  // SET expressions all read the old row: the balance never drops below what stays on hold.
  await tx
    .update(customers)
    .set({
      pointsOnHoldCents: sql`greatest(0, ${customers.pointsOnHoldCents} - ${held})`,
      pointsBalanceCents: sql`greatest(greatest(0, ${customers.pointsOnHoldCents} - ${held}), ${customers.pointsBalanceCents} - ${earned})`,
      updatedAt: new Date(),
    })
    .where(eq(customers.id, order.customerId));
}

export async function creditEarnedPoints(tx: Tx, customerId: number, earnedCents: number) {
  if (earnedCents <= 0) return;
  await tx
    .update(customers)
    .set({ pointsBalanceCents: sql`${customers.pointsBalanceCents} + ${earnedCents}`, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
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
 * also credits the earned points and queues the order mails.
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
        // Cancelled by the shop meanwhile: the payment stays recorded for a refund.
        log?.warn(
          { order: current.code, status: current.status },
          "payment verified for an order that is no longer payable",
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
            .where(eq(customers.id, order.customerId));
        }
      }
      await creditEarnedPoints(tx, order.customerId, order.pointsEarnedCents);
      await queueOrderMails(tx, store, await loadMailOrder(tx, order));
      return { kind: "paid", order } as const;
    }),
  );
}

/** pending_payment -> expired: the reservation's stock and held points are released. */
export async function releaseUnpaidOrder(
  store: StoreContext,
  orderId: number,
  now = new Date(),
): Promise<boolean> {
  return afterStockChange(
    store,
    store.db.transaction(async (tx) => {
      const updated = await tx
        .update(orders)
        .set({ status: "expired", updatedAt: now, reservedUntil: null })
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")))
        .returning();
      const order = updated[0];
      if (!order) return false;
      await tx
        .update(payments)
        .set({ status: "failed" })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, "created")));
      await releasePoints(tx, order, false);
      await returnOrderStock(tx, store, await linesOf(tx, order.id));
      return true;
    }),
  );
}

export async function completeOrder(store: StoreContext, code: string, now = new Date()): Promise<OrderRow> {
  return store.db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ status: "completed", updatedAt: now })
      .where(and(eq(orders.code, code), inArray(orders.status, ["placed", "paid"])))
      .returning();
    const order = updated[0];
    if (!order) throw await stateError(tx, code, "completed");
    if (order.pointsRedeemedCents > 0) {
      await tx
        .update(customers)
        .set({
          pointsBalanceCents: sql`greatest(0, ${customers.pointsBalanceCents} - ${order.pointsRedeemedCents})`,
          pointsOnHoldCents: sql`greatest(0, ${customers.pointsOnHoldCents} - ${order.pointsRedeemedCents})`,
          updatedAt: now,
        })
        .where(eq(customers.id, order.customerId));
    }
    return order;
  });
}

export async function cancelOrder(store: StoreContext, code: string, now = new Date()): Promise<OrderRow> {
  return afterStockChange(
    store,
    store.db.transaction(async (tx) => {
      const before = (await tx.select().from(orders).where(eq(orders.code, code)).limit(1))[0];
      const updated = await tx
        .update(orders)
        .set({ status: "cancelled", updatedAt: now, reservedUntil: null })
        .where(and(eq(orders.code, code), inArray(orders.status, ["placed", "paid", "pending_payment"])))
        .returning();
      const order = updated[0];
      if (!order || !before) throw await stateError(tx, code, "cancelled");
      await releasePoints(tx, order, before.status === "placed" || before.status === "paid");
      await returnOrderStock(tx, store, await linesOf(tx, order.id));
      return order;
    }),
  );
}

async function stateError(tx: Tx, code: string, target: OrderStatus): Promise<OrderError> {
  const row = (
    await tx.select({ status: orders.status }).from(orders).where(eq(orders.code, code)).limit(1)
  )[0];
  if (!row) return new OrderError("not_found", "Order not found");
  return new OrderError("invalid_state", `Order ${code} is ${row.status} and cannot be ${target}.`);
}
