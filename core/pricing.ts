// What a shopper pays: list prices for customers on a price list, net prices for customers
// excluded from VAT. Pure; the server applies it before any price reaches a page or the API.
import { vatText } from "./settings";

/**
 * The signed-in customer as pricing sees it (null for visitors). `priceListId` is the spec's
 * CUST_PriceLIst_Header_Id: null, -1 (and 0, never a real id) mean "no price list".
 */
export type PricingCustomer = { priceListId: number | null; excludeVat: boolean } | null;

export interface PriceInput {
  /** VAT-inclusive list price in cents. */
  priceCents: number;
  salePriceCents: number | null;
  /** Whole percent. */
  vatRate: number;
  /** This customer's price-list price (VAT-inclusive) for the product, when the list has one. */
  listPriceCents?: number | null;
}

export interface CustomerPrice {
  priceCents: number;
  salePriceCents: number | null;
}

/**
 * Whether a customer's price-list header names a list (spec sections 1, 4: "not empty, not -1").
 * Ids start at 1, so 0, -1 and null all mean none: an ERP that writes 0 for "no list" must not
 * switch the customer to list prices or empty their cart.
 */
export function isPriceListId(priceListId: number | null | undefined): priceListId is number {
  return typeof priceListId === "number" && priceListId > 0;
}

export function hasPriceList(
  customer: PricingCustomer,
): customer is { priceListId: number; excludeVat: boolean } {
  return customer !== null && isPriceListId(customer.priceListId);
}

export function excludesVat(customer: PricingCustomer): boolean {
  return customer?.excludeVat === true;
}

/**
 * Which prices a customer sees, as a key: customers with the same class see the same prices, so
 * a cache of what they are shown is kept per class.
 */
export function pricingClass(customer: PricingCustomer): string {
  return `${hasPriceList(customer) ? `list:${customer.priceListId}` : "retail"}|${excludesVat(customer)}`;
}

/** The net price of a VAT-inclusive price, rounded to whole cents. */
export function netCents(grossCents: number, vatRate: number): number {
  return Math.round(grossCents / (1 + vatRate / 100));
}

/**
 * The price a customer sees. A price-list price replaces both the price and the sale price:
 * the list is that customer's agreed price, a retail promotion does not stack on top of it.
 */
export function customerPrice(input: PriceInput, customer: PricingCustomer): CustomerPrice {
  let price = input.priceCents;
  let sale = input.salePriceCents;
  if (hasPriceList(customer) && input.listPriceCents !== undefined && input.listPriceCents !== null) {
    price = input.listPriceCents;
    sale = null;
  }
  if (excludesVat(customer)) {
    price = netCents(price, input.vatRate);
    sale = sale === null ? null : netCents(sale, input.vatRate);
  }
  return { priceCents: price, salePriceCents: sale };
}

/**
 * What a colour/size row sells at for this customer (docs/decisions/0043). A row without a price of
 * its own (`ownCents` null) is the product: the product's price, sale price and price-list price.
 * A row with its own price sells at exactly that (VAT applies), never on sale: the product's sale
 * price and price lists name the product's price, not a different one.
 */
export function customerVariantPrices(
  ownCents: number | null,
  product: PriceInput,
  customer: PricingCustomer,
): CustomerPrice {
  if (ownCents === null) return customerPrice(product, customer);
  return {
    priceCents: excludesVat(customer) ? netCents(ownCents, product.vatRate) : ownCents,
    salePriceCents: null,
  };
}

/**
 * The prior price of a reduction (core/price-reduction.ts) as this customer sees it: none where a
 * price-list price applies (never reduced), net for a customer excluded from VAT.
 */
export function customerPriorPrice(
  priorCents: number | null,
  input: PriceInput,
  customer: PricingCustomer,
): number | null {
  if (priorCents === null) return null;
  if (hasPriceList(customer) && input.listPriceCents !== undefined && input.listPriceCents !== null)
    return null;
  return excludesVat(customer) ? netCents(priorCents, input.vatRate) : priorCents;
}

/** The text beside every price: '*VAT Included', or '*VAT NOT Included' for VAT-excluded customers. */
export function customerVatText(customer: PricingCustomer): string {
  return vatText(excludesVat(customer));
}
