// Announced price reductions (Directive 98/6/EC art. 6a, as inserted by Directive (EU) 2019/2161;
// docs/decisions/0048). "Any announcement of a price reduction shall indicate the prior price
// applied by the trader for a determined period of time prior to the application of the price
// reduction" (6a(1)); the prior price is "the lowest price applied by the trader during a period of
// time not shorter than 30 days prior to the application of the price reduction" (6a(2)). The store
// database computes it from its price record (prior_price_cents in db/sql/store/functions.sql);
// this decides what a page may show with it. Pure: shared by the server and the browser.

/** A reduction as every screen shows it: the selling price, the price struck through, the prior price. */
export interface Reduction {
  nowCents: number;
  wasCents: number;
  priorCents: number;
}

/**
 * The reduction a selling price may announce against a higher price, or null when none may be
 * announced: no higher price, no known prior price (nothing recorded before the reduction began),
 * or a prior price not above the selling price (then the price was not reduced against the prior
 * price, which is what a reduction is measured from: CJEU C-330/23, Aldi Süd, 26 September 2024).
 */
export function announcedReduction(
  nowCents: number,
  wasCents: number | null,
  priorCents: number | null | undefined,
): Reduction | null {
  if (wasCents === null || wasCents <= nowCents) return null;
  if (priorCents === null || priorCents === undefined || priorCents <= nowCents) return null;
  return { nowCents, wasCents, priorCents };
}
