import { CHECKOUT_TEXT, isOnlineMethod, type PaymentMethod } from "../../core/checkout";
import { paymentWindowSeconds } from "../../core/orders";
import type { orders } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { paymentProviderFor } from "../payments";
import type { PaymentProvider } from "../payments/provider";
import { releaseUnpaidOrder } from "./lifecycle";
import { type Settled, settleOpenPayments, startOrderPayment } from "./online-payment";
import { customerOrderRow } from "./queries";

type OrderRow = typeof orders.$inferSelect;
type Logger = { warn(o: object, m: string): void };

export interface UnpaidOptions {
  now?: Date;
  /** Tests inject a provider; otherwise the store's own. */
  provider?: PaymentProvider;
  log?: Logger;
}

/** One of the customer's own orders; another customer's is "not found", never "forbidden". */
async function ownOrder(store: StoreContext, customerId: number, code: string): Promise<OrderRow> {
  const order = await customerOrderRow(store, customerId, code);
  if (!order) throw new ServiceError("not_found", "Order not found");
  return order;
}

function alreadyPaid(code: string) {
  return new ServiceError("invalid_state", `Order ${code} is already paid.`);
}

/** The store's provider; a store whose payment setup is broken cannot take the payment now. */
function providerOf(store: StoreContext, options: UnpaidOptions): PaymentProvider {
  if (options.provider) return options.provider;
  try {
    return paymentProviderFor(store);
  } catch (err) {
    options.log?.warn({ err: String(err) }, "no payment provider for this store");
    throw new ServiceError("payment_unavailable", CHECKOUT_TEXT.paymentCodeError);
  }
}

async function settle(
  store: StoreContext,
  order: OrderRow,
  provider: PaymentProvider,
  log?: Logger,
): Promise<Settled> {
  try {
    return await settleOpenPayments(store, order.id, provider, log);
  } catch (err) {
    log?.warn({ err: String(err), order: order.code }, "could not check the order's open payments");
    return { kind: "unreachable" };
  }
}

/** 'Pay now': a new payment order for an unpaid order; returns where to send the shopper. */
export async function payNow(
  store: StoreContext,
  customerId: number,
  code: string,
  options: UnpaidOptions = {},
): Promise<{ redirectUrl: string; providerOrderCode: string }> {
  const now = options.now ?? new Date();
  const order = await ownOrder(store, customerId, code);
  const method = order.paymentMethod as PaymentMethod;
  if (!isOnlineMethod(method)) throw new ServiceError("invalid_state", "This order is not paid online.");
  if (order.status === "paid" || order.status === "completed") throw alreadyPaid(code);
  if (order.status === "expired") {
    throw new ServiceError("invalid_state", `The reservation of order ${code} has ended.`);
  }
  if (order.status !== "pending_payment") {
    throw new ServiceError("invalid_state", `Order ${code} is ${order.status} and cannot be paid.`);
  }
  const provider = providerOf(store, options);
  if ((await settle(store, order, provider, options.log)).kind === "paid") throw alreadyPaid(code);
  // The provider's window never outlasts the reservation, so a payment always finds its stock.
  const seconds = paymentWindowSeconds(order.reservedUntil, now);
  if (seconds === 0) throw new ServiceError("invalid_state", `The reservation of order ${code} has ended.`);
  return startOrderPayment(store, order, method as "card" | "wallet", provider, seconds);
}

/** The shopper cancels their own unpaid order: its stock and held points come back at once. */
export async function cancelUnpaid(
  store: StoreContext,
  customerId: number,
  code: string,
  options: UnpaidOptions = {},
): Promise<OrderRow> {
  const now = options.now ?? new Date();
  const order = await ownOrder(store, customerId, code);
  if (order.status === "cancelled" || order.status === "expired") {
    throw new ServiceError("invalid_state", `Order ${code} is already cancelled.`);
  }
  if (order.status !== "pending_payment") {
    throw new ServiceError(
      "invalid_state",
      `Order ${code} is ${order.status}: please contact the shop to cancel it.`,
    );
  }
  // Neither an unreachable provider nor a broken payment setup keeps the shopper's order: a
  // payment that lands afterwards is recorded against the cancelled order for a refund
  // (lifecycle.ts confirmPayment).
  let provider: PaymentProvider | null = null;
  try {
    provider = providerOf(store, options);
  } catch {
    provider = null;
  }
  const settled = provider ? await settle(store, order, provider, options.log) : null;
  if (settled?.kind === "paid") throw alreadyPaid(code);
  if (!(await releaseUnpaidOrder(store, order.id, now, "cancelled"))) {
    const current = await ownOrder(store, customerId, code);
    if (current.status === "paid") throw alreadyPaid(code);
    throw new ServiceError("invalid_state", `Order ${code} is already cancelled.`);
  }
  return { ...order, status: "cancelled", reservedUntil: null, updatedAt: now };
}
