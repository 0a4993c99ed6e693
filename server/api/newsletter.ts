// POST /api/v1/newsletter: a sign-up for this store's newsletter, pending until the mailed link is
// confirmed (double opt-in, services/newsletter.ts).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/newsletter";
import { NEWSLETTER_TEXT } from "../../core/validation/account";
import { subscribeNewsletter } from "../../services/newsletter";
import { clientIp, publicOrigin } from "../http/client";
import { failureResponse } from "./failure";
import type { ApiRouter } from "./router";

const subscribe = createRoute(contract.subscribe);

export function registerNewsletterRoutes(api: ApiRouter) {
  api.openapi(subscribe, async (c) => {
    try {
      await subscribeNewsletter(c.get("store"), c.req.valid("json").email, {
        ip: clientIp(c),
        origin: publicOrigin(c),
      });
    } catch (err) {
      return failureResponse(c, err);
    }
    return c.json({ message: NEWSLETTER_TEXT.subscribed }, 200);
  });
}
