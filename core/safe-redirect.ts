// Where sign-in or registration sends the shopper next. The target comes from the URL
// (?redirectTo=), so anyone can craft it: only same-origin relative paths pass, never another
// host (open redirect). Pure.

/** The query parameter the cart and checkout put on their sign-in and register links. */
export const REDIRECT_PARAM = "redirectTo";

/** The checkout lives under the cart on /shop/cart. */
export const CHECKOUT_PATH = "/shop/cart#checkout";

const MAX_LENGTH = 512;
const BASE = "http://same-origin.invalid";

/**
 * The path (with query and fragment) when `raw` is a same-origin relative path, else null.
 * Refused: anything not starting with a single '/', protocol-relative '//host', backslashes
 * (browsers read '/\host' as '//host'), control characters and whitespace, overly long values.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path whose normalised form turns protocol-relative ('/./\/x' style tricks) is refused too.
  return path.startsWith("//") ? null : path;
}

/**
 * A link a shop's staff or ERP stores for a button (a slide's link, a settings path): a path of
 * this store by the same rule as a redirect (so `/\\evil.example`, `//host` and `/` with a tab or
 * newline, which browsers read as another host, are refused), or a plain https address of
 * another site when `external` allows it. The link itself, or null.
 */
export function safeLink(raw: string | null | undefined, external = true): string | null {
  if (typeof raw !== "string" || raw === "") return null;
  if (raw.startsWith("/")) return safeRedirect(raw) === null ? null : raw;
  return external && /^https:\/\/[^\s"'<>\\]+$/.test(raw) && URL.canParse(raw) ? raw : null;
}

/** `path` with the redirect target as its query, or `path` alone when there is no safe target. */
export function withRedirect(path: string, target: string | null | undefined): string {
  const safe = safeRedirect(target);
  if (!safe) return path;
  const sep = path.includes("?") ? "&" : "?";
  return `${path}${sep}${REDIRECT_PARAM}=${encodeURIComponent(safe)}`;
}

/** The safe target carried by a URL's query, or null. */
export function redirectFromUrl(url: string | URL): string | null {
  try {
    return safeRedirect(new URL(url, BASE).searchParams.get(REDIRECT_PARAM));
  } catch {
    return null;
  }
}
