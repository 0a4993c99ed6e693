// The storefront in Greek (docs/decisions/0035-languages.md): the main store offers Greek under
// /el beside its English, the Cyprus store speaks Greek first (its English under /en), with the
// language in <html lang>, in every link, in prices, in hreflang and canonical URLs, a switcher
// that keeps the page, and the shop's own content (products, categories, pages, posts) in Greek
// where it is translated, marked lang="en" where it is not. Interface texts come from the
// catalogues, so the assertions read them there.
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { openStore } from "./cart-helpers";
import { collectPageErrors, rawStoreUrl, storeUrl } from "./helpers";
import { catalogue } from "./messages";

const cartEl = catalogue("el", "Cart");
const productEl = catalogue("el", "Product");
const seoEl = catalogue("el", "Seo");
const shellEl = catalogue("el", "Shell");

const HOST = "localhost";

const greekPrice = /\d{1,3}(\.\d{3})*,\d{2}\u00a0€/;

async function alternates(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((l) => [
        l.hreflang,
        new URL(l.href).pathname + new URL(l.href).search,
      ]),
    ),
  );
}

test("the Greek home page speaks Greek: lang, header texts, prices, links that stay in /el", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/el");
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await expect(page.getByRole("button", { name: shellEl.search, exact: true }).first()).toBeAttached();
  await expect(page.locator("body")).toContainText(greekPrice);
  // Every same-site page link on the page keeps the language.
  const hrefs = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLAnchorElement>(
        "main a[href^='/']:not([hreflang]), header a[href^='/']:not([hreflang])",
      ),
    ].map((a) => a.getAttribute("href")),
  );
  const pages = hrefs.filter((h): h is string => !!h && !/^\/(api|images|assets|auth)\//.test(h));
  expect(pages.length).toBeGreaterThan(5);
  expect(pages.filter((h) => h !== "/el" && !h.startsWith("/el/") && !h.startsWith("/el?"))).toEqual([]);
  expect(errors).toEqual([]);
});

test("a Greek listing and product page: Greek texts, Greek prices, and the cart in Greek", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/el/shop/sidebar/3cols");
  const card = page.getByTestId("product-card").first();
  await expect(card).toContainText(greekPrice);
  await card.locator("a[href*='/product/default/']").first().click();
  await expect(page).toHaveURL(/\/el\/product\/default\/\d+/);
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await expect(
    page.getByRole("button", { name: new RegExp(productEl.addToCart ?? "", "i") }).first(),
  ).toBeVisible();
  await page.goto(storeUrl(HOST, "/el/shop/cart"));
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  // This visitor's cart is empty.
  await expect(page.locator("main")).toContainText(cartEl.empty);
  expect(errors).toEqual([]);
});

test("hreflang, x-default and canonical name each language's URL", async ({ page }) => {
  await openStore(page, HOST, "/el/pages/about");
  expect(await alternates(page)).toEqual({
    en: "/pages/about",
    el: "/el/pages/about",
    "x-default": "/pages/about",
  });
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(canonical ?? "").pathname).toBe("/el/pages/about");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "el_GR");
  await page.goto(storeUrl(HOST, "/pages/about"));
  const english = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(english ?? "").pathname).toBe("/pages/about");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
  await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveAttribute("content", "el_GR");
});

/** Follows the language link: in the top bar from 640 px up, in the menu on a phone. */
async function switchLanguage(page: Page, menuName: string, language: string) {
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    await page.getByTestId("mobile-menu-toggle").click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toHaveAttribute("data-open", "true");
    await menu.getByRole("navigation", { name: menuName }).getByRole("link", { name: language }).click();
  } else {
    await page
      .getByRole("navigation", { name: menuName })
      .first()
      .getByRole("link", { name: language })
      .click();
  }
}

