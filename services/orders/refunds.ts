// Refunds after the request is written (docs/decisions/0056). A provider refund is a `pending`
// row committed before the provider is asked; this module asks the provider (with the row's
// idempotency key, so asking twice refunds once), and finishes the row exactly once: one
// conditional UPDATE pending -> succeeded, in the transaction that also moves the points and the
// stock, writes the timeline, queues the customer's mail and the ERP's `order.refunded`, and
// touches the order for the change feed. A refusal marks it failed; no answer leaves it pending
// for the payment sweep, which asks again with the same key.
import { and, eq, lt, sql } from "drizzle-orm";
import type { OrderActor } from "../../core/admin/order-timeline";
import { formatEuro } from "../../core/money";
import { cancelCompletedPoints } from "../../core/orders";
import { REFUND_METHOD_LABEL, type RefundMethod } from "../../core/refunds";
import type { Tx } from "../../db/client";
import {
  customers,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  payments,
} from "../../db/store/schema";
import { afterStockChange } from "../catalog";
import type { StoreContext } from "../context";
import { enqueueOrderWebhook } from "../integration/webhook";
import { paymentProviderFor } from "../payments";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { recordOrderEvent } from "./events";
import { loadMailOrder } from "./lifecycle";
import { queueRefundMail } from "./mail";
import { orderCustomer } from "./queries";
import { returnOrderStock } from "./stock-return";

type RefundRow = typeof orderRefunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

interface Log {
  warn(o: object, m: string): void;
}

/** A pending refund is asked about again once it is this old (a request in flight has its own). */
export const REFUND_RETRY_AFTER_MS = 60_000;

/** The provider's reference for a refund: the order's code and the refund's number. */
export function refundReference(orderCode: string, refundId: number): string {
  return `${orderCode} refund ${refundId}`;
}

function actorOf(refund: RefundRow): OrderActor {
  return refund.staffId !== null
    ? { kind: "staff", name: refund.byName }
    : { kind: "system", name: refund.byName };
}

/** Redeemed points back to the customer and earned points taken back, by the order's state now. */
async function movePoints(tx: Tx, order: OrderRow, refund: RefundRow, now: Date): Promise<number> {
  const returned = refund.pointsReturnedCents;
  const taken = refund.pointsTakenCents;
  if (returned === 0 && taken === 0) return 0;
  // A cancelled order's points were settled by the cancellation.
  if (order.status === "cancelled" || order.status === "expired") return 0;
  if (order.status === "completed") {
    // As a cancellation of a completed order does (core/orders.ts cancelCompletedPoints): the
    // redeemed points come back, the earned ones are taken from what is free, never below zero.
    const [c] = await tx
      .select({ balance: customers.pointsBalanceCents, onHold: customers.pointsOnHoldCents })
      .from(customers)
      .where(orderCustomer(order))
      .for("update");
    if (!c) return taken;
    const r = cancelCompletedPoints({
      balanceCents: c.balance,
      onHoldCents: c.onHold,
      earnedCents: taken,
      redeemedCents: returned,
    });
    await tx
      .update(customers)
      .set({ pointsBalanceCents: r.balanceCents, updatedAt: now })
      .where(orderCustomer(order));
    return r.unrecoveredCents;
  }
  // Not completed yet: the redeemed points are still on hold (released here), the earned ones not
  // yet credited (completion credits the order's less what refunds took back).
  if (returned > 0)
    await tx
      .update(customers)
      .set({
        pointsOnHoldCents: sql`greatest(0, ${customers.pointsOnHoldCents} - ${returned})`,
        updatedAt: now,
      })
      .where(orderCustomer(order));
  return 0;
}

/**
 * pending -> succeeded, exactly once, with everything that follows; null when the row was not
 * pending (another caller finished it). Call inside a transaction wrapped in afterStockChange.
 */
