// POST /api/v1/contact and /api/v1/partner: the contact form and the 'Become a Partner' form
// for API clients (the storefront's own forms post to their page actions, which share the
// service). Answers carry the spec's title and text.
import { createRoute, z } from "@hono/zod-openapi";
import { HONEYPOT_FIELD, INQUIRY_LIMITS, type InquiryKind } from "../../core/contact";
import { submitInquiry } from "../../services/inquiries";
import { clientIp } from "../http/client";
import { failureResponse } from "./failure";
import type { ApiRouter } from "./router";

// Lengths are checked loosely here (twice the limit) and cut to the limit by the service, so a
// slightly long paste still goes through; required fields and the email format are checked by
// the service to answer with the spec's messages.
const InquiryBody = z
  .object({
    name: z
      .string()
      .max(INQUIRY_LIMITS.name * 2)
      .optional(),
    email: z
      .string()
      .max(INQUIRY_LIMITS.email * 2)
      .optional(),
    phone: z
      .string()
      .max(INQUIRY_LIMITS.phone * 2)
      .optional(),
    subject: z
      .string()
      .max(INQUIRY_LIMITS.subject * 2)
      .optional(),
    message: z
      .string()
      .max(INQUIRY_LIMITS.message * 2)
      .optional(),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .openapi("InquiryInput", {
    example: {
      name: "Maria",
      email: "maria@example.com",
      phone: "99123456",
      subject: "Opening hours",
      message: "Are you open on Sunday?",
    },
  });

const InquiryAnswer = z
  .object({ error: z.string().optional(), title: z.string(), message: z.string() })
  .openapi("InquiryAnswer");

const answers = {
  200: {
    content: { "application/json": { schema: InquiryAnswer } },
    description: "Sent: 'Your email has been sent successfully'",
  },
  400: {
    content: { "application/json": { schema: InquiryAnswer } },
    description: "'Required Fields Empty' or 'Wrong Email Format'",
  },
  403: {
    content: { "application/json": { schema: InquiryAnswer } },
    description: "Missing or invalid CSRF token",
  },
  429: {
    content: { "application/json": { schema: InquiryAnswer } },
    description: "Too many messages: 'Ooops something went wrong'",
  },
  503: {
    content: { "application/json": { schema: InquiryAnswer } },
    description: "Could not be stored: 'Ooops something went wrong'",
  },
};

const route = (kind: InquiryKind) =>
  createRoute({
    method: "post",
    path: `/${kind}`,
    tags: ["content"],
    summary:
      kind === "contact"
        ? "Send the contact form: stored and mailed to the shop"
        : "Apply to become a partner: stored and mailed to the shop",
    request: { body: { content: { "application/json": { schema: InquiryBody } }, required: true } },
    responses: answers,
  });

export function registerContactRoutes(api: ApiRouter) {
  for (const kind of ["contact", "partner"] as const) {
    api.openapi(route(kind), async (c) => {
      try {
        const sent = await submitInquiry(c.get("store"), kind, c.req.valid("json"), { ip: clientIp(c) });
        return c.json({ title: sent.title, message: sent.text }, 200);
      } catch (err) {
        return failureResponse(c, err);
      }
    });
  }
}
