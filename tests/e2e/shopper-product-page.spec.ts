// Issue 24, item 8: a product page worth reading. The long description, a specifications table,
// the shoppers' reviews with their 5..1 star distribution and paging that works without
// JavaScript, the breadcrumb following the chosen variant, and on phones a buy bar once the main
// add to cart has scrolled away (never at desktop width, never over the footer's last line).
// Both projects (desktop 1280, phone 375); axe on every page looked at.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { REVIEWS_PER_PAGE } from "../../core/product-reviews";
import { groupName } from "../../core/product-rules";
import { seriousViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { type ApiProduct, api, catalogue, euro, isPhone, open } from "./storefront-helpers";

const HOST = "localhost";
const SHOTS = "/tmp/shots-h3";

interface Details {
  longDescHtml: string;
  specs: { label: string; value: string }[];
}
interface Reviews {
  total: number;
  pageCount: number;
  distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
  reviews: { authorName: string }[];
}

const details = async (request: APIRequestContext, id: number) =>
  (await api<{ product: ApiProduct; details: Details }>(request, HOST, `/api/v1/products/${id}`)).details;
const reviewsOf = (request: APIRequestContext, id: number, page = 1) =>
  api<Reviews>(request, HOST, `/api/v1/products/${id}/reviews?page=${page}`);

/** An e-liquid with related variants (some in stock), more than one page of reviews and its specs. */
async function eLiquid(request: APIRequestContext) {
  for (const p of await catalogue(request, HOST)) {
    if (p.reviewCount <= REVIEWS_PER_PAGE) continue;
    if (p.varRel.filter((v) => (v.stock ?? 0) > 2).length < 2) continue;
    const d = await details(request, p.id);
    if (d.specs.some((s) => s.label === "Nicotine strength") && d.longDescHtml) return { p, d };
  }
  throw new Error("no e-liquid with variants, specs and two pages of reviews in the demo catalogue");
}

const cartCount = (page: Page) => page.getByTestId("cart-dropdown").getByTestId("count");
/** The last crumb's own text (its "/" separator is hidden from readers). */
const lastCrumb = (page: Page) =>
  page
    .getByRole("navigation", { name: "Breadcrumb" })
    .locator("li")
    .last()
    .locator("span:not([aria-hidden])");

test("long description, specifications table and reviews with the rating distribution", {
  tag: "@phone",
}, async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const { p, d } = await eLiquid(request);
  const first = await reviewsOf(request, p.id);
  expect(first.pageCount).toBe(2);
  await open(page, HOST, `/product/default/${p.id}`);

  // The description is the long text, not the short one again.
  const description = page.getByTestId("product-description");
  await expect(description.getByRole("heading", { name: "Description" })).toBeVisible();
  const words = d.longDescHtml
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .trim()
    .split(/\s+/)
    .slice(0, 6)
    .join(" ");
  await expect(description).toContainText(words);
  expect(d.longDescHtml.length).toBeGreaterThan(p.shortDesc.length);

  // The specifications: a row header and its value per line, in the stored order.
  const specs = page.getByTestId("product-specs");
  await expect(specs.locator("tr")).toHaveCount(d.specs.length);
  for (const label of ["Nicotine strength", "Capacity", "VG/PG ratio"]) {
    const spec = d.specs.find((s) => s.label === label);
    expect(spec, label).toBeDefined();
    const row = specs.locator("tr").filter({ has: page.getByRole("rowheader", { name: label }) });
    await expect(row.locator("td")).toHaveText(spec?.value ?? "");
  }

  // Reviews: the count, five rows 5..1 whose counts add up to it, the page of five newest.
  const reviews = page.getByTestId("product-reviews");
  await expect(reviews.getByRole("heading", { name: `Reviews (${p.reviewCount})` })).toBeVisible();
  expect(first.total).toBe(p.reviewCount);
  const rows = reviews.getByTestId("rating-row");
  await expect(rows).toHaveCount(5);
  let sum = 0;
  for (const [i, star] of [5, 4, 3, 2, 1].entries()) {
    await expect(rows.nth(i)).toContainText(`${star} star`);
    const n = Number(await rows.nth(i).getByTestId("rating-count").textContent());
    expect(n).toBe(first.distribution[String(star) as "5"]);
    sum += n;
  }
  expect(sum).toBe(p.reviewCount);
  const items = reviews.getByTestId("review");
  await expect(items).toHaveCount(REVIEWS_PER_PAGE);
  await expect(items.first()).toContainText(first.reviews[0].authorName);
  // Initials instead of a silhouette.
  await expect(items.first().getByTestId("review-initials")).toHaveText(/^[A-Z]{1,2}$/);
  await expect(reviews.getByTestId("reviews-page")).toHaveText("Page 1 of 2");
  expect(await seriousViolations(page)).toEqual([]);
  await reviews.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/product-reviews-${test.info().project.name}.png` });
  await specs.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/product-details-${test.info().project.name}.png` });

  // The older page: the rest of the reviews, and a way back.
  await reviews.getByTestId("reviews-older").click();
  await expect(page).toHaveURL(/\?reviews=2#reviews$/);
  await expect(items).toHaveCount(p.reviewCount - REVIEWS_PER_PAGE);
  await expect(reviews.getByTestId("reviews-page")).toHaveText("Page 2 of 2");
  await expect(reviews.getByRole("link", { name: "Newer reviews" })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the reviews pages are plain links and server-rendered", async ({ page, request }) => {
    const { p } = await eLiquid(request);
    const second = await reviewsOf(request, p.id, 2);
    await page.goto(storeUrl(HOST, `/product/default/${p.id}`));
    const reviews = page.getByTestId("product-reviews");
    await expect(reviews.getByTestId("review")).toHaveCount(REVIEWS_PER_PAGE);
    await reviews.getByTestId("reviews-older").click();
    await expect(page).toHaveURL(new RegExp(`/product/default/${p.id}\\?reviews=2#reviews$`));
    await expect(reviews.getByTestId("review")).toHaveCount(second.reviews.length);
    await expect(reviews.getByTestId("review").first()).toContainText(second.reviews[0].authorName);
    await expect(reviews.getByTestId("reviews-page")).toHaveText("Page 2 of 2");
    // A page number out of range shows the nearest page, never an empty list.
    await page.goto(storeUrl(HOST, `/product/default/${p.id}?reviews=99`));
    await expect(reviews.getByTestId("reviews-page")).toHaveText("Page 2 of 2");
  });
});

