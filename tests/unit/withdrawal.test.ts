// The period of the right of withdrawal (core/withdrawal.ts, docs/decisions/0050): Regulation
// 1182/71's day counting in the shop's time zone, the law's minimum, and what stays open.
import { describe, expect, it } from "vitest";
import {
  WITHDRAWAL_TEXT,
  withdrawalDeadline,
  withdrawalLinesProblem,
  withdrawalWindow,
} from "../../core/withdrawal";

describe("withdrawalDeadline", () => {
  it("does not count the delivery day and ends at midnight after the last day, Cyprus time", () => {
    // Delivered Monday 1 June 2026, 23:30 in Cyprus (20:30 UTC): day 14 is Monday 15 June.
    const d = withdrawalDeadline(new Date("2026-06-01T20:30:00Z"), 14);
    expect(d.lastDay).toBe("2026-06-15");
    expect(d.until.toISOString()).toBe("2026-06-15T21:00:00.000Z");
    // 00:30 on 2 June in Cyprus is already the next day there, though still 1 June in UTC.
    expect(withdrawalDeadline(new Date("2026-06-01T21:30:00Z"), 14).lastDay).toBe("2026-06-16");
  });

  it("moves a last day on a Saturday or Sunday to the Monday after", () => {
    // Delivered Saturday 6 June: day 14 is Saturday 20 June -> Monday 22 June.
    expect(withdrawalDeadline(new Date("2026-06-06T09:00:00Z"), 14).lastDay).toBe("2026-06-22");
    // Delivered Sunday 7 June: day 14 is Sunday 21 June -> Monday 22 June.
    expect(withdrawalDeadline(new Date("2026-06-07T09:00:00Z"), 14).lastDay).toBe("2026-06-22");
  });

  it("ends at the local midnight across a clock change, and never gives fewer than 14 days", () => {
    // Delivered 20 October 2026: day 14 is Tuesday 3 November, in winter time (UTC+2).
    const d = withdrawalDeadline(new Date("2026-10-20T09:00:00Z"), 14);
    expect(d.lastDay).toBe("2026-11-03");
    expect(d.until.toISOString()).toBe("2026-11-03T22:00:00.000Z");
    expect(withdrawalDeadline(new Date("2026-06-01T09:00:00Z"), 7).lastDay).toBe("2026-06-15");
  });
});

describe("withdrawalWindow", () => {
  const base = {
    consumerSales: true,
    status: "completed",
    deliveredAt: new Date("2026-06-01T09:00:00Z"),
    days: 14,
    now: new Date("2026-06-10T09:00:00Z"),
    lines: [
      { id: 1, description: "Liquid", qty: 3, withdrawnQty: 1 },
      { id: 2, description: "Coil", qty: 1, withdrawnQty: 1 },
    ],
  };

  it("offers what is left while the period lasts", () => {
    expect(withdrawalWindow(base)).toMatchObject({
      open: true,
      lastDay: "2026-06-15",
      lines: [{ id: 1, remaining: 2 }],
    });
    expect(withdrawalWindow({ ...base, status: "paid", deliveredAt: null })).toMatchObject({
      open: true,
      until: null,
    });
  });

  it("is closed for a business shop, a cancelled or unpaid order, after the period, and when all is withdrawn", () => {
    expect(withdrawalWindow({ ...base, consumerSales: false })).toEqual({ open: false, reason: "business" });
    for (const status of ["cancelled", "expired", "pending_payment"])
      expect(withdrawalWindow({ ...base, status })).toEqual({ open: false, reason: "status" });
    expect(withdrawalWindow({ ...base, now: new Date("2026-06-15T21:00:00Z") })).toEqual({
      open: false,
      reason: "expired",
    });
    expect(
      withdrawalWindow({ ...base, lines: base.lines.map((l) => ({ ...l, withdrawnQty: l.qty })) }),
    ).toEqual({ open: false, reason: "withdrawn" });
  });

  it("checks the chosen lines against what is open", () => {
    const open = [{ id: 1, remaining: 2 }];
    expect(withdrawalLinesProblem([{ lineId: 1, qty: 2 }], open)).toBeNull();
    expect(withdrawalLinesProblem([{ lineId: 1, qty: 3 }], open)).toBe(WITHDRAWAL_TEXT.tooMany);
    expect(withdrawalLinesProblem([{ lineId: 2, qty: 1 }], open)).toBe(WITHDRAWAL_TEXT.unknownLine);
    // A line of the order already withdrawn in full is asked for too much, not unknown.
    expect(withdrawalLinesProblem([{ lineId: 2, qty: 1 }], open, new Set([2]))).toBe(WITHDRAWAL_TEXT.tooMany);
    expect(withdrawalLinesProblem([], open)).toBe(WITHDRAWAL_TEXT.noLines);
  });
});
