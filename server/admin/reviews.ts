// The back office's product-review routes: moderation and hand-entered reviews
// (services/admin/product-reviews.ts, docs/decisions/0053).
import * as contract from "../../core/api/admin/reviews";
import {
  createStaffReview,
  listProductReviewsForModeration,
  publishReview,
  rejectReview,
} from "../../services/admin/product-reviews";
import { type AdminRouter, actorOf, guarded } from "./register";

export function registerAdminReviewRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) =>
    c.json(await listProductReviewsForModeration(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.create), async (c) =>
    c.json(await createStaffReview(c.var.store, actorOf(c), c.req.valid("json")), 201),
  );
  api.openapi(guarded(api, contract.publish), async (c) =>
    c.json(await publishReview(c.var.store, actorOf(c), c.req.valid("param").id), 200),
  );
  api.openapi(guarded(api, contract.reject), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await rejectReview(c.var.store, actorOf(c), id, c.req.valid("json").reason), 200);
  });
}