test("the breadcrumb's last crumb follows the chosen variant", async ({ page, request }) => {
  const { p } = await eLiquid(request);
  const variant = p.varRel.find((v) => v.id !== p.id && (v.stock ?? 0) > 0) as ApiProduct["varRel"][number];
  await open(page, HOST, `/product/default/${p.id}`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(lastCrumb(page)).toHaveText(groupName(p));
  await expect(crumbs.locator("[aria-current=page]")).toHaveText(groupName(p));
  await page.getByTestId("product-page").getByTestId("variant-select").selectOption(String(variant.id));
  await expect(lastCrumb(page)).toHaveText(variant.label);
  await expect(crumbs.locator("[aria-current=page]")).toHaveText(variant.label);
  // The group is a link back to the product.
  await expect(crumbs.getByRole("link", { name: groupName(p), exact: true })).toHaveAttribute(
    "href",
    `/product/default/${p.id}`,
  );
  await page.getByTestId("product-page").getByTestId("variant-clear").click();
  await expect(lastCrumb(page)).toHaveText(groupName(p));
});

/** Scrolls until the page's own add to cart is above the screen. */
async function scrollPastBuyButton(page: Page) {
  await page.getByTestId("product-reviews").scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      page
        .getByTestId("product-page")
        .getByTestId("add-to-cart")
        .evaluate((el) => el.getBoundingClientRect().bottom),
    )
    .toBeLessThan(0);
}

