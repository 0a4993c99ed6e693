// The back office's content screens in Chromium: the demo owner edits the about page's text and
// sees it on /pages/about; moves and hides a hero slide and the home page follows (then puts it
// back); axe finds no violation of any impact on each content, category and brand screen at 1280
// and 768 px.
import { expect, type Page, test } from "@playwright/test";
import { allViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

// The back office's content journeys run on the desktop project (docs/decisions/0039-e2e-plan.md).

const admin = (path: string) => storeUrl("localhost", path);

async function heroSources(page: Page): Promise<string[]> {
  await page.goto(storeUrl("localhost", "/"));
  const hero = page.getByTestId("hero-slider");
  await expect(hero).toBeVisible();
  const srcs = await hero
    .getByTestId("hero-slide")
    .locator("img")
    .evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
  return [...new Set(srcs)];
}

async function slideRows(page: Page): Promise<string[]> {
  const table = page.getByRole("table", { name: "Hero slides in display order" });
  await expect(table).toBeVisible();
  return table
    .locator("tbody tr img")
    .evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
}

test("the owner edits the about page's text and sees it on /pages/about", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  await page.goto(admin("/admin/content"));
  await page.getByRole("link", { name: "Edit Our vision" }).click();
  const field = page.getByLabel("Text", { exact: true });
  await expect(field).toBeVisible();
  const vision = `A shop that helps every smoker switch for good (${Date.now()}).`;
  await field.fill(vision);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. The page shows it now.")).toBeVisible();

  await page.goto(storeUrl("localhost", "/pages/about"));
  await expect(page.getByText(vision)).toBeVisible();
  expect(errors).toEqual([]);
});

test("the owner moves and hides a slide and the home page follows", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  await page.goto(admin("/admin/slides"));
  const before = await slideRows(page);
  expect(before.length).toBeGreaterThan(2);
  const shownBefore = await heroSources(page);
  const [first, second] = shownBefore;
  expect(first && second).toBeTruthy();

  // Move the first slide down: the home page now starts with the second.
  await page.goto(admin("/admin/slides"));
  await page
    .getByRole("button", { name: /^Move .* down$/ })
    .first()
    .click();
  await expect(page.getByText("New order saved.")).toBeVisible();
  expect((await heroSources(page))[0]).toBe(second);

  // Hide it: it leaves the home page.
  await page.goto(admin("/admin/slides"));
  const rows = await slideRows(page);
  const index = rows.indexOf(first as string);
  await page
    .getByRole("link", { name: /^Edit / })
    .nth(index)
    .click();
  const show = page.getByLabel("Show this slide");
  await expect(show).toBeChecked();
  await show.uncheck();
  await page.getByRole("button", { name: "Save slide" }).click();
  await expect(page.getByText("Slide saved.")).toBeVisible();
  expect(await heroSources(page)).not.toContain(first);

  // Put it back as it was.
  await page.goto(admin("/admin/slides"));
  await page
    .getByRole("link", { name: /^Edit / })
    .nth(index)
    .click();
  await page.getByLabel("Show this slide").check();
  await page.getByRole("button", { name: "Save slide" }).click();
  await expect(page.getByText("Slide saved.")).toBeVisible();
  await page.goto(admin("/admin/slides"));
  await page
    .getByRole("button", { name: /^Move .* up$/ })
    .nth(index)
    .click();
  await expect(page.getByText("New order saved.")).toBeVisible();
  expect(await heroSources(page)).toEqual(shownBefore);
  expect(errors).toEqual([]);
});

const SCREENS = [
  { path: "/admin/categories", heading: "Categories" },
  { path: "/admin/categories?edit=sub:new", heading: "Categories" },
  { path: "/admin/brands", heading: "Brands" },
  { path: "/admin/brands?edit=new", heading: "Brands" },
  { path: "/admin/content", heading: "About & contact pages" },
  {
    path: `/admin/content?position=${encodeURIComponent("top image about")}`,
    heading: "About & contact pages",
  },
  { path: "/admin/pages", heading: "Terms, privacy and returns" },
  { path: "/admin/pages?page=privacy&edit=new", heading: "Terms, privacy and returns" },
  { path: "/admin/slides", heading: "Hero slides" },
  { path: "/admin/slides?edit=new", heading: "Hero slides" },
  { path: "/admin/seo", heading: "SEO texts" },
  { path: "/admin/shipping", heading: "Shipping methods" },
  { path: "/admin/shipping?edit=new", heading: "Shipping methods" },
  { path: "/admin/warehouses", heading: "Warehouses" },
  { path: "/admin/warehouses?edit=new", heading: "Warehouses" },
  { path: "/admin/reviews", heading: "Reviews" },
  { path: "/admin/reviews?edit=new", heading: "Reviews" },
];

for (const width of [1280, 768]) {
  test(`axe finds no violation on the content, category and brand screens at ${width} px`, async ({
    page,
  }) => {
    // Twenty screens, each loaded and checked by axe: about 2-3 s a screen on a quiet machine,
    // twice that on a busy one, where 120 s ran out half-way through the walk.
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    const errors = collectPageErrors(page);
    await openAdminAs(page);
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(admin(screen.path));
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
      for (const v of await allViolations(page)) found.push(`${screen.path}: ${v}`);
      // Every screen fits the window: the About & contact list once grew to 2,250 px with one long
      // text, its Edit links off-screen.
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (wider > 0) found.push(`${screen.path}: ${wider} px wider than the window`);
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
}