export async function finishRefundIn(
  tx: Tx,
  store: StoreContext,
  refundId: number,
  providerTransactionId: string | null,
  now = new Date(),
): Promise<RefundRow | null> {
  const [flipped] = await tx
    .update(orderRefunds)
    .set({ status: "succeeded", providerTransactionId, completedAt: now, error: null })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, "pending")))
    .returning();
  if (!flipped) return null;
  const order = (
    await tx.select().from(orders).where(eq(orders.id, flipped.orderId)).limit(1).for("update")
  )[0];
  if (!order) return flipped;
  const unrecovered = await movePoints(tx, order, flipped, now);
  let refund = flipped;
  if (unrecovered > 0)
    [refund] = await tx
      .update(orderRefunds)
      .set({ pointsUnrecoveredCents: unrecovered })
      .where(eq(orderRefunds.id, flipped.id))
      .returning();
  if (refund.restock && order.status !== "cancelled") {
    const lines = await tx
      .select({
        productId: orderLines.productId,
        qty: orderRefundLines.qty,
        description: orderLines.description,
      })
      .from(orderRefundLines)
      .innerJoin(orderLines, eq(orderLines.id, orderRefundLines.orderLineId))
      .where(eq(orderRefundLines.refundId, refund.id));
    await returnOrderStock(tx, store, lines);
  }
  const how =
    refund.method === "provider" ? "back to the card" : REFUND_METHOD_LABEL[refund.method as RefundMethod];
  await recordOrderEvent(tx, order.id, "refunded", actorOf(refund), {
    body: `${formatEuro(refund.amountCents)} (${how}): ${refund.reason}`.slice(0, 2000),
    at: now,
  });
  // Touched, so the ERP's change feed carries the order with its refunds.
  const [touched] = await tx
    .update(orders)
    .set({ updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await queueRefundMail(tx, store, await loadMailOrder(tx, touched), refund);
  await enqueueOrderWebhook(tx, store, "order.refunded", touched, now, String(refund.id));
  return refund;
}

export type SettleOutcome =
  | { kind: "succeeded"; refund: RefundRow }
  | { kind: "failed"; refund: RefundRow; message: string }
  /** No answer: it stays pending and the sweep asks again. */
  | { kind: "pending"; refund: RefundRow; message: string };

/** Asks the provider for a pending provider refund and records its answer. */
export async function settleRefund(
  store: StoreContext,
  refundId: number,
  provider: PaymentProvider = paymentProviderFor(store),
  log?: Log,
  now = new Date(),
): Promise<SettleOutcome> {
  const [row] = await store.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).limit(1);
  if (!row) throw new Error(`no refund ${refundId}`);
  if (row.status === "succeeded") return { kind: "succeeded", refund: row };
  if (row.status === "failed") return { kind: "failed", refund: row, message: row.error ?? "" };
  const [payment] = await store.db
    .select()
    .from(payments)
    .where(eq(payments.id, row.paymentId ?? 0))
    .limit(1);
  const [order] = await store.db.select().from(orders).where(eq(orders.id, row.orderId)).limit(1);
  if (!payment?.transactionId || !order)
    return fail(store, row, "The paid payment has no transaction to refund.", now);
  if (payment.provider !== provider.id)
    return fail(store, row, `The payment was made with ${payment.provider}, not ${provider.id}.`, now);
  await store.db
    .update(orderRefunds)
    .set({ attempts: sql`${orderRefunds.attempts} + 1` })
    .where(eq(orderRefunds.id, row.id));
  let outcome: Awaited<ReturnType<PaymentProvider["refund"]>>;
  try {
    outcome = await provider.refund({
      transactionId: payment.transactionId,
      amountCents: row.amountCents,
      idempotencyKey: `refund-${order.code}-${row.idempotencyKey}`.slice(0, 100),
      merchantReference: refundReference(order.code, row.id),
    });
  } catch (err) {
    const message = err instanceof PaymentProviderError ? err.message : String(err);
    log?.warn({ refund: row.id, order: order.code, err: message }, "refund: no answer from the provider");
    const [kept] = await store.db
      .update(orderRefunds)
      .set({ error: `No answer yet: ${message}`.slice(0, 500) })
      .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, "pending")))
      .returning();
    return { kind: "pending", refund: kept ?? row, message };
  }
  if (outcome.kind === "refused") return fail(store, row, outcome.message, now);
  const refundTx = outcome.refundTransactionId;
  const finished = await afterStockChange(
    store,
    store.db.transaction((tx) => finishRefundIn(tx, store, row.id, refundTx, now)),
  );
  const [current] = await store.db.select().from(orderRefunds).where(eq(orderRefunds.id, row.id)).limit(1);
  return { kind: "succeeded", refund: finished ?? current };
}

async function fail(store: StoreContext, row: RefundRow, message: string, now: Date): Promise<SettleOutcome> {
  const [failed] = await store.db
    .update(orderRefunds)
    .set({ status: "failed", error: message.slice(0, 500), completedAt: now })
    .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, "pending")))
    .returning();
  if (!failed) return settleRefundRead(store, row.id);
  return { kind: "failed", refund: failed, message };
}

async function settleRefundRead(store: StoreContext, id: number): Promise<SettleOutcome> {
  const [row] = await store.db.select().from(orderRefunds).where(eq(orderRefunds.id, id)).limit(1);
  if (row.status === "succeeded") return { kind: "succeeded", refund: row };
  return { kind: "failed", refund: row, message: row.error ?? "" };
}

/**
 * The payment sweep's part for refunds: every provider refund still pending after a minute (a
 * timeout, a crash between the provider's answer and our write) is asked again with its key.
 */
export async function sweepRefunds(
  store: StoreContext,
  now = new Date(),
  log?: Log,
  provider: PaymentProvider = paymentProviderFor(store),
): Promise<{ refunded: number; failed: number; pending: number }> {
  const rows = await store.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.status, "pending"),
        lt(orderRefunds.createdAt, new Date(now.getTime() - REFUND_RETRY_AFTER_MS)),
      ),
    )
    .orderBy(orderRefunds.id)
    .limit(100);
  const counts = { refunded: 0, failed: 0, pending: 0 };
  for (const { id } of rows) {
    const r = await settleRefund(store, id, provider, log, now);
    if (r.kind === "succeeded") counts.refunded++;
    else if (r.kind === "failed") counts.failed++;
    else counts.pending++;
  }
  return counts;
}
