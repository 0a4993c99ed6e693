// Request body limits, per route (docs/decisions/0020). Without them one unauthenticated webhook
// call could make the server buffer hundreds of megabytes. A declared Content-Length over the
// limit is refused before any of the body is read; a body without one (chunked) is read only
// until it passes the limit. The 413 says `Connection: close`: the rest of the body is still on
// its way, so the connection cannot carry a next request (a keep-alive client told otherwise
// sent its next request into the discarded body, and lost it when the connection closed). Node's
// own close after such an answer is immediate, and with the client's bytes unread the reset that
// causes can wipe the 413 from the client's receive buffer before it is read; the close is
// staged instead (./linger.ts).
import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./env";
import { respondError } from "./errors";
import { closeLingering } from "./linger";

export const KB = 1024;
export const MB = 1024 * KB;

export interface BodyLimitRule {
  /** Requests whose path starts with this get `maxBytes`; the longest matching prefix wins. */
  prefix: string;
  maxBytes: number;
}

/** JSON forms and API calls, and page form posts: ten times the largest legitimate form. */
export const DEFAULT_BODY_LIMIT = 64 * KB;

/**
 * Machine callers send more than a form: provider webhooks carry whole transaction records, and
 * the ERP's stock update takes up to 1,000 items. Upload routes (the back office's, when it comes)
 * add a rule of their own through `createApp({ bodyLimits })`.
 */
export const DEFAULT_BODY_LIMIT_RULES: readonly BodyLimitRule[] = [
  { prefix: "/api/v1/payments/webhook/", maxBytes: 1 * MB },
  { prefix: "/api/v1/integration/", maxBytes: 1 * MB },
  // 1,000 products with descriptions, and one picture of at most 10 MB.
  { prefix: "/api/v1/integration/products/batch", maxBytes: 16 * MB },
  { prefix: "/api/v1/integration/pictures", maxBytes: 10 * MB + 64 * KB },
  // The back office's picture uploads: a 10 MB file and its multipart envelope.
  { prefix: "/admin/api/uploads/", maxBytes: 10 * MB + 64 * KB },
];

function formatBytes(n: number): string {
  return n >= MB && n % MB === 0 ? `${n / MB} MB` : `${Math.round(n / KB)} KB`;
}

/** The limit for a path: the longest matching rule's, else the default. */
export function bodyLimitFor(path: string, rules: readonly BodyLimitRule[], fallback: number): number {
  let best: BodyLimitRule | null = null;
  for (const rule of rules) {
    if (path.startsWith(rule.prefix) && (!best || rule.prefix.length > best.prefix.length)) best = rule;
  }
  return best ? best.maxBytes : fallback;
}

export function requestBodyLimits(
  extraRules: readonly BodyLimitRule[] = [],
  fallback = DEFAULT_BODY_LIMIT,
): MiddlewareHandler<AppEnv> {
  // Later rules override earlier ones with the same prefix, so the caller's win over the defaults.
  const byPrefix = new Map<string, BodyLimitRule>();
  for (const rule of [...DEFAULT_BODY_LIMIT_RULES, ...extraRules]) byPrefix.set(rule.prefix, rule);
  const rules = [...byPrefix.values()];
  const limiters = new Map<number, MiddlewareHandler<AppEnv>>();
  const limiterFor = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize,
        onError: (c) => {
          c.header("Connection", "close");
          // Absent under app.request (the tests): no socket to close.
          const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
          if (socket) closeLingering(socket);
          return respondError(
            c,
            413,
            "payload_too_large",
            "Request too large",
            `The request is too large: at most ${formatBytes(maxSize)} is accepted here.`,
          );
        },
      });
      limiters.set(maxSize, limiter);
    }
    return limiter;
  };
  return (c, next) => limiterFor(bodyLimitFor(c.req.path, rules, fallback))(c, next);
}
