// Which payment provider a store uses, and whether it may take online payments on this host. The
// flows that move an order through a payment (start, return, webhook, sweep) are order use cases:
// services/orders/online-payment.ts.
import { parsePaymentProvider, testPaymentsAllowedOn } from "../../core/test-payments";
import { serviceConfig } from "../config";
import type { StoreContext } from "../context";
import type { PaymentProvider, ProviderId } from "./provider";
import { createTestProvider, type TestProvider } from "./test-provider";
import { createVivaProvider } from "./viva";

/** Viva's default payment timeout; our reservation outlives it so a late payment still finds stock. */
export const PAYMENT_TIMEOUT_SECONDS = 30 * 60;
export const RESERVATION_MS = (PAYMENT_TIMEOUT_SECONDS + 5 * 60) * 1000;
/** A store's registry row names a provider we do not have: a configuration error, never a fallback. */
export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentConfigError";
  }
}

export function providerIdOf(store: StoreContext): ProviderId {
  const name = store.secrets.paymentProvider;
  const id = parsePaymentProvider(name);
  if (!id) throw new PaymentConfigError(`unknown payment provider ${JSON.stringify(name)}`);
  return id;
}

/**
 * Why this request may not start a card or wallet payment, for the log; null when it may. The
 * test provider lets any shopper approve their own payment, so it only takes payments on local
 * hosts unless the store explicitly allows it (docs/decisions/0020).
 */
export function onlinePaymentRefusal(store: StoreContext): string | null {
  let id: ProviderId;
  try {
    id = providerIdOf(store);
  } catch (err) {
    if (err instanceof PaymentConfigError) return err.message;
    throw err;
  }
  if (id === "test" && !testPaymentsAllowedOn(store.host, store.settings.allowTestPayments))
    return `test payments are not allowed on ${store.host} (setting allow_test_payments is off)`;
  return null;
}

/** The store's domains on which the test provider takes payments (none for a real provider). */
export function testPaymentHosts(store: StoreContext): string[] {
  if (providerIdOf(store) !== "test") return [];
  return store.config.domains.filter((d) => testPaymentsAllowedOn(d, store.settings.allowTestPayments));
}

export function paymentProviderFor(store: StoreContext): PaymentProvider {
  return providerIdOf(store) === "viva"
    ? createVivaProvider(store.secrets, serviceConfig().viva)
    : createTestProvider(store.config.id, store.secrets);
}

export function testProviderFor(store: StoreContext): TestProvider | null {
  return parsePaymentProvider(store.secrets.paymentProvider) === "test"
    ? createTestProvider(store.config.id, store.secrets)
    : null;
}

/** The payment reference of spec section 4: the provider's name followed by the payment id. */
export function paymentReference(provider: PaymentProvider, providerOrderCode: string): string {
  return `${provider.displayName} ${providerOrderCode}`;
}
