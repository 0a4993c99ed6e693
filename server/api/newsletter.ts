// POST /api/v1/newsletter: store an email for this store's newsletter (once per address).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/newsletter";
import { ACCOUNT_TEXT, NEWSLETTER_TEXT } from "../../core/validation/account";
import { subscribeNewsletter } from "../../services/newsletter";
import { clientIp } from "../http/client";
import type { ApiRouter } from "./router";

const subscribe = createRoute(contract.subscribe);

export function registerNewsletterRoutes(api: ApiRouter) {
  api.openapi(subscribe, async (c) => {
    const result = await subscribeNewsletter(c.get("store"), c.req.valid("json").email, { ip: clientIp(c) });
    if (result.ok) return c.json({ message: NEWSLETTER_TEXT.subscribed }, 200);
    if (result.reason === "invalid") return c.json({ error: "invalid", message: result.problem.title }, 400);
    c.header("Retry-After", String(result.retryAfterSeconds));
    return c.json({ error: "rate_limited", message: ACCOUNT_TEXT.tooManyAttempts }, 429);
  });
}
