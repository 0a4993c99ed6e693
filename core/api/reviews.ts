// A shopper's product review from their order page (docs/decisions/0053): the contract of the one
// write. It sits under /orders because a review is written from one line of one of their orders.
import { z } from "zod";
import { ReviewSubmission } from "../validation/review";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

const LineParams = z.object({
  code: z.string().min(1).max(40),
  lineId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const review = endpoint(routes.orders.review, {
  tags: ["orders"],
  summary:
    "Review the product of one line of the signed-in customer's paid or completed order: saved as pending until the shop publishes it; one review per product and customer",
  request: { params: LineParams, body: jsonBody(ReviewSubmission) },
  responses: {
    201: json(z.object({ id: z.number().int(), status: z.literal("pending") }), "Saved, awaiting moderation"),
    400: errorResponse("Invalid rating, title or text"),
    401: errorResponse("Not signed in"),
    403: errorResponse("Missing or invalid CSRF token"),
    404: errorResponse("No such order line for this customer"),
    409: errorResponse("Already reviewed, or the order is not paid or completed"),
    429: errorResponse("Too many reviews in a short time"),
  },
});
