// What a reduction may announce (Directive 98/6/EC art. 6a, docs/decisions/0048): only with a prior
// price, and only one above the selling price (CJEU C-330/23); and what each customer sees of it.
import { describe, expect, it } from "vitest";
import { announcedReduction } from "../../core/price-reduction";
import { customerPriorPrice } from "../../core/pricing";

describe("announcedReduction", () => {
  it("announces a sale with its struck-through price and its prior price", () => {
    expect(announcedReduction(799, 999, 899)).toEqual({ nowCents: 799, wasCents: 999, priorCents: 899 });
    expect(announcedReduction(799, 999, 999)).toEqual({ nowCents: 799, wasCents: 999, priorCents: 999 });
  });

  it("announces nothing without a higher price, without a prior price, or with a prior price not above the selling price", () => {
    expect(announcedReduction(999, null, 1200)).toBeNull();
    expect(announcedReduction(999, 999, 1200)).toBeNull();
    expect(announcedReduction(999, 899, 1200)).toBeNull();
    expect(announcedReduction(799, 999, null)).toBeNull();
    expect(announcedReduction(799, 999, undefined)).toBeNull();
    expect(announcedReduction(799, 999, 799)).toBeNull();
    expect(announcedReduction(799, 999, 700)).toBeNull();
  });
});

describe("customerPriorPrice", () => {
  const input = { priceCents: 1190, salePriceCents: 952, vatRate: 19 };
  it("is the prior price for a retail customer and net of VAT for one excluded from VAT", () => {
    expect(customerPriorPrice(1071, input, null)).toBe(1071);
    expect(customerPriorPrice(1071, input, { priceListId: null, excludeVat: true })).toBe(900);
    expect(customerPriorPrice(null, input, null)).toBeNull();
  });

  it("is none where a price-list price applies, and the retail one where the list has no price", () => {
    expect(
      customerPriorPrice(1071, { ...input, listPriceCents: 800 }, { priceListId: 3, excludeVat: false }),
    ).toBeNull();
    expect(
      customerPriorPrice(1071, { ...input, listPriceCents: null }, { priceListId: 3, excludeVat: false }),
    ).toBe(1071);
  });
});
