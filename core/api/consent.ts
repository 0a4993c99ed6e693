// The cookie banner's answer, recorded server-side (docs/decisions/0052). The server sets the
// consent cookie itself, with the visitor's consent id, so a later change links to the record.
import { z } from "zod";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

export const ConsentInputSchema = z
  .object({
    choice: z.enum(["granted", "denied"]),
    /** The banner version the visitor answered (core/consent.ts CONSENT_BANNER_VERSION). */
    version: z.number().int().min(1).max(999_999),
  })
  .strict()
  .meta({ id: "CookieConsentInput", example: { choice: "denied", version: 2 } });

export const record = endpoint(routes.consent.record, {
  tags: ["consent"],
  summary: "Record the visitor's answer to the cookie banner and keep it in the consent cookie",
  request: { body: jsonBody(ConsentInputSchema) },
  responses: {
    200: json(z.object({ choice: z.enum(["granted", "denied"]), version: z.number() }), "Recorded"),
    400: errorResponse("Not a choice, or not the current banner"),
    403: errorResponse("Missing or invalid CSRF token"),
    429: errorResponse("Too many answers from this address"),
  },
});
