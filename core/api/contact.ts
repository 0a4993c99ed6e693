// The contact form and the 'Become a Partner' form for API clients (the storefront's own forms
// post to their page actions, which share the service). Answers carry the spec's title and text.
import { z } from "zod";
import { HONEYPOT_FIELD, INQUIRY_LIMITS } from "../contact";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

// Lengths are checked loosely here (twice the limit) and cut to the limit by the service, so a
// slightly long paste still goes through; required fields and the email format are checked by
// the service to answer with the spec's messages.
const InquiryBodySchema = z
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
  .meta({
    id: "InquiryInput",
    example: {
      name: "Maria",
      email: "maria@example.com",
      phone: "99123456",
      subject: "Opening hours",
      message: "Are you open on Sunday?",
    },
  });

const InquiryAnswerSchema = z
  .object({ error: z.string().optional(), title: z.string(), message: z.string() })
  .meta({ id: "InquiryAnswer" });

const answers = {
  200: json(InquiryAnswerSchema, "Sent: 'Your email has been sent successfully'"),
  400: json(InquiryAnswerSchema, "'Required Fields Empty' or 'Wrong Email Format'"),
  403: json(InquiryAnswerSchema, "Missing or invalid CSRF token"),
  429: json(InquiryAnswerSchema, "Too many messages: 'Ooops something went wrong'"),
  503: json(InquiryAnswerSchema, "Could not be stored: 'Ooops something went wrong'"),
};

export const contact = endpoint(routes.contact.contact, {
  tags: ["content"],
  summary: "Send the contact form: stored and mailed to the shop",
  request: { body: jsonBody(InquiryBodySchema) },
  responses: answers,
});

export const partner = endpoint(routes.contact.partner, {
  tags: ["content"],
  summary: "Apply to become a partner: stored and mailed to the shop",
  request: { body: jsonBody(InquiryBodySchema) },
  responses: answers,
});
