// The storefront's languages and how a URL carries one (docs/decisions/0035-languages.md): a
// store's first language has no prefix, every other one is the path's first segment (/el/...).
// The language comes from the path only, so a cached page is always in one language.

export const LANGUAGES = ["en", "el"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** English is the source of every text and the fallback of every translation. */
export const SOURCE_LANG: Lang = "en";

/** The language's own name, as its speakers write it: what a switcher offers. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: "English", el: "Ελληνικά" };

/** BCP 47 tags for formatting and `og:locale`. */
export const LOCALE_TAGS: Record<Lang, { intl: string; og: string }> = {
  en: { intl: "en-IE", og: "en_GB" },
  el: { intl: "el-GR", og: "el_GR" },
};

export interface PathLanguage {
  lang: Lang;
  /** "" for the store's default language, else "/el" or "/en". */
  prefix: string;
  /** The path without the prefix, always starting with "/". */
  rest: string;
  /** The path named a prefix that the store does not use for it (its default, or a language it does not offer). */
  misplaced: boolean;
}

/**
 * Reads the language from a path for a store offering `languages` (its first is the default).
 * `/el/x` on a store whose default is Greek is misplaced (the caller redirects to `/x`); a
 * prefix the store does not offer is misplaced too (the caller answers 404).
 */
export function languageOf(languages: readonly Lang[], pathname: string): PathLanguage {
  const fallback = languages[0] ?? SOURCE_LANG;
  const match = /^\/(en|el)(?=\/|$)/.exec(pathname);
  if (!match) return { lang: fallback, prefix: "", rest: pathname || "/", misplaced: false };
  const lang = match[1] as Lang;
  const rest = pathname.slice(match[0].length) || "/";
  const offered = languages.includes(lang) && lang !== fallback;
  return { lang, prefix: offered ? `/${lang}` : "", rest, misplaced: !offered };
}

/**
 * `path` (absolute, may carry a query or hash) under `prefix` ("" or "/el"). A path that already
 * starts with the prefix is left as it is (a target read from the current URL), and so are
 * external and protocol-relative URLs.
 */
export function withPrefix(prefix: string, path: string): string {
  if (!prefix || !path.startsWith("/") || path.startsWith("//")) return path;
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : null;
  if (rest !== null && (rest === "" || /^[/?#]/.test(rest))) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/** The path of `path` (absolute, unprefixed, may carry a query or hash) in a language of the store. */
export function localizedPath(languages: readonly Lang[], lang: Lang, path: string): string {
  return withPrefix(lang === (languages[0] ?? SOURCE_LANG) ? "" : `/${lang}`, path);
}
