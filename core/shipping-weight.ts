// Delivery priced by weight (issue 42 section 4, docs/decisions/0057): a product's weight in grams,
// a shipping method's weight bands ("up to 500 g: 3.50 EUR, up to 2000 g: 5.90 EUR"), and the
// price of a basket by one method. Pure and shared: the back office checks the bands with it, the
// server quotes every checkout with it (services/orders/shipping-quote.ts) and the browser shows
// the same numbers.
import { z } from "zod";

/** The heaviest a product (one unit) may weigh: 100 kg. */
export const MAX_PRODUCT_GRAMS = 100_000;
/** The heaviest band a method may have: 1 tonne. */
export const MAX_BAND_GRAMS = 1_000_000;
/** A method has at most this many bands. */
export const MAX_WEIGHT_BANDS = 20;

export interface WeightBand {
  /** The heaviest basket this band carries, in grams (inclusive). */
  upToGrams: number;
  /** What a basket in this band pays, in cents. */
  costCents: number;
}

/** A product's weight as every way into the catalogue checks it (form, ERP, catalogue file, bulk edit). */
export const WeightGrams = z
  .number({ error: "Enter the weight in grams." })
  .int("The weight is a whole number of grams.")
  .min(0, "The weight cannot be negative.")
  .max(MAX_PRODUCT_GRAMS, `The weight is at most ${MAX_PRODUCT_GRAMS} g (100 kg).`);

const Band = z.object({
  upToGrams: z
    .number({ error: "Enter the band's weight limit in grams." })
    .int("A band's limit is a whole number of grams.")
    .min(1, "A band's limit is at least 1 g.")
    .max(MAX_BAND_GRAMS, `A band's limit is at most ${MAX_BAND_GRAMS} g.`),
  costCents: z
    .number({ error: "Enter the band's cost." })
    .int("Enter the band's cost in whole cents.")
    .min(0, "A band's cost cannot be negative.")
    .max(100_000_00, "The band's cost is too high."),
});

/** A method's bands: ascending limits, no two the same (so no band overlaps another). */
export const WeightBands = z
  .array(Band)
  .max(MAX_WEIGHT_BANDS, `At most ${MAX_WEIGHT_BANDS} weight bands.`)
  .superRefine((bands, ctx) => {
    for (let i = 1; i < bands.length; i++) {
      const prev = bands[i - 1];
      const band = bands[i];
      if (prev && band && band.upToGrams <= prev.upToGrams)
        ctx.addIssue({
          code: "custom",
          path: [i, "upToGrams"],
          message: `Band ${i + 1} must carry more than band ${i} (${prev.upToGrams} g): list the bands from the lightest up.`,
        });
    }
  });

/** The basket's weight: units x weight per line; a product without a weight counts as 0 g. */
export function basketGrams(lines: readonly { qty: number; weightGrams: number | null }[]): number {
  return lines.reduce((sum, l) => sum + Math.max(0, Math.trunc(l.qty)) * Math.max(0, l.weightGrams ?? 0), 0);
}

/** The most a method carries, in grams; null: no limit (no bands, the flat price). */
export function maxGrams(bands: readonly WeightBand[]): number | null {
  const last = bands[bands.length - 1];
  return last ? last.upToGrams : null;
}

/**
 * What a method charges for a basket of this weight, before free delivery: the first band whose
 * limit the weight does not pass (a limit is inclusive: 500 g is in "up to 500 g"), the flat cost
 * when the method has no bands, or null when the basket is heavier than every band.
 */
export function bandCost(
  method: { costCents: number; weightBands: readonly WeightBand[] },
  grams: number,
): number | null {
  if (method.weightBands.length === 0) return method.costCents;
  const band = method.weightBands.find((b) => grams <= b.upToGrams);
  return band ? band.costCents : null;
}

export type MethodQuote =
  | { ok: true; costCents: number; free: boolean }
  | { ok: false; reason: "overweight"; maxGrams: number };

/**
 * One method's price for a basket: its band's cost, nothing when the goods reach the store's
 * free-delivery total (which does not lift a method's weight limit: a carrier cannot take a
 * parcel heavier than its last band, free or not).
 */
export function quoteMethod(
  method: { costCents: number; weightBands: readonly WeightBand[] },
  basket: { grams: number; goodsCents: number },
  freeDeliveryTotalCents: number | null,
): MethodQuote {
  const cost = bandCost(method, basket.grams);
  if (cost === null) return { ok: false, reason: "overweight", maxGrams: maxGrams(method.weightBands) ?? 0 };
  const free =
    freeDeliveryTotalCents !== null &&
    freeDeliveryTotalCents > 0 &&
    basket.goodsCents >= freeDeliveryTotalCents;
  return { ok: true, costCents: cost, free };
}

/** The texts the server answers with (translated for the page through core/messages/core-texts.ts). */
export const SHIPPING_WEIGHT_TEXT = {
  methodTooHeavy: "Your basket is too heavy for the chosen delivery. Please choose another delivery.",
  noneCarries:
    "Your basket is too heavy for every delivery we offer. Please remove some items or split your order.",
} as const;
