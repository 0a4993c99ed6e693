// Which payment provider a store names, and where the built-in test checkout may take payments.
// Pure. The test checkout lets any shopper approve their own payment, so outside development
// hosts it needs the store's explicit `allow_test_payments` (docs/decisions/0020).
import { isLocalHost } from "./host";

export const PAYMENT_PROVIDERS = ["viva", "test"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What the shopper is told when card payment is refused for a configuration reason. */
export const CARD_PAYMENT_UNAVAILABLE = "Card payment is not available at the moment.";

/** The provider a registry row names, or null when the name is none we know (never a fallback). */
export function parsePaymentProvider(name: string): PaymentProviderName | null {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(name) ? (name as PaymentProviderName) : null;
}

/** Whether the test checkout may take a payment for a request on this host. */
export function testPaymentsAllowedOn(host: string, allowTestPayments: boolean): boolean {
  return allowTestPayments || isLocalHost(host);
}
