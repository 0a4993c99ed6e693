// The back office's refunds (docs/decisions/0056). One press of 'Refund' is one transaction that
// locks the order, finds a repeat by its idempotency key, checks the version the form was read at,
// holds the amounts within what was paid against the locked sum of the refunds so far, writes the
// refund `pending` with its lines, and audits it. A manual refund (cash on delivery, bank
// transfer) is finished in that same transaction; a card refund is then asked of the provider
// (services/orders/refunds.ts), outside any transaction, and finished exactly once.
import { and, desc, eq } from "drizzle-orm";
import type { AdminOrderStatus } from "../../core/admin/orders";
import {
  fullRefundRequest,
  planRefund,
  type RefundedSoFar,
  type RefundInput,
  type RefundOrder,
  RefundRuleError,
  refundsThroughProvider,
} from "../../core/refunds";
import type { Tx } from "../../db/client";
import { orderLines, orderRefundLines, orderRefunds, orders, payments } from "../../db/store/schema";
import { afterStockChange } from "../catalog";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { refundedSoFar, refundsOf } from "../orders/refund-records";
import { finishRefundIn, settleRefund } from "../orders/refunds";
import { paymentProviderFor } from "../payments";
import type { PaymentProvider } from "../payments/provider";
import { EDIT_CONFLICT_MESSAGE, recordAudit, type StaffActor, versionOf } from "./audit";

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/** Statuses whose money may go back: the customer paid (or, by hand, may have paid). */
const REFUNDABLE = ["placed", "paid", "completed", "cancelled"];

/** The payment a card order was paid with: the one that marked it paid. */
async function paidPayment(db: Tx | StoreContext["db"], orderId: number): Promise<PaymentRow | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")))
    .orderBy(desc(payments.verifiedAt), desc(payments.id))
    .limit(1);
  return p ?? null;
}

/** What a refund of this order works from: its lines, its points, and the money it was paid. */
export async function refundFacts(
  db: Tx | StoreContext["db"],
  order: OrderRow,
): Promise<{ facts: RefundOrder; payment: PaymentRow | null; soFar: RefundedSoFar; version: string }> {
  const lines = await db
    .select({
      id: orderLines.id,
      qty: orderLines.qty,
      unitPriceCents: orderLines.unitPriceCents,
      description: orderLines.description,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
  const throughProvider = refundsThroughProvider(order.paymentMethod);
  const payment = throughProvider ? await paidPayment(db, order.id) : null;
  const soFar = await refundedSoFar(db, order.id);
  const refunds = await db
    .select({ id: orderRefunds.id, status: orderRefunds.status })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id))
    .orderBy(orderRefunds.id);
  return {
    facts: {
      goodsTotalCents: order.goodsTotalCents,
      shippingCostCents: order.shippingCostCents,
      pointsRedeemedCents: order.pointsRedeemedCents,
      pointsEarnedCents: order.pointsEarnedCents,
      // A card order was paid what its paid payment says; an order paid by hand, its total.
      paidCents: throughProvider ? (payment?.amountCents ?? 0) : order.totalCents,
      lines,
    },
    payment,
    soFar,
    // Any refund written or settled, or the order's status changing, gives another version.
    version: versionOf({ status: order.status, refunds }),
  };
}

/** Why this order takes no refund now, or null when it does. */
export function refundRefusal(order: OrderRow, payment: PaymentRow | null): string | null {
  if (!REFUNDABLE.includes(order.status))
    return `Order ${order.code} is ${order.status.replace("_", " ")}: there is no payment to refund.`;
  if (refundsThroughProvider(order.paymentMethod) && !payment?.transactionId)
    return `Order ${order.code} has no card payment that went through, so there is nothing to refund.`;
  return null;
}

/** The order page's refunds (AdminOrder.refunds): every refund and what the form may still give back. */
export async function refundsForOrder(store: StoreContext, order: OrderRow) {
  const [offer, records] = await Promise.all([refundOffer(store, order), refundsOf(store.db, [order.id])]);
  return {
    ...offer,
    list: (records.get(order.id) ?? []).map((r) => ({
      id: r.id,
      status: r.status,
      method: r.method,
      amountCents: r.amountCents,
      shippingCents: r.shippingCents,
      extraCents: r.extraCents,
      pointsReturnedCents: r.pointsReturnedCents,
      pointsTakenCents: r.pointsTakenCents,
      restock: r.restock,
      reason: r.reason,
      note: r.note,
      byName: r.byName,
      error: r.error,
      createdAt: r.createdAt,
      completedAt: r.completedAt,
      lines: r.lines.map(({ description, qty, amountCents }) => ({ description, qty, amountCents })),
    })),
  };
}

/** What the order page's refund form offers. */
export async function refundOffer(store: StoreContext, order: OrderRow) {
  const { facts, payment, soFar, version } = await refundFacts(store.db, order);
  const refusal = refundRefusal(order, payment);
  let full: ReturnType<typeof planRefund> | null = null;
  try {
    full = refusal ? null : planRefund(facts, soFar, fullRefundRequest(facts, soFar));
  } catch (err) {
    if (!(err instanceof RefundRuleError)) throw err;
  }
  return {
    version,
    allowed: refusal === null && facts.paidCents - soFar.moneyCents > 0,
    refusal,
    throughProvider: refundsThroughProvider(order.paymentMethod),
    paidCents: facts.paidCents,
    refundedCents: soFar.moneyCents,
    leftCents: Math.max(0, facts.paidCents - soFar.moneyCents),
    shippingLeftCents: Math.max(0, facts.shippingCostCents - soFar.shippingCents),
    restockAllowed: order.status !== "cancelled",
    lines: facts.lines.map((l) => ({
      lineId: l.id,
      description: l.description,
      qty: l.qty,
      unitPriceCents: l.unitPriceCents,
      refundedQty: soFar.qty.get(l.id) ?? 0,
    })),
    pointsRedeemedCents: facts.pointsRedeemedCents,
    pointsEarnedCents: facts.pointsEarnedCents,
    pointsReturnedCents: soFar.pointsReturnedCents,
    pointsTakenCents: soFar.pointsTakenCents,
    /** Everything left, for 'Refund everything' and a cancelled paid order's proposal. */
    fullAmountCents: full?.amountCents ?? 0,
  };
}

