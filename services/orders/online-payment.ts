// Online payment flows over a PaymentProvider: start (create the provider's payment order for a
// pending order), the shopper's return (success/failed pages), webhooks and the sweep. Whoever
// comes first, an order is marked paid once (lifecycle.ts confirmPayment).
import { and, eq, lt, ne, sql } from "drizzle-orm";
import { CHECKOUT_TEXT } from "../../core/checkout";
import type { Lang } from "../../core/language";
import { CARD_PAYMENT_UNAVAILABLE, testPaymentsAllowedOn } from "../../core/test-payments";
import { orders, payments } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { PAYMENT_TIMEOUT_SECONDS, paymentProviderFor, paymentReference } from "../payments";
import { type PaymentProvider, PaymentProviderError, type VerifiedTransaction } from "../payments/provider";
import { type ConfirmOutcome, confirmPayment, releaseUnpaidOrder } from "./lifecycle";
import { orderPath } from "./order-link";

/** How long past its reservation an order waits for an unreachable provider before it is released. */
const UNREACHABLE_GRACE_MS = 6 * 60 * 60 * 1000;

type Logger = { warn(o: object, m: string): void; info?(o: object, m: string): void };

type OrderRow = typeof orders.$inferSelect;

/**
 * Creates the provider's payment order for a pending order and records it; returns where to send
 * the shopper. A provider failure surfaces as the spec's payment-code error.
 */
