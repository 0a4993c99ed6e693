// When an unpaid order may still be paid, and what cancelling a completed order does to points.
import { describe, expect, it } from "vitest";
import {
  cancelCompletedPoints,
  MIN_PAYMENT_WINDOW_SECONDS,
  PAYMENT_TIMEOUT_SECONDS,
  payableUntil,
  paymentWindowSeconds,
  RESERVATION_GRACE_MS,
} from "../../core/orders";
import { RESERVATION_MS } from "../../services/payments";

const now = new Date("2026-05-01T10:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe("payment window of a reservation", () => {
  it("a fresh reservation gets the provider's whole timeout, and ends with the reservation less the grace", () => {
    expect(RESERVATION_MS).toBe(PAYMENT_TIMEOUT_SECONDS * 1000 + RESERVATION_GRACE_MS);
    expect(paymentWindowSeconds(new Date(now.getTime() + RESERVATION_MS), now)).toBe(PAYMENT_TIMEOUT_SECONDS);
    expect(paymentWindowSeconds(at(20), now)).toBe(15 * 60);
    expect(paymentWindowSeconds(at(5 + 2), now)).toBe(MIN_PAYMENT_WINDOW_SECONDS);
  });

  it("too little time left, a lapsed reservation or none: 0", () => {
    expect(paymentWindowSeconds(at(6), now)).toBe(0);
    expect(paymentWindowSeconds(at(-1), now)).toBe(0);
    expect(paymentWindowSeconds(null, now)).toBe(0);
  });

  it("'Pay now' is offered until the last moment a minimal window still fits", () => {
    const until = payableUntil(at(35)) as Date;
    expect(until.toISOString()).toBe(at(28).toISOString());
    expect(paymentWindowSeconds(at(35), until)).toBe(MIN_PAYMENT_WINDOW_SECONDS);
    expect(paymentWindowSeconds(at(35), new Date(until.getTime() + 1000))).toBe(0);
    expect(payableUntil(null)).toBeNull();
  });
});

describe("cancelling a completed order", () => {
  it("takes its earned points back whole when they are still free", () => {
    expect(
      cancelCompletedPoints({ balanceCents: 900, onHoldCents: 0, earnedCents: 500, redeemedCents: 0 }),
    ).toEqual({
      balanceCents: 400,
      takenCents: 500,
      unrecoveredCents: 0,
    });
  });

  it("gives its redeemed points back first, then takes the earned ones from them", () => {
    expect(
      cancelCompletedPoints({ balanceCents: 0, onHoldCents: 0, earnedCents: 25, redeemedCents: 300 }),
    ).toEqual({
      balanceCents: 275,
      takenCents: 25,
      unrecoveredCents: 0,
    });
  });

  it("spent or on hold for another order: takes what is free, never below zero, and records the rest", () => {
    expect(
      cancelCompletedPoints({ balanceCents: 225, onHoldCents: 100, earnedCents: 500, redeemedCents: 0 }),
    ).toEqual({ balanceCents: 100, takenCents: 125, unrecoveredCents: 375 });
    expect(
      cancelCompletedPoints({ balanceCents: 0, onHoldCents: 0, earnedCents: 749, redeemedCents: 0 }),
    ).toEqual({
      balanceCents: 0,
      takenCents: 0,
      unrecoveredCents: 749,
    });
    // A hold above the balance (never written by the shop, but possible in imported data).
    expect(
      cancelCompletedPoints({ balanceCents: 50, onHoldCents: 80, earnedCents: 10, redeemedCents: 0 }),
    ).toEqual({ balanceCents: 50, takenCents: 0, unrecoveredCents: 10 });
  });
});
