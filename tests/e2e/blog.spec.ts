// The storefront's blog on the demo stores: the list (cards with sized covers, tags that narrow
// it, the scroll rule of spec section 2), a post (body pictures with their size, related products
// that go into the cart, previous/next, BlogPosting JSON-LD, the feed link), a draft or unknown
// post as a 404 that is never indexed, and no serious axe violation at either width.
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { collectPageErrors, storePath, storeUrl } from "./helpers";
import { ADULT_VISITOR } from "./storage-state";

test.use({ storageState: ADULT_VISITOR });

async function expectAxeClean(page: Page, what: string) {
  const bad = await seriousViolations(page);
  expect(bad, `${what}\n${bad.join("\n")}`).toEqual([]);
}

test("the blog lists the store's posts, newest first, and tags narrow the list", async ({ page }) => {
  const errors = collectPageErrors(page);
  // The cy store: the back office's tests publish posts on localhost while this suite runs.
  await page.goto(storeUrl("cy.localhost", "/blog"));
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(page).toHaveTitle(/Blog/);
  const cards = page.getByTestId("blog-card");
  await expect(cards).toHaveCount(6);
  await expect(cards.first().getByRole("heading")).toHaveText("Choosing your first pod kit: a plain guide");
  // The draft is not listed.
  await expect(page.getByText("Our summer flavour picks")).toHaveCount(0);
  // Covers carry their size, so nothing moves while they load.
  const cover = cards.first().locator("img");
  await expect(cover).toHaveAttribute("width", "1200");
  await expect(cover).toHaveAttribute("height", "630");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    storePath("cy.localhost", "/blog/rss.xml"),
  );
  await expectAxeClean(page, "/blog");

  const tags = page.getByRole("navigation", { name: "Tags" });
  await tags.getByRole("link", { name: /^care/ }).click();
  await expect(page).toHaveURL(/\/blog\?tag=care$/);
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId("blog-filter")).toContainText("Posts tagged “care”: 3.");
  await expect(tags.getByRole("link", { name: /^care/ })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Show all posts" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cards).toHaveCount(6);
  expect(errors).toEqual([]);
});

test("navigating inside the blog keeps the place instead of jumping to the top", async ({ page }) => {
  await page.goto(storeUrl("localhost", "/blog"));
  const last = page.getByTestId("blog-card").last();
  await last.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  await last.getByRole("link", { name: "guides", exact: true }).click();
  await expect(page).toHaveURL(/tag=guides/);
  // The list is brought into view (the header's height above it), not the top of the page.
  const contentTop = () =>
    page.evaluate(() => document.querySelector("[data-page-content]")?.getBoundingClientRect().top ?? -1);
  await expect.poll(contentTop, { timeout: 5000 }).toBeGreaterThanOrEqual(0);
  expect(await contentTop()).toBeLessThan(200);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
});

test("a post shows its body, its products, its neighbours and its structured data", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(storeUrl("localhost", "/blog"));
  await page.getByRole("link", { name: "Nicotine salts or freebase: which e-liquid suits you?" }).click();
  await expect(page).toHaveURL(/\/blog\/nicotine-salts-or-freebase$/);
  const article = page.getByTestId("blog-article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(
    "Nicotine salts or freebase: which e-liquid suits you?",
  );
  await expect(page).toHaveTitle(/^Nicotine salts or freebase: which e-liquid suits you\? \| /);
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Blog" }),
  ).toBeVisible();
  // Every picture in the body has its width and height.
  const pictures = article.locator(".blog-body img");
  expect(await pictures.count()).toBeGreaterThan(0);
  for (const img of await pictures.all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
    await expect(img).toHaveAttribute("alt", /.+/);
  }
  const ld = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "{}")));
  const posting = ld.find((d) => d["@type"] === "BlogPosting");
  expect(posting).toMatchObject({
    headline: "Nicotine salts or freebase: which e-liquid suits you?",
    url: expect.stringMatching(/\/blog\/nicotine-salts-or-freebase$/),
    datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    author: { "@type": "Person", name: "Maria, shop team" },
    publisher: { "@type": "Organization" },
    image: expect.stringMatching(/\/images\/blog\/nicotine-salts-or-freebase\.webp$/),
  });
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expectAxeClean(page, "a blog post");

  // The products the post talks about, as the listing shows them: one goes into the cart.
  const products = page.getByTestId("blog-products");
  await products.scrollIntoViewIfNeeded();
  await expect(products.getByRole("heading", { name: "Products in this post" })).toBeVisible();
  expect(await products.getByRole("article").count()).toBeGreaterThanOrEqual(2);

  // Previous is the older post, next the newer one.
  const more = page.getByRole("navigation", { name: "More posts" });
  await more.getByRole("link", { name: /Previous post/ }).click();
  await expect(page).toHaveURL(/\/blog\/make-your-coils-last-longer$/);
  await page
    .getByRole("navigation", { name: "More posts" })
    .getByRole("link", { name: /Next post/ })
    .click();
  await expect(page).toHaveURL(/\/blog\/nicotine-salts-or-freebase$/);
  expect(errors).toEqual([]);
});

test("a draft or an unknown post is a 404 that is never indexed", async ({ page }) => {
  for (const path of ["/blog/summer-flavour-picks", "/blog/no-such-post"]) {
    const response = await page.goto(storeUrl("localhost", path));
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  }
  await page.getByRole("link", { name: "See all posts" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("each store has its own posts, and the footer leads to the blog", async ({ page }) => {
  await page.goto(storeUrl("cy.localhost", "/"));
  await page.getByTestId("site-footer").getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByTestId("blog-card")).toHaveCount(6);
  // Each host's feed, read from a page of that host (only the browser maps *.localhost).
  const feed = (host: string) =>
    page.evaluate(async (path) => (await fetch(path)).text(), storePath(host, "/blog/rss.xml"));
  expect(await feed("cy.localhost")).toContain("<title>Choosing your first pod kit: a plain guide</title>");
  await page.goto(storeUrl("wholesale.localhost", "/blog"));
  const tradeXml = await feed("wholesale.localhost");
  expect(tradeXml).toContain("Ordering for your shop");
  expect(tradeXml).not.toContain("Choosing your first pod kit");
});
