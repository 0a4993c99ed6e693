// Issue 24, items 9 and 12 (titles part): share links pass the product's absolute canonical URL
// (product page and quick view); the document title follows the listing's filter; wishlist and
// compare titles carry the store name; a missing product has its own title; the result count
// reads properly for one product. axe (serious and critical) on each page touched.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { storeUrl } from "./helpers";
import { api, catalogue, open, STORES } from "./storefront-helpers";

type Menu = { id: number; name: string; slug: string; subcategories: { id: number; name: string }[] }[];

const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute("href");

/** The URL each share link passes: Facebook's `u`, Twitter's `url`. */
async function sharedUrls(scope: Locator): Promise<string[]> {
  const links = scope.getByTestId("share-links").getByRole("link");
  await expect(links).toHaveCount(2);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => {
    const q = new URL(h).searchParams;
    return q.get("u") ?? q.get("url") ?? "";
  });
}

test("product page: share links pass the page's absolute canonical URL", async ({ page, request }) => {
  const [p] = await catalogue(request, "localhost");
  await open(page, "localhost", `/product/default/${p.id}`);
  const url = await canonical(page);
  expect(url).toMatch(new RegExp(`^https?://[^/]+/product/default/${p.id}$`));
  const main = page.getByRole("main");
  expect(await sharedUrls(main)).toEqual([url, url]);
  expect(await seriousViolations(page)).toEqual([]);
});

test("quick view, by id and by slug: share links pass the product's canonical URL", async ({
  page,
  request,
}) => {
  const all = await catalogue(request, "localhost");
  const byKind = [all.find((p) => p.variants.length === 0), all.find((p) => p.variants.length > 0)];
  for (const p of byKind) {
    if (!p) throw new Error("the demo catalogue has products of both quick-view kinds");
    await open(page, "localhost", `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(p.name)}`);
    const origin = new URL((await canonical(page)) as string).origin;
    const card = page
      .getByTestId("product-card")
      .filter({ has: page.locator(`a[href="/product/default/${p.id}"]`) })
      .first();
    await card.hover();
    await card.getByTestId("card-quick-view").click();
    const modal = page.getByTestId(p.variants.length > 0 ? "quick-view-slug" : "quick-view");
    await expect(modal.locator("[data-state=loaded]")).toBeVisible();
    const expected = `${origin}/product/default/${p.id}`;
    expect(await sharedUrls(modal)).toEqual([expected, expected]);
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
  }
});

for (const store of STORES) {
  test(`listing titles follow the filter on ${store.host}`, async ({ page, request }) => {
    const menu = (await api<{ categories: Menu }>(request, store.host, "/api/v1/categories/menu")).categories;
    const master = menu.find((m) => m.subcategories.length > 0) as Menu[number];
    const sub = master.subcategories[0];
    const suffix = ` | ${store.name}`;

    // A category link from elsewhere (mobile menu, tiles) may carry only the id.
    await open(page, store.host, `/shop/sidebar/3cols?category=${master.id}`);
    await expect(page.getByTestId("listing-title")).toHaveText(master.name);
    expect(await page.title()).toBe(`${master.name}${suffix}`);

    await open(page, store.host, `/shop/sidebar/3cols?subcategory=${sub.id}`);
    expect(await page.title()).toBe(`${sub.name}${suffix}`);

    // The sidebar's brand link: client navigation updates the title too.
    await open(page, store.host, "/shop/sidebar/list");
    const unfiltered = await page.title();
    expect(unfiltered).toContain(store.name);
    const sidebar = page.getByRole("complementary", { name: "Filters" });
    const filters = sidebar.getByRole("button", { name: "Filters" });
    if (await filters.isVisible()) await filters.click();
    const brand = sidebar.getByTestId("sidebar-brands").getByRole("link").first();
    const brandName = ((await brand.textContent()) as string).trim();
    await brand.click();
    await expect(page).toHaveURL(/brand=\d+/);
    await expect(page).toHaveTitle(`${brandName}${suffix}`);

    await open(page, store.host, "/shop/sidebar/3cols?searchTerm=mint");
    expect(await page.title()).toBe(`Results for “mint”${suffix}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`wishlist and compare titles carry the store name on ${store.host}`, async ({ page }) => {
    await open(page, store.host, "/shop/wishlist");
    expect(await page.title()).toBe(`Wishlist | ${store.name}`);
    expect(await seriousViolations(page)).toEqual([]);
    await open(page, store.host, "/shop/compare");
    expect(await page.title()).toBe(`Compare | ${store.name}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a missing product has its own title and stays a 404", async ({ page }) => {
  const res = await page.goto(storeUrl("localhost", "/product/default/999999"));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error 404" })).toBeVisible();
  expect(await page.title()).toBe("Product not found | Vape Haven");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByRole("link", { name: "Browse All Products" })).toHaveAttribute(
    "href",
    "/shop/sidebar/list",
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("the result count reads properly for one product and for many", async ({ page, request }) => {
  const all = await catalogue(request, "localhost");
  let single = "";
  for (const p of all) {
    const { total } = await api<{ total: number }>(
      request,
      "localhost",
      `/api/v1/products?perPage=1&searchTerm=${encodeURIComponent(p.name)}`,
    );
    if (total === 1) {
      single = p.name;
      break;
    }
  }
  expect(single, "a product name only one product matches").not.toBe("");
  await open(page, "localhost", `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(single)}`);
  await expect(page.getByTestId("result-count")).toHaveText("Showing 1 of 1 Product");
  const { total } = await api<{ total: number }>(request, "localhost", "/api/v1/products?perPage=1");
  await open(page, "localhost", "/shop/sidebar/list");
  await expect(page.getByTestId("result-count")).toHaveText(`Showing 1–12 of ${total} Products`);
});
