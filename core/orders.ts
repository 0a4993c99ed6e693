// Rules of an order after it is placed (ARCHITECTURE section 6, docs/decisions/0021): when an
// unpaid card order may still be paid, and what cancelling a completed order does to the points.
// Pure, so the dashboard's loader and the services read one definition.

/** How long the provider accepts a payment for one payment order (Viva's default). */
export const PAYMENT_TIMEOUT_SECONDS = 30 * 60;
/**
 * A reservation outlives the payment window by this much, so a payment made in the window's last
 * second still finds its stock.
 */
export const RESERVATION_GRACE_MS = 5 * 60 * 1000;
/** Less payment time than this is not worth sending a shopper to the provider for. */
export const MIN_PAYMENT_WINDOW_SECONDS = 2 * 60;

/**
 * The payment time a new payment order for this reservation gets: what is left of the
 * reservation less the grace, at most the provider's timeout; 0 when too little is left.
 */
export function paymentWindowSeconds(reservedUntil: Date | null, now: Date): number {
  if (!reservedUntil) return 0;
  const left = Math.floor((reservedUntil.getTime() - RESERVATION_GRACE_MS - now.getTime()) / 1000);
  if (left < MIN_PAYMENT_WINDOW_SECONDS) return 0;
  return Math.min(PAYMENT_TIMEOUT_SECONDS, left);
}

/** The last moment 'Pay now' is offered for a reservation, or null without one. */
export function payableUntil(reservedUntil: Date | null): Date | null {
  if (!reservedUntil) return null;
  return new Date(reservedUntil.getTime() - RESERVATION_GRACE_MS - MIN_PAYMENT_WINDOW_SECONDS * 1000);
}

export interface CompletedCancellation {
  balanceCents: number;
  /** Earned points taken back. */
  takenCents: number;
  /** Earned points that were no longer there to take (spent, or on hold for another order). */
  unrecoveredCents: number;
}

/**
 * Cancelling a completed order: its redeemed points come back to the balance, then its earned
 * points are taken back from what is free (balance less on hold). Points on hold already pay for
 * another open order, so they are not touched, and the balance never drops below zero.
 */
export function cancelCompletedPoints(p: {
  balanceCents: number;
  onHoldCents: number;
  earnedCents: number;
  redeemedCents: number;
}): CompletedCancellation {
  const balance = Math.max(0, p.balanceCents) + Math.max(0, p.redeemedCents);
  const free = Math.max(0, balance - Math.max(0, p.onHoldCents));
  const earned = Math.max(0, p.earnedCents);
  const taken = Math.min(earned, free);
  return { balanceCents: balance - taken, takenCents: taken, unrecoveredCents: earned - taken };
}
