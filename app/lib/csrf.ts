// CSRF for every form and API call of the storefront. The server (server/http/csrf.ts) refuses
// any POST/PUT/PATCH/DELETE that is not same-origin or lacks the token of the visitor's session.
// The token comes from the root loader (`csrfToken`) and is mirrored in <meta name="csrf-token">
// so plain functions (apiFetch) can read it without a hook.
import { createElement } from "react";
import { useRootData } from "../root-data";

export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "x-csrf-token";

let latestToken = "";

/** The CSRF token of this visitor's session (changes at sign-in and logout). */
export function useCsrfToken(): string {
  const data = useRootData();
  return data?.csrfToken ?? "";
}

/** Hidden `csrf` field: put it inside every <form method="post"> / <fetcher.Form>. */
export function CsrfInput() {
  const token = useCsrfToken();
  return createElement("input", { type: "hidden", name: CSRF_FIELD, value: token });
}

/** The current token outside React (reads the meta tag the root layout renders). */
export function currentCsrfToken(): string {
  if (typeof document !== "undefined") {
    // rememberCsrfToken writes a rotated token into the tag before the root loader revalidates.
    const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
    if (meta?.content) return meta.content;
  }
  return latestToken;
}

/** Called when the server hands out a new token (sign-in, logout). */
export function rememberCsrfToken(token: string | null | undefined): void {
  if (!token) return;
  latestToken = token;
  if (typeof document !== "undefined") {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
    if (meta) meta.content = token;
  }
}

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
  const res = await fetch(path, { ...rest, method, headers, body, credentials: "same-origin" });
  rememberCsrfToken(res.headers.get(CSRF_HEADER));
  return res;
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

/** Shorthands for JSON APIs. */
export const api = {
  get: <T>(path: string) => apiJson<T>(path),
  post: <T>(path: string, json?: unknown) => apiJson<T>(path, { method: "POST", json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => apiJson<T>(path, { method: "PUT", json: json ?? {} }),
  patch: <T>(path: string, json?: unknown) => apiJson<T>(path, { method: "PATCH", json: json ?? {} }),
  delete: <T>(path: string) => apiJson<T>(path, { method: "DELETE" }),
};
