// Delivery priced by weight (docs/decisions/0057): the band arithmetic at its edges.
import { describe, expect, it } from "vitest";
import { formatGrams } from "../../core/grams";
import {
  bandCost,
  basketGrams,
  maxGrams,
  quoteMethod,
  WeightBands,
  WeightGrams,
} from "../../core/shipping-weight";

const courier = {
  costCents: 450,
  weightBands: [
    { upToGrams: 500, costCents: 350 },
    { upToGrams: 2000, costCents: 590 },
    { upToGrams: 10_000, costCents: 990 },
  ],
};

describe("bandCost", () => {
  it("prices a basket exactly at a band's limit in that band, one gram over in the next", () => {
    expect(bandCost(courier, 500)).toBe(350);
    expect(bandCost(courier, 501)).toBe(590);
    expect(bandCost(courier, 2000)).toBe(590);
    expect(bandCost(courier, 2001)).toBe(990);
  });

  it("refuses a basket one gram over the last band", () => {
    expect(bandCost(courier, 10_000)).toBe(990);
    expect(bandCost(courier, 10_001)).toBeNull();
  });

  it("prices an empty basket (0 g) in the first band", () => {
    expect(bandCost(courier, 0)).toBe(350);
  });

  it("keeps the flat cost, whatever the weight, for a method without bands", () => {
    const flat = { costCents: 450, weightBands: [] };
    expect(bandCost(flat, 0)).toBe(450);
    expect(bandCost(flat, 999_999)).toBe(450);
    expect(maxGrams(flat.weightBands)).toBeNull();
  });
});

describe("quoteMethod", () => {
  it("makes delivery free from the free-delivery total, and not one cent below it", () => {
    expect(quoteMethod(courier, { grams: 700, goodsCents: 4999 }, 5000)).toEqual({
      ok: true,
      costCents: 590,
      free: false,
    });
    expect(quoteMethod(courier, { grams: 700, goodsCents: 5000 }, 5000)).toEqual({
      ok: true,
      costCents: 590,
      free: true,
    });
  });

  it("does not lift the weight limit for a free delivery", () => {
    expect(quoteMethod(courier, { grams: 10_001, goodsCents: 100_000 }, 5000)).toEqual({
      ok: false,
      reason: "overweight",
      maxGrams: 10_000,
    });
  });

  it("never makes delivery free without a threshold (null or 0)", () => {
    expect(quoteMethod(courier, { grams: 100, goodsCents: 100_000 }, null)).toMatchObject({ free: false });
    expect(quoteMethod(courier, { grams: 100, goodsCents: 100_000 }, 0)).toMatchObject({ free: false });
  });
});

describe("basketGrams", () => {
  it("adds quantity x weight; an empty basket weighs nothing; unweighed products count as 0 g", () => {
    expect(basketGrams([])).toBe(0);
    expect(
      basketGrams([
        { qty: 3, weightGrams: 60 },
        { qty: 1, weightGrams: 320 },
        { qty: 2, weightGrams: null },
      ]),
    ).toBe(500);
  });
});

describe("WeightBands", () => {
  it("takes ascending bands", () => {
    expect(WeightBands.safeParse(courier.weightBands).success).toBe(true);
    expect(WeightBands.safeParse([]).success).toBe(true);
  });

  it("refuses a band that does not carry more than the one before (overlap or wrong order)", () => {
    const same = WeightBands.safeParse([
      { upToGrams: 500, costCents: 350 },
      { upToGrams: 500, costCents: 590 },
    ]);
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.path).toEqual([1, "upToGrams"]);
    const down = WeightBands.safeParse([
      { upToGrams: 2000, costCents: 590 },
      { upToGrams: 500, costCents: 350 },
    ]);
    expect(down.error?.issues[0]?.message).toMatch(/lightest up/);
  });

  it("refuses fractions of a cent or a gram, negative costs and a zero limit", () => {
    for (const bad of [
      [{ upToGrams: 500, costCents: 3.5 }],
      [{ upToGrams: 500.5, costCents: 350 }],
      [{ upToGrams: 500, costCents: -1 }],
      [{ upToGrams: 0, costCents: 100 }],
    ])
      expect(WeightBands.safeParse(bad).success).toBe(false);
  });
});

describe("WeightGrams", () => {
  it("takes whole grams from 0 to 100 kg", () => {
    expect(WeightGrams.safeParse(0).success).toBe(true);
    expect(WeightGrams.safeParse(100_000).success).toBe(true);
    expect(WeightGrams.safeParse(100_001).success).toBe(false);
    expect(WeightGrams.safeParse(-1).success).toBe(false);
    expect(WeightGrams.safeParse(12.5).success).toBe(false);
  });
});

describe("formatGrams", () => {
  it("writes grams under a kilo and kilos with up to two decimals", () => {
    expect(formatGrams(999)).toBe("999 g");
    expect(formatGrams(1000)).toBe("1 kg");
    expect(formatGrams(1250)).toBe("1.25 kg");
    expect(formatGrams(1250, "el")).toBe("1,25 kg");
    expect(formatGrams(20_000)).toBe("20 kg");
  });
});
