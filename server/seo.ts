// robots.txt, sitemap.xml and the blog's RSS feed per store host. The sitemap and the feed list
// the store's own canonical URLs (registry `url`), whatever host they were asked on; local
// development hosts forbid crawling. The feed is per language (/blog/rss.xml in the store's
// default, /el/blog/rss.xml in Greek where that is not the default): the posts' words and links
// in that language (store.lang, read from the path).
import { and, asc, desc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { blogPostPath } from "../core/blog";
import { isLocalHost } from "../core/host";
import { type Lang, languageOf, localizedPath } from "../core/language";
import { categories, masterCategories, products } from "../db/store/schema";
import { latestBlogPosts } from "../services/blog";
import type { StoreContext } from "../services/context";
import { translatorFor } from "../services/messages";
import type { AppEnv } from "./http/env";

/** The sitemap protocol allows 50,000 URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Content pages in the sitemap (the spec's /pages/...), with the listing of all products. */
export const SITEMAP_PAGES = [
  "/",
  "/shop/sidebar/list",
  "/brands",
  "/pages/about",
  "/pages/contact",
  "/pages/partner",
  "/pages/terms",
  "/pages/privacy",
  "/pages/returns",
  "/pages/guarantee",
  "/blog",
];

/** Posts in the sitemap and in the RSS feed. */
const SITEMAP_POSTS = 1000;
const FEED_POSTS = 20;

/** Pages that are personal or transactional: never worth crawling. */
const DISALLOW = [
  "/api/",
  "/shop/cart",
  "/shop/wishlist",
  "/shop/dashboard",
  "/register",
  "/pages/login",
  "/password-reset",
  "/payment-success",
  "/payment-failed",
];

export function storeOrigin(store: StoreContext): string {
  return store.config.url.replace(/\/+$/, "");
}

export function robotsTxt(store: StoreContext): string {
  if (isLocalHost(store.host)) {
    return "# Development host: nothing here is for search engines.\nUser-agent: *\nDisallow: /\n";
  }
  return [
    "User-agent: *",
    "Allow: /",
    ...store.config.languages
      .flatMap((l) =>
        DISALLOW.map((p) => `Disallow: ${p === "/api/" ? p : localizedPath(store.config.languages, l, p)}`),
      )
      .filter((line, i, all) => all.indexOf(line) === i),
    "",
    `Sitemap: ${storeOrigin(store)}/sitemap.xml`,
    "",
  ].join("\n");
}

function xmlEscape(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch,
  );
}

export async function sitemapXml(store: StoreContext): Promise<string> {
  const origin = storeOrigin(store);
  const listBase = store.settings.categoriesLink || "/shop/sidebar/3cols";
  const [masters, subs] = await Promise.all([
    store.db
      .select({ id: masterCategories.id })
      .from(masterCategories)
      .orderBy(asc(masterCategories.seq), asc(masterCategories.id)),
    store.db.select({ id: categories.id }).from(categories).orderBy(asc(categories.seq), asc(categories.id)),
  ]);
  const posts = await latestBlogPosts(store, SITEMAP_POSTS);
  // Each page is listed once per language, and the cap counts every one of those URLs.
  const languages = store.config.languages;
  const room = Math.max(
    0,
    Math.floor(SITEMAP_MAX_URLS / languages.length) -
      SITEMAP_PAGES.length -
      masters.length -
      subs.length -
      posts.length,
  );
  const prods = await store.db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.deleted, false)))
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(room);

  const at = (lang: Lang, path: string) => xmlEscape(origin + localizedPath(languages, lang, path));
  // With more than one language every URL names its translations and the default (hreflang).
  const alternates = (path: string) =>
    languages.length < 2
      ? ""
      : [...languages.map((l) => [l, l] as const), ["x-default", languages[0] ?? "en"] as const]
          .map(([tag, l]) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${at(l, path)}"/>`)
          .join("");
  const entry = (path: string, lastmod?: Date) =>
    languages
      .map(
        (l) =>
          `<url><loc>${at(l, path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}${alternates(path)}</url>`,
      )
      .join("\n");
  const urls = [
    ...SITEMAP_PAGES.map((p) => entry(p)),
    ...masters.map((m) => entry(`${listBase}?category=${m.id}`)),
    ...subs.map((s) => entry(`${listBase}?subcategory=${s.id}`)),
    ...posts.map((p) => entry(blogPostPath(p.slug), new Date(p.updatedAt))),
    ...prods.map((p) => entry(`/product/default/${p.id}`, new Date(p.updatedAt))),
  ];
  const xhtml = languages.length > 1 ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join("\n")}\n</urlset>\n`;
}

/** RSS 2.0 of the newest posts in the store's language (store.lang): title, link, summary, date and tags of each. */
export async function blogRssXml(store: StoreContext): Promise<string> {
  const origin = storeOrigin(store);
  const posts = await latestBlogPosts(store, FEED_POSTS);
  const name = store.config.name;
  const { lang } = store;
  const at = (path: string) => xmlEscape(origin + localizedPath(store.config.languages, lang, path));
  const t = translatorFor(lang, "Blog");
  const items = posts.map((p) => {
    const link = at(blogPostPath(p.slug));
    return [
      "<item>",
      `<title>${xmlEscape(p.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      `<pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>`,
      p.excerpt ? `<description>${xmlEscape(p.excerpt)}</description>` : "",
      ...p.tags.map((t) => `<category>${xmlEscape(t)}</category>`),
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${xmlEscape(t("feedTitle", { name }))}</title>`,
    `<link>${at("/blog")}</link>`,
    `<atom:link href="${at("/blog/rss.xml")}" rel="self" type="application/rss+xml"/>`,
    `<description>${xmlEscape(t("feedDescription", { name }))}</description>`,
    `<language>${lang}</language>`,
    posts[0] ? `<lastBuildDate>${new Date(posts[0].updatedAt).toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Mounted by server/app.ts after tenancy and before sessions and SSR. */
export function seoRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(c.var.store));
  });
  app.get("/sitemap.xml", async (c) => {
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    if (isLocalHost(c.var.store.host)) c.header("X-Robots-Tag", "noindex, nofollow");
    return c.body(await sitemapXml(c.var.store));
  });
  const feed = async (c: Context<AppEnv>) => {
    const store = c.var.store;
    const language = languageOf(store.config.languages, c.req.path);
    if (language.misplaced) {
      // The default language's feed has no prefix; a language the store does not speak has none.
      if (language.lang === store.config.languages[0]) return c.redirect(language.rest, 301);
      return c.text("No such feed", 404);
    }
    c.header("Content-Type", "application/rss+xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=900");
    return c.body(await blogRssXml(store));
  };
  app.get("/blog/rss.xml", feed);
  app.get("/:lang{en|el}/blog/rss.xml", feed);
  return app;
}
