// Sends unexpected browser exceptions to POST /api/v1/errors (spec: ErrorLog) with the user,
// the cart, the storage data (secrets stripped) and the URL. Bounded: a few reports per page
// load, each well under the server's 16 KB limit, never the same error twice.
import { redactSecrets } from "../../../core/redact";
import { apiFetch } from "../../lib/api-client";

export interface ReportContext {
  storeId: string;
  user: { id: number; username: string } | null;
}

const MAX_REPORTS = 5;
const MAX_VALUE = 1500;
const MAX_BODY = 14_000;
let sent = 0;
const seen = new Set<string>();
let context: ReportContext | null = null;

export function setReportContext(ctx: ReportContext): void {
  context = ctx;
}

function storageSnapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const copy = (area: Storage | undefined, prefix: string) => {
    if (!area) return;
    for (let i = 0; i < area.length && i < 40; i++) {
      const key = area.key(i);
      if (key === null) continue;
      const value = area.getItem(key) ?? "";
      out[`${prefix}${key}`] = value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
    }
  };
  try {
    copy(window.localStorage, "");
    copy(window.sessionStorage, "session:");
  } catch {
    // storage blocked: report without it
  }
  return redactSecrets(out) as Record<string, string>;
}

function cartSnapshot(storeId: string): unknown {
  try {
    const raw = window.localStorage.getItem(`shop-state-${storeId}`);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { state?: { cart?: unknown }; cart?: unknown };
    return redactSecrets(parsed.state?.cart ?? parsed.cart ?? null);
  } catch {
    return null;
  }
}

export function reportClientError(
  error: unknown,
  source: "error" | "unhandledrejection" | "boundary" | "manual",
): void {
  if (typeof window === "undefined" || sent >= MAX_REPORTS) return;
  const err =
    error instanceof Error ? error : new Error(typeof error === "string" ? error : safeString(error));
  const message = `${err.name}: ${err.message}`.slice(0, 2000);
  const fingerprint = `${message}|${err.stack?.split("\n")[1] ?? ""}`;
  if (seen.has(fingerprint)) return;
  seen.add(fingerprint);
  sent++;
  const body: Record<string, unknown> = {
    message,
    stack: err.stack?.slice(0, 6000) ?? null,
    url: window.location.href.slice(0, 2000),
    source,
    user: context?.user ?? null,
    cart: context ? cartSnapshot(context.storeId) : null,
    storage: storageSnapshot(),
  };
  let json = JSON.stringify(body);
  if (json.length > MAX_BODY) {
    body.storage = null;
    json = JSON.stringify(body);
  }
  if (json.length > MAX_BODY) {
    body.cart = null;
    json = JSON.stringify(body);
  }
  void apiFetch("/api/v1/errors", {
    method: "POST",
    body: json,
    headers: { "content-type": "application/json" },
    keepalive: true,
  }).catch(() => {});
}

function safeString(v: unknown): string {
  try {
    return JSON.stringify(v)?.slice(0, 500) ?? String(v);
  } catch {
    return String(v);
  }
}

let installed = false;

/** window.onerror and unhandled promise rejections; once per page. */
export function installErrorReporter(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  // A failure inside a listener would raise another error event: never let one escape.
  window.addEventListener("error", (e) => {
    // Resource load errors (a broken image) have no error object: not exceptions.
    if (!e.error && !e.message) return;
    try {
      reportClientError(e.error ?? e.message, "error");
    } catch {
      // reporting is best effort
    }
  });
  window.addEventListener("unhandledrejection", (e) => {
    try {
      reportClientError(e.reason, "unhandledrejection");
    } catch {
      // reporting is best effort
    }
  });
}