test("the switcher keeps the page and its query, both ways", async ({ page }) => {
  await openStore(page, HOST, "/shop/sidebar/3cols?page=2");
  await switchLanguage(page, "Language", "Ελληνικά");
  await expect(page).toHaveURL(/\/el\/shop\/sidebar\/3cols\?page=2$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await switchLanguage(page, seoEl.languageSwitcher ?? "", "English");
  await expect(page).toHaveURL(/:\d+\/shop\/sidebar\/3cols\?page=2$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a prefix names only a language the store offers, and never its default", async ({ page }) => {
  // English is main's default: /en/x is /x.
  const english = await page.request.get(storeUrl(HOST, "/en/shop/cart?x=1"), { maxRedirects: 0 });
  expect(english.status()).toBe(301);
  expect(english.headers().location).toMatch(/\/shop\/cart\?x=1$/);
  // The wholesale store speaks English only (Node does not resolve *.localhost: the browser goes).
  await page.goto(storeUrl("wholesale.localhost", "/el/shop/cart"));
  await expect(page).toHaveURL(/wholesale\.localhost:\d+\/pages\/404$/);
});

test("dates on Greek pages are Greek: the blog's posts", async ({ page }) => {
  await openStore(page, HOST, "/el/blog");
  // "24 Νοεμβρίου 2026": the month in the genitive, as el-GR writes it.
  await expect(page.locator("main time").first()).toHaveText(/^\d{1,2} [\u0370-\u03ff]+ \d{4}$/);
});

test("Greek pages have no serious or critical axe violations", { tag: "@phone" }, async ({ page }) => {
  // Each page loaded and checked by axe: 38 s in all on a quiet machine, so 60 s ran out on a busy one.
  test.setTimeout(150_000);
  for (const path of [
    "/el",
    "/el/shop/sidebar/3cols",
    "/el/product/default/1",
    "/el/shop/cart",
    "/el/pages/login",
    "/el/pages/contact",
    "/el/blog",
    "/el/register",
  ]) {
    await openStore(page, HOST, path);
    const bad = await seriousViolations(page);
    expect(bad, `${path}\n${bad.join("\n")}`).toEqual([]);
  }
});

// ---- The Cyprus store: Greek first, with its catalogue, pages and posts in Greek.

const CY = "cy.localhost";
const greekLetters = /[\u0370-\u03ff]{3,}/;

test("Cyprus speaks Greek at its plain URLs and English under /en; /el is not a second address", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openStore(page, CY, "/", { exact: true });
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  // The shop's own SEO text is Greek too.
  await expect(page).toHaveTitle(greekLetters);
  // Product names on the home page come from the Greek catalogue.
  await expect(page.getByTestId("product-card").first()).toContainText(greekLetters);
  expect(await alternates(page)).toEqual({ el: "/", en: "/en", "x-default": "/" });
  await openStore(page, CY, "/en", { exact: true });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("product-card").first()).not.toContainText(greekLetters);
  // Greek is the default there: /el/x is /x (Node does not resolve *.localhost: the browser goes).
  const redirects: number[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/el/shop/cart")) redirects.push(r.status());
  });
  await page.goto(rawStoreUrl(CY, "/el/shop/cart?x=1"));
  await expect(page).toHaveURL(/cy\.localhost:\d+\/shop\/cart\?x=1$/);
  expect(redirects).toEqual([301]);
  expect(errors).toEqual([]);
});

test("a Greek product page, its quick view and the header search read the Greek catalogue", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openStore(page, CY, "/shop/sidebar/3cols", { exact: true });
  const card = page.getByTestId("product-card").first();
  const name = ((await card.locator("h3, h2").first().textContent()) ?? "").trim();
  expect(name).toMatch(greekLetters);
  // The quick view asks the API in the page's language.
  await card.hover();
  await card.getByTestId("card-quick-view").click({ force: true });
  const modal = page.getByTestId("quick-view").or(page.getByTestId("quick-view-slug"));
  await expect(modal.getByRole("heading", { level: 2 })).toContainText(greekLetters);
  await page.keyboard.press("Escape");
  await card.locator("a[href*='/product/default/']").first().click();
  await expect(page).toHaveURL(/cy\.localhost:\d+\/product\/default\/\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(greekLetters);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveAttribute("lang", "en");
  // Search: capitals and no accents still find the Greek names ("Υγρό αναπλήρωσης").
  await openStore(page, CY, "/shop/sidebar/3cols?searchTerm=%CE%A5%CE%93%CE%A1%CE%9F", { exact: true });
  await expect(page.getByTestId("product-card").first()).toContainText(/Υγρό/);
  expect(errors).toEqual([]);
});

test("main's Greek pages show its Greek catalogue and pages; English stays English", async ({ page }) => {
  await openStore(page, HOST, "/el/product/default/1");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(greekLetters);
  await openStore(page, HOST, "/product/default/1");
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText(greekLetters);
  await openStore(page, HOST, "/el/pages/terms");
  await expect(page.locator("main h2").first()).toContainText(greekLetters);
});

test("a post with no Greek yet shows its English, marked lang=en, and the page stays axe-clean", async ({
  page,
}) => {
  await openStore(page, CY, "/blog", { exact: true });
  const untranslated = page.locator("main article, main li").filter({ has: page.locator("[lang='en']") });
  await expect(untranslated.first()).toBeVisible();
  await openStore(page, CY, "/blog/cleaning-your-tank", { exact: true });
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
  const bad = await seriousViolations(page);
  expect(bad, bad.join("\n")).toEqual([]);
});

test("Cyprus's Greek pages have no serious or critical axe violations", async ({ page }) => {
  test.setTimeout(150_000);
  for (const path of ["/", "/shop/sidebar/3cols", "/shop/cart", "/pages/about", "/pages/terms", "/blog"]) {
    await openStore(page, CY, path, { exact: true });
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
    const bad = await seriousViolations(page);
    expect(bad, `${path}\n${bad.join("\n")}`).toEqual([]);
  }
});

test("Greek pages fit a 320 px phone: the longer words push nothing off the screen", {
  tag: "@phone-only",
}, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of ["/", "/shop/sidebar/3cols", "/product/default/1", "/shop/cart", "/pages/contact"]) {
    await openStore(page, CY, path, { exact: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
