// Importing a catalogue file in the back office (issue 22): the owner uploads a CSV with one bad
// row and sees it named by line and column with nothing written; fixes the file, checks it again
// (counts), imports it, and a shopper finds the new products on the storefront. The screen is
// axe-clean with its problem list and its result, at 1280 and 390 px.
import { expect, type Page, test } from "@playwright/test";
import { allViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

// Desktop project only (docs/decisions/0039-e2e-plan.md): one run covers both widths (1280 and 390 px).

const csvFile = (text: string) => ({
  name: "catalogue.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(text),
});

/** Axe at both widths and a screenshot of each (looked at by hand: .tmp/admin-import-*.png). */
async function checkWidths(page: Page, state: string, problems: string[]) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const v of await allViolations(page)) problems.push(`${state} at ${width}: ${v}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${state} at ${width}: the page is ${overflow} px wider than the window`);
    await page.screenshot({ path: `.tmp/admin-import-${state}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the owner imports a catalogue file: a bad row is listed, the fixed file is imported, the shop shows it", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const problems: string[] = [];
  const run = Date.now().toString(36).toUpperCase();
  const code = `E2E-IMP-${run}`;
  const name = `Imported Kiwi Ice ${run}`;
  const bad = [
    "code,name,price,sale_price,categories,brand,new,stock",
    `${code}-1,"${name}, 10 ml",12.50,,EL-FRUIT|EL-MENTHOL,ORBITEK,yes,5`,
    `${code}-2,"${name}, 50 ml",,,EL-FRUIT,ORBITEK,no,3`,
  ].join("\n");

  await openAdminAs(page);
  await page.goto(storeUrl("localhost", "/admin/products"));
  await page.getByRole("link", { name: "Import from a file" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();

  await page.getByLabel("Catalogue file (CSV)").setInputFiles(csvFile(bad));
  await page.getByRole("button", { name: "Check file" }).click();
  const list = page.getByRole("alert");
  await expect(list).toContainText("1 problem in the file; nothing was imported.");
  await expect(list).toContainText("line 3, price: Enter the price.");
  await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  await checkWidths(page, "problems", problems);

  // The fixed file: checked again (the counts), then imported.
  await page
    .getByLabel("Catalogue file (CSV)")
    .setInputFiles(csvFile(bad.replace('50 ml",,', '50 ml",24.00,')));
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(
    page.getByText("The file is ready: 2 new products, 0 products updated, 0 unchanged."),
  ).toBeVisible();
  await checkWidths(page, "checked", problems);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Imported 2 rows: 2 created, 0 updated, 0 unchanged.");
  await checkWidths(page, "imported", problems);

  // A shopper finds them at once.
  const shop = await page.context().newPage();
  await shop.goto(storeUrl("localhost", `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(name)}`));
  await expect(shop.getByRole("main")).toContainText(`${name}, 10 ml`);
  await expect(shop.getByRole("main")).toContainText(`${name}, 50 ml`);
  await shop.close();

  // The list shows them too.
  await page.goto(storeUrl("localhost", `/admin/products?q=${encodeURIComponent(code)}`));
  await expect(page.getByRole("table", { name: "Products" })).toContainText(`${code}-2`);
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});
