// Issue 24, item 14: axe (no critical or serious violation) on every storefront page of the
// three demo stores, with the states that matter open, at 375 px (phone) and 1280 px (desktop);
// and the keyboard: the mobile menu keeps focus inside and gives it back, every dialog and
// dropdown returns focus to what opened it. The sign-in, register, expired reset and dashboard
// pages are scanned in account-a11y.spec.ts, the content pages in content-a11y.spec.ts.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { groupName } from "../../core/product-rules";
import { pageApi, resetLinkFor, STORE_ID } from "./account-helpers";
import { seriousViolations } from "./axe";
import { cartItem, findProducts, seedLists } from "./cart-helpers";
import { outOfStockProduct } from "./content-helpers";
import { storeUrl } from "./helpers";
import { ADULT_VISITOR, FRESH_VISITOR } from "./storage-state";
import { type ApiProduct, catalogue, ready } from "./storefront-helpers";

/** Every violation of a state is listed (soft), and the test fails at its end if there was one. */
async function axeClean(page: Page, what: string) {
  const bad = await seriousViolations(page);
  expect.soft(bad, `${what}\n${bad.join("\n")}`).toEqual([]);
}

async function visitAndScan(page: Page, host: string, path: string) {
  await page.goto(storeUrl(host, path));
  await ready(page);
  await axeClean(page, `${host}${path}`);
}

/** A listing searched for this product, and its card (which names a variant's group). */
async function cardOf(page: Page, host: string, product: ApiProduct): Promise<Locator> {
  const name = groupName(product);
  await page.goto(storeUrl(host, `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(name)}`));
  await ready(page);
  return page.getByTestId("product-card").filter({ hasText: name }).first();
}

/** The quick view's button of a card (hover shows it on a desktop; focus does too). */
const quickViewButton = (card: Locator) => card.getByTestId("card-quick-view");

