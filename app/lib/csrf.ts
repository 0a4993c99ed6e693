// The CSRF token of every form and API call of the storefront. The server (server/http/csrf.ts)
// refuses any POST/PUT/PATCH/DELETE that is not same-origin or lacks the token of the visitor's
// session. The token comes from the root loader (`csrfToken`) and is mirrored in
// <meta name="csrf-token"> so plain functions (the API client, api-client.ts) can read it without a hook.
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
