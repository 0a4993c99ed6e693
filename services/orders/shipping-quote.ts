// The delivery quote of a basket (issue 42 section 4, docs/decisions/0057): the store's active
// shipping methods that serve the country, each priced by the basket's weight through its bands
// (core/shipping-weight.ts), and the methods the basket is too heavy for. One function for every
// caller: the checkout's quote and the order it places (services/orders/pricing.ts), the cart's
// estimate (services/cart-check.ts) and an order staff write. Weights and bands are read from the
// database here, never taken from the browser.
import { and, asc, eq, getTableColumns, inArray } from "drizzle-orm";
import { shipsTo } from "../../core/checkout";
import { bandCost, basketGrams, maxGrams } from "../../core/shipping-weight";
import type { Tx } from "../../db/client";
import { products, shippingMethods, shippingMethodTranslations } from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../context";
import { readsSource } from "../translation";

export interface ShippingChoice {
  id: number;
  /** The method's name in the store's language (store.lang), else English. */
  description: string;
  /** What this method charges for the basket's weight (before free delivery). */
  costCents: number;
  /** ["description"] where the name is the English one on a read in another language; absent in English. */
  untranslated?: string[];
}

/** A method serving the country that cannot carry the basket: the heaviest basket it takes. */
export interface OverweightChoice {
  id: number;
  description: string;
  maxGrams: number;
  untranslated?: string[];
}

export interface ShippingQuote {
  /** The basket's weight in grams (products without a weight count as 0 g). */
  weightGrams: number;
  /** The methods offered for this basket, in the store's order. */
  methods: ShippingChoice[];
  /** Methods that serve the country but not this weight. */
  overweight: OverweightChoice[];
}

type Db = StoreDb | Tx;

/** Active methods, in the store's order, named in the store's language (else English). */
async function activeMethods(store: StoreContext, db: Db) {
  const { lang } = store;
  if (readsSource(lang)) {
    const rows = await db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.active, true))
      .orderBy(asc(shippingMethods.seq), asc(shippingMethods.id));
    return rows.map((m) => ({ ...m, name: m.description, untranslated: undefined }));
  }
  const rows = await db
    .select({ ...getTableColumns(shippingMethods), translation: shippingMethodTranslations.description })
    .from(shippingMethods)
    .leftJoin(
      shippingMethodTranslations,
      and(
        eq(shippingMethodTranslations.shippingMethodId, shippingMethods.id),
        eq(shippingMethodTranslations.lang, lang),
      ),
    )
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.seq), asc(shippingMethods.id));
  return rows.map((m) => ({
    ...m,
    name: m.translation ?? m.description,
    untranslated: m.translation === null ? ["description"] : [],
  }));
}

/** The weight of each product (null: never weighed), read from the catalogue. */
export async function productWeights(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, number | null>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, weightGrams: products.weightGrams })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.weightGrams]));
}

/**
 * The shipping methods for a basket going to `country`: each priced by the basket's weight, or
 * listed as too heavy. Free delivery is the totals' business (core/checkout.ts computeTotals), so
 * the costs here are what the method charges when delivery is not free.
 */
export async function quoteShipping(
  store: StoreContext,
  basket: { country: string; lines: readonly { productId: number; qty: number }[] },
  db: Db = store.db,
): Promise<ShippingQuote> {
  // One after another: inside a transaction every query shares one connection.
  const weights = await productWeights(
    db,
    basket.lines.map((l) => l.productId),
  );
  const methods = await activeMethods(store, db);
  const grams = basketGrams(
    basket.lines.map((l) => ({ qty: l.qty, weightGrams: weights.get(l.productId) ?? null })),
  );
  const out: ShippingQuote = { weightGrams: grams, methods: [], overweight: [] };
  for (const m of methods) {
    if (!shipsTo({ countries: m.countries ?? null }, basket.country)) continue;
    const named = {
      id: m.id,
      description: m.name,
      ...(m.untranslated === undefined ? {} : { untranslated: m.untranslated }),
    };
    const cost = bandCost(m, grams);
    if (cost === null) out.overweight.push({ ...named, maxGrams: maxGrams(m.weightBands) ?? 0 });
    else out.methods.push({ ...named, costCents: cost });
  }
  return out;
}
