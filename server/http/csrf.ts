// CSRF protection for every unsafe request (POST/PUT/PATCH/DELETE) on pages and /api/v1:
// the request must come from this very origin (Origin / Sec-Fetch-Site) AND carry the
// visitor's token (form field `csrf` or header `x-csrf-token`), which is bound to the session
// cookie by an HMAC. Only machine endpoints that authenticate otherwise are exempt.
import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { errorPage } from "./errors";
import { isOneClickUnsubscribePath } from "./newsletter-links";
import { CSRF_HEADER } from "./session";

export const CSRF_FIELD = "csrf";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Payment-provider webhooks (signed by the provider) and the ERP API (API key). */
const EXEMPT_PREFIXES = ["/api/v1/payments/webhook/", "/api/v1/integration/"];

export function isCsrfExempt(path: string): boolean {
  // The newsletter's one-click unsubscribe (RFC 8058): the mail provider has no cookie; the signed token is the proof.
  return EXEMPT_PREFIXES.some((p) => path.startsWith(p)) || isOneClickUnsubscribePath(path);
}

/** The host (with port) the browser addressed, to compare with Origin. */
function requestHost(c: Context<AppEnv>): string {
  return (c.req.header("host") ?? "").toLowerCase();
}

export function isSameOrigin(c: Context<AppEnv>): { ok: boolean; reason?: string } {
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none")
    return { ok: false, reason: `cross-site request (${site})` };
  const origin = c.req.header("origin");
  if (origin !== undefined) {
    if (origin === "null") return { ok: false, reason: "opaque origin" };
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      return { ok: false, reason: "malformed origin" };
    }
    if (host !== requestHost(c)) return { ok: false, reason: "foreign origin" };
  } else if (!site) {
    // Neither header (old browser or a script): fall back to Referer when there is one.
    const referer = c.req.header("referer");
    if (referer) {
      try {
        if (new URL(referer).host.toLowerCase() !== requestHost(c))
          return { ok: false, reason: "foreign referer" };
      } catch {
        return { ok: false, reason: "malformed referer" };
      }
    }
  }
  return { ok: true };
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function submittedToken(c: Context<AppEnv>): Promise<string | null> {
  const header = c.req.header(CSRF_HEADER);
  if (header) return header;
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    try {
      // A clone, so the route's action can still read the body.
      const form = await c.req.raw.clone().formData();
      const value = form.get(CSRF_FIELD);
      return typeof value === "string" ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

function reject(c: Context<AppEnv>, message: string) {
  const accept = c.req.header("accept") ?? "";
  const path = c.req.path;
  const document = !path.startsWith("/api/") && !path.endsWith(".data") && accept.includes("text/html");
  if (document)
    return c.html(
      errorPage("Form expired", `${message} Please go back, reload the page and try again.`),
      403,
    );
  return c.json({ error: "csrf", message }, 403);
}

export function csrfMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method.toUpperCase()) || isCsrfExempt(c.req.path)) return next();
    const origin = isSameOrigin(c);
    if (!origin.ok) return reject(c, `Request refused: ${origin.reason}.`);
    const token = await submittedToken(c);
    if (!token) return reject(c, "Request refused: the security token is missing.");
    if (!sameToken(token, c.var.session.csrfToken))
      return reject(c, "Request refused: the security token is not valid.");
    return next();
  };
}
