// POST /orders/{code}/lines/{lineId}/review: a signed-in customer reviews the product of one line of
// their paid or completed order (services/product-reviews.ts, docs/decisions/0053). CSRF is checked
// for every unsafe /api/v1 request before this runs; the rate limit is per customer.
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/reviews";
import { REVIEW_RATE_LIMIT } from "../../core/reviews";
import { submitReview } from "../../services/product-reviews";
import { hitRateLimit } from "../../services/rate-limit";
import { clientIp } from "../http/client";
import { fail, failureResponse } from "./failure";
import type { ApiRouter } from "./router";

const review = createRoute(contract.review);

export function registerReviewRoutes(api: ApiRouter) {
  api.openapi(review, async (c) => {
    const customer = c.get("customer");
    if (!customer) return fail(c, "not_signed_in", "Please sign in to review a product.");
    const store = c.get("store");
    const limit = await hitRateLimit(store.db, `reviews:customer:${customer.id}`, REVIEW_RATE_LIMIT);
    if (!limit.allowed) {
      return fail(c, "rate_limited", "Too many reviews in a short time. Please try again later.", {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }
    const { code, lineId } = c.req.valid("param");
    try {
      const saved = await submitReview(store, customer.id, code, lineId, c.req.valid("json"), clientIp(c));
      return c.json(saved, 201);
    } catch (err) {
      return failureResponse(c, err);
    }
  });
}
