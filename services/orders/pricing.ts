// Prices a checkout from the database: the customer's own prices (price list, VAT exclusion,
// through core/pricing), the shipping methods serving the customer's country, reward points and
// the warehouse stock. Nothing the browser sends is trusted beyond ids and quantities.
import { and, eq, inArray } from "drizzle-orm";
import { unitPrice } from "../../core/cart";
import {
  availablePoints,
  computeTotals,
  enabledPaymentMethods,
  type OrderTotals,
  type PaymentMethod,
  pointsEnabled,
} from "../../core/checkout";
import { customerPrice, customerVariantPrices, hasPriceList, type PricingCustomer } from "../../core/pricing";
import { variantName } from "../../core/product-rules";
import type { GuestContactInput } from "../../core/validation/account-schemas";
import type { Tx } from "../../db/client";
import { customers, priceListLines, products, productVariants, stock } from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../context";
import { ServiceError } from "../failure";
import type { SessionCustomer } from "../sessions";
import { type OverweightChoice, quoteShipping, type ShippingChoice } from "./shipping-quote";

/** The customer an order is priced for: the signed-in session's customer. */
export type CheckoutCustomer = Omit<SessionCustomer, "username" | "legacyAccount">;

/** Who an order is priced for: a customer, or a guest (id null: retail prices, no points). */
export type Buyer = Omit<CheckoutCustomer, "id"> & { id: number | null };

/** A guest as the pricing sees one: the store's retail prices with VAT, no points to spend. */
export function guestBuyer(g: GuestContactInput): Buyer {
  return {
    id: null,
    name: g.firstName.trim(),
    surname: g.lastName.trim(),
    company: null,
    email: g.email.trim(),
    mobilePhone: g.phone.trim(),
    street: g.street.trim(),
    postcode: g.postcode.trim(),
    city: g.city.trim(),
    country: g.country,
    vatNumber: null,
    priceListId: null,
    excludeVat: false,
    pointsBalanceCents: 0,
    pointsOnHoldCents: 0,
  };
}

export interface QuoteLine {
  productId: number;
  variantId: number | null;
  code: string;
  description: string;
  qty: number;
  unitPriceCents: number;
  vatRate: number;
  lineTotalCents: number;
  /** Stock of the store's warehouse. */
  available: number;
}

export interface Quote {
  customer: Buyer;
  lines: QuoteLine[];
  /** Lines asking for more than the warehouse holds (product totals across variant lines). */
  shortages: { productId: number; description: string; available: number }[];
  shippingMethods: ShippingChoice[];
  shipping: ShippingChoice | null;
  /** The basket's weight and the methods serving the country that cannot carry it. */
  weightGrams: number;
  overweightMethods: OverweightChoice[];
  totals: OrderTotals;
  pointsEnabled: boolean;
  availablePointsCents: number;
  paymentMethods: PaymentMethod[];
}

export interface QuoteInput {
  lines: { id: number; qty: number; variantId?: number | null }[];
  shippingId?: number | null;
  redeemPointsCents?: number;
}

type Db = StoreDb | Tx;

const customerColumns = {
  id: customers.id,
  name: customers.name,
  surname: customers.surname,
  company: customers.company,
  email: customers.email,
  mobilePhone: customers.mobilePhone,
  street: customers.street,
  postcode: customers.postcode,
  city: customers.city,
  country: customers.country,
  vatNumber: customers.vatNumber,
  priceListId: customers.priceListId,
  excludeVat: customers.excludeVat,
  pointsBalanceCents: customers.pointsBalanceCents,
  pointsOnHoldCents: customers.pointsOnHoldCents,
};

export async function loadCheckoutCustomer(db: Db, customerId: number): Promise<CheckoutCustomer> {
  const rows = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.deleted, false)))
    .limit(1);
  const c = rows[0];
  if (!c) throw new ServiceError("customer_missing", "Your account was not found. Please sign in again.");
  return c;
}

