// Titles, descriptions, robots, canonical URLs and Open Graph for route `meta` functions,
// from the store's SEO text (registry `seo`, `seo.pages.<page>`) and the page. Usage:
//
//   export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "about", path: "/pages/about" });
//   export const meta: Route.MetaFunction = (args) =>
//     seoMeta(args, { page: "product", title: p.name, description: p.shortDesc, path: `/product/default/${p.id}`, image, type: "product" });
//
// A route's meta replaces the root's, so everything (robots included) is emitted here.
import type { MetaDescriptor } from "react-router";
import { type Lang, LOCALE_TAGS, languageOf, localizedPath } from "../../core/language";
import { absoluteUrl } from "../../core/seo";
import type { ContentRootData, SiteSeo } from "../features/content/root-data";
import { useRootData } from "../root-data";
import { languageDataOf, metaTranslator } from "./i18n";

export type SeoPage =
  | "home"
  | "about"
  | "contact"
  | "product"
  | "listing"
  | "partner"
  | "terms"
  | "privacy"
  | "returns"
  | "guarantee"
  | "blog"
  | "other";

/** Which `seo.pages` entry a page reads (the seed and the spec call the product page "products"). */
const PAGE_KEYS: Partial<Record<SeoPage, string[]>> = {
  about: ["about"],
  contact: ["contact"],
  product: ["product", "products"],
  listing: ["listing", "products"],
  partner: ["partner"],
  terms: ["terms"],
  privacy: ["privacy"],
  returns: ["returns"],
  guarantee: ["guarantee"],
  blog: ["blog"],
};

/** The pages whose name (core/messages/<lang>/Seo.json) titles them when a store has no per-page text. */
const NAMED_PAGES = [
  "about",
  "contact",
  "listing",
  "partner",
  "terms",
  "privacy",
  "returns",
  "guarantee",
  "blog",
] as const;
export type NamedPage = (typeof NAMED_PAGES)[number];
const isNamed = (page: SeoPage): page is NamedPage => (NAMED_PAGES as readonly string[]).includes(page);

export interface SeoOptions {
  page: SeoPage;
  /** Path (and query that matters) of the canonical URL, e.g. `/pages/about`. */
  path: string;
  /** A page-specific name (product name, category): "<title> | <store>". */
  title?: string;
  description?: string | null;
  /** Image for Open Graph (absolute or store path); defaults to the store logo. */
  image?: string | null;
  type?: "website" | "product" | "article";
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>;
}

export function siteFromMatches(matches: MetaArgsLike["matches"]): SiteSeo | null {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { content?: ContentRootData } | undefined;
  return data?.content?.site ?? null;
}

function clip(text: string, max = 300): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}

export function seoTexts(
  site: SiteSeo,
  pageName: (page: NamedPage) => string,
  opts: Pick<SeoOptions, "page" | "title" | "description">,
) {
  const entry = (PAGE_KEYS[opts.page] ?? []).map((k) => site.pages[k]).find(Boolean);
  let title: string;
  if (opts.title) title = `${opts.title} | ${site.name}`;
  else if (opts.page === "home" || opts.page === "other") title = site.title;
  else if (entry?.title) title = entry.title;
  else title = `${isNamed(opts.page) ? pageName(opts.page) : site.name} | ${site.name}`;
  const description = clip(opts.description?.trim() || entry?.description || site.description);
  return { title, description };
}

/**
 * A page's canonical URL in a language: the store's registry `url` + the path in that language
 * (`path` with or without a language prefix). Share links use it too, so what is shared is exactly
 * what the page declares as canonical.
 */
export function canonicalUrl(site: Pick<SiteSeo, "url" | "languages">, path: string, lang?: Lang): string {
  const { lang: inPath, rest } = languageOf(site.languages, path);
  return absoluteUrl(site.url, localizedPath(site.languages, lang ?? inPath, rest));
}

/** The page in every language of the store, and x-default (its default language), for hreflang. */
export function alternateLinks(site: Pick<SiteSeo, "url" | "languages">, path: string): MetaDescriptor[] {
  if (site.languages.length < 2) return [];
  return [
    ...site.languages.map((l) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: l,
      href: canonicalUrl(site, path, l),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: canonicalUrl(site, path, site.languages[0]),
    },
  ];
}

export function seoMeta(args: MetaArgsLike, opts: SeoOptions): MetaDescriptor[] {
  const site = siteFromMatches(args.matches);
  const t = metaTranslator(args.matches, "Seo");
  if (!site) return [{ title: opts.title ?? t("store") }];
  const lang = languageDataOf(args.matches)?.lang ?? site.languages[0] ?? "en";
  const { title, description } = seoTexts(site, (page) => t(page), opts);
  const url = canonicalUrl(site, opts.path, lang);
  const image = opts.image ? absoluteUrl(site.url, opts.image) : site.logo;
  return [
    { title },
    { name: "description", content: description },
    ...(site.keywords ? [{ name: "keywords", content: site.keywords }] : []),
    { name: "robots", content: site.robots },
    { tagName: "link", rel: "canonical", href: url },
    ...alternateLinks(site, opts.path),
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: LOCALE_TAGS[lang].og },
    ...site.languages
      .filter((l) => l !== lang)
      .map((l) => ({ property: "og:locale:alternate", content: LOCALE_TAGS[l].og })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** The store's SEO facts in a component (JSON-LD, breadcrumbs). */
export function useSite(): SiteSeo | null {
  const data = useRootData();
  return data?.content?.site ?? null;
}

// Page meta for pages outside the store's SEO text (cart, wishlist, compare, payment results):
// keeps the root's description and robots and sets the page's own title, "<title> | <store name>".
// The name comes from the store's SEO facts, not from splitting the root title: a store title such
// as "Vape Haven | E-liquids, Pod Kits ..." would otherwise lend its slogan instead of its name.
type MetaEntry = Record<string, unknown>;
type MatchLike = { id: string; meta?: MetaEntry[]; loaderData?: unknown; data?: unknown } | undefined;

export function pageMeta(matches: readonly MatchLike[], title: string): MetaEntry[] {
  const root = matches.find((m) => m?.id === "root");
  const inherited = (root?.meta ?? []).filter((m) => !("title" in m));
  const site = siteFromMatches(matches)?.name;
  return [{ title: site ? `${title} | ${site}` : title }, ...inherited];
}

/** Meta of a "not found" answer inside a route (a missing product): its own title, never indexed. */
export function notFoundMeta(matches: readonly MatchLike[], title: string): MetaEntry[] {
  return pageMeta(matches, title).map((m) =>
    "name" in m && m.name === "robots" ? { name: "robots", content: "noindex, nofollow" } : m,
  );
}
