// The right of withdrawal over /api/v1 (docs/decisions/0050): 'Confirm withdrawal' from My Account
// (the session's customer) or from a guest's signed order page (the link's signature in the body).
// CSRF applies as to every unsafe storefront call; the attempts are rate-limited per address.
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/withdrawals";
import { withdrawFromOrder } from "../../services/orders/withdrawal";
import { withdrawalTime } from "../../services/orders/withdrawal-mail";
import { hitRateLimit } from "../../services/rate-limit";
import { clientIp } from "../http/client";
import { fail, failureResponse } from "./failure";
import type { ApiRouter } from "./router";

const withdraw = createRoute(contract.withdraw);

export function registerWithdrawalRoutes(api: ApiRouter) {
  api.openapi(withdraw, async (c) => {
    const store = c.get("store");
    const customer = c.get("customer");
    const body = c.req.valid("json");
    const { code } = c.req.valid("param");
    if (!body.sig && !customer)
      return fail(c, "not_signed_in", "Please sign in to withdraw from this order.");
    // Per address: the guest path needs no account, and a signature is no secret to a guesser.
    const limit = await hitRateLimit(store.db, `withdrawal:${clientIp(c)}`, {
      limit: 20,
      windowMs: 10 * 60_000,
    });
    if (!limit.allowed) {
      return fail(c, "rate_limited", "Too many attempts in a short time. Please try again later.", {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }
    try {
      const who = body.sig
        ? ({ kind: "guest", sig: body.sig } as const)
        : ({ kind: "customer", customerId: customer?.id ?? 0 } as const);
      const done = await withdrawFromOrder(store, who, code, body, store.lang);
      if (done.created)
        c.var.log.info({ order: done.orderCode, withdrawal: done.withdrawal.id }, "withdrawal recorded");
      return c.json(
        {
          code: done.orderCode,
          withdrawal: {
            id: done.withdrawal.id,
            createdAt: done.withdrawal.createdAt,
            lines: done.withdrawal.lines.map(({ description, qty }) => ({ description, qty })),
          },
          receivedAt: withdrawalTime(new Date(done.withdrawal.createdAt), store.lang),
          email: done.withdrawal.email,
        },
        done.created ? 201 : 200,
      );
    } catch (err) {
      return failureResponse(c, err);
    }
  });
}
