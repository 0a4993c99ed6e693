// One way to answer errors: JSON under /api, a small HTML page elsewhere. Never a stack trace.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { escapeHtml } from "../../core/html";

export function wantsJson(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
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
