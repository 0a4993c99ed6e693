// Issue 24, item 10: one overlay at a time on a first visit. The 18+ gate, then its welcome, then
// the cookie banner, then the newsletter (only after consent is answered and 5 s, never over
// another dialog or the open mobile menu: it waits and comes after). The home page's ad cube sits
// small in a corner clear of the header and the hero, and once closed stays closed for the session.
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { storeUrl } from "./helpers";
import { ADULT_VISITOR, FRESH_VISITOR } from "./storage-state";
import { isPhone, ready } from "./storefront-helpers";

/** A visitor past the gate and the cookie banner who has not hidden the newsletter. */
const NEWSLETTER_DUE = {
  ...ADULT_VISITOR,
  cookies: ADULT_VISITOR.cookies.filter((c) => !c.name.startsWith("hideNewsletter-")),
};
/** The newsletter modal's delay (spec section 9). */
const DELAY_MS = 5000;

const shown = (page: Page) => ({
  gate: page.getByTestId("age-gate"),
  popup: page.getByTestId("popup"),
  banner: page.getByTestId("consent-banner"),
  newsletter: page.getByTestId("newsletter-modal"),
  cube: page.getByTestId("ad-cube"),
});

/** The overlays on screen now, by test id: exactly the expected one(s) and nothing else. */
async function onScreen(page: Page): Promise<string[]> {
  const all = shown(page);
  const names: string[] = [];
  for (const [name, loc] of Object.entries(all) as [string, Locator][])
    if (await loc.isVisible()) names.push(name);
  return names;
}

/** Keeps asserting for `ms` that `loc` does not show up. */
async function staysAway(page: Page, loc: Locator, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await expect(loc).toHaveCount(0);
    await page.waitForTimeout(250);
  }
}

test.describe("a fresh visitor", () => {
  test.use({ storageState: FRESH_VISITOR });

  test("main store: the gate, then its welcome, then the cookie banner, then the newsletter 5 s after the answer", {
    tag: "@phone",
  }, async ({ page }) => {
    test.setTimeout(90_000);
    const o = shown(page);
    await page.goto(storeUrl("localhost", "/"));
    await ready(page);
    await expect(o.gate).toBeVisible();
    await expect(o.gate.getByRole("heading", { name: "Age Verification" })).toBeVisible();
    // Only the gate, also a while after load (the cube's 400 ms, the newsletter's 5 s are not theirs yet).
    await page.waitForTimeout(1000);
    expect(await onScreen(page)).toEqual(["gate"]);

    await o.gate.getByRole("button", { name: "Yes, I am!" }).click();
    await expect(o.popup.getByRole("heading", { name: "Welcome!" })).toBeVisible();
    await expect(o.gate).toHaveCount(0);
    await page.waitForTimeout(700);
    expect(await onScreen(page)).toEqual(["popup"]);

    await o.popup.getByRole("button", { name: "OK", exact: true }).click();
    await expect(o.popup).toHaveCount(0);
    await expect(o.banner).toBeVisible();
    // The banner is not a modal: the cube may not come before it is answered, nor the newsletter.
    await staysAway(page, o.newsletter, DELAY_MS + 1500);
    expect(await onScreen(page)).toEqual(["banner"]);

    await o.banner.getByRole("button", { name: "Decline" }).click();
    const answered = Date.now();
    await expect(o.banner).toHaveCount(0);
    // Now the cube (400 ms) and, 5 s after the answer, the newsletter.
    await expect(o.cube).toBeVisible();
    await expect(o.newsletter).toBeVisible({ timeout: DELAY_MS + 5000 });
    expect(Date.now() - answered).toBeGreaterThanOrEqual(DELAY_MS - 100);
    await page.screenshot({ path: `/tmp/shots-h2/first-visit-newsletter-${page.viewportSize()?.width}.png` });
    await o.newsletter.getByRole("button", { name: "Close" }).click();
    await expect(o.newsletter).toHaveCount(0);
  });

  test("main store: the 18+ gate is all that shows, on any page first opened", { tag: "@phone" }, async ({
    page,
  }) => {
    const o = shown(page);
    await page.goto(storeUrl("localhost", "/pages/about"));
    await ready(page);
    await expect(o.gate).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-h2/first-visit-gate-${page.viewportSize()?.width}.png` });
    await page.waitForTimeout(800);
    expect(await onScreen(page)).toEqual(["gate"]);
  });

  test("the wholesale store has no gate: the cookie banner comes first", { tag: "@phone" }, async ({
    page,
  }) => {
    const o = shown(page);
    await page.goto(storeUrl("wholesale.localhost", "/"));
    await ready(page);
    await expect(o.banner).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-h2/first-visit-wholesale-${page.viewportSize()?.width}.png` });
    await page.waitForTimeout(800);
    expect(await onScreen(page)).toEqual(["banner"]);
    await o.banner.getByRole("button", { name: "Accept" }).click();
    await expect(o.newsletter).toBeVisible({ timeout: DELAY_MS + 5000 });
  });
});

