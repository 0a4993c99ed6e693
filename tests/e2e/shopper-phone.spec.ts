// Issue 24, item 11: a purchase on a phone. Every storefront route of every demo store fits a
// 320 px screen without horizontal scroll (spot-checked at 414 px), the listing's filter panel
// closes after a choice, and the header search's suggestions follow the ARIA combobox pattern.
import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, signInOnPage, visit } from "./account-helpers";
import { seriousViolations } from "./axe";
import { cartItem, type DemoProduct, findProducts, seedLists, snapshot } from "./cart-helpers";
import { storeApi } from "./content-helpers";
import { DEMO_STORES, storeUrl } from "./helpers";
import { takeRole } from "./roles";
import { type ApiProduct, api, isPhone, ready } from "./storefront-helpers";

const SIGN_IN: Record<string, { username: string; password: string }> = {
  localhost: ACCOUNTS.maria,
  "cy.localhost": ACCOUNTS.eleni,
  "wholesale.localhost": ACCOUNTS.buyer,
};

/**
 * How far the page scrolls sideways, and the elements that stick out past the right edge
 * (outermost first) so a failure names its culprit.
 */
async function overflow(page: Page): Promise<{ extra: number; culprits: string[] }> {
  // The screen's width, not innerWidth: a phone browser widens its layout viewport to content
  // that does not fit (and zooms out), so innerWidth would grow with the fault.
  const screenWidth = page.viewportSize()?.width ?? 0;
  return page.evaluate((width) => {
    const extra = Math.max(document.documentElement.scrollWidth, window.innerWidth) - width;
    const culprits: string[] = [];
    if (extra > 0) {
      // Inside a box that clips or scrolls sideways (a carousel), sticking out is by design.
      const clipped = (el: HTMLElement) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (/hidden|clip|auto|scroll/.test(getComputedStyle(a).overflowX)) return true;
        return false;
      };
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= width + 1) continue;
        // Fixed layers stretch with the widened page: they follow the fault, they are not it.
        if (getComputedStyle(el).position === "fixed" || clipped(el)) continue;
        // Only the outermost: a child of a culprit is not news.
        if (culprits.length > 0 && el.parentElement?.closest("[data-overflow-culprit]")) continue;
        el.setAttribute("data-overflow-culprit", "");
        const cls = (el.getAttribute("class") ?? "").slice(0, 80);
        culprits.push(`${el.tagName.toLowerCase()}.${cls} right=${Math.round(r.right)}`);
        if (culprits.length >= 6) break;
      }
    }
    return { extra, culprits };
  }, screenWidth);
}

/** Scrolls down the page (sections below the fold render as they come into view) and back. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
}

async function expectNoSideScroll(page: Page, host: string, path: string): Promise<void> {
  await page.goto(storeUrl(host, path));
  await ready(page);
  await scrollThrough(page);
  const { extra, culprits } = await overflow(page);
  expect(
    extra,
    `${host}${path} at ${page.viewportSize()?.width} px scrolls sideways: ${culprits.join(" | ")}`,
  ).toBe(0);
}

/** The store's routes, with real ids found through its API and its listing's sidebar. */
async function storeRoutes(page: Page, host: string): Promise<string[]> {
  const { products } = await api<{ products: ApiProduct[] }>(
    page.request,
    host,
    "/api/v1/products?perPage=100",
  );
  const withVariants = products.find((p) => p.variants.length > 0 || p.varRel.length > 0);
  const simple = products.find((p) => p.variants.length === 0 && p.varRel.length === 0);
  expect(withVariants, `${host} has a product with variants`).toBeTruthy();
  expect(simple, `${host} has a product without variants`).toBeTruthy();
  await page.goto(storeUrl(host, "/shop/sidebar/3cols"));
  const category = await page.getByTestId("sidebar-categories").locator("a").first().getAttribute("href");
  const brand = await page.getByTestId("sidebar-brands").locator("a").first().getAttribute("href");
  const word = (simple?.name ?? "").split(/\s+/)[0] ?? "";
  return [
    "/",
    "/shop/sidebar/3cols",
    "/shop/sidebar/list",
    category ?? "",
    brand ?? "",
    `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(word)}`,
    `/product/default/${withVariants?.id}`,
    `/product/default/${simple?.id}`,
    "/shop/wishlist",
    "/shop/compare",
    "/register",
    "/pages/login",
    "/pages/about",
    "/pages/contact",
    "/pages/terms",
    "/pages/privacy",
    "/pages/returns",
    "/pages/partner",
    "/pages/404",
    "/brands",
    "/payment-success?s=e2e-no-such-payment",
    "/payment-failed?s=e2e-no-such-payment",
    "/password-reset?token=e2e-expired-token&custid=1",
  ];
}