async function expectFocused(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** Focus and a key, as a keyboard user opens it. */
async function pressKey(target: Locator, key: string) {
  await target.focus();
  await target.press(key);
}

const cartButton = (page: Page) => page.getByTestId("cart-dropdown").getByRole("button", { name: /^Cart,/ });

test.describe("axe on every storefront page", () => {
  // A scan takes a few seconds on a busy machine; these tests make a dozen each.
  test.describe.configure({ timeout: 300_000 });

  test("main store: home, listings, brands, not-found pages and payment returns", { tag: "@phone" }, async ({
    page,
  }) => {
    await visitAndScan(page, "localhost", "/");
    await visitAndScan(page, "localhost", "/shop/sidebar/3cols");
    // The filter links (folded away on a phone, hence not by role).
    const category = await page.getByTestId("sidebar-categories").locator("a").first().getAttribute("href");
    const brand = await page.getByTestId("sidebar-brands").locator("a").first().getAttribute("href");
    await visitAndScan(page, "localhost", "/shop/sidebar/list");
    await visitAndScan(page, "localhost", category as string);
    await visitAndScan(page, "localhost", brand as string);
    await visitAndScan(page, "localhost", "/shop/sidebar/3cols?searchTerm=mint");
    await visitAndScan(page, "localhost", "/shop/sidebar/list?searchTerm=qqqzzzxx");
    await expect(page.getByTestId("listing-empty")).toBeVisible();
    await visitAndScan(page, "localhost", "/brands");
    await visitAndScan(page, "localhost", "/pages/404");
    await visitAndScan(page, "localhost", "/no-such-page");
    await visitAndScan(page, "localhost", "/product/default/999999");
    await visitAndScan(page, "localhost", "/payment-success?s=NOPE&t=none");
    await visitAndScan(page, "localhost", "/payment-failed?s=NOPE");
  });

  test("product pages with variants, without and out of stock; both quick views; login and notify modals", {
    tag: "@phone",
  }, async ({ page, request }) => {
    const all = await catalogue(request, "localhost");
    const withVariants = all.find((p) => p.varRel.length > 0) as ApiProduct;
    const withSwatches = all.find((p) => p.variants.length > 0) as ApiProduct;
    const simple = all.find(
      (p) => p.varRel.length === 0 && p.variants.length === 0 && (p.stock ?? 0) > 0,
    ) as ApiProduct;
    await visitAndScan(page, "localhost", `/product/default/${withVariants.id}`);
    await visitAndScan(page, "localhost", `/product/default/${simple.id}`);
    // The success toast, once it has slid in (sonner fades it in: mid-way it is paler).
    await page.getByTestId("add-to-cart").first().click();
    const toast = page.locator('[data-sonner-toast][data-type="success"][data-mounted="true"]');
    await expect(toast).toBeVisible();
    await page.waitForTimeout(600);
    const toastBad = await seriousViolations(page, { include: "[data-sonner-toaster]" });
    expect.soft(toastBad, `success toast\n${toastBad.join("\n")}`).toEqual([]);
    const sold = await outOfStockProduct("localhost");
    try {
      await visitAndScan(page, "localhost", `/product/default/${sold.id}`);
      await page.getByTestId("notify-link").first().click();
      await expect(page.getByTestId("notify-modal")).toBeVisible();
      await axeClean(page, "notify modal");
    } finally {
      await sold.restore();
    }

    await pressKey(quickViewButton(await cardOf(page, "localhost", withSwatches)), "Enter");
    await expect(page.getByTestId("quick-view-slug").locator("[data-state=loaded]")).toBeVisible();
    await axeClean(page, "quick view by slug");
    await page.keyboard.press("Escape");

    await pressKey(quickViewButton(await cardOf(page, "localhost", withVariants)), "Enter");
    await expect(page.getByTestId("quick-view").locator("[data-state=loaded]")).toBeVisible();
    await axeClean(page, "quick view by id");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("quick-view")).toHaveCount(0);

    await page.getByTestId("account-links").getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("login-modal").getByLabel("Username or email address")).toBeVisible();
    await axeClean(page, "login modal");
  });

  test("cart empty and full, the cart dropdown, wishlist, compare, a valid password-reset link", {
    tag: "@phone",
  }, async ({ page }) => {
    await visitAndScan(page, "localhost", "/shop/cart");
    await visitAndScan(page, "localhost", "/shop/wishlist");
    await visitAndScan(page, "localhost", "/shop/compare");
    const products = (await findProducts(page)).filter((p) => p.stock >= 3).slice(0, 3);
    await seedLists(page, "localhost", {
      cart: [cartItem(products[0], 1), cartItem(products[1], 2)],
      wishlist: products.map((p) => cartItem(p, 1)),
      compare: products.slice(0, 2).map((p) => cartItem(p, 1)),
    });
    await visitAndScan(page, "localhost", "/shop/cart");
    await cartButton(page).click();
    await expect(page.getByTestId("cart-dropdown-panel")).toBeVisible();
    await axeClean(page, "cart dropdown");
    await visitAndScan(page, "localhost", "/shop/wishlist");
    await visitAndScan(page, "localhost", "/shop/compare");

    const asked = Date.now();
    const forgot = await pageApi(page, "POST", "/api/v1/auth/forgot", { email: "maria@example.com" });
    expect(forgot.status).toBe(200);
    await page.goto(await resetLinkFor(STORE_ID.localhost, "maria@example.com", asked));
    await ready(page);
    await expect(page.getByLabel(/^New password/).first()).toBeVisible();
    await axeClean(page, "password reset (valid link)");
  });

  test("the mobile menu, open on both tabs", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/"));
    await ready(page);
    await page.getByTestId("mobile-menu-toggle").click();
    await expect(page.getByTestId("mobile-menu")).toHaveAttribute("data-open", "true");
    await axeClean(page, "mobile menu");
    await page.getByRole("tab", { name: "Categories" }).click();
    await page.getByTestId("mobile-categories").getByRole("button").first().click();
    await expect(page.getByTestId("mobile-subcategory").first()).toBeVisible();
    await axeClean(page, "mobile menu categories");
  });

  for (const host of ["cy.localhost", "wholesale.localhost"]) {
    test(`${host} (its own colours): home, listing, product, cart`, { tag: "@phone" }, async ({
      page,
      request,
    }) => {
      await visitAndScan(page, host, "/");
      await visitAndScan(page, host, "/shop/sidebar/3cols");
      const all = await catalogue(request, host);
      await visitAndScan(page, host, `/product/default/${all[0].id}`);
      const products = (await findProducts(page)).filter((p) => p.stock >= 2).slice(0, 2);
      await seedLists(page, host, { cart: products.map((p) => cartItem(p, 1)) });
      await visitAndScan(page, host, "/shop/cart");
    });
  }
});

