import type { Page } from "@playwright/test";

export const port = Number(process.env.E2E_PORT || 3190);

/**
 * Demo stores whose default language is not English (docs/decisions/0035-languages.md, step 4):
 * their English pages live under /en, which is where the English suites read them.
 */
const ENGLISH_UNDER_EN = new Set(["cy.localhost"]);

/** Paths that are not storefront pages and have no language prefix. */
const NOT_A_PAGE = /^\/(api|images|assets|auth|admin|test-checkout)(\/|$)|^\/(robots\.txt|sitemap\.xml)/;

/**
 * The URL of a path on one demo store's host (Chromium maps *.localhost to loopback). A page path
 * is the English page: on a store whose default is another language it gets /en (an /el or /en
 * path is left as given, and so is anything that is not a page, such as /api).
 */
export function storeUrl(
  host: "localhost" | "cy.localhost" | "wholesale.localhost" | string,
  path = "/",
): string {
  return rawStoreUrl(host, storePath(host, path));
}

/**
 * The same-site path (an href) of a store's English page: /en/... where English is not the
 * default. A pattern anchored at a path (/^\/shop.../) gets the prefix too.
 */
export function storePath(host: string, path: string): string;
export function storePath(host: string, path: RegExp): RegExp;
export function storePath(host: string, path: string | RegExp): string | RegExp {
  if (!ENGLISH_UNDER_EN.has(host)) return path;
  if (typeof path === "string") return englishPath(path);
  return path.source.startsWith("^\\/") ? new RegExp(`^\\/en${path.source.slice(1)}`, path.flags) : path;
}

/** The URL of exactly this path, in whatever language the store serves there. */
export function rawStoreUrl(host: string, path = "/"): string {
  return `http://${host}:${port}${path}`;
}

function englishPath(path: string): string {
  if (!path.startsWith("/") || NOT_A_PAGE.test(path) || /^\/(el|en)(?=[/?#]|$)/.test(path)) return path;
  return path === "/" ? "/en" : /^\/[?#]/.test(path) ? `/en${path.slice(1)}` : `/en${path}`;
}

export const DEMO_STORES = [
  { host: "localhost", name: "Vape Haven" },
  { host: "cy.localhost", name: "Cyprus Cloud Co." },
  { host: "wholesale.localhost", name: "Vape Haven Wholesale" },
] as const;

/** Fails the test on any uncaught page error or console error. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}