export interface RefundResult {
  code: string;
  status: AdminOrderStatus;
  message: string;
  refund: { id: number; status: string; amountCents: number; error: string | null };
}

function resultOf(order: OrderRow, refund: RefundRow, message: string): RefundResult {
  return {
    code: order.code,
    status: order.status as AdminOrderStatus,
    message,
    refund: { id: refund.id, status: refund.status, amountCents: refund.amountCents, error: refund.error },
  };
}

const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/**
 * Refunds lines, quantities, the delivery or an amount of an order for a member of staff. A
 * repeat of the same idempotency key answers the first refund (and asks the provider again when
 * it is still pending); never a second one.
 */
export async function refundAdminOrder(
  store: StoreContext,
  actor: StaffActor,
  code: string,
  input: RefundInput,
  provider: PaymentProvider | null = null,
): Promise<RefundResult> {
  const now = new Date();
  const written = await afterStockChange(
    store,
    store.db.transaction(async (tx) => {
      // Locked: two refunds of one order take turns, so the second sees the first one's sum.
      const order = (await tx.select().from(orders).where(eq(orders.code, code)).limit(1).for("update"))[0];
      if (!order) throw new ServiceError("not_found", `There is no order ${code}.`);
      const [repeat] = await tx
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.idempotencyKey, input.idempotencyKey)))
        .limit(1);
      if (repeat) return { order, refund: repeat, repeat: true };

      const { facts, payment, soFar, version } = await refundFacts(tx, order);
      if (version !== input.version) throw new ServiceError("edit_conflict", EDIT_CONFLICT_MESSAGE);
      const refusal = refundRefusal(order, payment);
      if (refusal) throw new ServiceError("invalid_state", refusal);
      const throughProvider = refundsThroughProvider(order.paymentMethod);
      if (throughProvider !== (input.method === "provider"))
        throw new ServiceError(
          "invalid",
          throughProvider
            ? "method: a card order is refunded back to the card, through the payment provider."
            : "method: say how the money was paid back (cash, bank transfer or other).",
        );
      if (input.restock && order.status === "cancelled")
        throw new ServiceError(
          "invalid",
          "restock: the cancellation already decided this order's stock; refund without restocking.",
        );
      let plan: ReturnType<typeof planRefund>;
      try {
        plan = planRefund(facts, soFar, input);
      } catch (err) {
        if (err instanceof RefundRuleError) throw new ServiceError("invalid", err.message);
        throw err;
      }
      if (throughProvider && plan.amountCents === 0)
        throw new ServiceError(
          "invalid",
          "amount: the points cover these goods; there is no money to refund.",
        );
      const [refund] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          paymentId: throughProvider ? (payment?.id ?? null) : null,
          idempotencyKey: input.idempotencyKey,
          method: input.method,
          status: "pending",
          amountCents: plan.amountCents,
          shippingCents: plan.shippingCents,
          extraCents: plan.extraCents,
          pointsReturnedCents: plan.pointsReturnedCents,
          pointsTakenCents: plan.pointsTakenCents,
          restock: input.restock,
          reason: input.reason,
          note: input.note || null,
          staffId: actor.id,
          byName: actor.name,
          createdAt: now,
        })
        .returning();
      if (plan.lines.length > 0)
        await tx
          .insert(orderRefundLines)
          .values(plan.lines.map((l) => ({ refundId: refund.id, orderLineId: l.lineId, ...l })));
      await recordAudit(tx, actor, {
        action: "order.refund",
        entity: "order",
        entityId: order.code,
        summary:
          `Refund of ${euro(plan.amountCents)} on order ${order.code} (${input.method}): ${input.reason}`.slice(
            0,
            300,
          ),
        after: {
          refundId: refund.id,
          ...plan,
          restock: input.restock,
          method: input.method,
          note: input.note,
        },
      });
      if (throughProvider) return { order, refund, repeat: false };
      const finished = await finishRefundIn(tx, store, refund.id, null, now);
      return { order, refund: finished ?? refund, repeat: false };
    }),
  );
  const { order, refund } = written;
  if (refund.status !== "pending" || refund.method !== "provider") {
    const state = refund.status === "failed" ? `was refused: ${refund.error}` : "is recorded";
    return resultOf(order, refund, `The refund of ${euro(refund.amountCents)} ${state}.`);
  }
  const settled = await settleRefund(store, refund.id, provider ?? paymentProviderFor(store));
  if (settled.kind === "succeeded")
    return resultOf(
      order,
      settled.refund,
      `${euro(settled.refund.amountCents)} is refunded to the card.${order.customerEmail.includes("@") ? ` ${order.customerEmail} is told by mail.` : ""}`,
    );
  if (settled.kind === "failed")
    throw new ServiceError(
      "payment_unavailable",
      `The payment provider refused the refund: ${settled.message}`,
    );
  return resultOf(
    order,
    settled.refund,
    `The payment provider did not answer. The refund of ${euro(settled.refund.amountCents)} is kept as pending and asked again within minutes; it will not be made twice.`,
  );
}
