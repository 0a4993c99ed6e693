// Unexpected browser exceptions (spec: ErrorLog), reported by the storefront itself.
import { z } from "zod";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

export const ClientErrorSchema = z
  .object({
    message: z.string().min(1).max(2000),
    stack: z.string().max(8000).nullish(),
    url: z.string().max(2000).nullish(),
    source: z.enum(["error", "unhandledrejection", "boundary", "manual"]).nullish(),
    user: z.record(z.string().max(100), z.unknown()).nullish(),
    cart: z.unknown().optional(),
    storage: z.record(z.string().max(200), z.string().max(8000)).nullish(),
  })
  .meta({ id: "ClientError" });

export const report = endpoint(routes.errors.report, {
  tags: ["diagnostics"],
  summary: "Log an unexpected browser exception with the user, cart, storage data (secrets stripped) and URL",
  request: { body: jsonBody(ClientErrorSchema) },
  responses: {
    202: json(z.object({ accepted: z.boolean() }), "Logged"),
    400: errorResponse("Malformed report"),
    403: errorResponse("Missing or invalid CSRF token"),
    413: errorResponse("Report larger than 16 KB"),
    429: errorResponse("Too many reports from this address"),
  },
});
