// POST /api/v1/notify: 'Notify me when product is available' (spec: SaveNotifyOutOfStock).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/notify";
import { isNotifyEmail, NOTIFY_TEXT } from "../../core/notify";
import { requestBackInStock } from "../../services/notify";
import { hitRateLimit } from "../../services/rate-limit";
import { clientIp } from "../http/client";
import { fail, failureResponse } from "./failure";
import type { ApiRouter } from "./router";

export const NOTIFY_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

const notify = createRoute(contract.subscribe);

export function registerNotifyRoutes(api: ApiRouter) {
  api.openapi(notify, async (c) => {
    const store = c.get("store");
    const { productId, email } = c.req.valid("json");
    if (!isNotifyEmail(email)) {
      return fail(c, "wrong_email", NOTIFY_TEXT.wrongEmailText, { title: NOTIFY_TEXT.wrongEmailTitle });
    }
    const limit = await hitRateLimit(store.db, `notify:ip:${clientIp(c)}`, NOTIFY_RATE_LIMIT);
    if (!limit.allowed) {
      return fail(c, "rate_limited", "Too many requests. Please try again later.", {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }
    try {
      const status = await requestBackInStock(store, {
        productId,
        email,
        customerId: c.var.customer?.id ?? null,
      });
      return c.json({ status, message: `We will email ${email.trim()} when the product is available.` }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });
}
