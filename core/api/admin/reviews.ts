// The back office's product reviews (contract, docs/decisions/0053): the moderation list filtered
// by status and source, publishing and rejecting (with a reason), and a review entered by hand,
// which is always marked as staff-entered and never as a verified purchase.
import { z } from "zod";
import { REJECT_REASONS, REVIEW_SOURCES, REVIEW_STATUSES } from "../../reviews";
import { ReviewSubmission } from "../../validation/review";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { adminEndpoint } from "./endpoint";
import { reviewsRoutes as routes } from "./reviews.routes";
import { IdParams, pageOf } from "./taxonomy";

const tags = ["admin", "admin-reviews"];

export const ProductReviewQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum([...REVIEW_STATUSES, "all"]).default("pending"),
  source: z.enum([...REVIEW_SOURCES, "all"]).default("all"),
});

export const AdminProductReview = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productCode: z.string(),
    authorName: z.string(),
    rating: z.number().int(),
    title: z.string(),
    body: z.string(),
    source: z.enum(REVIEW_SOURCES),
    status: z.enum(REVIEW_STATUSES),
    verified: z.boolean().meta({ description: "Shows 'Verified purchase' once published" }),
    /** The order the review was written from; null for a staff-entered one. */
    orderCode: z.string().nullable(),
    rejectReason: z.enum(REJECT_REASONS).nullable(),
    moderatedAt: z.string().nullable(),
    moderatedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "AdminProductReview" });
export type AdminProductReview = z.output<typeof AdminProductReview>;

export const StaffReviewInput = ReviewSubmission.extend({
  productCode: z.string().trim().min(1, "Enter the product's code.").max(40, "Use at most 40 characters."),
  authorName: z.string().trim().min(1, "Enter the reviewer's name.").max(120, "Use at most 120 characters."),
});

export const RejectInput = z.object({
  reason: z.enum(REJECT_REASONS, { error: "Choose why the review is rejected." }),
});

export const list = adminEndpoint(routes.list, {
  permission: "content.read",
  tags,
  summary: "Product reviews, newest first, by moderation status (pending by default) and source",
  request: { query: ProductReviewQuery },
  responses: {
    200: json(pageOf(AdminProductReview), "One page"),
    400: errorResponse("A filter is not valid"),
  },
});

export const create = adminEndpoint(routes.create, {
  permission: "content.write",
  tags,
  summary:
    "Enter a review by hand: published at once, marked as entered by the shop, never a verified purchase",
  request: { body: jsonBody(StaffReviewInput) },
  responses: {
    201: json(AdminProductReview, "The review"),
    400: errorResponse("Invalid input, or no product has this code"),
  },
});

export const publish = adminEndpoint(routes.publish, {
  permission: "content.write",
  tags,
  summary: "Publish a pending or rejected review: it shows and counts in the product's rating",
  request: { params: IdParams },
  responses: {
    200: json(AdminProductReview, "The review"),
    404: errorResponse("No such review"),
    409: errorResponse("Already published"),
  },
});

export const reject = adminEndpoint(routes.reject, {
  permission: "content.write",
  tags,
  summary: "Reject a review for a stated reason (never for its rating): it no longer shows or counts",
  request: { params: IdParams, body: jsonBody(RejectInput) },
  responses: {
    200: json(AdminProductReview, "The review"),
    400: errorResponse("No reason given"),
    404: errorResponse("No such review"),
    409: errorResponse("Already rejected"),
  },
});
