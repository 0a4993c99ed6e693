// POST /api/v1/contact and /api/v1/partner: the contact form and the 'Become a Partner' form
// for API clients (the storefront's own forms post to their page actions, which share the
// service). Answers carry the spec's title and text.
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/contact";
import { submitInquiry } from "../../services/inquiries";
import { clientIp } from "../http/client";
import { failureResponse } from "./failure";
import type { ApiRouter } from "./router";

const routes = { contact: createRoute(contract.contact), partner: createRoute(contract.partner) };

export function registerContactRoutes(api: ApiRouter) {
  for (const kind of ["contact", "partner"] as const) {
    api.openapi(routes[kind], async (c) => {
      try {
        const sent = await submitInquiry(c.get("store"), kind, c.req.valid("json"), { ip: clientIp(c) });
        return c.json({ title: sent.title, message: sent.text }, 200);
      } catch (err) {
        return failureResponse(c, err);
      }
    });
  }
}
