// Server truth for a stored cart: the browser sends only ids and quantities; prices, stock and
// availability come from the store database for this customer (price list, VAT exclusion).

import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { mayPromote } from "../core/advertising";
import type { CartCheckLine, CartCheckResult, CartShippingEstimate } from "../core/api/cart";
import {
  customerPrice,
  customerPriorPrice,
  customerVariantPrices,
  customerVatText,
  hasPriceList,
  type PricingCustomer,
} from "../core/pricing";
import {
  priceListLines,
  productImages,
  products,
  productTranslations,
  productVariants,
  stock,
} from "../db/store/schema";
import { priorPriceWhileReduced } from "./catalog/prior-price";
import type { StoreContext } from "./context";
import { quoteShipping } from "./orders/shipping-quote";
import { readsSource, translated } from "./translation";

async function stockFor(store: StoreContext, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const warehouseId = store.settings.warehouseId;
  const rows =
    warehouseId !== null
      ? await store.db
          .select({ productId: stock.productId, qty: stock.qty })
          .from(stock)
          .where(and(eq(stock.warehouseId, warehouseId), inArray(stock.productId, ids)))
      : await store.db
          .select({ productId: stock.productId, qty: sql<number>`sum(${stock.qty})::int` })
          .from(stock)
          .where(inArray(stock.productId, ids))
          .groupBy(stock.productId);
  for (const r of rows) out.set(r.productId, Number(r.qty));
  return out;
}

const nameTranslation = alias(productTranslations, "pt");

/**
 * The products' names (in the reading language: the wishlist and compare pages show the name the
 * check returns), slugs and prices.
 */
function productRows(store: StoreContext, ids: number[]) {
  const columns = {
    id: products.id,
    slug: products.slug,
    priceCents: products.priceCents,
    salePriceCents: products.salePriceCents,
    priorPriceCents: priorPriceWhileReduced(products),
    vatRate: products.vatRate,
    regulatoryClass: products.regulatoryClass,
  };
  const where = and(inArray(products.id, ids), eq(products.deleted, false));
  if (readsSource(store.lang)) {
    return store.db
      .select({ ...columns, name: products.name })
      .from(products)
      .where(where);
  }
  return store.db
    .select({ ...columns, name: sql<string>`${translated(store.lang, "pt", "name", sql`${products.name}`)}` })
    .from(products)
    .leftJoin(
      nameTranslation,
      and(eq(nameTranslation.productId, products.id), eq(nameTranslation.lang, store.lang)),
    )
    .where(where);
}

/**
 * The basket's delivery estimate: the cheapest method serving `country` at the weight of the lines
 * the shop can sell (services/orders/shipping-quote.ts, the checkout's own quote).
 */
async function shippingEstimate(
  store: StoreContext,
  country: string,
  lines: CartCheckResult["lines"],
): Promise<CartShippingEstimate> {
  const quote = await quoteShipping(store, {
    country,
    lines: lines.filter((l) => l.status === "ok").map((l) => ({ productId: l.id, qty: l.qty })),
  });
  const costs = quote.methods.map((m) => m.costCents);
  return {
    weightGrams: quote.weightGrams,
    country,
    cheapestCents: costs.length > 0 ? Math.min(...costs) : null,
    tooHeavy: costs.length === 0 && quote.overweight.length > 0,
    // Each method, not only the cheapest: a free pickup would otherwise hide every band change.
    methods: quote.methods,
  };
}

/** `country`: where the basket goes (the customer's, else the visitor's); with it, a delivery estimate. */
export async function checkCart(
  store: StoreContext,
  lines: CartCheckLine[],
  customer: PricingCustomer,
  country?: string,
): Promise<CartCheckResult> {
  const ids = [...new Set(lines.map((l) => l.id))];
  const variantIds = [
    ...new Set(lines.map((l) => l.variantId).filter((v): v is number => typeof v === "number")),
  ];
  const [rows, variants, stocks, listPrices, images] =
    ids.length === 0
      ? [[], [], new Map<number, number>(), [], []]
      : await Promise.all([
          productRows(store, ids),
          variantIds.length === 0
            ? Promise.resolve([])
            : store.db
                .select({
                  id: productVariants.id,
                  productId: productVariants.productId,
                  priceCents: productVariants.priceCents,
                })
                .from(productVariants)
                .where(inArray(productVariants.id, variantIds)),
          stockFor(store, ids),
          hasPriceList(customer)
            ? store.db
                .select({ productId: priceListLines.productId, priceCents: priceListLines.priceCents })
                .from(priceListLines)
                .where(
                  and(
                    eq(priceListLines.priceListId, customer.priceListId),
                    inArray(priceListLines.productId, ids),
                  ),
                )
            : Promise.resolve([]),
          store.db
            .selectDistinctOn([productImages.productId], {
              productId: productImages.productId,
              smUrl: productImages.smUrl,
            })
            .from(productImages)
            .where(inArray(productImages.productId, ids))
            .orderBy(productImages.productId, productImages.seq, productImages.id),
        ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  const listPrice = new Map(listPrices.map((r) => [r.productId, r.priceCents]));
  const imageOf = new Map(images.map((r) => [r.productId, r.smUrl]));

  const checked = {
    vatText: customerVatText(customer),
    lines: lines.map((line) => {
      const variantId = typeof line.variantId === "number" ? line.variantId : null;
      const row = byId.get(line.id);
      const variant = variantId !== null ? variantById.get(variantId) : undefined;
      if (!row || (variantId !== null && (!variant || variant.productId !== line.id))) {
        return {
          id: line.id,
          variantId,
          status: "removed" as const,
          name: null,
          slug: null,
          image: null,
          price: null,
          sale_price: null,
          prior_price: null,
          unitPrice: null,
          stock: null,
          qty: 0,
        };
      }
      const productPrice = {
        priceCents: row.priceCents,
        salePriceCents: row.salePriceCents,
        vatRate: row.vatRate,
        listPriceCents: listPrice.get(row.id),
      };
      const p = variant
        ? customerVariantPrices(variant.priceCents, productPrice, customer)
        : customerPrice(productPrice, customer);
      const price = p.priceCents;
      const sale = p.salePriceCents;
      const unit = sale !== null && sale > 0 ? sale : price;
      // No stock record in the store's warehouse means none to sell.
      const available = stocks.get(row.id) ?? 0;
      const qty = Math.min(line.qty, Math.max(available, 0));
      return {
        id: row.id,
        variantId,
        status: qty < 1 ? ("out-of-stock" as const) : ("ok" as const),
        name: row.name,
        slug: row.slug,
        image: imageOf.get(row.id) ?? null,
        price,
        sale_price: sale,
        // A colour/size row with a price of its own is never reduced; a restricted product's
        // reduction is not announced where the store restricts advertising (core/advertising.ts).
        prior_price:
          (variant && variant.priceCents !== null) ||
          !mayPromote(store.settings.advertising, "saleMarks", row.regulatoryClass)
            ? null
            : customerPriorPrice(row.priorPriceCents, productPrice, customer),
        unitPrice: unit,
        stock: available,
        qty: Math.max(qty, 0),
      };
    }),
  };
  if (country === undefined) return checked;
  return { ...checked, shipping: await shippingEstimate(store, country, checked.lines) };
}