for (const store of DEMO_STORES) {
  test(`${store.host}: no page scrolls sideways at 320 px (414 px spot-checked)`, {
    tag: "@phone-only",
  }, async ({ page }) => {
    test.setTimeout(240_000);
    const width = page.viewportSize()?.width;
    await page.goto(storeUrl(store.host, "/"));
    await ready(page);
    await page.screenshot({ path: `/tmp/shots-h2/home-${store.host}-${width}.png`, fullPage: true });
    await page.setViewportSize({ width: 320, height: 640 });
    const routes = await storeRoutes(page, store.host);
    // The cart, wishlist and compare pages with something in them.
    await page.goto(storeUrl(store.host, "/pages/about"));
    await ready(page);
    const products = (await findProducts(page)).filter((p) => p.stock > 0).slice(0, 3);
    expect(products.length).toBe(3);
    await seedLists(page, store.host, {
      cart: products.map((p) => cartItem(p, 1)),
      wishlist: products.map((p) => snapshot(p)),
      compare: products.map((p) => snapshot(p)),
    });
    for (const path of [...routes, "/shop/cart"]) await expectNoSideScroll(page, store.host, path);
    await page.goto(storeUrl(store.host, "/"));
    await ready(page);
    await page.screenshot({ path: `/tmp/shots-h2/home-${store.host}-320-${width}.png`, fullPage: true });
    // Signed in: the dashboard.
    const account = SIGN_IN[store.host] as { username: string; password: string };
    await signInOnPage(page, store.host, account.username, account.password);
    await expectNoSideScroll(page, store.host, "/shop/dashboard");
    await expectNoSideScroll(page, store.host, "/shop/cart");

    await page.setViewportSize({ width: 414, height: 800 });
    for (const path of ["/", routes[1] as string, routes[6] as string, "/shop/cart", "/shop/dashboard"])
      await expectNoSideScroll(page, store.host, path);
  });
}

test("the phone's filter panel closes after a choice", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto(storeUrl("localhost", "/shop/sidebar/3cols"));
  await ready(page);
  const toggle = page
    .getByRole("complementary", { name: "Filters" })
    .getByRole("button", { name: "Filters" });
  const categories = page.getByTestId("sidebar-categories");
  await expect(categories).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(categories).toBeVisible();
  await page.screenshot({ path: "/tmp/shots-h2/listing-filters-open-375.png" });
  expect(await seriousViolations(page, { include: 'aside[aria-label="Filters"]' })).toEqual([]);
  const first = categories.locator(":scope > li > a").first();
  const name = (await first.textContent())?.trim() ?? "";
  await first.click();
  await expect(page.getByTestId("listing-title")).toHaveText(name);
  await expect(categories).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Focus is not lost on the page's body: it is back on the toggle.
  await expect(toggle).toBeFocused();
  // A brand is a choice too.
  await toggle.click();
  await page.getByTestId("sidebar-brands").locator("a").first().click();
  await expect(page).toHaveURL(/brand=\d+/);
  await expect(page.getByTestId("sidebar-brands")).toBeHidden();
});