/** The priced lines of a cart for this customer; unknown or deleted products are refused. */
export async function priceLines(
  db: Db,
  store: StoreContext,
  customer: Pick<Buyer, "priceListId" | "excludeVat">,
  input: QuoteInput["lines"],
): Promise<QuoteLine[]> {
  const ids = [...new Set(input.map((l) => l.id))];
  const variantIds = [
    ...new Set(input.map((l) => l.variantId).filter((v): v is number => typeof v === "number")),
  ];
  const pricing: PricingCustomer = { priceListId: customer.priceListId, excludeVat: customer.excludeVat };
  const warehouseId = store.settings.warehouseId;
  // One after another: inside a transaction every query shares one connection.
  const productRows = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      vatRate: products.vatRate,
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.deleted, false)));
  const variantRows =
    variantIds.length > 0
      ? await db.select().from(productVariants).where(inArray(productVariants.id, variantIds))
      : [];
  const listRows = hasPriceList(pricing)
    ? await db
        .select({ productId: priceListLines.productId, priceCents: priceListLines.priceCents })
        .from(priceListLines)
        .where(
          and(eq(priceListLines.priceListId, pricing.priceListId), inArray(priceListLines.productId, ids)),
        )
    : [];
  const stockRows =
    warehouseId !== null
      ? await db
          .select({ productId: stock.productId, qty: stock.qty })
          .from(stock)
          .where(and(eq(stock.warehouseId, warehouseId), inArray(stock.productId, ids)))
      : [];
  const byId = new Map(productRows.map((p) => [p.id, p]));
  const variants = new Map(variantRows.map((v) => [v.id, v]));
  const listPrices = new Map(listRows.map((r) => [r.productId, r.priceCents]));
  const stockOf = new Map(stockRows.map((r) => [r.productId, r.qty]));

  return input.map((line) => {
    const p = byId.get(line.id);
    if (!p)
      throw new ServiceError(
        "unknown_product",
        "A product in the cart is no longer sold. Please remove it and try again.",
        { details: { productId: line.id } },
      );
    const variantId = line.variantId ?? null;
    const productPrice = {
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      vatRate: p.vatRate,
      listPriceCents: listPrices.get(p.id),
    };
    let unit: number;
    let description = p.name;
    if (variantId !== null) {
      const v = variants.get(variantId);
      if (!v || v.productId !== p.id) {
        throw new ServiceError(
          "unknown_product",
          `The chosen option of ${p.name} is no longer sold. Please choose again.`,
          {
            details: { productId: p.id, variantId },
          },
        );
      }
      const price = customerVariantPrices(v.priceCents, productPrice, pricing);
      unit = unitPrice({ price: price.priceCents, sale_price: price.salePriceCents });
      description = `${p.name} - ${variantName(v)}`;
    } else {
      const price = customerPrice(productPrice, pricing);
      unit = unitPrice({ price: price.priceCents, sale_price: price.salePriceCents });
    }
    return {
      productId: p.id,
      variantId,
      code: p.code,
      description,
      qty: line.qty,
      unitPriceCents: unit,
      vatRate: p.vatRate,
      lineTotalCents: unit * line.qty,
      available: stockOf.get(p.id) ?? 0,
    };
  });
}

/** Quantity per product: variant lines of one product share its stock. */
export function qtyByProduct(lines: readonly { productId: number; qty: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.productId, (out.get(l.productId) ?? 0) + l.qty);
  return out;
}

export function shortagesOf(lines: readonly QuoteLine[]): Quote["shortages"] {
  const wanted = qtyByProduct(lines);
  const seen = new Set<number>();
  const out: Quote["shortages"] = [];
  for (const l of lines) {
    if (seen.has(l.productId)) continue;
    seen.add(l.productId);
    if ((wanted.get(l.productId) ?? 0) > l.available)
      out.push({ productId: l.productId, description: l.description, available: l.available });
  }
  return out;
}

/** The whole checkout as the server sees it: what the summary shows and what an order would cost. */
export async function quoteCheckout(
  store: StoreContext,
  who: number | Buyer,
  input: QuoteInput,
  db: Db = store.db,
): Promise<Quote> {
  const customer = typeof who === "number" ? await loadCheckoutCustomer(db, who) : who;
  // A guest earns and redeems nothing at checkout; an account made from the order later does.
  const guest = customer.id === null;
  const lines = await priceLines(db, store, customer, input.lines);
  const delivery = await quoteShipping(
    store,
    { country: customer.country, lines: lines.map((l) => ({ productId: l.productId, qty: l.qty })) },
    db,
  );
  const methods = delivery.methods;
  const shipping = input.shippingId != null ? (methods.find((m) => m.id === input.shippingId) ?? null) : null;
  const available = availablePoints(customer.pointsBalanceCents, customer.pointsOnHoldCents);
  const { settings } = store;
  const totals = computeTotals({
    lines: lines.map((l) => ({ qty: l.qty, unitPriceCents: l.unitPriceCents })),
    shippingCostCents: shipping?.costCents ?? null,
    freeDeliveryTotalCents: settings.freeDeliveryTotalCents,
    pointsPercentage: guest ? 0 : settings.pointsPercentage,
    availablePointsCents: available,
    redeemPointsCents: input.redeemPointsCents ?? 0,
    excludeVat: customer.excludeVat,
  });
  return {
    customer,
    lines,
    shortages: shortagesOf(lines),
    shippingMethods: methods,
    shipping,
    weightGrams: delivery.weightGrams,
    overweightMethods: delivery.overweight,
    totals,
    pointsEnabled: !guest && pointsEnabled(settings.pointsPercentage),
    availablePointsCents: !guest && pointsEnabled(settings.pointsPercentage) ? available : 0,
    paymentMethods: enabledPaymentMethods(settings),
  };
}
