// The back office's products in the browser: the owner changes a price and a shopper sees it on
// the product page at once; uploads a picture (a real PNG) and sees it there; the staff role
// sees the product form read-only; the list and the editor are axe-clean at 1280 and 768 px.
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { allViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

// Desktop project only (docs/decisions/0039-e2e-plan.md): the catalogue is a desktop and tablet
// screen, checked at 1280 and 768 px below.

/** The first product of the list (newest change first) and its editor. */
async function openProduct(page: Page, search: string): Promise<number> {
  await page.goto(storeUrl("localhost", `/admin/products?q=${encodeURIComponent(search)}`));
  const first = page.getByRole("table", { name: "Products" }).getByRole("row").nth(1).getByRole("link");
  await first.click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test("the owner changes a price and the storefront's product page shows it", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const id = await openProduct(page, "lanyard");
  const price = page.getByLabel("Price (€, VAT included)");
  await price.fill("17.77");
  await page.getByLabel("Sale price (€)").fill("");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Product saved. The shop shows it now.")).toBeVisible();
  // The page reloads the product after the save (its new version); wait for that.
  await page.waitForLoadState("networkidle");
  await expect(price).toHaveValue("17.77");

  // A bad sale price is marked on its field by the shared rule, and nothing is saved.
  await page.getByLabel("Sale price (€)").fill("20");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByLabel("Sale price (€)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The sale price must be lower than the price")).toBeVisible();

  const shop = await page.context().newPage();
  await shop.goto(storeUrl("localhost", `/product/default/${id}`));
  await expect(shop.getByRole("main")).toContainText("€17.77");
  await shop.close();
  expect(errors).toEqual([]);
});

test("the owner uploads a picture and sees it on the product page", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const id = await openProduct(page, "travel case");
  const pictures = page.locator("section", { has: page.getByRole("heading", { name: "Pictures" }) });
  const before = await pictures.getByRole("img").count();
  const png = await sharp({
    create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 140, b: 90 } },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Add a picture")
    .setInputFiles({ name: "case.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Picture added.")).toBeVisible();
  await expect(pictures.getByRole("img")).toHaveCount(before + 1);
  await expect(pictures.getByText("600×467")).toBeVisible();
  const thumb = await pictures.getByRole("img").last().getAttribute("src");
  expect(thumb).toMatch(/^\/images\/products\/.+-sm\.webp$/);
  const url = (thumb ?? "").replace(/-sm\.webp$/, ".webp");

  const shop = await page.context().newPage();
  await shop.goto(storeUrl("localhost", `/product/default/${id}`));
  const shown = shop.locator(`img[src="${url}"]`).first();
  await expect(shown).toBeAttached();
  const loaded = await shown.evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((r) => img.addEventListener("load", r, { once: true }));
    return img.naturalWidth;
  });
  expect(loaded).toBe(600);
  await shop.close();
  expect(errors).toEqual([]);
});

test("the staff account sees the product form read-only", async ({ page }) => {
  await openAdminAs(page, "staff");
  await page.goto(storeUrl("localhost", "/admin/products"));
  await expect(page.getByRole("link", { name: "New product" })).toHaveCount(0);
  await openProduct(page, "lanyard");
  await expect(page.getByText("Read only", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeDisabled();
  await page.getByRole("tab", { name: "Ελληνικά" }).click();
  await expect(page.getByRole("textbox", { name: "Name (Ελληνικά)", exact: true })).toBeDisabled();
  await expect(page.getByLabel("Price (€, VAT included)")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save product" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Upload" })).toHaveCount(0);
  const refused = await page.evaluate(
    async () => (await fetch("/admin/api/products/1", { method: "DELETE" })).status,
  );
  expect(refused).toBe(403);
});

for (const width of [1280, 768]) {
  test(`the product list and editor are axe-clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAdminAs(page);
    const problems: string[] = [];
    await page.goto(storeUrl("localhost", "/admin/products?flag=hot&sort=price&dir=asc"));
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    for (const v of await allViolations(page)) problems.push(`list: ${v}`);
    await openProduct(page, "driftwood");
    await expect(page.getByRole("button", { name: "Save product" })).toBeVisible();
    for (const v of await allViolations(page)) problems.push(`editor: ${v}`);
    await page.goto(storeUrl("localhost", "/admin/products/new"));
    await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
    for (const v of await allViolations(page)) problems.push(`new: ${v}`);
    // The delete confirmation, opened by keyboard.
    await openProduct(page, "driftwood");
    await page.getByRole("button", { name: "Delete", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Delete this product?" })).toBeVisible();
    for (const v of await allViolations(page)) problems.push(`confirm: ${v}`);
    await page.keyboard.press("Escape");
    expect(problems).toEqual([]);
  });
}
