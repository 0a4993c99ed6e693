// POST /api/v1/errors: unexpected browser exceptions (spec: ErrorLog). Size-limited (16 KB),
// rate-limited, secrets stripped, stored in the store's error_log; always answers 202 once
// accepted so a failing page never waits on it.
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { logClientError } from "../../services/error-log";
import { clientIp } from "../http/client";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

export const ERROR_BODY_LIMIT = 16 * 1024;

const ErrorReport = z
  .object({
    message: z.string().min(1).max(2000),
    stack: z.string().max(8000).nullish(),
    url: z.string().max(2000).nullish(),
    source: z.enum(["error", "unhandledrejection", "boundary", "manual"]).nullish(),
    user: z.record(z.string().max(100), z.unknown()).nullish(),
    cart: z.unknown().optional(),
    storage: z.record(z.string().max(200), z.string().max(8000)).nullish(),
  })
  .openapi("ClientError");

const report = createRoute({
  method: "post",
  path: "/errors",
  tags: ["diagnostics"],
  summary: "Log an unexpected browser exception with the user, cart, storage data (secrets stripped) and URL",
  request: { body: { content: { "application/json": { schema: ErrorReport } }, required: true } },
  responses: {
    202: {
      content: { "application/json": { schema: z.object({ accepted: z.boolean() }) } },
      description: "Logged",
    },
    400: errorResponse("Malformed report"),
    403: errorResponse("Missing or invalid CSRF token"),
    413: errorResponse("Report larger than 16 KB"),
    429: errorResponse("Too many reports from this address"),
  },
});

export function registerErrorRoutes(api: ApiRouter) {
  api.use(
    "/errors",
    bodyLimit({
      maxSize: ERROR_BODY_LIMIT,
      onError: (c) => c.json({ error: "too_large", message: "The report is larger than 16 KB" }, 413),
    }),
  );
  api.openapi(report, async (c) => {
    const body = c.req.valid("json");
    const outcome = await logClientError(c.get("store"), body, {
      ip: clientIp(c),
      userAgent: c.req.header("user-agent") ?? null,
      customerId: c.var.customer?.id ?? null,
    });
    if (outcome === "rate_limited") {
      return c.json({ error: "rate_limited", message: "Too many error reports" }, 429);
    }
    return c.json({ accepted: true }, 202);
  });
}
