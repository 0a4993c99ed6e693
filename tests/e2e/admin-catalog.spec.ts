// The back office's products in the browser: the owner changes a price and a shopper sees it on
// the product page at once; makes a product with colour variants, several pictures (multi-select)
// and stock in one sitting, and a shopper buys it; bulk-sets the stock of a filtered selection and
// the shop shows it; its price and sale price reach the shop (issue 45); uploads pictures (real
// PNGs) and sees them there; the staff role sees the product form read-only; the list, the editor
// and the new product's form are axe-clean at 1280 and 768 px.
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectStyledToast } from "./admin-helpers";
import { allViolations } from "./axe";
import { euro, openStore, toast } from "./cart-helpers";
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

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/**
 * Products → New product as the owner of issue 45 did it, in one sitting: two colour rows, size
 * left empty, each priced as the product; two pictures chosen at once; stock 12 in the web shop's
 * warehouse; published. Answers the new product's id.
 */
async function newColourProduct(page: Page, name: string): Promise<number> {
  await page.goto(storeUrl("localhost", "/admin/products/new"));
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByLabel("Product code").fill(`E2E-${Date.now().toString(36).toUpperCase()}`);
  await page.getByLabel("Price (€, VAT included)").fill("24.90");
  await page.getByLabel("Weight (grams)").fill("300");
  const rows = page.locator("li", { has: page.getByLabel("Colour name") });
  for (const [colour, hex] of [
    ["Black", "#000000"],
    ["Red", "#c92a2a"],
  ]) {
    await page.getByRole("button", { name: "Add a variant" }).click();
    const row = rows.last();
    await row.getByLabel("Colour", { exact: true }).fill(hex as string);
    await row.getByLabel("Colour name").fill(colour as string);
    await row.getByLabel("Price (€)").fill("24.90");
  }
  await page.getByLabel("Pictures", { exact: true }).setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await png(20, 20, 20) },
    { name: "side.png", mimeType: "image/png", buffer: await png(200, 40, 40) },
  ]);
  await expect(page.getByRole("list", { name: "Pictures to upload, in order" })).toHaveText(
    /front\.png\s*side\.png/,
  );
  await page.getByRole("textbox", { name: /Sold on the web shop/ }).fill("12");
  await expect(page.getByRole("radio", { name: /Publish: the shop shows it at once/ })).toBeChecked();
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await expectStyledToast(page, "Product added: the shop shows it now.");
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  const pictures = page.locator("section", { has: page.getByRole("heading", { name: "Pictures" }) });
  await expect(pictures.getByRole("img")).toHaveCount(2);
  await expect(page.getByRole("textbox", { name: /Sold on the web shop/ })).toHaveValue("12");
  return id;
}

test("a product made with colour variants and no size is bought in the shop (issue 45)", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const id = await newColourProduct(page, "E2E Colour Pod");

  const shop = await page.context().newPage();
  await openStore(shop, "localhost", `/product/default/${id}`);
  const main = shop.getByRole("main");
  // No size to pick (never a blank one): the colour alone chooses the variant.
  await expect(main.getByTestId("colour-swatch")).toHaveCount(2);
  await expect(main.getByTestId("size-select")).toHaveCount(0);
  const add = main.getByTestId("add-to-cart");
  await expect(add).toBeDisabled();
  await main.getByRole("button", { name: "Red", exact: true }).click();
  await expect(main.getByTestId("combination-price")).toHaveText(euro(2490));
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(shop, "Product added to Cart.")).toBeVisible();
  await shop.goto(storeUrl("localhost", "/shop/cart"));
  const line = shop.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("E2E Colour Pod - Red");
  await expect(shop.getByTestId("cart-subtotal")).toHaveText(euro(2490));
  // The server's check of the cart agrees: nothing changed, nothing removed.
  await expect(shop.getByTestId("cart-changes")).toHaveCount(0);

  // Its two pictures are on the product page, in the order chosen.
  await shop.goto(storeUrl("localhost", `/product/default/${id}`));
  await expect(main.locator('img[src^="/images/products/"]').first()).toBeAttached();
  await expect(main.getByTestId("warehouse-stock")).toContainText("12 in stock");

  // Bulk edit: the list filtered to this product's name, its row ticked, stock set to 3.
  await page.goto(storeUrl("localhost", `/admin/products?q=${encodeURIComponent("E2E Colour Pod")}`));
  await page.getByRole("checkbox", { name: "Tick E2E Colour Pod" }).first().check();
  await page.getByLabel("Change", { exact: true }).selectOption({ label: "Set stock to" });
  await page.getByLabel("Stock", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Apply to 1 product" }).click();
  await expectStyledToast(page, "1 of 1 product changed. The shop shows it now.");
  await expect(
    page.getByRole("table", { name: "Products" }).getByRole("row").nth(1).getByRole("cell").nth(4),
  ).toContainText("3");
  await shop.reload();
  await expect(main.getByTestId("warehouse-stock")).toContainText("3 in stock");
  await shop.close();
  expect(errors).toEqual([]);
});