test("a buy bar on phones once add to cart has scrolled away, never at desktop width", {
  tag: "@phone",
}, async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const { p } = await eLiquid(request);
  const variant = p.varRel.find((v) => (v.stock ?? 0) > 2) as ApiProduct["varRel"][number];
  await open(page, HOST, `/product/default/${p.id}`);
  const bar = page.getByTestId("sticky-bar");
  await expect(bar).toHaveAttribute("data-visible", "false");
  await expect(bar).not.toBeInViewport();

  // A jump (not a slow scroll) past the buying controls still brings the bar.
  await scrollPastBuyButton(page);
  if (!isPhone(page)) {
    await page.waitForTimeout(500);
    await expect(bar).toHaveAttribute("data-visible", "false");
    await expect(bar).toBeHidden();
    expect(errors).toEqual([]);
    return;
  }
  await expect(bar).toHaveAttribute("data-visible", "true");
  await expect(bar).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/product-buy-bar-choose-${test.info().project.name}.png` });

  // No variant chosen: the bar leads to the choice.
  await expect(bar.getByTestId("buy-bar-add")).toHaveCount(0);
  await bar.getByTestId("buy-bar-choose").click();
  const select = page.getByTestId("product-page").getByTestId("variant-select");
  await expect(select).toBeFocused();
  await expect(select).toBeInViewport();
  await select.selectOption(String(variant.id));

  // Chosen: the bar names the variant, shows its price and adds it.
  await scrollPastBuyButton(page);
  await expect(bar).toHaveAttribute("data-visible", "true");
  await expect(bar).toContainText(groupName(p));
  await expect(bar).toContainText(variant.label);
  await expect(bar.getByTestId("price")).toContainText(euro(variant.salePriceCents ?? variant.priceCents));
  await bar.getByTestId("buy-bar-add").click();
  await expect(cartCount(page)).toHaveText("1");

  // At the very bottom the bar sits under the footer's last line, not over it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = page.getByTestId("site-footer");
  await expect(footer).toBeVisible();
  await expect
    .poll(async () => {
      const barTop = await bar.evaluate((el) => el.getBoundingClientRect().top);
      const lastLine = await footer.evaluate((el) => {
        const texts = Array.from(el.querySelectorAll("p, a, span, li")).filter(
          (n) => (n as HTMLElement).offsetParent !== null && n.textContent?.trim(),
        );
        return Math.max(...texts.map((n) => n.getBoundingClientRect().bottom));
      });
      return lastLine - barTop;
    })
    .toBeLessThanOrEqual(0);
  // No scroll-to-top button on a phone (it comes with the sticky header, above 991 px): nothing
  // covers the bar's button (issue 44, decision 0060).
  await expect(page.getByTestId("scroll-top")).toHaveAttribute("aria-hidden", "true");
  await page.screenshot({ path: `${SHOTS}/product-buy-bar-footer-${test.info().project.name}.png` });

  // Back at the top the bar goes away.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveAttribute("data-visible", "false");
  expect(errors).toEqual([]);
});

test("the buy bar of a sold-out product offers the notify step", { tag: "@phone-only" }, async ({
  page,
  request,
}) => {
  const oos = (await catalogue(request, HOST)).find(
    (x) => x.varRel.length === 0 && x.variants.length === 0 && (x.stock ?? 0) < 1,
  ) as ApiProduct;
  expect(oos, "a sold-out single product in the demo catalogue").toBeDefined();
  await open(page, HOST, `/product/default/${oos.id}`);
  await scrollPastBuyButton(page);
  const bar = page.getByTestId("sticky-bar");
  await expect(bar).toHaveAttribute("data-visible", "true");
  await expect(bar.getByTestId("buy-bar-add")).toHaveCount(0);
  await bar.getByTestId("buy-bar-notify").click();
  await expect(
    page.getByTestId("notify-modal").getByRole("heading", { name: "Notify me when product is available" }),
  ).toBeVisible();
});

test("the top of the product page at both widths", { tag: "@phone" }, async ({ page, request }) => {
  const { p } = await eLiquid(request);
  await open(page, HOST, `/product/default/${p.id}`);
  await expect(page.getByTestId("product-page").getByRole("heading", { level: 1 })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await page.screenshot({ path: `${SHOTS}/product-top-${test.info().project.name}.png` });
});