test.describe("first visit", () => {
  test.use({ storageState: FRESH_VISITOR });
  test("the age gate, then the cookie banner", { tag: "@phone" }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/"));
    const gate = page.getByTestId("age-gate");
    await expect(gate).toBeVisible();
    await ready(page);
    await axeClean(page, "age gate");
    await gate.getByRole("button", { name: /yes/i }).click();
    // Its welcome first, then the banner.
    const ok = page.getByTestId("popup").getByRole("button", { name: "OK" });
    await expect(ok).toBeVisible();
    await ok.click();
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await axeClean(page, "cookie banner");
  });
});

test.describe("keyboard: focus stays in the mobile menu and comes back", () => {
  test("Tab and Shift+Tab cycle inside the open menu; Escape closes it and focuses the menu button", {
    tag: "@phone-only",
  }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/"));
    await ready(page);
    const toggle = page.getByTestId("mobile-menu-toggle");
    const menu = page.getByTestId("mobile-menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("data-open", "true");
    await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    const controls = await menu
      .locator('a[href], button:not([disabled]), input:not([type="hidden"])')
      .evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).length);
    // Twice round the menu forwards, then backwards: focus never leaves it.
    for (let i = 0; i < controls * 2 + 2; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((m) => m.contains(document.activeElement)), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await menu.evaluate((m) => m.contains(document.activeElement)), `Shift+Tab ${i + 1}`).toBe(true);
    }
    // From the first control (the language link where the store speaks two, else Close menu),
    // Shift+Tab wraps to the last.
    await menu
      .locator('a[href], button:not([disabled]), input:not([type="hidden"])')
      .evaluateAll((els) =>
        (els.find((el) => el.getClientRects().length > 0) as HTMLElement | undefined)?.focus(),
      );
    await page.keyboard.press("Shift+Tab");
    const last = await menu
      .locator('a[href], button:not([disabled]), input:not([type="hidden"])')
      .evaluateAll((els) => {
        const shown = els.filter((el) => el.getClientRects().length > 0);
        return shown[shown.length - 1] === document.activeElement;
      });
    expect(last).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("data-open", "false");
    await expectFocused(toggle);

    // Closed by its Close button, too.
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("data-open", "true");
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toHaveAttribute("data-open", "false");
    await expectFocused(toggle);

    // The menu's 'Sign in' closes it and opens the login modal; closing that comes back to
    // the menu button, not to <body>.
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("data-open", "true");
    await pressKey(menu.getByTestId("mobile-menu-signin"), "Enter");
    const login = page.getByTestId("login-modal");
    await expect(login.getByLabel("Username or email address")).toBeVisible();
    await expect(menu).toHaveAttribute("data-open", "false");
    await page.keyboard.press("Escape");
    await expect(login).toHaveCount(0);
    await expectFocused(toggle);
  });
});

