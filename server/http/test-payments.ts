// Card and wallet payments refused before anything is written when the store may not take them
// here: the built-in test provider on a public host without `allow_test_payments`, or a provider
// name we do not know (docs/decisions/0020). The shopper gets a plain 400; the operator gets an
// error line naming the store. services/payments refuses again in startOrderPayment, for any
// other way in.
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { isOnlineMethod, type PaymentMethod } from "../../core/checkout";
import { CARD_PAYMENT_UNAVAILABLE } from "../../core/test-payments";
import { onlinePaymentRefusal, providerIdOf, testPaymentHosts } from "../../services/payments";
import type { StoreRegistry } from "../tenancy/registry";
import type { AppEnv } from "./env";

/** Paths that always start a payment order: the (re)start and 'Pay now' on a pending order. */
const STARTS_PAYMENT = /^\/api\/v1\/(payments\/start|orders\/[^/]+\/pay)$/;

/** Whether this request would start an online payment: a card/wallet order, or a (re)start. */
async function startsOnlinePayment(c: Context<AppEnv>): Promise<boolean> {
  if (c.req.method !== "POST") return false;
  if (STARTS_PAYMENT.test(c.req.path)) return true;
  if (c.req.path !== "/api/v1/orders") return false;
  // Hono keeps the parsed body, so the route's own validator reads the same one.
  const body = (await c.req.json().catch(() => null)) as { paymentMethod?: unknown } | null;
  const method = body?.paymentMethod;
  return typeof method === "string" && isOnlineMethod(method as PaymentMethod);
}

export function refuseUnavailablePayments(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The cheap question first: most requests never need their body looked at here.
    const reason = onlinePaymentRefusal(c.var.store);
    if (!reason || !(await startsOnlinePayment(c))) return next();
    c.var.log.error(
      { store: c.var.store.config.id, host: c.var.store.host, reason },
      `card payment refused for store ${c.var.store.config.id}: ${reason}`,
    );
    return c.json({ error: "payment_method_unavailable", message: CARD_PAYMENT_UNAVAILABLE }, 400);
  };
}

export interface PaymentSetup {
  /** Stores on the test provider and the domains on which it takes payments. */
  testPayments: { store: string; hosts: string[] }[];
  /** Stores whose payment configuration is wrong (an unknown provider name). */
  paymentErrors: { store: string; message: string }[];
}

/** For /readyz and the startup log: who takes test payments where, and what is misconfigured. */
export async function describePaymentSetup(registry: StoreRegistry): Promise<PaymentSetup> {
  const setup: PaymentSetup = { testPayments: [], paymentErrors: [] };
  for (const id of await registry.storeIds()) {
    const store = await registry.byId(id);
    if (!store) continue;
    try {
      if (providerIdOf(store) === "test")
        setup.testPayments.push({ store: id, hosts: testPaymentHosts(store) });
    } catch (err) {
      setup.paymentErrors.push({ store: id, message: err instanceof Error ? err.message : String(err) });
    }
  }
  return setup;
}

export function logPaymentSetup(log: Logger, setup: PaymentSetup): void {
  for (const { store, hosts } of setup.testPayments) {
    log.warn(
      { store, hosts },
      hosts.length > 0
        ? `store ${store} takes TEST payments (no money moves) on ${hosts.join(", ")}`
        : `store ${store} is on the test payment provider: card payment is refused on its public domains`,
    );
  }
  for (const { store, message } of setup.paymentErrors)
    log.error({ store }, `store ${store}: ${message}; card payment is refused`);
}
