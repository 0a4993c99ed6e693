// Reading an order's refunds (docs/decisions/0056): what they hold against the order (for the
// limits of the next one and for the points of completion and cancellation), and the refunds as
// the customer's order page, the back office and the ERP show them.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { RefundedSoFar, RefundMethod, RefundStatus } from "../../core/refunds";
import type { Tx } from "../../db/client";
import { orderLines, orderRefundLines, orderRefunds } from "../../db/store/schema";
import type { StoreDb } from "../context";

type Db = StoreDb | Tx;

/** The sums of the refunds that did not fail: the limits of the next refund. */
export async function refundedSoFar(db: Db, orderId: number): Promise<RefundedSoFar> {
  const [sums] = await db
    .select({
      money: sql<string | number | null>`sum(${orderRefunds.amountCents})`,
      shipping: sql<string | number | null>`sum(${orderRefunds.shippingCents})`,
      returned: sql<string | number | null>`sum(${orderRefunds.pointsReturnedCents})`,
      taken: sql<string | number | null>`sum(${orderRefunds.pointsTakenCents})`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, "failed")));
  const lines = await db
    .select({
      lineId: orderRefundLines.orderLineId,
      qty: sql<string | number>`sum(${orderRefundLines.qty})`,
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, "failed")))
    .groupBy(orderRefundLines.orderLineId);
  return {
    moneyCents: Number(sums?.money ?? 0),
    shippingCents: Number(sums?.shipping ?? 0),
    pointsReturnedCents: Number(sums?.returned ?? 0),
    pointsTakenCents: Number(sums?.taken ?? 0),
    qty: new Map(lines.map((l) => [l.lineId, Number(l.qty)])),
  };
}

/**
 * The points that refunds which went through already moved: completion and cancellation leave
 * these alone (they were given back or taken back when the refund succeeded).
 */
export async function pointsMovedByRefunds(
  db: Db,
  orderId: number,
): Promise<{ returnedCents: number; takenCents: number }> {
  const [r] = await db
    .select({
      returned: sql<string | number | null>`sum(${orderRefunds.pointsReturnedCents})`,
      taken: sql<string | number | null>`sum(${orderRefunds.pointsTakenCents})`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "succeeded")));
  return { returnedCents: Number(r?.returned ?? 0), takenCents: Number(r?.taken ?? 0) };
}

/**
 * Quantities per order line that refunds which went through put back into stock: a cancellation
 * afterwards returns only the rest, so no unit goes back twice.
 */
export async function restockedByRefunds(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      lineId: orderRefundLines.orderLineId,
      qty: sql<string | number>`sum(${orderRefundLines.qty})`,
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.status, "succeeded"),
        eq(orderRefunds.restock, true),
      ),
    )
    .groupBy(orderRefundLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.qty)]));
}

export interface RefundRecord {
  id: number;
  status: RefundStatus;
  method: RefundMethod;
  amountCents: number;
  shippingCents: number;
  extraCents: number;
  pointsReturnedCents: number;
  pointsTakenCents: number;
  pointsUnrecoveredCents: number;
  restock: boolean;
  reason: string;
  note: string | null;
  byName: string;
  providerTransactionId: string | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  lines: {
    orderLineId: number;
    productId: number;
    description: string;
    qty: number;
    amountCents: number;
  }[];
}

/** Every refund of the given orders, oldest first, with its lines. */
export async function refundsOf(db: Db, orderIds: number[]): Promise<Map<number, RefundRecord[]>> {
  const out = new Map<number, RefundRecord[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.id));
  if (rows.length === 0) return out;
  const lines = await db
    .select({
      refundId: orderRefundLines.refundId,
      orderLineId: orderRefundLines.orderLineId,
      productId: orderLines.productId,
      description: orderLines.description,
      qty: orderRefundLines.qty,
      amountCents: orderRefundLines.amountCents,
    })
    .from(orderRefundLines)
    .innerJoin(orderLines, eq(orderLines.id, orderRefundLines.orderLineId))
    .where(
      inArray(
        orderRefundLines.refundId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderRefundLines.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      status: r.status as RefundStatus,
      method: r.method as RefundMethod,
      amountCents: r.amountCents,
      shippingCents: r.shippingCents,
      extraCents: r.extraCents,
      pointsReturnedCents: r.pointsReturnedCents,
      pointsTakenCents: r.pointsTakenCents,
      pointsUnrecoveredCents: r.pointsUnrecoveredCents,
      restock: r.restock,
      reason: r.reason,
      note: r.note,
      byName: r.byName,
      providerTransactionId: r.providerTransactionId,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      lines: lines.filter((l) => l.refundId === r.id).map(({ refundId: _, ...l }) => l),
    });
    out.set(r.orderId, list);
  }
  return out;
}