test.describe("keyboard: dialogs and dropdowns give focus back to what opened them", () => {
  test.describe.configure({ timeout: 120_000 });

  test("login modal and a message popup", { tag: "@phone" }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/pages/about"));
    await ready(page);
    const signIn = page.getByTestId("account-links").getByRole("button", { name: "Sign in" });
    await signIn.focus();
    await page.keyboard.press("Enter");
    const modal = page.getByTestId("login-modal");
    await expect(modal.getByLabel("Username or email address")).toBeVisible();
    await expect.poll(() => modal.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    await expectFocused(signIn);

    // A popup (the spec's 'fill in' message) opened by the login page's button.
    await page.goto(storeUrl("localhost", "/pages/login"));
    await ready(page);
    const logIn = page.getByTestId("page-login-form").getByRole("button", { name: "Log in" });
    await logIn.focus();
    await page.keyboard.press("Enter");
    const popup = page.getByTestId("popup");
    await expect(popup).toBeVisible();
    await expectFocused(popup.getByRole("button", { name: "OK" }));
    await page.keyboard.press("Enter");
    await expect(popup).toHaveCount(0);
    await expectFocused(logIn);
  });

  test("quick views (by id and by slug), the video and the notify modal", { tag: "@phone" }, async ({
    page,
    request,
  }) => {
    const all = await catalogue(request, "localhost");
    const withVariants = all.find((p) => p.varRel.length > 0) as ApiProduct;
    const withSwatches = all.find((p) => p.variants.length > 0) as ApiProduct;
    for (const [product, testId] of [
      [withVariants, "quick-view"],
      [withSwatches, "quick-view-slug"],
    ] as const) {
      const opener = quickViewButton(await cardOf(page, "localhost", product));
      await opener.focus();
      await page.keyboard.press("Enter");
      const modal = page.getByTestId(testId);
      await expect(modal.locator("[data-state=loaded]")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(modal).toHaveCount(0);
      await expectFocused(opener);
    }

    const withVideo = all.find((p) => p.videoUrl) as ApiProduct;
    // The player is YouTube's: nothing leaves the machine.
    await page.route("https://www.youtube.com/**", (r) => r.fulfill({ status: 200, body: "<p>video</p>" }));
    const video = (await cardOf(page, "localhost", withVideo)).getByTestId("card-watch-video");
    await video.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("video-modal")).toBeVisible();
    await page.getByTestId("video-modal").getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("video-modal")).toHaveCount(0);
    await expectFocused(video);

    const sold = await outOfStockProduct("localhost");
    try {
      await page.goto(storeUrl("localhost", `/product/default/${sold.id}`));
      await ready(page);
      const notify = page.getByTestId("notify-link").first();
      await notify.focus();
      await page.keyboard.press("Enter");
      const modal = page.getByTestId("notify-modal");
      await expect(modal).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(modal).toHaveCount(0);
      await expectFocused(notify);
    } finally {
      await sold.restore();
    }
  });

  test("the cart dropdown", { tag: "@phone" }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/pages/about"));
    await ready(page);
    const products = (await findProducts(page)).filter((p) => p.stock >= 2).slice(0, 1);
    await seedLists(page, "localhost", { cart: [cartItem(products[0], 1)] });
    const cart = cartButton(page);
    await cart.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("cart-dropdown-panel");
    await expect(panel).toBeVisible();
    await expect(cart).toHaveAttribute("aria-expanded", "true");
    // Into the panel, then Escape: the panel closes and the cart button has focus again.
    await page.keyboard.press("Tab");
    await expect.poll(() => panel.evaluate((p) => p.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expectFocused(cart);
  });

  test("the category dropdown", async ({ page }) => {
    await page.goto(storeUrl("localhost", "/pages/about"));
    await ready(page);
    const browse = page.getByRole("button", { name: "Browse Categories" });
    await browse.focus();
    await page.keyboard.press("Enter");
    await expect(browse).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect
      .poll(() =>
        page.locator("#category-dropdown-panel").evaluate((p) => p.contains(document.activeElement)),
      )
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(browse).toHaveAttribute("aria-expanded", "false");
    await expectFocused(browse);
  });
});

test.describe("keyboard: the newsletter modal", () => {
  test.use({
    storageState: {
      ...ADULT_VISITOR,
      cookies: ADULT_VISITOR.cookies.filter((c) => !c.name.startsWith("hideNewsletter")),
    },
  });
  test("has no serious axe violation and gives focus back to where it was when it opened by itself", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/"));
    await ready(page);
    const link = page.getByRole("main").getByRole("link").first();
    await link.focus();
    const modal = page.getByTestId("newsletter-modal");
    await expect(modal).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => modal.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await axeClean(page, "newsletter modal");
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    await expectFocused(link);
  });
});
