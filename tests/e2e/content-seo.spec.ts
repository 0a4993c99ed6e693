// SEO in the server-rendered HTML, read with plain HTTP (no browser, no JavaScript): titles,
// descriptions, robots, canonical URLs, Open Graph and JSON-LD (with the response's CSP nonce),
// for a local development host and for the store's real domain (Host: vapehaven.eu), plus
// robots.txt and sitemap.xml per host.
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { port } from "./helpers";

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET with any Host header (fetch may not set it), answered by the test server on loopback. */
function get(host: string, path: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "GET",
        headers: { host, "user-agent": "Mozilla/5.0 (seo test)", accept: "text/html" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

function head(html: string) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const meta = (attr: "name" | "property", key: string) => {
    const tag = new RegExp(`<meta[^>]*${attr}="${key.replace(/[:.]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];
    const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
    return content === undefined ? undefined : decode(content);
  };
  const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1];
  const jsonLd = [
    ...html.matchAll(/<script([^>]*)type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g),
  ].map((m) => ({
    attrs: `${m[1]} ${m[2]}`,
    data: JSON.parse(m[3]) as Record<string, unknown>,
  }));
  return { title: title && decode(title), meta, canonical, jsonLd };
}

function cspNonce(res: Fetched): string {
  const csp = String(res.headers["content-security-policy"] ?? "");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, "a CSP nonce").toBeTruthy();
  return nonce as string;
}

function ldOfType(h: ReturnType<typeof head>, type: string) {
  return h.jsonLd.find((j) => j.data["@type"] === type);
}

// Plain HTTP does not depend on the viewport: run once, in the desktop project.
// Desktop project only (docs/decisions/0039-e2e-plan.md): no browser width involved.

for (const host of ["vapehaven.eu", "localhost"] as const) {
  const real = host === "vapehaven.eu";
  const robots = real ? "index, follow" : "noindex, nofollow";

  test.describe(`server-rendered SEO on ${host}`, () => {
    test("about: title, description, robots, canonical, Open Graph, BreadcrumbList with the nonce", async () => {
      const res = await get(host, "/pages/about");
      expect(res.status).toBe(200);
      const h = head(res.body);
      expect(h.title).toBe("About Us | Vape Haven");
      expect(h.meta("name", "description")).toBe(
        "A Limassol vape shop since 2014: who we are, what we stock and why smokers trust us to switch.",
      );
      expect(h.meta("name", "robots")).toBe(robots);
      expect(h.canonical).toBe("https://vapehaven.eu/pages/about");
      expect(h.meta("property", "og:title")).toBe("About Us | Vape Haven");
      expect(h.meta("property", "og:url")).toBe("https://vapehaven.eu/pages/about");
      expect(h.meta("property", "og:site_name")).toBe("Vape Haven");
      expect(h.meta("property", "og:image")).toMatch(/^https:\/\/vapehaven\.eu\/images\//);
      const crumbs = ldOfType(h, "BreadcrumbList");
      expect(crumbs?.data.itemListElement).toEqual([
        { "@type": "ListItem", position: 1, name: "Home", item: "https://vapehaven.eu/" },
        { "@type": "ListItem", position: 2, name: "About Us", item: "https://vapehaven.eu/pages/about" },
      ]);
      expect(crumbs?.attrs).toContain(`nonce="${cspNonce(res)}"`);
    });

    test("contact: LocalBusiness with address, geo and opening hours from the working hours", async () => {
      const res = await get(host, "/pages/contact");
      const h = head(res.body);
      expect(h.title).toBe("Contact Us | Vape Haven");
      expect(h.meta("name", "robots")).toBe(robots);
      expect(h.canonical).toBe("https://vapehaven.eu/pages/contact");
      const biz = ldOfType(h, "LocalBusiness");
      expect(biz?.attrs).toContain(`nonce="${cspNonce(res)}"`);
      expect(biz?.data).toMatchObject({
        name: "Vape Haven",
        url: "https://vapehaven.eu/",
        telephone: "+357 25 123 456",
        address: { "@type": "PostalAddress", streetAddress: "Agiou Andreou 145, 3036 Limassol, Cyprus" },
        geo: { "@type": "GeoCoordinates", latitude: 34.6752, longitude: 33.0442 },
        openingHoursSpecification: [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            opens: "09:00",
            closes: "19:00",
          },
          { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" },
        ],
      });
    });

    test("partner, terms and home: per-page text, the store's own text on home, Organization", async () => {
      const partner = head((await get(host, "/pages/partner")).body);
      expect(partner.title).toBe("Become a Partner | Vape Haven");
      expect(partner.meta("name", "description")).toBe(
        "Stock our own-brand liquids and hardware in your shop or kiosk: apply to become a partner.",
      );
      expect(partner.canonical).toBe("https://vapehaven.eu/pages/partner");

      const terms = head((await get(host, "/pages/terms")).body);
      expect(terms.title).toBe("Terms and Conditions | Vape Haven");
      expect(terms.meta("name", "robots")).toBe(robots);

      const res = await get(host, "/");
      const home = head(res.body);
      expect(home.title).toBe("Vape Haven | E-liquids, Pod Kits and Vape Accessories");
      expect(home.meta("name", "description")).toContain("Shop e-liquids, nic salts, pod kits");
      expect(home.meta("name", "robots")).toBe(robots);
      expect(home.canonical).toBe("https://vapehaven.eu/");
      const org = ldOfType(home, "Organization");
      expect(org?.attrs).toContain(`nonce="${cspNonce(res)}"`);
      expect(org?.data).toMatchObject({
        name: "Vape Haven Demo Ltd",
        url: "https://vapehaven.eu/",
        telephone: "+357 25 123 456",
      });
      expect(org?.data.sameAs).toContain("https://www.facebook.com/vapehaven.eu");
    });

    test("product: Product JSON-LD with the price in EUR, availability and rating", async () => {
      const list = JSON.parse((await get(host, "/api/v1/products?perPage=50")).body) as {
        products: {
          id: number;
          name: string;
          reviewCount: number;
          variants: unknown[];
          varRel: unknown[];
          stock: number | null;
        }[];
      };
      const p =
        list.products.find((x) => x.variants.length === 0 && x.varRel.length === 0 && x.reviewCount > 0) ??
        list.products[0];
      const res = await get(host, `/product/default/${p.id}`);
      expect(res.status).toBe(200);
      const h = head(res.body);
      expect(h.title).toBe(`${p.name} | Vape Haven`);
      expect(h.meta("name", "robots")).toBe(robots);
      expect(h.canonical).toBe(`https://vapehaven.eu/product/default/${p.id}`);
      expect(h.meta("property", "og:type")).toBe("product");
      const ld = ldOfType(h, "Product");
      expect(ld?.attrs).toContain(`nonce="${cspNonce(res)}"`);
      const data = ld?.data as {
        name: string;
        url: string;
        image: string[];
        offers: {
          "@type": string;
          priceCurrency: string;
          price?: string;
          lowPrice?: string;
          availability: string;
        };
        aggregateRating?: { ratingValue: string; reviewCount: number };
      };
      expect(data.name).toBe(p.name);
      expect(data.url).toBe(`https://vapehaven.eu/product/default/${p.id}`);
      expect(data.image[0]).toMatch(/^https:\/\/vapehaven\.eu\/images\//);
      expect(data.offers.priceCurrency).toBe("EUR");
      expect(data.offers.price ?? data.offers.lowPrice).toMatch(/^\d+\.\d{2}$/);
      expect(data.offers.availability).toBe(
        (p.stock ?? 0) > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      );
      if (p.reviewCount > 0) expect(data.aggregateRating?.reviewCount).toBe(p.reviewCount);
    });

    test("listing: All Products title and canonical", async () => {
      const h = head((await get(host, "/shop/sidebar/list")).body);
      expect(h.title).toBe("All Products | Vape Haven");
      expect(h.meta("name", "robots")).toBe(robots);
      expect(h.canonical).toBe("https://vapehaven.eu/shop/sidebar/list");
    });
  });
}

