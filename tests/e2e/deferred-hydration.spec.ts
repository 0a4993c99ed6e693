// Sections below the fold hydrate when they come into view (docs/decisions/0015): they must
// work once scrolled to, a click that reaches them first must not be lost, and a page reached
// by a client-side navigation must render them at once.
import { expect, type Page, test } from "@playwright/test";
import { openStore } from "./cart-helpers";
import { collectPageErrors } from "./helpers";

const HOST = "localhost";
const section = (page: Page, id: string) => page.locator(`[data-hydrate-when-visible="${id}"]`);
/**
 * Whether the section's links and buttons have their handlers: Preact keeps an element's
 * listeners on it (as `l`); server markup has none.
 */
const hydrated = (page: Page, id: string) =>
  section(page, id).evaluate((el) =>
    [...el.querySelectorAll("a, button")].some((e) => Boolean((e as unknown as Record<string, unknown>).l)),
  );

test("a listing card far below the fold hydrates when scrolled to, and works", { tag: "@phone" }, async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/shop/sidebar/3cols");
  const last = page.getByTestId("product-grid").locator(":scope > li").last();
  const wrapper = last.locator("[data-hydrate-when-visible]");
  await expect(wrapper).toHaveCount(1);
  const id = (await wrapper.getAttribute("data-hydrate-when-visible")) ?? "";
  expect(await hydrated(page, id)).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(page, id)).toBe(true);
  await last.hover();
  await last.getByTestId("card-quick-view").click();
  await expect(page.getByTestId("quick-view")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a click on a section that has not hydrated yet is replayed once it has", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/");
  const tabs = section(page, "home-hot-deals").getByTestId("deal-tab");
  expect(await tabs.count()).toBeGreaterThan(1);
  expect(await hydrated(page, "home-hot-deals")).toBe(false);
  // A click with no pointer event before it (as assistive technology sends), out of view.
  await tabs.nth(1).dispatchEvent("click");
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  expect(errors).toEqual([]);
});

test("scrolling the whole home page hydrates every section without an error", { tag: "@phone" }, async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/");
  for (const id of ["home-new-products", "home-hot-deals", "home-brands", "site-footer"]) {
    await section(page, id).scrollIntoViewIfNeeded();
    await expect.poll(() => hydrated(page, id), { message: id }).toBe(true);
  }
  const tabs = section(page, "home-hot-deals").getByTestId("deal-tab");
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  expect(errors).toEqual([]);
});

test("a product carousel is sent with its first five cards and gets the rest when it hydrates", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  const html = await (await page.request.get("/")).text();
  const served = html.slice(
    html.indexOf('aria-label="New Products"'),
    html.indexOf('data-testid="hot-deals"'),
  );
  expect(served.match(/data-testid="product-card"/g)).toHaveLength(5);
  // The slide labels count every product, sent or not.
  const total = Number(/aria-label="1 of (\d+)"/.exec(served)?.[1]);
  expect(total).toBeGreaterThan(5);

  await openStore(page, HOST, "/");
  const carousel = page.getByTestId("new-products").locator("[aria-roledescription=carousel]");
  await expect(carousel.getByTestId("product-card")).toHaveCount(5);
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByTestId("product-card")).toHaveCount(total);
  await expect(carousel).toHaveAttribute("data-ready", "true");
  // The carousel scrolls over the added cards: Next (desktop) or a swipe's worth (phone).
  const last = carousel.locator("[aria-roledescription=slide]").last();
  await expect(last).toHaveAttribute("aria-label", `${total} of ${total}`);
  const next = carousel.getByRole("button", { name: "Next" });
  if (await next.isVisible()) {
    for (let i = 0; i < total && (await next.isEnabled()); i++) await next.click();
    await expect(last).toBeInViewport();
  }
  expect(errors).toEqual([]);
});

test("the hero becomes a carousel only when the shopper reaches for it, and its dots work from the start", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/");
  const hero = page.getByTestId("hero-slider");
  const slides = hero.getByTestId("hero-slide");
  expect(await slides.count()).toBeGreaterThan(1);
  await page.waitForLoadState("networkidle");
  await expect(hero).toHaveAttribute("data-ready", "false");
  await hero.getByRole("button", { name: "Go to slide 2" }).click();
  await expect(hero.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  // The click loaded the carousel, which starts on the slide shown.
  await expect(hero).toHaveAttribute("data-ready", "true");
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  await hero.getByRole("button", { name: "Go to slide 3" }).click();
  await expect(slides.nth(2)).toBeInViewport({ ratio: 0.9 });
  expect(errors).toEqual([]);
});

test("after a client-side navigation the home page renders its sections at once", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/shop/cart");
  await page.getByTestId("site-header").getByRole("link", { name: "Vape Haven home" }).click();
  await expect(page.getByTestId("home")).toBeVisible();
  expect(await hydrated(page, "home-hot-deals")).toBe(true);
  const tabs = page.getByTestId("hot-deals").getByTestId("deal-tab");
  await tabs.nth(1).dispatchEvent("click");
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  expect(errors).toEqual([]);
});
