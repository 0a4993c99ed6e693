// The back office's inbox endpoints (contract): contact and partner messages, newsletter
// subscribers (with a CSV export) and back-in-stock requests. All read-only.
import { z } from "zod";
import { errorResponse } from "../common";
import { json } from "../endpoint";
import { adminEndpoint } from "./endpoint";
import { inboxRoutes as routes } from "./inbox.routes";

const paging = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(100).optional(),
};

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });

export const INQUIRY_KINDS = ["contact", "partner"] as const;

export const InquiryQuery = z.object({ ...paging, kind: z.enum(INQUIRY_KINDS).optional() });

export const InquirySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});

export const InquiryRowSchema = InquirySchema.omit({ message: true }).extend({
  /** The message's first 160 characters. */
  excerpt: z.string(),
});

/** A confirmed subscriber (double opt-in, docs/decisions/0052): when they confirmed, and under which consent text. */
export const SubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string(),
  lang: z.string(),
  consentVersion: z.number().int().nullable(),
});

export const NotifyQuery = z.object({
  ...paging,
  status: z.enum(["pending", "notified", "all"]).default("pending"),
});

export const NotifyRequestSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productCode: z.string(),
  email: z.string(),
  createdAt: z.string(),
  notifiedAt: z.string().nullable(),
});

export const inquiries = adminEndpoint(routes.inquiries, {
  permission: "inbox.read",
  tags: ["admin"],
  summary: "Contact and partner messages, newest first",
  request: { query: InquiryQuery },
  responses: { 200: json(pageOf(InquiryRowSchema), "One page"), 400: errorResponse("A filter is not valid") },
});

export const inquiry = adminEndpoint(routes.inquiry, {
  permission: "inbox.read",
  tags: ["admin"],
  summary: "One message",
  request: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) },
  responses: {
    200: json(InquirySchema, "The message"),
    400: errorResponse("Bad id"),
    404: errorResponse("No such message"),
  },
});

export const newsletter = adminEndpoint(routes.newsletter, {
  permission: "inbox.read",
  tags: ["admin"],
  summary: "Confirmed newsletter subscribers, newest first, and how many sign-ups wait for confirmation",
  request: { query: z.object(paging) },
  responses: {
    200: json(pageOf(SubscriberSchema).extend({ waiting: z.number().int() }), "One page"),
    400: errorResponse("A filter is not valid"),
  },
});

export const newsletterCsv = adminEndpoint(routes.newsletterCsv, {
  permission: "inbox.read",
  tags: ["admin"],
  summary: "Every confirmed newsletter subscriber (or those matching q) as a CSV file",
  request: { query: z.object({ q: paging.q }) },
  responses: {
    200: {
      description:
        "text/csv with a header row: email, language, confirmed_at, consent_version, consent_text (confirmed subscribers only)",
      content: { "text/csv": { schema: z.string() } },
    },
    400: errorResponse("A filter is not valid"),
  },
});

export const notifyRequests = adminEndpoint(routes.notifyRequests, {
  permission: "inbox.read",
  tags: ["admin"],
  summary: "Back-in-stock requests: pending ones, notified ones, or all",
  request: { query: NotifyQuery },
  responses: {
    200: json(pageOf(NotifyRequestSchema), "One page"),
    400: errorResponse("A filter is not valid"),
  },
});