test.describe("robots.txt and sitemap.xml per host", () => {
  test("local hosts forbid crawling", async () => {
    for (const host of ["localhost", "cy.localhost", "wholesale.localhost"]) {
      const res = await get(host, "/robots.txt");
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/User-agent: \*\nDisallow: \/\n/);
    }
  });

  test("the real domain allows crawling and names its own sitemap", async () => {
    const res = await get("vapehaven.eu", "/robots.txt");
    expect(res.body).toContain("Allow: /");
    expect(res.body).toContain("Disallow: /shop/cart");
    expect(res.body).toContain("Sitemap: https://vapehaven.eu/sitemap.xml");
    const cy = await get("cyprus-cloud.com.cy", "/robots.txt");
    expect(cy.body).toContain("Sitemap: https://cyprus-cloud.com.cy/sitemap.xml");
  });

  test("each store's sitemap lists its pages, categories and products under its own url", async () => {
    const main = (await get("vapehaven.eu", "/sitemap.xml")).body;
    for (const path of [
      "/",
      "/pages/about",
      "/pages/contact",
      "/pages/partner",
      "/pages/terms",
      "/shop/sidebar/list",
    ]) {
      expect(main).toContain(`<loc>https://vapehaven.eu${path}</loc>`);
    }
    expect(main).toMatch(/<loc>https:\/\/vapehaven\.eu\/shop\/sidebar\/3cols\?subcategory=\d+<\/loc>/);
    expect(main).toMatch(
      /<loc>https:\/\/vapehaven\.eu\/product\/default\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/,
    );
    const cy = (await get("cy.localhost", "/sitemap.xml")).body;
    expect(cy).toContain("<loc>https://cyprus-cloud.com.cy/pages/about</loc>");
    expect(cy).not.toContain("vapehaven.eu");
  });
});
