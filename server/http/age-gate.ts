// The 18+ 'No' answer enforced on the server: in a store with the age gate on, a browser whose
// age_verified cookie says 'no' may read but not act (no cart check, order, account, message or
// payment), whatever its JavaScript does. Only the answer itself, the cookie banner's answer
// (refusing cookies must always work, docs/decisions/0052) and signing out stay open, and
// the machine endpoints that no browser calls (provider webhooks, the ERP API) are not gated.
import type { Context, MiddlewareHandler } from "hono";
import { isCsrfExempt } from "./csrf";
import type { AppEnv } from "./env";
import { errorPage } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const OPEN_PATHS = new Set(["/api/v1/session/age", "/api/v1/consent", "/api/v1/auth/logout"]);

export const UNDER_AGE_MESSAGE =
  "This shop sells to adults only. You told us you are under 18, so this browser cannot place orders, sign in or send messages here.";

function refuse(c: Context<AppEnv>) {
  const path = c.req.path;
  const accept = c.req.header("accept") ?? "";
  const document = !path.startsWith("/api/") && !path.endsWith(".data") && accept.includes("text/html");
  if (document) return c.html(errorPage("Adults only", UNDER_AGE_MESSAGE), 403);
  return c.json({ error: "age_restricted", message: UNDER_AGE_MESSAGE }, 403);
}

/** Runs after the session middleware, which reads the answer (server/http/session.ts). */
export function ageGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method.toUpperCase())) return next();
    if (!c.var.store.settings.show18 || c.var.session.age !== "under") return next();
    const path = c.req.path;
    if (OPEN_PATHS.has(path) || isCsrfExempt(path)) return next();
    return refuse(c);
  };
}
