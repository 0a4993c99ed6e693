// The /api/v1 router: every input validated by zod, every route in the OpenAPI document.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";

export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        const first = issues[0];
        const message = first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "Invalid request";
        return c.json({ error: "invalid_request", message, issues }, 400);
      }
    },
  });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;