test("header search suggestions: the combobox pattern, by keyboard", { tag: "@phone" }, async ({ page }) => {
  await page.goto(storeUrl("localhost", "/pages/about"));
  await ready(page);
  const form = page.getByTestId(isPhone(page) ? "header-search-mobile" : "header-search");
  if (isPhone(page) && !(await form.isVisible()))
    await page.locator('[data-testid="header-middle"] button[aria-label="Search"][aria-expanded]').click();
  const input = form.getByRole("combobox", { name: "Search products" });
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await input.fill("liq");
  const list = form.getByRole("listbox");
  await expect(list).toBeVisible();
  const options = list.getByRole("option");
  await expect(options.first()).toBeVisible();
  // Nothing is active until an arrow key moves into the list; focus stays in the input.
  expect(await input.getAttribute("aria-activedescendant")).toBeNull();
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(5);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await input.press("ArrowDown");
  await page.screenshot({ path: `/tmp/shots-h2/search-suggestions-${page.viewportSize()?.width}.png` });
  // The combobox, its listbox and the active option pass axe.
  const scope = `[data-testid="${isPhone(page) ? "header-search-mobile" : "header-search"}"]`;
  expect(await seriousViolations(page, { include: scope })).toEqual([]);
  await input.press("ArrowUp");
  await expect(input).toHaveAttribute("aria-controls", (await list.getAttribute("id")) as string);
  const activeId = () => input.getAttribute("aria-activedescendant");
  await input.press("ArrowDown");
  await expect(input).toBeFocused();
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  expect(await activeId()).toBe(await options.nth(0).getAttribute("id"));
  await input.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  expect(await activeId()).toBe(await options.nth(1).getAttribute("id"));
  await input.press("ArrowUp");
  expect(await activeId()).toBe(await options.nth(0).getAttribute("id"));
  // ArrowUp from the first wraps to the last.
  await input.press("ArrowUp");
  expect(await activeId()).toBe(await options.nth(count - 1).getAttribute("id"));
  await input.press("ArrowDown");
  expect(await activeId()).toBe(await options.nth(0).getAttribute("id"));
  // Escape closes the list and leaves focus in the input.
  await input.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(input).toHaveValue("liq");
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await expect(input).toBeFocused();
  expect(await input.getAttribute("aria-activedescendant")).toBeNull();
  // Typing opens it again; Enter on the active option opens that product.
  await input.press("End");
  await input.press("u");
  await expect(options.first()).toBeVisible();
  await input.press("ArrowDown");
  await input.press("ArrowDown");
  const href = await options.nth(1).getAttribute("href");
  expect(href).toMatch(/^\/product\/default\/\d+$/);
  await input.press("Enter");
  await expect(page).toHaveURL(storeUrl("localhost", href as string));
  // Enter without an active option still searches.
  const again = form.getByRole("combobox", { name: "Search products" });
  if (isPhone(page) && !(await form.isVisible()))
    await page.locator('[data-testid="header-middle"] button[aria-label="Search"][aria-expanded]').click();
  await again.fill("liquid");
  await expect(form.getByRole("listbox").getByRole("option").first()).toBeVisible();
  await again.press("Enter");
  await expect(page).toHaveURL(/\/shop\/sidebar\/3cols\?searchTerm=liquid/);
});

test("signed in, the header keeps its height: the points pill on one line, in points, in both languages", {
  tag: "@phone-only",
}, async ({ page }) => {
  // Issue 44 item 2: the pill wrapped "12.5" onto three lines, the header grew to about 100 px and
  // the logo shrank, on every page. The row is as tall as a visitor's; the logo keeps at least 80 % of its width (the old row left it 77 %).
  const middle = page.getByTestId("header-middle");
  const logo = middle.locator("a:has(img)").first();
  await visit(page, "localhost", "/");
  const visitor = {
    height: (await middle.boundingBox())?.height ?? 0,
    logo: (await logo.boundingBox())?.width ?? 0,
  };
  expect(visitor.height).toBeLessThan(80);
  await takeRole(page.context(), "maria");
  const cases = [
    {
      path: "/",
      shown: /^\d[\d,]*\.\d{1,2}$/,
      label: /^Reward points: \d[\d,]*\.\d{1,2} points, worth €[\d,]+\.\d\d$/,
    },
    {
      path: "/el",
      shown: /^\d[\d.]*,\d{1,2}$/,
      label: /^Πόντοι επιβράβευσης: \d[\d.]*,\d{1,2} πόντοι, αξίας [\d.]+,\d\d\u00a0€$/,
    },
  ];
  for (const c of cases) {
    await visit(page, "localhost", c.path);
    const badge = page.getByTestId("points-badge");
    await expect(badge).toBeVisible();
    expect((await middle.boundingBox())?.height, c.path).toBeCloseTo(visitor.height, 0);
    // One line: the pill is one line of text high and its number is not broken.
    const lines = await badge.locator("span:visible").evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(lines, `${c.path}: lines in the points pill`).toBe(1);
    expect((await badge.boundingBox())?.height ?? 99).toBeLessThanOrEqual(32);
    expect((await logo.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(visitor.logo * 0.8);
    // Points as points (the phone shows the number by the star), their euro value in its name.
    await expect(badge).toHaveText(c.shown, { useInnerText: true });
    await expect(badge).toHaveAccessibleName(c.label);
    await middle.screenshot({ path: `/tmp/shots-h2/header-signed-in${c.path === "/" ? "" : "-el"}.png` });
  }
});

test("phone carousels show two cards side by side, and the quick-view strip sits under the picture", {
  tag: "@phone-only",
}, async ({ page }) => {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(storeUrl("localhost", "/"));
    await ready(page);
    const section = page.getByTestId("new-products");
    await section.scrollIntoViewIfNeeded();
    const cards = section.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    // Two whole cards in the viewport's width, on one row.
    const inView = await cards.evaluateAll((els) =>
      els
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.left >= -1 && r.right <= window.innerWidth + 1 && r.width > 0),
    );
    expect(inView.length, `cards fully in view at ${width} px`).toBe(2);
    await section.screenshot({ path: `/tmp/shots-h2/home-carousel-${width}.png` });
    expect(Math.abs((inView[0]?.top ?? 0) - (inView[1]?.top ?? 1))).toBeLessThan(2);
    // The quick view is a strip of its own under the picture, not a bar over it.
    for (let i = 0; i < 2; i++) {
      const card = cards.nth(i);
      const picture = await card.locator("a img").first().boundingBox();
      const strip = await card.getByTestId("card-quick-view").boundingBox();
      expect(picture && strip, "picture and quick view are shown").toBeTruthy();
      if (!picture || !strip) continue;
      expect(strip.y).toBeGreaterThanOrEqual(picture.y + picture.height - 1);
      expect(strip.height).toBeGreaterThan(30);
    }
  }
});

