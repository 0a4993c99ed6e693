// robots.txt and sitemap.xml per store host. The sitemap lists the store's own canonical URLs
// (registry `url`), whatever host it was asked on; local development hosts forbid crawling.
import { and, asc, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { isLocalHost } from "../core/host";
import { categories, masterCategories, products } from "../db/store/schema";
import type { StoreContext } from "../services/context";
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
];

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
    ...DISALLOW.map((p) => `Disallow: ${p}`),
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
  const room = Math.max(0, SITEMAP_MAX_URLS - SITEMAP_PAGES.length - masters.length - subs.length);
  const prods = await store.db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.deleted, false)))
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(room);

  const entry = (path: string, lastmod?: Date) =>
    `<url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
  const urls = [
    ...SITEMAP_PAGES.map((p) => entry(p)),
    ...masters.map((m) => entry(`${listBase}?category=${m.id}`)),
    ...subs.map((s) => entry(`${listBase}?subcategory=${s.id}`)),
    ...prods.map((p) => entry(`/product/default/${p.id}`, new Date(p.updatedAt))),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
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
  return app;
}
