// Online payments over /api/v1: start (or restart) the provider payment of a pending order,
// verify a return (s/t), and the provider webhook (CSRF-exempt: it is verified by asking the
// provider about the transaction, never by trusting the body).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/payments";
import { handlePaymentWebhook, verifyPayment } from "../../services/orders/online-payment";
import { paymentProviderFor } from "../../services/payments";
import { PaymentProviderError, parseJsonKeepingBigInts } from "../../services/payments/provider";
import { fail } from "./failure";
import { payNowResponse } from "./orders";
import type { ApiRouter } from "./router";

const start = createRoute(contract.start);
const verify = createRoute(contract.verify);
const webhookKey = createRoute(contract.webhookKey);
const webhook = createRoute(contract.webhook);

export function registerPaymentRoutes(api: ApiRouter) {
  api.openapi(start, async (c) => {
    const customer = c.get("customer");
    if (!customer) return fail(c, "not_signed_in", "Please sign in first.");
    // The same rules as the dashboard's 'Pay now' (POST /orders/{code}/pay).
    return payNowResponse(c, customer.id, c.req.valid("json").orderCode);
  });

  api.openapi(verify, async (c) => {
    const { s, t } = c.req.valid("query");
    try {
      const r = await verifyPayment(
        c.get("store"),
        { providerOrderCode: s, transactionId: t ?? null },
        c.var.log,
      );
      if (r.kind === "paid") {
        return c.json(
          {
            status: r.outcome.kind === "paid" ? "paid" : "already_paid",
            orderCode: r.outcome.order.code,
          } as const,
          200,
        );
      }
      return c.json({ status: r.kind === "unknown" ? "unknown" : "not_paid", orderCode: null } as const, 200);
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        return fail(
          c,
          "provider_unavailable",
          "The payment provider could not be reached. Please try again.",
        );
      }
      throw err;
    }
  });

  api.openapi(webhookKey, async (c) => {
    const store = c.get("store");
    const provider = paymentProviderFor(store);
    if (provider.id !== c.req.valid("param").provider) {
      return fail(c, "not_found", "This store does not use that payment provider");
    }
    try {
      return c.json({ Key: await provider.webhookVerificationKey() }, 200);
    } catch (err) {
      c.var.log.warn({ err: String(err) }, "webhook verification key unavailable");
      return fail(c, "provider_unavailable", "The verification key could not be obtained");
    }
  });

  api.openapi(webhook, async (c) => {
    let body: unknown;
    try {
      body = parseJsonKeepingBigInts(await c.req.text());
    } catch {
      return fail(c, "invalid_json", "The body is not JSON");
    }
    try {
      const result = await handlePaymentWebhook(
        c.get("store"),
        c.req.valid("param").provider,
        body,
        c.var.log,
      );
      c.var.log.info({ provider: c.req.valid("param").provider, ...result }, "payment webhook");
      return c.json({ ok: true, status: result.status, detail: result.detail }, 200);
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        // A non-2xx answer makes the provider retry later, when it can be verified.
        c.var.log.warn({ err: err.message }, "payment webhook: provider unreachable");
        return fail(c, "provider_unavailable", "Could not verify the transaction; retry later");
      }
      throw err;
    }
  });
}
