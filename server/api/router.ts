// The /api/v1 router: every input validated by zod, every route in the OpenAPI document.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { InputIssue } from "../../core/failures";
import type { AppEnv } from "../http/env";

/** The 400 answer to invalid input: the first problem in the message, every one with its field path. */
export function invalidRequestBody(issues: InputIssue[]) {
  const first = issues[0];
  const message = first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "Invalid request";
  return { error: "invalid_request", message, issues };
}

export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        return c.json(invalidRequestBody(issues), 400);
      }
    },
  });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;
