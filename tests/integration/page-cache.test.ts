// The page cache (server/http/page-cache.ts, docs/decisions/0034) through the real app: anonymous
// pages are kept whole and compressed, each visitor gets the page with their own CSRF token and a
// fresh nonce, an unchanged page is a 304, and a kept page is forgotten the moment what it shows
// changes: a price or stock change through the ERP API, a content change and a settings change
// through the back office, a stock change from an order, and a change announced by another
// instance. Signed-in customers are never served from it. The pages here are rendered by a
// stand-in for React Router that shows what the real pages show (prices and stock from the
// public API, a content text, a setting) and counts its renders.
import { gunzipSync } from "node:zlib";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestEnv } from "../../app/context";
import { settings, warehouses } from "../../db/store/schema";
import type { SsrHandler } from "../../server/ssr";
import { forgetStore, stockChanged } from "../../services/cache";
import { createPlatform, type Platform } from "../fixtures/platform";
import { signedInStaff } from "../helpers/admin";
import { runsOn } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-page-cache";

// Pinned to the embedded database (the default deployment); skipped in a TEST_DRIVER=pg run.
describe.runIf(runsOn("pglite"))("page cache", () => {
  let p: Platform;
  const renders = new Map<string, number>();
  const rendersOf = (path: string) => renders.get(path) ?? 0;

  const ssr: SsrHandler = async (request: Request, context: RouterContextProvider) => {
    const env = context.get(requestEnv);
    const url = new URL(request.url);
    renders.set(url.pathname + url.search, rendersOf(url.pathname + url.search) + 1);
    const api = async (path: string) => (await p.request(HOST, `/api/v1${path}`)).json();
    const shown =
      url.pathname === "/pages/about"
        ? await api("/content/about")
        : (
            (await api("/products?perPage=12")) as {
              products: { name: string; priceCents: number; stock: number | null }[];
            }
          ).products.map((x) => ({ name: x.name, price: x.priceCents, stock: x.stock }));
    const html =
      `<!DOCTYPE html><html><head><meta name="csrf-token" content="${env.session.csrfToken}">` +
      `<meta name="robots" content="${env.robots}">` +
      `<script nonce="${env.nonce}">boot()</script></head><body>` +
      `<p id="tel">${env.store.settings.telephone}</p><pre id="shown">${JSON.stringify(shown)}</pre>` +
      `<p>${env.customer ? `customer ${env.customer.id}` : "visitor"}</p>` +
      "<p>Vape kits, e-liquids and more.</p>".repeat(100) +
      `<script nonce="${env.nonce}">data(${JSON.stringify({ csrfToken: env.session.csrfToken })})</script></body></html>`;
    return new Response(html, {
      status: url.pathname === "/product/default/0" ? 404 : 200,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };

  beforeAll(async () => {
    p = await createPlatform("pglite", { seed: "minimal", ssr });
    await giveApiKey(p, "alpha", KEY);
    // The ERP's stock goes to the store's web warehouse.
    const { db } = await p.registry.storeHandle("alpha");
    const [web] = await db.insert(warehouses).values({ code: "WEB", webDescription: "Web" }).returning();
    await db.insert(settings).values({ key: "warehouse_id", value: String(web?.id) });
    p.registry.invalidate();
  });
  afterAll(async () => p?.dispose());

  interface Page {
    status: number;
    cache: string | null;
    html: string;
    headers: Headers;
    csrf: string;
    nonce: string;
  }

  /** A browser's document request: gzip, and the cookie it has (none for a first visit). */
  const visit = async (path: string, headers: Record<string, string> = {}, host = HOST): Promise<Page> => {
    const res = await p.request(host, path, {
      headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br", ...headers },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const html =
      res.status === 304
        ? ""
        : res.headers.get("content-encoding") === "gzip"
          ? gunzipSync(bytes).toString()
          : bytes.toString();
    const csp = res.headers.get("content-security-policy") ?? "";
    return {
      status: res.status,
      cache: res.headers.get("x-page-cache"),
      html,
      headers: res.headers,
      csrf: /name="csrf-token" content="([^"]*)"/.exec(html)?.[1] ?? "",
      nonce: /'nonce-([^']+)'/.exec(csp)?.[1] ?? "",
    };
  };
  const shown = (page: Page) => JSON.parse(/<pre id="shown">(.*?)<\/pre>/.exec(page.html)?.[1] ?? "null");
  const cookieOf = (page: Page) =>
    page.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  it("keeps an anonymous page and gives each visitor their own token and nonce", async () => {
    const first = await visit("/");
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    const second = await visit("/");
    expect(second.cache).toBe("hit");
    expect(rendersOf("/")).toBe(1);
    for (const page of [first, second]) {
      // The token the session middleware handed this visitor, in the meta tag and in the data.
      expect(page.csrf).toBe(page.headers.get("x-csrf-token"));
      expect(page.html).toContain(`data({"csrfToken":"${page.csrf}"})`);
      // Every script carries the nonce of this response's policy.
      expect(page.nonce).not.toBe("");
      expect(page.html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${page.nonce}"`, `nonce="${page.nonce}"`]);
      expect(page.html).not.toMatch(/pcCsrf|pcNonce/);
      expect(page.headers.get("cache-control")).toBe("private, no-cache");
      expect(Number(page.headers.get("content-length"))).toBeGreaterThan(0);
    }
    expect(second.csrf).not.toBe(first.csrf);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html.replaceAll(second.csrf, "T").replaceAll(second.nonce, "N")).toBe(
      first.html.replaceAll(first.csrf, "T").replaceAll(first.nonce, "N"),
    );
    // Visiting with the cookie: the same token, and the page is served from the cache.
    const again = await visit("/", { cookie: cookieOf(first) });
    expect(again.cache).toBe("hit");
    expect(again.csrf).toBe(first.csrf);
  });

  it("answers an unchanged page with 304 for the visitor's ETag, and without a policy of its own", async () => {
    const first = await visit("/pages/about");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+\.[\w-]+"$/);
    const cookie = cookieOf(first);
    const revalidated = await visit("/pages/about", { cookie, "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    // The browser keeps the policy of the copy it has, whose scripts carry that response's nonce.
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    // Another visitor's ETag (another token) is not this visitor's page.
    const other = await visit("/pages/about", { "if-none-match": etag });
    expect(other.status).toBe(200);
  });

  it("keeps each host apart: a crawler through a development host does not make the domain noindex", async () => {
    const bot = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const robots = (page: Page) => /name="robots" content="([^"]*)"/.exec(page.html)?.[1];
    const dev = await visit("/pages/contact", bot, "alpha.localhost");
    expect(robots(dev)).toBe("noindex, nofollow");
    expect((await visit("/pages/contact", bot, "alpha.localhost")).cache).toBe("hit");
    const live = await visit("/pages/contact", bot, "alpha.example.com");
    expect(live.status).toBe(200);
    expect(robots(live)).toBe("index, follow");
    // And the other way round: the domain's kept page does not reach the development host.
    expect(robots(await visit("/pages/contact", bot, "alpha.example.com"))).toBe("index, follow");
    expect(robots(await visit("/pages/contact", bot, "alpha.localhost"))).toBe("noindex, nofollow");
  });

  it("keeps each query apart, and does not keep a page that is not found", async () => {
    await visit("/shop/sidebar/list?page=1");
    const two = await visit("/shop/sidebar/list?page=2");
    expect(two.cache).toBe("miss");
    expect((await visit("/shop/sidebar/list?page=1")).cache).toBe("hit");
    // A client navigation's data is not a page: rendered every time, never kept.
    expect((await visit("/shop/sidebar/list.data")).cache).toBeNull();
    expect((await visit("/shop/sidebar/list.data")).cache).toBeNull();
    expect(rendersOf("/shop/sidebar/list.data")).toBe(2);
    const missing = await visit("/product/default/0");
    expect(missing.status).toBe(404);
    expect(missing.cache).toBeNull();
    expect(missing.csrf).toBe(missing.headers.get("x-csrf-token"));
    expect(missing.html).not.toMatch(/pcCsrf|pcNonce/);
    await visit("/product/default/0");
    expect(rendersOf("/product/default/0")).toBe(2);
  });

  it("forgets pages when the ERP changes a price or a stock level", async () => {
    const erp = erpClient(p, HOST, KEY);
    await visit("/");
    expect((await visit("/")).cache).toBe("hit");
    expect(shown(await visit("/"))[0]).toMatchObject({ name: "Alpha Vapes Signature Pod", price: 1999 });
    const price = await erp("PUT", "/products/ALPHA-1", { priceCents: 2499 });
    expect(price.status, JSON.stringify(price.json)).toBe(200);
    const afterPrice = await visit("/");
    expect(afterPrice.cache).toBe("miss");
    expect(shown(afterPrice)[0]).toMatchObject({ price: 2499 });
    expect((await visit("/")).cache).toBe("hit");
    const stock = await erp("PUT", "/products/ALPHA-1", { stock: 3 });
    expect(stock.status, JSON.stringify(stock.json)).toBe(200);
    const afterStock = await visit("/");
    expect(afterStock.cache).toBe("miss");
    expect(shown(afterStock)[0]).toMatchObject({ price: 2499, stock: 3 });
  });

  it("gives catalogue API answers an ETag: 304 while unchanged, a new answer after a change", async () => {
    const get = (headers: Record<string, string> = {}) =>
      p.request(HOST, "/api/v1/products?perPage=12", {
        headers: { accept: "application/json", "accept-encoding": "gzip", ...headers },
      });
    const first = await get();
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w+/]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const same = await get({ "if-none-match": etag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    const erp = erpClient(p, HOST, KEY);
    expect((await erp("PUT", "/products/ALPHA-1", { priceCents: 2599 })).status).toBe(200);
    const changed = await get({ "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    const bytes = Buffer.from(await changed.arrayBuffer());
    const text =
      changed.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes).toString() : bytes.toString();
    expect(JSON.parse(text).products[0].priceCents).toBe(2599);
  });

  it("forgets pages that show stock when stock changes (an order), and keeps content pages", async () => {
    await visit("/shop/sidebar/list");
    await visit("/pages/terms");
    const listing = rendersOf("/shop/sidebar/list");
    const terms = rendersOf("/pages/terms");
    expect((await visit("/shop/sidebar/list")).cache).toBe("hit");
    expect((await visit("/pages/terms")).cache).toBe("hit");
    // What an order, a release or a cancellation announces (services/orders).
    stockChanged("alpha");
    expect((await visit("/shop/sidebar/list")).cache).toBe("miss");
    expect((await visit("/pages/terms")).cache).toBe("hit");
    expect(rendersOf("/shop/sidebar/list")).toBe(listing + 1);
    expect(rendersOf("/pages/terms")).toBe(terms);
  });

  it("forgets pages when the back office changes a content text or a setting", async () => {
    const manager = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.page-cache", role: "owner" });
    await visit("/pages/about");
    expect((await visit("/pages/about")).cache).toBe("hit");
    const list = await manager.req<{ items: { position: string; version: string }[] }>(
      "GET",
      "/content/pages",
    );
    const vision = list.json.items.find((i) => i.position === "our vision");
    const saved = await manager.req("PUT", `/content/pages/${encodeURIComponent("our vision")}`, {
      text: "Cleaner air, cached precisely.",
      img: null,
      version: vision?.version,
    });
    expect(saved.status, saved.text).toBe(200);
    const about = await visit("/pages/about");
    expect(about.cache).toBe("miss");
    expect(about.html).toContain("Cleaner air, cached precisely.");

    await visit("/brands");
    expect((await visit("/brands")).cache).toBe("hit");
    const settings = await manager.req<{ version: string; store: unknown }>("GET", "/settings");
    const put = await manager.req("PUT", "/settings", {
      version: settings.json.version,
      values: { telephone: "+357 99 000111" },
      store: settings.json.store,
    });
    expect(put.status, put.text).toBe(200);
    const brands = await visit("/brands");
    expect(brands.cache).toBe("miss");
    expect(brands.html).toContain('<p id="tel">+357 99 000111</p>');
  });

  it("forgets pages when another instance announces a change (the change bus)", async () => {
    await visit("/pages/privacy");
    expect((await visit("/pages/privacy")).cache).toBe("hit");
    // What services/change-bus.ts does with a message from another instance.
    forgetStore("store", "alpha");
    expect((await visit("/pages/privacy")).cache).toBe("miss");
    // Another store's change leaves this store's pages.
    forgetStore("store", "beta");
    expect((await visit("/pages/privacy")).cache).toBe("hit");
  });

  it("never serves a signed-in customer from the cache, nor keeps their page", async () => {
    await visit("/pages/returns");
    expect((await visit("/pages/returns")).cache).toBe("hit");
    const first = await visit("/pages/returns");
    const cookie = cookieOf(first);
    const register = await p.request(HOST, "/api/v1/auth/register", {
      method: "POST",
      headers: {
        cookie,
        origin: `http://${HOST}`,
        accept: "application/json",
        "content-type": "application/json",
        "x-csrf-token": first.csrf,
      },
      body: JSON.stringify({
        firstName: "Anna",
        lastName: "Christou",
        company: "",
        country: "CY",
        street: "Ledras 10",
        city: "Nicosia",
        postcode: "1011",
        phone: "99000111",
        email: "anna.cache@example.com",
        password: "Sunny-Day-42",
        privacy: true,
      }),
    });
    expect(register.status, await register.clone().text()).toBe(201);
    const signedIn = register.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const before = rendersOf("/pages/returns");
    const page = await visit("/pages/returns", { cookie: signedIn });
    expect(page.status).toBe(200);
    expect(page.cache).toBeNull();
    expect(page.html).toMatch(/customer \d+/);
    expect(rendersOf("/pages/returns")).toBe(before + 1);
    // The anonymous page is still the anonymous one.
    const anonymous = await visit("/pages/returns");
    expect(anonymous.cache).toBe("hit");
    expect(anonymous.html).toContain("<p>visitor</p>");
  });
});
