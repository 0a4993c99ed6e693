// POST /api/v1/newsletter: store an email for this store's newsletter (once per address).
import { createRoute, z } from "@hono/zod-openapi";
import { ACCOUNT_TEXT, NEWSLETTER_TEXT } from "../../core/validation/account";
import { NewsletterInput } from "../../core/validation/account-schemas";
import { subscribeNewsletter } from "../../services/newsletter";
import { clientIp } from "../http/client";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

const subscribe = createRoute({
  method: "post",
  path: "/newsletter",
  tags: ["newsletter"],
  summary: "Subscribe an email to the store's newsletter (a known address is not stored twice)",
  request: { body: { content: { "application/json": { schema: NewsletterInput } }, required: true } },
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ message: z.string() }) } },
      description: "Subscribed",
    },
    400: errorResponse("Not an email address"),
    403: errorResponse("Missing or invalid CSRF token"),
    429: errorResponse("Too many sign-ups from this address"),
  },
});

export function registerNewsletterRoutes(api: ApiRouter) {
  api.openapi(subscribe, async (c) => {
    const result = await subscribeNewsletter(c.get("store"), c.req.valid("json").email, { ip: clientIp(c) });
    if (result.ok) return c.json({ message: NEWSLETTER_TEXT.subscribed }, 200);
    if (result.reason === "invalid") return c.json({ error: "invalid", message: result.problem.title }, 400);
    c.header("Retry-After", String(result.retryAfterSeconds));
    return c.json({ error: "rate_limited", message: ACCOUNT_TEXT.tooManyAttempts }, 429);
  });
}