test("a price and sale-price edit reaches colour variants; a variant priced apart is named (issue 45)", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const id = await newColourProduct(page, "E2E Sale Pod");
  await page.getByLabel("Price (€, VAT included)").fill("26.90");
  await page.getByLabel("Sale price (€)").fill("21.90");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(toast(page, "Product saved. The shop shows it now.")).toBeVisible();
  await page.waitForLoadState("networkidle");

  const shop = await page.context().newPage();
  await openStore(shop, "localhost", `/product/default/${id}`);
  const main = shop.getByRole("main");
  await expect(main.getByTestId("product-label").filter({ hasText: "Sale" })).toHaveCount(1);
  // The range, and the prior price of the reduction: 24.90, the price before this edit (decision 0048).
  await expect(main.getByTestId("price").first()).toHaveText(
    `${euro(2190)} – ${euro(2690)}Now ${euro(2190)} Was ${euro(2690)}Lowest price in the 30 days before the reduction: ${euro(2490)}`,
  );
  await main.getByRole("button", { name: "Black", exact: true }).click();
  await expect(main.getByTestId("combination-price").getByTestId("was-price")).toContainText(euro(2690));
  await expect(main.getByTestId("combination-price")).toContainText(euro(2190));

  // The owner gives Black a price of its own: the save says the shop keeps it, not that it follows.
  const black = page.locator("li", { has: page.getByLabel("Colour name") }).first();
  await black.getByLabel("Price (€)").fill("29.90");
  await page.getByRole("button", { name: "Save product" }).click();
  const said =
    "1 of 2 variants has its own price: the shop sells Black €29.90, not the product's price €26.90 and sale price €21.90.";
  await expect(toast(page, said)).toBeVisible();
  await expect(page.getByText("Product saved. The shop shows it now.")).toHaveCount(0);
  await expect(page.getByTestId("variant-price-notice")).toContainText(said);
  await shop.reload();
  await main.getByRole("button", { name: "Black", exact: true }).click();
  await expect(main.getByTestId("combination-price")).toHaveText(euro(2990));
  await shop.close();
  expect(errors).toEqual([]);
});

test("the owner uploads a picture and sees it on the product page", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const id = await openProduct(page, "travel case");
  const pictures = page.locator("section", { has: page.getByRole("heading", { name: "Pictures" }) });
  const before = await pictures.getByRole("img").count();
  // Two at once (multi-select); they are added in the order chosen, after those there were.
  await page.getByLabel("Add pictures").setInputFiles([
    { name: "case.png", mimeType: "image/png", buffer: await png(30, 140, 90) },
    { name: "case-open.png", mimeType: "image/png", buffer: await png(90, 30, 140) },
  ]);
  await page.getByRole("button", { name: "Upload 2 pictures" }).click();
  await expect(page.getByText("2 pictures added.")).toBeVisible();
  await expect(pictures.getByRole("img")).toHaveCount(before + 2);
  await expect(pictures.getByText("600×467")).toHaveCount(2);
  const thumb = await pictures.getByRole("img").nth(before).getAttribute("src");
  expect(thumb).toMatch(/^\/images\/products\/.+-sm\.webp$/);
  // Each size is named after its own bytes (decision 0061): the full size's address is the product's.
  const product = (await (await page.request.get(`/admin/api/products/${id}`)).json()) as {
    images: { url: string; smUrl: string }[];
  };
  const url = product.images.find((i) => i.smUrl === thumb)?.url ?? "";
  expect(url).toMatch(/^\/images\/products\/.+\.webp$/);

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
