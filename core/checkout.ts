// Checkout arithmetic (spec sections 3, 9; ARCHITECTURE section 6): order totals from lines that
// are already priced for the customer, shipping, reward points and the VAT text. Pure and shared:
// the browser shows the summary with it and the server recomputes the same numbers from the
// database when the order is placed. Every amount is integer cents; points are euros, so a point
// cent is a euro cent.
import { vatText } from "./settings";

export const PAYMENT_METHODS = ["cod", "card", "bank", "wallet"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods the shopper is sent to the payment provider for. */
export const ONLINE_METHODS: readonly PaymentMethod[] = ["card", "wallet"];

export function isOnlineMethod(method: PaymentMethod): boolean {
  return ONLINE_METHODS.includes(method);
}

/** What each method is called on the checkout (the spec's 'place order' and 'pay now'). */
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  cod: "Cash on delivery",
  card: "Card",
  bank: "Bank transfer",
  wallet: "Wallet",
};

export interface PaymentSettings {
  showPlaceOrder: boolean;
  showPayNow: boolean;
  showBankTransfer: boolean;
  showPaymentWallet: boolean;
}

/** The methods a store's settings switch on, in the order the checkout lists them. */
export function enabledPaymentMethods(s: PaymentSettings): PaymentMethod[] {
  const out: PaymentMethod[] = [];
  if (s.showPlaceOrder) out.push("cod");
  if (s.showPayNow) out.push("card");
  if (s.showBankTransfer) out.push("bank");
  if (s.showPaymentWallet) out.push("wallet");
  return out;
}

/** Texts of spec sections 4 and 8, word for word (odd spellings included). */
export const CHECKOUT_TEXT = {
  outOfStockTitle: "Out of Stock",
  availableStock: (n: number) => `Available stock: ${n}`,
  paymentCodeError: "Something bad happened; please try again later.",
  successTitle: "Congrats your order is on the way!",
  paymentCode: (id: string) => `Online Payment Code: ${id}`,
  wentWrong: "Something went wrong!",
  noPaymentId: "No payment id",
  orderNotSaved: "Order not saved.Contact the shop",
  alreadySentTitle: "Order already send successfully!",
  alreadySentText: "You can now navigate to home page. ",
  paymentFailed: "Oooops!!! Something bad happened! Please contact the shop!",
} as const;

/**
 * The browser storage keys of the checkout (spec section 3). They are cleared together with the
 * cart when an order is placed or paid, and at logout.
 */
export const CHECKOUT_STORAGE_KEYS = [
  "shipping_id",
  "shipping_description",
  "shipping_cost",
  "notes",
  "redeemPoints",
  "totalPrice",
] as const;

/** Notes are free text for the shop; bounded so a page of text cannot reach the POS. */
export const NOTES_MAX = 1000;

/** A line priced for this customer (price list and VAT exclusion already applied). */
export interface PricedLine {
  qty: number;
  /** Unit price charged, in cents. */
  unitPriceCents: number;
}

export interface TotalsInput {
  lines: readonly PricedLine[];
  /** The chosen shipping method's cost, or null when none is chosen yet. */
  shippingCostCents: number | null;
  /** From the `free delivery total` setting; null: shipping is never free. */
  freeDeliveryTotalCents: number | null;
  pointsPercentage: number;
  /** Balance minus on hold, in cents. */
  availablePointsCents: number;
  /** What the shopper asked to redeem, in cents. */
  redeemPointsCents: number;
  excludeVat: boolean;
}

export interface OrderTotals {
  goodsTotalCents: number;
  shippingCostCents: number;
  freeShipping: boolean;
  /** The most this order lets the shopper redeem (0 when points are off). */
  maxRedeemCents: number;
  pointsRedeemedCents: number;
  pointsEarnedCents: number;
  totalCents: number;
  vatText: string;
}

function cents(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
}

export function pointsEnabled(pointsPercentage: number): boolean {
  return Number.isFinite(pointsPercentage) && pointsPercentage > 0;
}

/** Shown points = balance - on hold, never negative. */
export function availablePoints(balanceCents: number, onHoldCents: number): number {
  return Math.max(0, cents(balanceCents) - cents(onHoldCents));
}

/** Points an order earns: goods total x points percentage / 100, rounded down to whole cents. */
export function pointsEarned(goodsTotalCents: number, pointsPercentage: number): number {
  if (!pointsEnabled(pointsPercentage)) return 0;
  // Percentages come from settings text like "2.5": scale to avoid 0.1-style float drift.
  return Math.floor((cents(goodsTotalCents) * Math.round(pointsPercentage * 10_000)) / 1_000_000);
}

export function shippingCost(
  goodsTotalCents: number,
  costCents: number | null,
  freeDeliveryTotalCents: number | null,
) {
  const free =
    freeDeliveryTotalCents !== null &&
    freeDeliveryTotalCents > 0 &&
    goodsTotalCents >= freeDeliveryTotalCents;
  return { shippingCostCents: free || costCents === null ? 0 : cents(costCents), freeShipping: free };
}

export function computeTotals(input: TotalsInput): OrderTotals {
  const goods = input.lines.reduce((sum, l) => sum + cents(l.qty) * cents(l.unitPriceCents), 0);
  const { shippingCostCents, freeShipping } = shippingCost(
    goods,
    input.shippingCostCents,
    input.freeDeliveryTotalCents,
  );
  const beforePoints = goods + shippingCostCents;
  const enabled = pointsEnabled(input.pointsPercentage);
  const maxRedeem = enabled ? Math.min(cents(input.availablePointsCents), beforePoints) : 0;
  const redeemed = Math.min(cents(input.redeemPointsCents), maxRedeem);
  return {
    goodsTotalCents: goods,
    shippingCostCents,
    freeShipping,
    maxRedeemCents: maxRedeem,
    pointsRedeemedCents: redeemed,
    pointsEarnedCents: pointsEarned(goods, input.pointsPercentage),
    totalCents: beforePoints - redeemed,
    vatText: vatText(input.excludeVat),
  };
}

/** Euros typed by a shopper ("12,5", "3.20") to cents; null when not a non-negative amount. */
export function parseEuroInput(value: string): number | null {
  const v = value.trim().replace(",", ".");
  if (v === "") return 0;
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(v)) return null;
  const [whole, frac = ""] = v.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0") || "0");
}

/** Whether a shipping method serves a country (null countries: every country of the store). */
export function shipsTo(method: { countries: readonly string[] | null }, country: string): boolean {
  if (method.countries === null) return true;
  const c = country.trim().toUpperCase();
  return method.countries.some((code) => code.toUpperCase() === c);
}
