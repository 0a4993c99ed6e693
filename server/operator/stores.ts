// POST /stores on the operator listener (behind its bearer token): runs a store command in the
// server's own process, which is how `npm run store` reaches an embedded database that a running
// server holds (docs/decisions/0029). The answer is JSON: 200 with the result's lines, 400 when
// the command is malformed, 404/409 when it is refused.
import { Hono } from "hono";
import { FAILURE_STATUS } from "../../core/failures";
import { parseStoreCommand } from "../../core/operator/store-commands";
import { isServiceError } from "../../services/failure";
import { runStoreCommand, type StoreCommandDeps } from "../../services/operator/stores";

export function storeCommandRoutes(deps: StoreCommandDeps): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: "invalid_json", message: "Send the command as a JSON object." }, 400);
    }
    const parsed = parseStoreCommand(body);
    if (!parsed.ok) return c.json({ error: "invalid", message: parsed.problems.join("\n") }, 400);
    try {
      return c.json(await runStoreCommand(deps, parsed.command), 200);
    } catch (err) {
      if (!isServiceError(err)) throw err;
      const status = FAILURE_STATUS[err.code] as 400 | 404 | 409;
      return c.json({ error: err.code, message: err.message }, status);
    }
  });
  return app;
}
