// The back office's client for /admin/api: same-origin fetch with the staff session's CSRF token
// on writes, typed from the admin contract (types only: zod stays on the server), and failures
// thrown as AdminApiError with the server's message and the fields it names.
import type { AdminEndpoint } from "../../../core/api/admin";
import { ADMIN_API_BASE } from "../../../core/api/admin/endpoint";
import type { ApiInput, ApiOutput } from "../../../core/api/endpoint";
import type { ApiRoute } from "../../../core/api/routes";
import { routePath } from "../../lib/api-client";

const CSRF_HEADER = "x-csrf-token";
let csrfToken = "";

/** The staff session's CSRF token, from GET /session or a response that rotated it. */
export function rememberAdminCsrf(token: string | null | undefined): void {
  if (token) csrfToken = token;
}

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field name → message, for the form to mark. */
    readonly fields: Record<string, string>,
    readonly body: unknown,
  ) {
    super(message);
  }
}

function fieldsOf(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const details = body.details as { fields?: Record<string, string>; field?: string } | undefined;
  if (details?.fields) Object.assign(out, details.fields);
  if (details?.field && typeof body.message === "string") out[details.field] ??= body.message;
  // zod's issues from request validation: path "body.price" or "price".
  for (const issue of (body.issues as { path: string; message: string }[] | undefined) ?? []) {
    const name = issue.path
      .split(".")
      .filter((p) => p !== "" && !/^\d+$/.test(p))
      .pop();
    if (name) out[name] ??= issue.message;
  }
  return out;
}

/** fetch() under /admin/api for what JSON does not carry (uploads, CSV): CSRF header, cookies, token rotation. */
export async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD" && csrfToken) headers.set(CSRF_HEADER, csrfToken);
  if (!headers.has("accept")) headers.set("accept", "application/json");
  const res = await fetch(`${ADMIN_API_BASE}${path}`, {
    ...init,
    method,
    headers,
    credentials: "same-origin",
  });
  rememberAdminCsrf(res.headers.get(CSRF_HEADER));
  return res;
}

/** adminFetch + JSON: the parsed body, or AdminApiError for any 4xx/5xx. */
export async function adminJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await adminFetch(path, init);
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    body = {};
  }
  if (!res.ok) {
    const message =
      typeof body.message === "string"
        ? body.message
        : res.status >= 500
          ? "The server could not do this just now. Please try again in a moment."
          : `The request failed (${res.status}).`;
    throw new AdminApiError(res.status, String(body.error ?? "http_error"), message, fieldsOf(body), body);
  }
  return body as T;
}

type EndpointAt<R extends ApiRoute> = Extract<AdminEndpoint, { method: R["method"]; path: R["path"] }>;

/** One endpoint of the admin contract: `callAdmin(adminRoutes.orders.list, { query })`. */
export function callAdmin<R extends ApiRoute>(
  route: R,
  input: ApiInput<EndpointAt<R>>,
): Promise<ApiOutput<EndpointAt<R>>> {
  const { body } = input as { body?: unknown };
  const init: RequestInit = { method: route.method.toUpperCase() };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  return adminJson(routePath(route, input), init);
}

/** Uploads a picture to one of the picture endpoints, named after its file; answers its URL. */
export async function uploadPicture(uploadPath: string, file: File): Promise<{ url: string }> {
  const body = new FormData();
  body.set("file", file);
  body.set("name", file.name.replace(/\.[a-z0-9]+$/i, ""));
  return adminJson<{ url: string }>(uploadPath, { method: "POST", body });
}

/** What one endpoint of the admin contract answers, for the screens that show it. */
export type AdminOutput<R extends ApiRoute> = ApiOutput<EndpointAt<R>>;
