// The newsletter sign-up. The body is the schema the footer form's action shares.
import { z } from "zod";
import { NewsletterInput } from "../validation/account-schemas";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

export const subscribe = endpoint(routes.newsletter.subscribe, {
  tags: ["newsletter"],
  summary: "Subscribe an email to the store's newsletter (a known address is not stored twice)",
  request: { body: jsonBody(NewsletterInput) },
  responses: {
    200: json(z.object({ message: z.string() }), "Subscribed"),
    400: errorResponse("Not an email address"),
    403: errorResponse("Missing or invalid CSRF token"),
    429: errorResponse("Too many sign-ups from this address"),
  },
});
