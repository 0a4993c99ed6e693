// POST /api/v1/notify: 'Notify me when product is available' (spec: SaveNotifyOutOfStock).
import { createRoute, z } from "@hono/zod-openapi";
import { isNotifyEmail, NOTIFY_EMAIL_MAX, NOTIFY_TEXT } from "../../core/notify";
import { NotifyError, requestBackInStock } from "../../services/notify";
import { hitRateLimit } from "../../services/rate-limit";
import { clientIp } from "../http/client";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

export const NOTIFY_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

const NotifyBody = z
  .object({
    productId: z.number().int().positive(),
    email: z.string().max(NOTIFY_EMAIL_MAX * 2),
  })
  .openapi("NotifyInput", { example: { productId: 12, email: "maria@example.com" } });

const NotifyAnswer = z
  .object({ status: z.enum(["stored", "notified"]), message: z.string() })
  .openapi("NotifyAnswer");

const WrongEmail = z
  .object({ error: z.string(), title: z.string(), message: z.string() })
  .openapi("NotifyWrongEmail");

const notify = createRoute({
  method: "post",
  path: "/notify",
  tags: ["catalog"],
  summary: "Ask for one mail when an out-of-stock product is back (one request per email and product)",
  request: { body: { content: { "application/json": { schema: NotifyBody } }, required: true } },
  responses: {
    200: {
      content: { "application/json": { schema: NotifyAnswer } },
      description: "Stored (or mailed at once when in stock)",
    },
    400: {
      content: { "application/json": { schema: WrongEmail } },
      description: "'Wrong email' / 'Please enter a valid email'",
    },
    403: errorResponse("Missing or invalid CSRF token"),
    404: errorResponse("No such product"),
    429: errorResponse("Too many requests from this address"),
  },
});

export function registerNotifyRoutes(api: ApiRouter) {
  api.openapi(notify, async (c) => {
    const store = c.get("store");
    const { productId, email } = c.req.valid("json");
    if (!isNotifyEmail(email)) {
      return c.json(
        { error: "wrong_email", title: NOTIFY_TEXT.wrongEmailTitle, message: NOTIFY_TEXT.wrongEmailText },
        400,
      );
    }
    const limit = await hitRateLimit(store.db, `notify:ip:${clientIp(c)}`, NOTIFY_RATE_LIMIT);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return c.json({ error: "rate_limited", message: "Too many requests. Please try again later." }, 429);
    }
    try {
      const status = await requestBackInStock(store, {
        productId,
        email,
        customerId: c.var.customer?.id ?? null,
      });
      return c.json({ status, message: `We will email ${email.trim()} when the product is available.` }, 200);
    } catch (err) {
      if (err instanceof NotifyError) return c.json({ error: "not_found", message: err.message }, 404);
      throw err;
    }
  });
}