test.describe("the newsletter waits for what the shopper opened", () => {
  test.use({ storageState: NEWSLETTER_DUE });

  test("a quick view open when the 5 s are up: the newsletter comes after it closes", {
    tag: "@phone",
  }, async ({ page }) => {
    const o = shown(page);
    await page.goto(storeUrl("localhost", "/"));
    await ready(page);
    const card = page.getByTestId("new-products").locator("article, li").first();
    // Mid-screen: at the bottom edge the ad cube's corner would take the tap.
    await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
    if (!isPhone(page)) await card.hover();
    await card.getByTestId("card-quick-view").first().click();
    const quickView = page.getByTestId("quick-view");
    await expect(quickView).toBeVisible();
    await staysAway(page, o.newsletter, DELAY_MS + 1500);
    await page.keyboard.press("Escape");
    await expect(quickView).toHaveCount(0);
    await expect(o.newsletter).toBeVisible({ timeout: 3000 });
  });

  test("the login modal, then the mobile menu: the newsletter waits for both", { tag: "@phone" }, async ({
    page,
  }) => {
    // The page's clock is held still from the moment the login modal is open and moved on by the
    // test, so a busy machine cannot stretch the moment between closing the login modal and
    // opening the menu. (Effects run on animation frames: each step lets a few pass.)
    await page.clock.install();
    const o = shown(page);
    await page.goto(storeUrl("localhost", "/"));
    await ready(page);
    if (isPhone(page)) {
      await page.getByTestId("mobile-menu-toggle").click();
      await page.getByTestId("mobile-menu-signin").click();
    } else {
      await page.getByTestId("menu-signin").click();
    }
    const login = page.getByTestId("login-modal");
    await expect(login).toBeVisible();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
    // The 5 s are up, and past, while the login modal is open: the newsletter waits.
    await page.clock.runFor(DELAY_MS + 1000);
    await expect(o.newsletter).toHaveCount(0);
    await page.keyboard.press("Escape");
    // Past the modal's 300 ms dismiss delay (spec section 9), within the quiet second.
    await page.clock.runFor(400);
    await expect(login).toHaveCount(0);
    if (isPhone(page)) {
      // The menu opened right after the login modal closed: still the newsletter waits.
      await page.getByTestId("mobile-menu-toggle").click();
      await page.clock.runFor(2000);
      await expect(page.getByTestId("mobile-menu")).toHaveAttribute("data-open", "true");
      await expect(o.newsletter).toHaveCount(0);
      await page.keyboard.press("Escape");
      await page.clock.runFor(100);
      await expect(page.getByTestId("mobile-menu")).toHaveAttribute("data-open", "false");
      await expect(o.newsletter).toHaveCount(0);
    }
    // Nothing else open for a second (NEWSLETTER_QUIET_MS), seen at the next half-second look.
    await page.clock.runFor(1600);
    await expect(o.newsletter).toBeVisible();
  });
});

/** The cube's box and the boxes it must keep clear of: the header and the hero's texts and link. */
async function cubeClearOfContent(page: Page): Promise<void> {
  const cube = await page.getByTestId("ad-cube").boundingBox();
  expect(cube).not.toBeNull();
  const box = cube as NonNullable<typeof cube>;
  const viewport = page.viewportSize() as { width: number; height: number };
  // Small, in the bottom-left corner.
  expect(box.width).toBeLessThanOrEqual(isPhone(page) ? 80 : 100);
  expect(box.x).toBeLessThan(40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  const keepClear = page.locator(
    '[data-testid="site-header"], [data-testid="hero-slide"] h2, [data-testid="hero-slide"] p, [data-testid="hero-slide"] a',
  );
  for (let i = 0; i < (await keepClear.count()); i++) {
    const other = await keepClear.nth(i).boundingBox();
    if (!other || other.width === 0) continue;
    const overlaps =
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height;
    expect(
      overlaps,
      `the ad cube covers ${await keepClear.nth(i).evaluate((e) => e.outerHTML.slice(0, 80))}`,
    ).toBe(false);
  }
}

async function freshSession(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    storageState: ADULT_VISITOR,
    viewport: page.viewportSize(),
    isMobile: isPhone(page),
    hasTouch: isPhone(page),
  });
  return context.newPage();
}

for (const host of ["localhost", "cy.localhost"]) {
  test(`${host}: the ad cube sits in a corner clear of the header and hero, and stays closed for the session once closed`, {
    tag: host === "localhost" ? "@phone" : [],
  }, async ({ page, browser }) => {
    const cube = page.getByTestId("ad-cube");
    await page.goto(storeUrl(host, "/"));
    await ready(page);
    await expect(cube).toBeVisible();
    // Measured once its entrance (a 0.4 s slide) is over: on a busy machine the frames come late,
    // so wait for the animation itself rather than a fixed time (its spin is on a child, endless).
    await cube.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await expect(() => cubeClearOfContent(page)).toPass({ timeout: 15_000 });
    await page.screenshot({ path: `/tmp/shots-h2/ad-cube-${host}-${page.viewportSize()?.width}.png` });
    await cube.getByRole("button", { name: "Close ad" }).click();
    await expect(cube).toHaveCount(0);
    // Reloads and navigations in the same session: closed.
    await page.reload();
    await ready(page);
    await page.waitForTimeout(1000);
    await expect(cube).toHaveCount(0);
    await page.goto(storeUrl(host, "/pages/about"));
    await ready(page);
    await page.getByRole("link", { name: /home$/ }).first().click();
    await expect(page.getByTestId("home")).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(cube).toHaveCount(0);
    // A new session shows it again.
    const other = await freshSession(browser, page);
    await other.goto(storeUrl(host, "/"));
    await expect(other.getByTestId("ad-cube")).toBeVisible();
    await other.context().close();
  });
}
