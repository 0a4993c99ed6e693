// One way to answer errors: JSON under /api, a small HTML page elsewhere. Never a stack trace.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export function wantsJson(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function errorPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1e293b}h1{font-size:1.75rem}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
}

export function respondError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  title: string,
  message: string,
) {
  if (wantsJson(c.req.path)) return c.json({ error: code, message }, status);
  return c.html(errorPage(title, message), status);
}

/** Errors that mean "a database is unreachable right now": answered with 503, not 500. */
export function isUnavailableError(err: unknown): boolean {
  const codes = [
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EPIPE",
    "57P01",
    "57P02",
    "57P03",
    "08000",
    "08001",
    "08003",
    "08006",
  ];
  const messages =
    /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;
  // Drizzle wraps the driver's error (DrizzleQueryError, `cause`): look down the chain.
  let e = err as { code?: string; message?: string; cause?: unknown } | null;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code && codes.includes(e.code)) return true;
    if (messages.test(String(e.message ?? ""))) return true;
    e = (e.cause && typeof e.cause === "object" ? e.cause : null) as typeof e;
  }
  return false;
}

/**
 * Database errors that only bad input can cause (a NUL byte in text, a number out of range, a
 * malformed value): the request is answered 400, as if validation had caught it.
 */
export function isBadInputDatabaseError(err: unknown): boolean {
  const codes = ["22021", "22P02", "22P05", "22003", "22001", "2201B", "22025", "22007", "22008"];
  // 22021 and 22P05 by their text too: an error rethrown without its SQLSTATE would otherwise
  // read as an outage (503) although only the input is at fault.
  const messages = /invalid byte sequence for encoding|unsupported Unicode escape sequence/i;
  let e = err as { code?: string; message?: string; cause?: unknown } | null;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string" && codes.includes(e.code)) return true;
    if (messages.test(String(e.message ?? ""))) return true;
    e = (e.cause && typeof e.cause === "object" ? e.cause : null) as typeof e;
  }
  return false;
}