export async function startOrderPayment(
  store: StoreContext,
  order: OrderRow,
  method: "card" | "wallet",
  provider: PaymentProvider = paymentProviderFor(store),
  timeoutSeconds = PAYMENT_TIMEOUT_SECONDS,
): Promise<{ redirectUrl: string; providerOrderCode: string }> {
  if (order.status !== "pending_payment")
    throw new ServiceError("invalid_state", `Order ${order.code} is ${order.status}.`);
  // The HTTP layer refuses earlier and logs (server/http/test-payments.ts); this keeps every
  // other way in (page actions, jobs) from starting a payment it may not.
  if (provider.id === "test" && !testPaymentsAllowedOn(store.host, store.settings.allowTestPayments))
    throw new ServiceError("payment_method_unavailable", CARD_PAYMENT_UNAVAILABLE);
  let created: Awaited<ReturnType<PaymentProvider["createOrder"]>>;
  try {
    created = await provider.createOrder({
      amountCents: order.totalCents,
      merchantReference: order.code,
      description: `Order ${order.code} at ${store.settings.companyName || store.config.name}`,
      customer: {
        email: order.customerEmail,
        fullName: order.customerName,
        phone: order.customerPhone ?? "",
        countryCode: order.shipCountry ?? "",
      },
      method,
      timeoutSeconds,
      merchantName: store.settings.companyName || store.config.name,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      throw new ServiceError("payment_unavailable", CHECKOUT_TEXT.paymentCodeError, { cause: err });
    }
    throw err;
  }
  await store.db.transaction(async (tx) => {
    // Paid, cancelled or expired while the provider answered: this payment order is never shown.
    const still = await tx
      .update(orders)
      .set({ paymentReference: paymentReference(provider, created.providerOrderCode), updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending_payment")))
      .returning({ id: orders.id });
    if (still.length === 0)
      throw new ServiceError("invalid_state", `Order ${order.code} can no longer be paid.`);
    await tx.insert(payments).values({
      orderId: order.id,
      provider: provider.id,
      providerOrderCode: created.providerOrderCode,
      amountCents: order.totalCents,
      status: "created",
    });
  });
  return created;
}

export type VerifyResult =
  | { kind: "paid"; outcome: ConfirmOutcome & { kind: "paid" | "already" } }
  | { kind: "unknown" }
  | { kind: "not_paid"; status: "pending" | "failed" | "mismatch" | "none" };

/** Believes only the provider: a transaction is paid when its own API says so, for this order and amount. */
async function confirmVerified(
  store: StoreContext,
  payment: typeof payments.$inferSelect,
  tx: VerifiedTransaction,
  log?: Logger,
): Promise<VerifyResult> {
  if (tx.providerOrderCode !== payment.providerOrderCode || tx.amountCents !== payment.amountCents) {
    log?.warn(
      { payment: payment.providerOrderCode, tx: tx.transactionId },
      "transaction does not match the payment",
    );
    return { kind: "not_paid", status: "mismatch" };
  }
  if (tx.status !== "paid") return { kind: "not_paid", status: tx.status };
  const outcome = await confirmPayment(
    store,
    {
      providerOrderCode: payment.providerOrderCode,
      transactionId: tx.transactionId,
      amountCents: tx.amountCents,
      raw: tx.raw,
    },
    log,
  );
  if (outcome.kind === "unknown") return { kind: "unknown" };
  return { kind: "paid", outcome };
}

async function paymentByCode(store: StoreContext, providerOrderCode: string) {
  return (
    (
      await store.db.select().from(payments).where(eq(payments.providerOrderCode, providerOrderCode)).limit(1)
    )[0] ?? null
  );
}

/**
 * The language the order behind a payment was placed in, when the store still offers it: the
 * provider sends every shopper back to one return address, and the return page answers in the
 * order's language (docs/decisions/0035-languages.md).
 */
export async function paymentLanguage(
  store: StoreContext,
  providerOrderCode: string | null,
): Promise<Lang | null> {
  const code = providerOrderCode?.trim() ?? "";
  if (!code || code.length > 64) return null;
  const [row] = await store.db
    .select({ lang: orders.lang })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.providerOrderCode, code))
    .limit(1);
  return store.config.languages.find((l) => l === row?.lang) ?? null;
}

/**
 * Verifies a payment with the provider and confirms its order: by transaction id when the shopper
 * or a webhook brought one, else by asking the provider for the order's transactions.
 */
export async function verifyPayment(
  store: StoreContext,
  input: { providerOrderCode?: string | null; transactionId?: string | null },
  log?: Logger,
  provider: PaymentProvider = paymentProviderFor(store),
): Promise<VerifyResult> {
  let payment = input.providerOrderCode ? await paymentByCode(store, input.providerOrderCode) : null;
  if (input.transactionId) {
    const tx = await provider.verifyTransaction(input.transactionId);
    if (!tx) return payment ? { kind: "not_paid", status: "none" } : { kind: "unknown" };
    if (input.providerOrderCode && tx.providerOrderCode !== input.providerOrderCode)
      return { kind: "not_paid", status: "mismatch" };
    payment ??= await paymentByCode(store, tx.providerOrderCode);
    if (!payment || payment.provider !== provider.id) return { kind: "unknown" };
    return confirmVerified(store, payment, tx, log);
  }
  if (!payment || payment.provider !== provider.id) return { kind: "unknown" };
  if (payment.status === "paid") {
    const order = (await store.db.select().from(orders).where(eq(orders.id, payment.orderId)).limit(1))[0];
    return order ? { kind: "paid", outcome: { kind: "already", order } } : { kind: "unknown" };
  }
  const found = await provider.findTransactions(payment.providerOrderCode);
  const paid = found.find((t) => t.status === "paid");
  if (!paid)
    return { kind: "not_paid", status: found.some((t) => t.status === "pending") ? "pending" : "none" };
  return confirmVerified(store, payment, paid, log);
}

export type SuccessView =
  | {
      kind: "success";
      paymentCode: string;
      orderCode: string;
      totalCents: number;
      paymentMethod: string;
      /** A guest order: the signed path of its page, where an account can be made from it. */
      orderUrl: string | null;
    }
  | { kind: "already" }
  | { kind: "error"; title: string; text: string };

/**
 * The payment-success page (spec sections 4 and 8): verifies s/t, confirms the order once and
 * shows the congratulations exactly once per payment; any later visit, in this session or
 * another, gets 'Order already send successfully!'.
 */
export async function paymentSuccessView(
  store: StoreContext,
  s: string | null,
  t: string | null,
  log?: Logger,
  provider?: PaymentProvider,
): Promise<SuccessView> {
  const code = s?.trim() ?? "";
  if (!code) return { kind: "error", title: CHECKOUT_TEXT.wentWrong, text: CHECKOUT_TEXT.noPaymentId };
  const notSaved = {
    kind: "error",
    title: CHECKOUT_TEXT.wentWrong,
    text: CHECKOUT_TEXT.orderNotSaved,
  } as const;
  if (code.length > 64) return notSaved;
  let result: VerifyResult;
  try {
    result = await verifyPayment(
      store,
      { providerOrderCode: code, transactionId: t?.trim() || null },
      log,
      provider,
    );
  } catch (err) {
    log?.warn({ err: String(err), payment: code }, "payment verification failed");
    const payment = await paymentByCode(store, code);
    // The provider is unreachable right now, but a webhook may already have recorded the payment.
    const order =
      payment?.status === "paid"
        ? (await store.db.select().from(orders).where(eq(orders.id, payment.orderId)))[0]
        : undefined;
    if (!order) return notSaved;
    result = { kind: "paid", outcome: { kind: "already", order } };
  }
  if (result.kind !== "paid") return notSaved;
  // Money the order did not need (paid through another of its payment orders, or cancelled)
  // never gets the congratulations; the shop refunds it.
  const refundDue = (await paymentByCode(store, code))?.raw as { refundDue?: string } | null;
  if (refundDue?.refundDue) return refundDue.refundDue === "order cancelled" ? notSaved : { kind: "already" };
  const claimed = await store.db
    .update(payments)
    .set({
      raw: sql`coalesce(${payments.raw}, '{}'::jsonb) || jsonb_build_object('successPageAt', ${new Date().toISOString()}::text)`,
    })
    .where(
      and(
        eq(payments.providerOrderCode, code),
        eq(payments.status, "paid"),
        sql`not (coalesce(${payments.raw}, '{}'::jsonb) ? 'successPageAt')`,
      ),
    )
    .returning({ id: payments.id });
  if (claimed.length === 0) return { kind: "already" };
  const order = result.outcome.order;
  return {
    kind: "success",
    paymentCode: code,
    orderCode: order.code,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod,
    orderUrl: order.customerId === null ? await orderPath(store.config.id, order.code) : null,
  };
}

/**
 * The payment-failed page: releases the reservation when the provider confirms the payment did not
 * go through (a declined transaction for this order, or no paid transaction at all), and confirms
 * it instead if it turns out paid.
 */
export async function paymentFailedReturn(
  store: StoreContext,
  s: string | null,
  t: string | null,
  log?: Logger,
  provider: PaymentProvider = paymentProviderFor(store),
): Promise<"released" | "paid" | "kept"> {
  const code = s?.trim() ?? "";
  if (!code || code.length > 64) return "kept";
  const payment = await paymentByCode(store, code);
  if (!payment || payment.provider !== provider.id || payment.status === "paid")
    return payment?.status === "paid" ? "paid" : "kept";
  try {
    if (t) {
      const tx = await provider.verifyTransaction(t.trim());
      if (!tx || tx.providerOrderCode !== code) return "kept";
      if (tx.status === "paid") {
        const r = await confirmVerified(store, payment, tx, log);
        return r.kind === "paid" ? "paid" : "kept";
      }
      if (tx.status === "pending") return "kept";
    } else if (provider.id === "test") {
      // The test provider's decline always carries a transaction id; without one, nothing is proven.
      return "kept";
    } else {
      const found = await provider.findTransactions(code);
      const paid = found.find((x) => x.status === "paid");
      if (paid) {
        const r = await confirmVerified(store, payment, paid, log);
        return r.kind === "paid" ? "paid" : "kept";
      }
      if (found.some((x) => x.status === "pending")) return "kept";
    }
  } catch (err) {
    log?.warn({ err: String(err), payment: code }, "could not verify a failed payment; the sweep will");
    return "kept";
  }
  // 'Pay now' gave the order another payment order that may still be paid (or this is the older
  // page declined in a forgotten tab): the reservation stays until the sweep ends it.
  const otherOpen = await store.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.orderId, payment.orderId), eq(payments.status, "created"), ne(payments.id, payment.id)),
    )
    .limit(1);
  if (otherOpen.length > 0) return "kept";
  return (await releaseUnpaidOrder(store, payment.orderId)) ? "released" : "kept";
}

