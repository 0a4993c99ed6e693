// The storefront's client for its own JSON API (/api/v1): same-origin fetch with the session's
// CSRF token on unsafe methods, the rotated token picked up from responses, and errors thrown as
// ApiError with the server's { error, message }.
import type { ApiEndpoint } from "../../core/api";
import type { ApiInput, ApiOutput } from "../../core/api/endpoint";
import type { ApiRoute } from "../../core/api/routes";
import { CSRF_HEADER, currentCsrfToken, rememberCsrfToken } from "./csrf";

export interface ApiInit extends RequestInit {
  /** Sent as a JSON body with Content-Type application/json. */
  json?: unknown;
}

/**
 * fetch() for same-origin calls: adds the CSRF header to unsafe methods, sends cookies and
 * picks up a rotated token from the `x-csrf-token` response header.
 */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  const method = (rest.method ?? (json !== undefined ? "POST" : "GET")).toUpperCase();
  if (!["GET", "HEAD", "OPTIONS"].includes(method)) {
    const token = currentCsrfToken();
    if (token && !headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, token);
  }
  let body = rest.body;
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(json);
  }
  if (!headers.has("accept")) headers.set("accept", "application/json");
  const res = await fetch(inPageLanguage(path), {
    ...rest,
    method,
    headers,
    body,
    credentials: "same-origin",
  });
  rememberCsrfToken(res.headers.get(CSRF_HEADER));
  return res;
}

/**
 * Shop content (product and category names, descriptions) comes back in the page's language: the
 * API reads `lang` (server/app.ts), and answers English without it, so English pages send none.
 */
function inPageLanguage(path: string): string {
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  if (!lang || lang === "en" || !path.startsWith("/api/v1/")) return path;
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** apiFetch + JSON: resolves with the parsed body, throws ApiError({ error, message }) on 4xx/5xx. */
export async function apiJson<T>(path: string, init: ApiInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const b = (body ?? {}) as { error?: string; message?: string };
    throw new ApiError(
      res.status,
      b.error ?? "http_error",
      b.message ?? `Request failed (${res.status})`,
      body,
    );
  }
  return body as T;
}

type EndpointAt<R extends ApiRoute> = Extract<ApiEndpoint, { method: R["method"]; path: R["path"] }>;

/**
 * One endpoint of the API contract: `callApi(routes.orders.place, { body })` resolves with the
 * endpoint's success body, typed from core/api, or throws ApiError like apiJson. Only types come
 * from the contract; the route (method and path) is the one runtime value, so zod stays out of
 * the browser bundle.
 */
export function callApi<R extends ApiRoute>(
  route: R,
  input: ApiInput<EndpointAt<R>>,
  init: Omit<ApiInit, "json" | "method"> = {},
): Promise<ApiOutput<EndpointAt<R>>> {
  const { body } = input as { body?: unknown };
  return apiJson(`/api/v1${routePath(route, input)}`, {
    ...init,
    method: route.method.toUpperCase(),
    json: body,
  });
}

/** An endpoint's path with its parameters filled in and its query appended (arrays as repeated keys). */
export function routePath(route: ApiRoute, input: unknown): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== "") search.append(key, String(v));
    }
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
