// The hand-written formatters must write exactly what Intl's en-IE formats write (core/money.ts
// says why they are not Intl).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPoints } from "../../core/account";
import {
  centsAsDecimal,
  formatDecimal,
  formatDecimalIn,
  formatEuro,
  formatMoney,
  groupThousands,
} from "../../core/money";

const euro = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });
const decimal = new Intl.NumberFormat("en-IE", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

const euroEl = new Intl.NumberFormat("el-GR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
});
const decimalEl = new Intl.NumberFormat("el-GR", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

describe("money formatting in Greek", () => {
  it("writes euros as el-GR does, and English as before", () => {
    expect(formatMoney(123456, "el")).toBe("1.234,56\u00a0€");
    expect(formatMoney(-500, "el")).toBe("-5,00\u00a0€");
    expect(formatMoney(123456, "en")).toBe("€1,234.56");
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(formatMoney(cents, "el")).toBe(euroEl.format(cents / 100));
        expect(formatDecimalIn(cents, "el")).toBe(decimalEl.format(cents / 100));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("money formatting", () => {
  it("writes euros as en-IE does", () => {
    expect(formatEuro(0)).toBe("€0.00");
    expect(formatEuro(5)).toBe("€0.05");
    expect(formatEuro(1250)).toBe("€12.50");
    expect(formatEuro(123456789)).toBe("€1,234,567.89");
    expect(formatEuro(-500)).toBe("-€5.00");
  });

  it("matches Intl for any whole number of cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(formatEuro(cents)).toBe(euro.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
  });

  it("rounds a fraction of a cent as Intl does, and never writes minus zero", () => {
    expect(formatEuro(1234.5)).toBe(euro.format(12.345));
    expect(formatEuro(-0.4)).toBe("€0.00");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(0.25, 0.75), (cents, part) => {
        expect(formatEuro(cents + part)).toBe(euro.format(Math.round(cents + part) / 100));
      }),
    );
  });

  it("writes one or two decimals as en-IE does", () => {
    expect(formatDecimal(1250)).toBe("12.5");
    expect(formatDecimal(1200)).toBe("12.0");
    expect(formatDecimal(1234)).toBe("12.34");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(formatDecimal(cents)).toBe(decimal.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
  });

  it("groups thousands", () => {
    expect(["0", "999", "1,000", "12,345", "1,234,567"]).toEqual(
      [0, 999, 1000, 12345, 1234567].map((n) => groupThousands(n)),
    );
  });

  it("shows reward points as balance less what is on hold, never below zero", () => {
    expect(formatPoints(1250, 0)).toBe("12.5");
    expect(formatPoints(1234, 34)).toBe("12.0");
    expect(formatPoints(100, 500)).toBe("0.0");
    expect(formatPoints(123456, 0)).toBe("1,234.56");
  });
});

describe("amounts for a file a program reads", () => {
  it("writes cents as euros with two decimals, no grouping, a minus where below zero", () => {
    expect(centsAsDecimal(0)).toBe("0.00");
    expect(centsAsDecimal(5)).toBe("0.05");
    expect(centsAsDecimal(123456)).toBe("1234.56");
    expect(centsAsDecimal(-99)).toBe("-0.99");
    expect(centsAsDecimal(100_000_000)).toBe("1000000.00");
  });

  it("reads back as the same cents for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const text = centsAsDecimal(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(cents);
      }),
    );
  });
});
