// What a first page load must not spend main-thread time on (docs/decisions/0016): ICU's locale
// data, which the first Intl call in a tab loads (30-110 ms here); a second copy of the
// storefront's stylesheet, which makes the browser restyle the whole document; and hydration
// moving server-rendered elements, which makes it drop and rebuild their layout.
import { expect, type Page, test } from "@playwright/test";
import { COMPILE_HINT } from "../../scripts/compile-hints";
import { openStore } from "./cart-helpers";
import { collectPageErrors } from "./helpers";

const HOST = "localhost";

/** The pages a shopper lands on most, in English and in Greek. */
const FIRST_LOAD_PAGES = [
  "/",
  "/shop/sidebar/3cols",
  "/product/default/1",
  "/el",
  "/el/shop/sidebar/3cols",
  "/el/product/default/1",
];

/** Counts every Intl object and locale-sensitive call the page makes, from before its scripts run. */
async function countIntlCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
    for (const name of Object.getOwnPropertyNames(Intl)) {
      const Original = intl[name];
      if (typeof Original !== "function") continue;
      intl[name] = new Proxy(Original, {
        // construct must return an object: what the real constructor builds is one.
        construct(target, args) {
          calls.push(`Intl.${name}`);
          return Reflect.construct(target, args) as object;
        },
      });
    }
    const methods: [object, string][] = [
      [String.prototype, "localeCompare"],
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [Array.prototype, "toLocaleString"],
    ];
    for (const [proto, method] of methods) {
      const original = (proto as Record<string, (...a: unknown[]) => unknown>)[method];
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          calls.push(method);
          return original.apply(this, args);
        },
      });
    }
  });
}

const intlCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);

for (const path of FIRST_LOAD_PAGES) {
  test(`${path} loads and hydrates without touching Intl`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await countIntlCalls(page);
    await openStore(page, HOST, path);
    // Prices, points and dates are on the page, formatted without ICU.
    await expect(page.locator("body")).toContainText("€");
    expect(await intlCalls(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

const stylesheets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (l) => new URL(l.href).pathname,
    ),
  );

test("the storefront stylesheet is linked once, also after lazy chunks have loaded", async ({ page }) => {
  const errors = collectPageErrors(page);
  // The home page's ad cube loads its chunk 400 ms after the page.
  await openStore(page, HOST, "/");
  await expect(page.getByTestId("ad-cube")).toBeVisible();
  expect(await stylesheets(page)).toHaveLength(1);
  // Quick view, from a listing card.
  await openStore(page, HOST, "/shop/sidebar/3cols");
  const card = page.getByTestId("product-grid").locator(":scope > li").first();
  await card.hover();
  await card.getByTestId("card-quick-view").click();
  await expect(page.getByTestId("quick-view")).toBeVisible();
  expect(await stylesheets(page)).toHaveLength(1);
  expect(errors).toEqual([]);
});

/**
 * Every element the document loses from its parent (a move is a removal and an insertion), but
 * React's stream segments: the hidden <div id="S:n"> that carry late parts of the stream (React
 * Router's data) and that React's inline script empties and drops as they arrive.
 */
async function recordRemovals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { __removed: string[] }).__removed = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (
            node instanceof Element &&
            !["LINK", "SCRIPT", "TEMPLATE"].includes(node.tagName) &&
            !/^S:\d+$/.test(node.id)
          )
            removed.push(`${node.tagName}#${node.id}.${node.getAttribute("class") ?? ""}`);
    }).observe(document, { childList: true, subtree: true });
  });
}

for (const path of FIRST_LOAD_PAGES) {
  test(`${path} hydrates in place: no server-rendered element is moved or replaced`, {
    tag: path.startsWith("/el") ? [] : "@phone",
  }, async ({ page }) => {
    const errors = collectPageErrors(page);
    await recordRemovals(page);
    await openStore(page, HOST, path);
    // Past the turns of the first screen (the header, the page content) and the idle-time loads.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { __removed: string[] }).__removed)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

// docs/decisions/0017: the scripts a first load runs carry V8's eager-compile hint (compiled in
// the background while they stream in), the chunks loaded later do not.
test("the scripts of a first load carry the compile hint, a lazy chunk does not", async ({ page }) => {
  await openStore(page, HOST, "/");
  // The ad cube's chunk is a lazy one, loaded 400 ms after the page.
  await expect(page.getByTestId("ad-cube")).toBeVisible();
  const html = await (await page.request.get(page.url())).text();
  // React Router's route manifest is data, emitted by React Router rather than by the bundler.
  const firstLoad = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)]
    .map((m) => m[1] as string)
    .filter((href) => !href.includes("/manifest-"));
  expect(firstLoad.length).toBeGreaterThan(3);
  const lazy = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith("/assets/AdCube-")),
  );
  expect(lazy).toHaveLength(1);
  const hinted = async (path: string) =>
    (await (await page.request.get(new URL(path, page.url()).href)).text()).startsWith(`${COMPILE_HINT}\n`);
  for (const path of firstLoad) expect(await hinted(path), path).toBe(true);
  expect(await hinted(lazy[0] as string)).toBe(false);
});
