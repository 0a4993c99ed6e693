// POST /api/v1/newsletter: store an email for this store's newsletter (once per address).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/newsletter";
import { NEWSLETTER_TEXT } from "../../core/validation/account";
import { subscribeNewsletter } from "../../services/newsletter";
import { clientIp } from "../http/client";
import { failureResponse } from "./failure";
import type { ApiRouter } from "./router";

const subscribe = createRoute(contract.subscribe);

export function registerNewsletterRoutes(api: ApiRouter) {
  api.openapi(subscribe, async (c) => {
    try {
      await subscribeNewsletter(c.get("store"), c.req.valid("json").email, { ip: clientIp(c) });
    } catch (err) {
      return failureResponse(c, err);
    }
    return c.json({ message: NEWSLETTER_TEXT.subscribed }, 200);
  });
}
