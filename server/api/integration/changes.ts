// The integration API's change feed (services/integration/changes.ts).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../../core/api/integration/changes";
import { readChanges } from "../../../services/integration/changes";
import type { ApiRouter } from "../router";

export function registerChangesIntegration(api: ApiRouter) {
  api.openapi(createRoute(contract.changes), async (c) => {
    const { since, limit } = c.req.valid("query");
    // The schema has checked the cursor already.
    const cursor = since === undefined ? null : contract.decodeCursor(since);
    return c.json(await readChanges(c.get("store"), cursor, limit), 200);
  });
}
