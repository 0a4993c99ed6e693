// The Checkout catalogue's keys for payment methods (their names, submit buttons and hints) and
// order statuses, on the checkout, a guest's order page and the dashboard's orders.
import type { PaymentMethod } from "../../../core/checkout";

export const METHOD_LABEL_KEY = {
  cod: "methodCod",
  card: "methodCard",
  bank: "methodBank",
  wallet: "methodWallet",
} as const satisfies Record<PaymentMethod, string>;

export const METHOD_ACTION_KEY = {
  cod: "actionPlaceOrder",
  card: "actionPayNow",
  bank: "actionPlaceOrder",
  wallet: "actionPayNow",
} as const satisfies Record<PaymentMethod, string>;

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
