// POST /api/v1/errors: unexpected browser exceptions (spec: ErrorLog). Size-limited (16 KB),
// rate-limited, secrets stripped, stored in the store's error_log; always answers 202 once
// accepted so a failing page never waits on it.
import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import * as contract from "../../core/api/errors";
import { logClientError } from "../../services/error-log";
import { clientIp } from "../http/client";
import { failureResponse } from "./failure";
import type { ApiRouter } from "./router";

export const ERROR_BODY_LIMIT = 16 * 1024;

const report = createRoute(contract.report);

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
    try {
      await logClientError(c.get("store"), body, {
        ip: clientIp(c),
        userAgent: c.req.header("user-agent") ?? null,
        customerId: c.var.customer?.id ?? null,
      });
    } catch (err) {
      return failureResponse(c, err);
    }
    return c.json({ accepted: true }, 202);
  });
}
