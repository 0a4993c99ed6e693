// One way to answer errors: JSON under /api, a small HTML page elsewhere. Never a stack trace.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "pino";
import { escapeHtml } from "../../core/html";
import { isBadInputDatabaseError, isUnavailableError } from "../../db/errors";

/** The storefront's API and the back office's answer in JSON; pages in HTML. */
export function wantsJson(path: string): boolean {
  return path === "/api" || path.startsWith("/api/") || path.startsWith("/admin/api/");
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

/**
 * What an error no route answered becomes: the input's fault (a value the database refused, a body
 * that is not JSON) a 400, a database outage a 503, anything else a 500 with a line in the log.
 */
// biome-ignore lint/suspicious/noExplicitAny: the storefront's and the back office's contexts both carry a logger
export function answerUnexpectedError(err: unknown, c: Context<any>) {
  const log = c.var.log as Logger | undefined;
  // Bad input first: an error that only the input can cause is never an outage.
  if (isBadInputDatabaseError(err)) {
    log?.warn({ err: String(err) }, "input rejected by the database");
    return respondError(c, 400, "invalid_request", "Bad request", "The request is not valid.");
  }
  if (isUnavailableError(err)) {
    log?.warn({ err: String(err) }, "database unavailable");
    c.header("Retry-After", "5");
    return respondError(
      c,
      503,
      "unavailable",
      "Temporarily unavailable",
      "The shop is busy for a moment. Please try again shortly.",
    );
  }
  // Malformed input caught by a framework validator (e.g. a JSON body that is not JSON): a 4xx.
  if (err instanceof HTTPException && err.status < 500) {
    return respondError(
      c,
      err.status,
      "invalid_request",
      "Bad request",
      err.message || "The request is not valid.",
    );
  }
  log?.error({ err }, "unhandled error");
  return respondError(c, 500, "internal", "Something went wrong", "Please try again in a moment.");
}
