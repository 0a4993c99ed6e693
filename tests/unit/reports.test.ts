// The sales report's calendar rules: ISO weeks from Monday, months, every period of a range, the
// previous range of equal length, the presets in the shop's days, and the figures from the sums.
import { describe, expect, it } from "vitest";
import {
  percentChange,
  periodStart,
  periodsOf,
  presetRange,
  previousRange,
  ReportQuery,
  salesFigures,
} from "../../core/admin/reports";

describe("sales report rules", () => {
  it("starts a week on its Monday and a month on its first", () => {
    expect(periodStart("2026-02-01", "week")).toBe("2026-01-26"); // a Sunday
    expect(periodStart("2026-02-02", "week")).toBe("2026-02-02"); // a Monday
    expect(periodStart("2026-01-01", "week")).toBe("2025-12-29"); // ISO week 1 of 2026
    expect(periodStart("2026-02-28", "month")).toBe("2026-02-01");
    expect(periodStart("2026-02-28", "day")).toBe("2026-02-28");
  });

  it("lists every period a range touches", () => {
    expect(periodsOf("2026-01-30", "2026-03-02", "month")).toEqual([
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
    ]);
    expect(periodsOf("2026-02-01", "2026-02-09", "week")).toEqual(["2026-01-26", "2026-02-02", "2026-02-09"]);
    expect(periodsOf("2024-02-27", "2024-03-01", "day")).toEqual([
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
  });

  it("compares with the range of equal length just before", () => {
    expect(previousRange("2026-02-01", "2026-02-28")).toEqual({ from: "2026-01-04", to: "2026-01-31" });
    expect(previousRange("2026-03-01", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
  });

  it("reads presets as days in Cyprus", () => {
    // 22:30 UTC on 31 March is already 1 April in Cyprus (UTC+3).
    const now = new Date("2026-03-31T22:30:00Z");
    expect(presetRange("lastMonth", now)).toEqual({ from: "2026-03-01", to: "2026-03-31" });
    expect(presetRange("last7", now)).toEqual({ from: "2026-03-26", to: "2026-04-01" });
    expect(presetRange("thisYear", now)).toEqual({ from: "2026-01-01", to: "2026-04-01" });
    expect(presetRange("lastMonth", new Date("2026-01-15T10:00:00Z"))).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });

  it("nets discounts and refunds, averages per order, and has no change from nothing", () => {
    const f = salesFigures({
      orders: 3,
      units: 5,
      grossCents: 10_000,
      discountCents: 500,
      shippingCents: 900,
      refundedCents: 1000,
    });
    expect(f.netCents).toBe(9400);
    expect(f.averageOrderCents).toBe(3133);
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
  });

  it("refuses a reversed or too long range", () => {
    expect(ReportQuery.safeParse({ from: "2026-02-02", to: "2026-02-01" }).success).toBe(false);
    expect(ReportQuery.safeParse({ from: "2024-01-01", to: "2026-01-02" }).success).toBe(false);
    expect(ReportQuery.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(false);
    expect(ReportQuery.parse({ from: "2025-01-01", to: "2026-01-01" }).group).toBe("day");
  });
});