/** A webhook: re-verified with the provider, never trusted as sent. */
export async function handlePaymentWebhook(
  store: StoreContext,
  providerId: string,
  body: unknown,
  log?: Logger,
  provider: PaymentProvider = paymentProviderFor(store),
): Promise<{ status: "processed" | "ignored"; detail: string }> {
  if (providerId !== provider.id)
    return { status: "ignored", detail: "this store does not use that provider" };
  const notice = provider.parseWebhook(body);
  if (notice.kind === "ignored") return { status: "ignored", detail: notice.reason };
  const result = await verifyPayment(
    store,
    { providerOrderCode: notice.providerOrderCode, transactionId: notice.transactionId },
    log,
    provider,
  );
  if (result.kind === "paid")
    return { status: "processed", detail: result.outcome.kind === "paid" ? "order paid" : "already paid" };
  return {
    status: "ignored",
    detail: result.kind === "unknown" ? "unknown payment" : `not paid (${result.status})`,
  };
}

/**
 * The safety net for shoppers who closed the tab and webhooks that never came: pending payments
 * are verified with the provider, and reservations past their time are released.
 */
export async function sweepPayments(
  store: StoreContext,
  now = new Date(),
  log?: Logger,
): Promise<{ paid: number; expired: number }> {
  const provider = paymentProviderFor(store);
  let paid = 0;
  let expired = 0;
  const pending = await store.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "pending_payment"), lt(orders.createdAt, new Date(now.getTime() - 60_000))))
    .limit(200);
  for (const order of pending) {
    const settled = await settleOpenPayments(store, order.id, provider, log);
    if (settled.kind === "paid") {
      if (settled.fresh) paid++;
      continue;
    }
    if (settled.kind === "unreachable") {
      // Unverifiable now: keep the reservation rather than release stock of a possibly paid
      // order, unless the provider has been unreachable far beyond the payment timeout.
      const giveUp = order.reservedUntil ? order.reservedUntil.getTime() + UNREACHABLE_GRACE_MS : 0;
      if (now.getTime() < giveUp) continue;
    }
    if (order.reservedUntil && order.reservedUntil.getTime() <= now.getTime()) {
      if (await releaseUnpaidOrder(store, order.id, now)) expired++;
    }
  }
  return { paid, expired };
}

export type Settled = { kind: "paid"; fresh: boolean } | { kind: "open" } | { kind: "unreachable" };

/**
 * Asks the provider about every open payment order of a pending order ('Pay now' can give it
 * several) and confirms the order when one of them was paid; `fresh` when this call did.
 */
export async function settleOpenPayments(
  store: StoreContext,
  orderId: number,
  provider: PaymentProvider,
  log?: Logger,
): Promise<Settled> {
  const open = await store.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "created")))
    .orderBy(payments.id);
  let unreachable = false;
  for (const payment of open) {
    if (payment.provider !== provider.id) continue;
    try {
      const r = await verifyPayment(
        store,
        { providerOrderCode: payment.providerOrderCode, transactionId: payment.transactionId },
        log,
        provider,
      );
      if (r.kind === "paid") return { kind: "paid", fresh: r.outcome.kind === "paid" };
    } catch (err) {
      log?.warn(
        { err: String(err), payment: payment.providerOrderCode },
        "payment check: provider unreachable",
      );
      unreachable = true;
    }
  }
  return unreachable ? { kind: "unreachable" } : { kind: "open" };
}
