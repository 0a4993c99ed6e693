import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availablePoints,
  CHECKOUT_TEXT,
  computeTotals,
  enabledPaymentMethods,
  parseEuroInput,
  pointsEarned,
  shipsTo,
} from "../../core/checkout";
import { CheckoutRequestSchema } from "../../core/validation/checkout";

const base = {
  lines: [
    { qty: 2, unitPriceCents: 1250 },
    { qty: 1, unitPriceCents: 999 },
  ],
  shippingCostCents: 450,
  freeDeliveryTotalCents: 5000,
  pointsPercentage: 5,
  availablePointsCents: 1000,
  redeemPointsCents: 0,
  excludeVat: false,
};

describe("checkout totals", () => {
  it("adds goods and shipping, earns goods x percentage / 100 rounded down", () => {
    expect(computeTotals(base)).toEqual({
      goodsTotalCents: 3499,
      shippingCostCents: 450,
      freeShipping: false,
      maxRedeemCents: 1000,
      pointsRedeemedCents: 0,
      pointsEarnedCents: 174,
      totalCents: 3949,
      vatText: "*VAT Included",
    });
  });

  it("ships free from the free-delivery total on (inclusive) and never when it is not set", () => {
    const at = computeTotals({ ...base, lines: [{ qty: 1, unitPriceCents: 5000 }] });
    expect(at).toMatchObject({ shippingCostCents: 0, freeShipping: true, totalCents: 5000 });
    const below = computeTotals({ ...base, lines: [{ qty: 1, unitPriceCents: 4999 }] });
    expect(below).toMatchObject({ shippingCostCents: 450, freeShipping: false });
    const never = computeTotals({
      ...base,
      freeDeliveryTotalCents: null,
      lines: [{ qty: 10, unitPriceCents: 5000 }],
    });
    expect(never.shippingCostCents).toBe(450);
    expect(computeTotals({ ...base, shippingCostCents: null }).shippingCostCents).toBe(0);
  });

  it("redeems only with points on, never more than available nor the total", () => {
    expect(computeTotals({ ...base, redeemPointsCents: 600 }).pointsRedeemedCents).toBe(600);
    expect(computeTotals({ ...base, redeemPointsCents: 5000 }).pointsRedeemedCents).toBe(1000);
    const small = computeTotals({
      ...base,
      lines: [{ qty: 1, unitPriceCents: 300 }],
      shippingCostCents: 0,
      redeemPointsCents: 1000,
    });
    expect(small).toMatchObject({ pointsRedeemedCents: 300, totalCents: 0, maxRedeemCents: 300 });
    const off = computeTotals({ ...base, pointsPercentage: 0, redeemPointsCents: 500 });
    expect(off).toMatchObject({ pointsRedeemedCents: 0, pointsEarnedCents: 0, maxRedeemCents: 0 });
    expect(availablePoints(1250, 300)).toBe(950);
    expect(availablePoints(100, 300)).toBe(0);
  });

  it("keeps every figure whole, non-negative and consistent", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            qty: fc.integer({ min: 1, max: 50 }),
            unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
          }),
          { maxLength: 10 },
        ),
        fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (lines, ship, free, pct, available, redeem) => {
          const t = computeTotals({
            lines,
            shippingCostCents: ship,
            freeDeliveryTotalCents: free,
            pointsPercentage: pct,
            availablePointsCents: available,
            redeemPointsCents: redeem,
            excludeVat: true,
          });
          for (const v of [
            t.goodsTotalCents,
            t.shippingCostCents,
            t.pointsRedeemedCents,
            t.pointsEarnedCents,
            t.totalCents,
          ]) {
            expect(Number.isInteger(v) && v >= 0).toBe(true);
          }
          expect(t.totalCents).toBe(t.goodsTotalCents + t.shippingCostCents - t.pointsRedeemedCents);
          expect(t.pointsRedeemedCents).toBeLessThanOrEqual(
            Math.min(available, redeem, t.goodsTotalCents + t.shippingCostCents),
          );
          expect(t.vatText).toBe("*VAT NOT Included");
        },
      ),
    );
  });

  it("earns points without float drift", () => {
    expect(pointsEarned(1000, 2.5)).toBe(25);
    expect(pointsEarned(3, 33.3)).toBe(0);
    expect(pointsEarned(10_000, 0.1)).toBe(10);
  });
});

describe("checkout choices", () => {
  it("lists the payment methods the settings enable, in order", () => {
    expect(
      enabledPaymentMethods({
        showPlaceOrder: true,
        showPayNow: true,
        showBankTransfer: false,
        showPaymentWallet: true,
      }),
    ).toEqual(["cod", "card", "wallet"]);
    expect(
      enabledPaymentMethods({
        showPlaceOrder: false,
        showPayNow: false,
        showBankTransfer: true,
        showPaymentWallet: false,
      }),
    ).toEqual(["bank"]);
  });

  it("matches shipping countries case-insensitively; null ships everywhere", () => {
    expect(shipsTo({ countries: ["CY"] }, "cy")).toBe(true);
    expect(shipsTo({ countries: ["GR"] }, "CY")).toBe(false);
    expect(shipsTo({ countries: null }, "DE")).toBe(true);
  });

  it("reads euros typed by a shopper", () => {
    expect(parseEuroInput("12,5")).toBe(1250);
    expect(parseEuroInput("3.20")).toBe(320);
    expect(parseEuroInput("")).toBe(0);
    expect(parseEuroInput("-1")).toBeNull();
    expect(parseEuroInput("1.234")).toBeNull();
  });

  it("keeps the spec's texts word for word", () => {
    expect(CHECKOUT_TEXT.orderNotSaved).toBe("Order not saved.Contact the shop");
    expect(CHECKOUT_TEXT.alreadySentText).toBe("You can now navigate to home page. ");
    expect(CHECKOUT_TEXT.paymentCode("42")).toBe("Online Payment Code: 42");
  });

  it("validates a checkout request: ids, bounded notes, known methods", () => {
    const ok = CheckoutRequestSchema.parse({
      lines: [{ id: 1, qty: 2 }],
      shippingId: 3,
      paymentMethod: "bank",
      notes: " a\r\nb ",
    });
    expect(ok).toMatchObject({ notes: "a\nb", redeemPointsCents: 0 });
    expect(
      CheckoutRequestSchema.safeParse({ lines: [{ id: 1, qty: 0 }], shippingId: 3, paymentMethod: "cod" })
        .success,
    ).toBe(false);
    expect(
      CheckoutRequestSchema.safeParse({ lines: [{ id: 1, qty: 1 }], shippingId: 3, paymentMethod: "cash" })
        .success,
    ).toBe(false);
    expect(
      CheckoutRequestSchema.safeParse({
        lines: [{ id: 1, qty: 1, price: 1 }],
        shippingId: 3,
        paymentMethod: "cod",
        notes: "x".repeat(1001),
      }).success,
    ).toBe(false);
  });
});
