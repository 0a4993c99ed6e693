// Refunds (docs/decisions/0056): what a refund of lines, quantities, delivery or an amount gives
// back in money and in points, and the limits it must stay within. Pure, so the back office's
// form shows the same figures the service writes.
import { z } from "zod";

/** provider: through the payment provider; the rest are recorded by staff as paid back by hand. */
export const REFUND_METHODS = ["provider", "cash", "bank_transfer", "other"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const MANUAL_REFUND_METHODS = ["cash", "bank_transfer", "other"] as const;
export type ManualRefundMethod = (typeof MANUAL_REFUND_METHODS)[number];

export const REFUND_METHOD_LABEL: Record<RefundMethod, string> = {
  provider: "Back to the card (payment provider)",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  other: "Other",
};

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Payment methods whose money goes back through the provider; the others by hand. */
export function refundsThroughProvider(paymentMethod: string): boolean {
  return paymentMethod === "card" || paymentMethod === "wallet";
}

export const REFUND_REASON_MAX = 500;

export const RefundInput = z.object({
  /** One press of 'Refund' (the browser makes it): a repeat finds the first refund. */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "idempotencyKey: 8 to 100 letters, digits, - or _."),
  /** The refund state the form was read at (AdminOrder.refunds.version). */
  version: z.string().min(1, "version: reload the order first.").max(64),
  lines: z
    .array(
      z.object({
        lineId: z.number().int().positive(),
        qty: z.number().int().positive("lines.qty: at least 1.").max(100_000),
      }),
    )
    .max(500)
    .default([]),
  /** Give back what is left of the delivery charge. */
  shipping: z.boolean().default(false),
  /** An amount beyond lines and delivery, in cents. */
  extraCents: z.number().int().min(0, "extraCents: not below 0.").max(100_000_000).default(0),
  restock: z.boolean().default(false),
  reason: z
    .string()
    .trim()
    .min(1, "reason: say why the money goes back.")
    .max(REFUND_REASON_MAX, `reason: at most ${REFUND_REASON_MAX} characters.`),
  /** For a card order: provider. For cash on delivery or bank transfer: how it was paid back. */
  method: z.enum(REFUND_METHODS),
  note: z.string().trim().max(500, "note: at most 500 characters.").optional(),
});
export type RefundInput = z.output<typeof RefundInput>;

export interface RefundOrder {
  goodsTotalCents: number;
  shippingCostCents: number;
  pointsRedeemedCents: number;
  pointsEarnedCents: number;
  /** What the customer paid in money: the paid payment's amount, or the order's total. */
  paidCents: number;
  lines: readonly { id: number; qty: number; unitPriceCents: number; description: string }[];
}

/** What refunds that did not fail already hold against the order. */
export interface RefundedSoFar {
  moneyCents: number;
  shippingCents: number;
  pointsReturnedCents: number;
  pointsTakenCents: number;
  /** Quantity per order line id. */
  qty: ReadonlyMap<number, number>;
}

export interface RefundPlan {
  lines: { lineId: number; qty: number; amountCents: number }[];
  goodsCents: number;
  shippingCents: number;
  extraCents: number;
  pointsReturnedCents: number;
  pointsTakenCents: number;
  /** The money that goes back. */
  amountCents: number;
  /** After it, every line and the delivery are refunded. */
  complete: boolean;
}

export class RefundRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "RefundRuleError";
  }
}

/**
 * The money and points of a refund. Redeemed points are given back in the share the refunded
 * goods and delivery have of what the order charged before points; earned points are taken back
 * in the refunded goods' share of the goods. The refund that leaves nothing unrefunded takes the
 * remainders, so rounding never keeps a cent of either. The money never exceeds what was paid
 * less what is already refunded.
 */
export function planRefund(
  order: RefundOrder,
  so: RefundedSoFar,
  req: { lines: readonly { lineId: number; qty: number }[]; shipping: boolean; extraCents: number },
): RefundPlan {
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const lines: RefundPlan["lines"] = [];
  for (const r of req.lines) {
    const line = byId.get(r.lineId);
    if (!line) throw new RefundRuleError("lines", `lines: line ${r.lineId} is not on this order.`);
    if (seen.has(r.lineId)) throw new RefundRuleError("lines", `lines: line ${r.lineId} is named twice.`);
    seen.add(r.lineId);
    const left = line.qty - (so.qty.get(line.id) ?? 0);
    if (r.qty > left)
      throw new RefundRuleError(
        "lines",
        `lines: only ${left} of “${line.description}” ${left === 1 ? "is" : "are"} left to refund.`,
      );
    lines.push({ lineId: line.id, qty: r.qty, amountCents: r.qty * line.unitPriceCents });
  }
  const shippingLeft = Math.max(0, order.shippingCostCents - so.shippingCents);
  if (req.shipping && shippingLeft === 0)
    throw new RefundRuleError("shipping", "shipping: the delivery charge is already refunded (or was free).");
  const shippingCents = req.shipping ? shippingLeft : 0;
  const goodsCents = lines.reduce((s, l) => s + l.amountCents, 0);

  const allGoods = order.lines.every(
    (l) => (so.qty.get(l.id) ?? 0) + (lines.find((x) => x.lineId === l.id)?.qty ?? 0) >= l.qty,
  );
  const complete = allGoods && shippingLeft - shippingCents === 0;
  const charged = order.goodsTotalCents + order.shippingCostCents;
  const returnedLeft = Math.max(0, order.pointsRedeemedCents - so.pointsReturnedCents);
  const takenLeft = Math.max(0, order.pointsEarnedCents - so.pointsTakenCents);
  const pointsReturnedCents = complete
    ? returnedLeft
    : charged > 0
      ? Math.min(
          returnedLeft,
          Math.floor((order.pointsRedeemedCents * (goodsCents + shippingCents)) / charged),
        )
      : 0;
  const pointsTakenCents = allGoods
    ? takenLeft
    : order.goodsTotalCents > 0
      ? Math.min(takenLeft, Math.floor((order.pointsEarnedCents * goodsCents) / order.goodsTotalCents))
      : 0;
  const amountCents = goodsCents + shippingCents - pointsReturnedCents + req.extraCents;
  const left = Math.max(0, order.paidCents - so.moneyCents);
  if (amountCents > left)
    throw new RefundRuleError(
      "amount",
      `amount: ${euro(amountCents)} is more than the ${euro(left)} left of what was paid.`,
    );
  if (lines.length === 0 && shippingCents === 0 && req.extraCents === 0)
    throw new RefundRuleError("lines", "lines: choose lines, the delivery or an amount to refund.");
  return {
    lines,
    goodsCents,
    shippingCents,
    extraCents: req.extraCents,
    pointsReturnedCents,
    pointsTakenCents,
    amountCents,
    complete,
  };
}

function euro(cents: number): string {
  return `€${(cents / 100).toFixed(2)}`;
}

/** Everything that is left: the refund a cancelled paid order is offered. */
export function fullRefundRequest(order: RefundOrder, so: RefundedSoFar) {
  return {
    lines: order.lines
      .map((l) => ({ lineId: l.id, qty: l.qty - (so.qty.get(l.id) ?? 0) }))
      .filter((l) => l.qty > 0),
    shipping: order.shippingCostCents - so.shippingCents > 0,
    extraCents: 0,
  };
}