test("a long unbroken word in a product's name and texts widens no page at 320 px", {
  tag: "@phone-only",
}, async ({ page }) => {
  test.setTimeout(120_000);
  const word = "Extraordinarilylongflavournamewithnospacesatall";
  const key = { "x-api-key": "demo-erp-key-main" };
  const put = (active: boolean) =>
    storeApi<{ id: number; storefrontPath: string }>(
      "localhost",
      "PUT",
      "/api/v1/integration/products/E2E-LONG-WORD",
      {
        name: `${word} Cloud Pod Kit`,
        shortDescription: `${word}: ${word} ${word}.`,
        longDescriptionHtml: `<p>${word}${word}</p><p>https://example.com/${word}/${word}/${word}</p>`,
        priceCents: 1999,
        stock: 5,
        active,
      },
      key,
    );
  const created = await put(true);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  try {
    await page.setViewportSize({ width: 320, height: 640 });
    const { id, storefrontPath } = created.body;
    for (const path of [
      storefrontPath,
      `/shop/sidebar/3cols?searchTerm=${word}`,
      `/shop/sidebar/list?searchTerm=${word}`,
    ])
      await expectNoSideScroll(page, "localhost", path);
    const [product] = await findProducts(page, [id]);
    expect(product?.name).toContain(word);
    await seedLists(page, "localhost", {
      cart: [cartItem(product as DemoProduct, 1)],
      wishlist: [snapshot(product as DemoProduct)],
      compare: [snapshot(product as DemoProduct)],
    });
    for (const path of ["/shop/cart", "/shop/wishlist", "/shop/compare"]) {
      await expectNoSideScroll(page, "localhost", path);
      await page.screenshot({
        path: `/tmp/shots-h2/long-word${path.replaceAll("/", "-")}-320.png`,
        fullPage: true,
      });
    }
    await page.goto(storeUrl("localhost", storefrontPath));
    await ready(page);
    await page.screenshot({ path: "/tmp/shots-h2/long-word-product-320.png", fullPage: true });
  } finally {
    // Out of the catalogue again for the other tests.
    expect((await put(false)).status).toBe(200);
  }
});

test("compare on a phone: each row's label on one line, the five stars on one line, in both languages", {
  tag: "@phone-only",
}, async ({ page }) => {
  // Issue 44 item 5: the labels stacked a letter a line and the stars wrapped 3 + 2.
  await page.goto(storeUrl("localhost", "/pages/about"));
  await ready(page);
  const products = (await findProducts(page)).slice(0, 3);
  await seedLists(page, "localhost", { compare: products.map((p) => snapshot(p)) });
  for (const path of ["/shop/compare", "/el/shop/compare"]) {
    await page.goto(storeUrl("localhost", path));
    await ready(page);
    const table = page.getByTestId("compare-page").locator("table");
    await expect(table.getByTestId("compare-name")).toHaveCount(3);
    const labels = await table.locator("tbody th").evaluateAll((ths) =>
      ths.map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { label: th.textContent ?? "", lines: lines.size };
      }),
    );
    expect(labels.filter((l) => l.label).length).toBe(7);
    for (const l of labels) if (l.label) expect(l.lines, `${path}: the label "${l.label}"`).toBe(1);
    const stars = table.locator("td span[aria-hidden=true]").filter({ hasText: "★★★★★" });
    await expect(stars).toHaveCount(3);
    for (const box of await stars.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box, `${path}: five stars on one line`).toBeLessThan(24);
    await page.screenshot({ path: `/tmp/shots-h2/compare-375${path.startsWith("/el") ? "-el" : ""}.png` });
  }
});
