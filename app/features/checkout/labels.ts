// The Checkout catalogue's keys for payment methods (their names, submit buttons and hints) and
// order statuses, on the checkout, a guest's order page and the dashboard's orders.
import type { PaymentMethod } from "../../../core/checkout";

export const METHOD_LABEL_KEY = {
  cod: "methodCod",
  card: "methodCard",
  bank: "methodBank",
  wallet: "methodWallet",
} as const satisfies Record<PaymentMethod, string>;

/**
 * The order button's words (docs/decisions/0049): "Order with obligation to pay", the words of
 * Directive 2011/83/EU art. 8(2) (Greek: «Παραγγελία με υποχρέωση πληρωμής»), for cash on delivery,
 * bank transfer and before a method is chosen; the spec's "Pay now" for card and wallet, an equally
 * unambiguous formulation since the shopper pays on the next page. This departs from the spec's
 * 'place order' on purpose.
 */
export function orderButtonText(
  method: PaymentMethod | null,
  checkout: (key: "actionPayNow") => string,
  trader: (key: "orderWithObligation") => string,
): string {
  return method === "card" || method === "wallet" ? checkout("actionPayNow") : trader("orderWithObligation");
}

export const METHOD_HINT_KEY = {
  cod: "hintCod",
  card: "hintCard",
  bank: "hintBank",
  wallet: "hintWallet",
} as const satisfies Record<PaymentMethod, string>;

export const STATUS_KEY = {
  pending_payment: "statusPendingPayment",
  placed: "statusPlaced",
  paid: "statusPaid",
  shipped: "statusShipped",
  delivered: "statusDelivered",
  completed: "statusCompleted",
  cancelled: "statusCancelled",
  expired: "statusExpired",
} as const;

export function isPaymentMethod(m: string): m is PaymentMethod {
  return m in METHOD_LABEL_KEY;
}

export function isKnownStatus(s: string): s is keyof typeof STATUS_KEY {
  return s in STATUS_KEY;
}
