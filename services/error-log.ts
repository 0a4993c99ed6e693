// Unexpected browser exceptions (spec: ErrorLog), stored in the store's `error_log` with the
// user, cart, storage data and URL. Secrets are stripped again here whatever the browser did.
import { redactSecrets } from "../core/redact";
import { errorLog } from "../db/store/schema";
import type { StoreContext } from "./context";
import { ServiceError } from "./failure";
import { hitRateLimit } from "./rate-limit";

export const ERROR_LOG_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

export interface ClientErrorReport {
  message: string;
  stack?: string | null;
  url?: string | null;
  source?: string | null;
  user?: unknown;
  cart?: unknown;
  storage?: unknown;
}

/** Stores the report, or throws a ServiceError rate_limited when this address sent too many. */
export async function logClientError(
  store: StoreContext,
  report: ClientErrorReport,
  meta: { ip: string; userAgent: string | null; customerId?: number | null },
): Promise<void> {
  const limit = await hitRateLimit(store.db, `errors:ip:${meta.ip}`, ERROR_LOG_RATE_LIMIT);
  if (!limit.allowed) throw new ServiceError("rate_limited", "Too many error reports");
  const message = [
    report.source ? `[${report.source}]` : "",
    report.message,
    report.stack ? `\n${report.stack}` : "",
  ]
    .join(" ")
    .trim();
  const user = redactSecrets(report.user ?? null) as Record<string, unknown> | null;
  const userRef =
    meta.customerId != null
      ? `customer:${meta.customerId}`
      : user && typeof user === "object" && Object.keys(user).length > 0
        ? JSON.stringify(user).slice(0, 500)
        : null;
  await store.db.insert(errorLog).values({
    message: message.slice(0, 8000),
    url: report.url?.slice(0, 2000) ?? null,
    userRef,
    cart: redactSecrets(report.cart ?? null) ?? null,
    storage: redactSecrets(report.storage ?? null) ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
}
