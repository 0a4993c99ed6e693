// Issue 24, item 12 (the details shoppers notice, beyond the titles): Hot Deals tabs are the
// store's own categories that have deals (never the old template's electronics, furniture,
// clothing), the New and Hot Deals carousels never show the same product, 'Show all Brands'
// opens the brand overview, and a warehouse's name never runs into its 'online' badge.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { catalogue, open } from "./storefront-helpers";

/** Product ids of the cards in a section (every slide, visible or not). */
async function cardIds(section: Locator): Promise<number[]> {
  await expect(section.getByTestId("product-card").first()).toBeAttached();
  const hrefs = await section
    .getByTestId("product-card")
    .locator("h3 a")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => Number(h.split("/").pop()));
}

async function storeCategories(page: Page): Promise<string[]> {
  const options = await page
    .getByTestId(/^header-search/)
    .first()
    .getByTestId("search-category")
    .locator("option")
    .allTextContents();
  return options.filter((o) => o !== "All Departments");
}

for (const host of ["localhost", "cy.localhost"]) {
  test(`${host}: Hot Deals tabs are the store's categories with deals; New and Hot Deals share no product`, {
    tag: host === "localhost" ? "@phone" : [],
  }, async ({ page }) => {
    await open(page, host, "/");
    const deals = page.getByTestId("hot-deals");
    await deals.scrollIntoViewIfNeeded();
    const tabs = deals.getByTestId("deal-tab");
    await expect(tabs.first()).toHaveText("All");
    const labels = (await tabs.allTextContents()).slice(1);
    expect(labels.length).toBeGreaterThan(0);
    const categories = await storeCategories(page);
    for (const label of labels) expect(categories).toContain(label);
    for (const old of ["electronics", "furniture", "clothing"]) {
      expect(labels.map((l) => l.toLowerCase())).not.toContain(old);
    }
    const inDeals = new Set<number>();
    for (let t = 0; t < (await tabs.count()); t++) {
      await tabs.nth(t).click();
      await expect(tabs.nth(t)).toHaveAttribute("aria-selected", "true");
      // A tab is only offered when it has deals.
      for (const id of await cardIds(deals)) inDeals.add(id);
    }
    const fresh = await cardIds(page.getByTestId("new-products"));
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.filter((id) => inDeals.has(id))).toEqual([]);
  });
}

test("'Show all Brands' opens the brand overview", async ({ page }) => {
  await open(page, "localhost", "/");
  const brands = page.getByTestId("shop-by-brand");
  await brands.scrollIntoViewIfNeeded();
  await brands.getByRole("link", { name: "Show all Brands" }).click();
  await expect(page).toHaveURL(/\/brands$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const links = page.getByRole("main").locator('a[href*="/shop/sidebar/3cols?brand="]');
  expect(await links.count()).toBeGreaterThan(3);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a warehouse's name and its 'online' badge never overlap, even at 320 px", {
  tag: "@phone-only",
}, async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  // The page lists stock per store for a product without related variants.
  const [p] = (await catalogue(request, "localhost")).filter(
    (x) => (x.stock ?? 0) > 0 && x.varRel.length === 0,
  );
  await open(page, "localhost", `/product/default/${p.id}`);
  const names = page.getByTestId("warehouse-name");
  await expect(names.first()).toBeVisible();
  const rows = await names.count();
  let badges = 0;
  for (let i = 0; i < rows; i++) {
    const name = names.nth(i);
    const badge = name.locator("xpath=following-sibling::*[1]");
    if ((await badge.count()) === 0) continue;
    badges++;
    const a = await name.boundingBox();
    const b = await badge.boundingBox();
    if (!a || !b) throw new Error("warehouse row not laid out");
    const apart =
      a.x + a.width <= b.x + 0.5 ||
      b.x + b.width <= a.x + 0.5 ||
      a.y + a.height <= b.y + 0.5 ||
      b.y + b.height <= a.y + 0.5;
    expect(apart, `warehouse ${i} name and badge overlap`).toBe(true);
  }
  expect(badges).toBeGreaterThan(0);
});
