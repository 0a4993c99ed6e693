// The shopping lists from the catalogue's screens: the header's cart dropdown and badges,
// product cards, the product page (spec sections 2, 4, 5 and 8), in Chromium at both widths.
import { expect, type Page, test } from "@playwright/test";
import { clearToasts, euro, openStore, ready, storedLists, toast, visit } from "./cart-helpers";
import { storePath, storeUrl } from "./helpers";

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  priceCents: number;
  salePriceCents: number | null;
  stock: number | null;
  variants: {
    id: number;
    colorName: string;
    color: string;
    size: string;
    priceCents: number;
    salePriceCents: number | null;
  }[];
  varRel: { id: number; name: string; label: string; stock: number | null }[];
}

/** Every product of the store whose page is open (the listing API, as the client code uses it). */
async function catalogue(page: Page): Promise<ApiProduct[]> {
  return page.evaluate(async () => {
    const all: ApiProduct[] = [];
    for (let p = 1; p <= 5; p++) {
      const res = await fetch(`/api/v1/products?perPage=100&page=${p}`);
      const body = (await res.json()) as { products: ApiProduct[]; total: number };
      all.push(...body.products);
      if (all.length >= body.total || body.products.length === 0) break;
    }
    return all;
  });
}

const simple = (p: ApiProduct) => p.variants.length === 0 && p.varRel.length === 0;
const unit = (p: ApiProduct) => p.salePriceCents ?? p.priceCents;

/** The card of a product on a listing page (searching by its name finds it on the first page). */
async function cardOf(page: Page, host: string, p: ApiProduct) {
  await visit(page, storeUrl(host, `/shop/sidebar/list?searchTerm=${encodeURIComponent(p.name)}`));
  const card = page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("link", { name: p.name, exact: true }) })
    .first();
  await expect(card).toBeVisible();
  return card;
}

async function openDropdown(page: Page) {
  await ready(page);
  await clearToasts(page);
  const panel = page.getByTestId("cart-dropdown-panel");
  // A toast sliding over the header can take a click on a phone: try again until it opens.
  await expect(async () => {
    if (!(await panel.isVisible()))
      await page.getByTestId("cart-dropdown").getByRole("button").first().click();
    await expect(panel).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return panel;
}

for (const host of ["localhost", "cy.localhost"] as const) {
  test(`${host}: cart dropdown, card add to cart, wishlist and compare buttons, header counts`, {
    tag: host === "localhost" ? "@phone" : [],
  }, async ({ page }) => {
    await openStore(page, host, "/shop/wishlist");
    const products = (await catalogue(page)).filter((p) => simple(p) && (p.stock ?? 0) >= 3);
    expect(products.length).toBeGreaterThanOrEqual(2);
    const [a, b] = products;

    // Empty dropdown.
    let panel = await openDropdown(page);
    await expect(panel).toContainText("No products in the cart.");
    await expect(panel.getByRole("link", { name: "View Cart / Proceed to Checkout" })).toHaveAttribute(
      "href",
      storePath(host, "/shop/cart"),
    );
    await page.keyboard.press("Escape");

    // Card: add to cart, twice for one product.
    let card = await cardOf(page, host, a);
    await card.getByTestId("card-add-to-cart").click();
    await expect(toast(page, "Product added to Cart.")).toBeVisible();
    await card.getByTestId("card-add-to-cart").click();
    card = await cardOf(page, host, b);
    await card.getByTestId("card-add-to-cart").click();
    await expect(page.getByTestId("cart-dropdown").getByTestId("count")).toHaveText("3");

    // Card: wishlist ('add to Wishlist', then 'go to Wishlist' to /shop/wishlist).
    const heart = card.getByTestId("card-wishlist");
    await expect(heart).toHaveAttribute("aria-label", "add to Wishlist");
    await heart.click();
    await expect(toast(page, "Product added to Wishlist.")).toBeVisible();
    await expect(heart).toHaveAttribute("aria-label", "go to Wishlist");
    await expect(page.getByTestId("wishlist-badge").getByTestId("count")).toHaveText("1");

    // Card: compare ('Product added to Compare.', then the button goes to /shop/compare).
    const cmp = card.getByTestId("compare-action");
    await cmp.click();
    await expect(toast(page, "Product added to Compare.")).toBeVisible();
    // The header's compare count shows from 640 px; phones reach the page from cards and the footer.
    const wide = (page.viewportSize()?.width ?? 0) >= 640;
    if (wide) await expect(page.getByTestId("compare-badge").getByTestId("count")).toHaveText("1");
    await cmp.click();
    await expect(page).toHaveURL(/\/shop\/compare$/);
    await expect(page.getByTestId("compare-name")).toHaveText([b.name]);

    // Dropdown: a line per item with 'qty x price', links, Total, remove.
    panel = await openDropdown(page);
    const lines = panel.getByTestId("cart-dropdown-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(a.name);
    await expect(lines.nth(0).getByTestId("cart-dropdown-qty")).toHaveText(`2 x ${euro(unit(a))}`);
    await expect(lines.nth(1).getByTestId("cart-dropdown-qty")).toHaveText(`1 x ${euro(unit(b))}`);
    await expect(lines.nth(0).getByRole("link")).toHaveAttribute(
      "href",
      storePath(host, `/product/default/${a.id}`),
    );
    await expect(panel.getByTestId("cart-dropdown-total")).toHaveText(euro(2 * unit(a) + unit(b)));
    await panel.getByRole("button", { name: `Remove ${b.name}` }).click();
    await expect(toast(page, "Product removed from Cart.")).toBeVisible();
    await expect(lines).toHaveCount(1);
    await panel.getByRole("link", { name: "View Cart / Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/shop\/cart$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);

    // The wishlist badge goes to the wishlist page.
    await clearToasts(page);
    await page.getByTestId("wishlist-badge").click();
    await expect(page).toHaveURL(/\/shop\/wishlist$/);
    await expect(page.getByTestId("wishlist-line")).toHaveCount(1);
    // Reload keeps all three lists.
    await page.reload();
    await ready(page);
    await expect(page.getByTestId("cart-dropdown").getByTestId("count")).toHaveText("2");
    await expect(page.getByTestId("wishlist-badge").getByTestId("count")).toHaveText("1");
    if (wide) await expect(page.getByTestId("compare-badge").getByTestId("count")).toHaveText("1");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Compare" })).toHaveAttribute(
      "href",
      storePath(host, "/shop/compare"),
    );
  });
}

test("product page: quantity messages, stock against the cart, and a sold-out card offers no add to cart", async ({
  page,
}) => {
  await openStore(page, "localhost", "/");
  const all = await catalogue(page);
  const a = all.find((p) => simple(p) && (p.stock ?? 0) >= 2 && (p.stock ?? 0) < 500);
  expect(a).toBeTruthy();
  if (!a) return;
  const stock = a.stock ?? 0;
  await visit(page, storeUrl("localhost", `/product/default/${a.id}`));
  const qty = page.getByRole("spinbutton", { name: "Quantity" }).first();
  const add = page.getByTestId("add-to-cart").first();
  // The product page's quantity input: default 1, default maximum 10000 (spec section 5).
  await expect(qty).toHaveValue("1");
  await expect(qty).toHaveAttribute("max", "10000");
  await expect(qty).toHaveAttribute("min", "1");

  await qty.fill("");
  await add.click();
  const empty = toast(page, "Quantity Cannot be Empty");
  await expect(empty).toBeVisible();
  await expect(empty).toContainText("Please type a number");

  await qty.fill(String(stock + 1));
  await add.click();
  const over = toast(page, "Out of Stock");
  await expect(over).toBeVisible();
  await expect(over).toContainText(`Available stock: ${stock}`);

  await qty.fill(String(stock));
  await add.click();
  await expect(toast(page, "Product added to Cart.")).toBeVisible();
  // Everything in stock is in the cart now: one more is refused (stock display is on).
  await qty.fill("1");
  await add.click();
  await expect(toast(page, "Sorry, you can't add that amount to the cart.")).toBeVisible();
  const stored = await storedLists(page, "localhost");
  expect(stored?.cart.data.map((i) => [i.id, i.qty])).toEqual([[a.id, stock]]);

  // Decrement stops at 1.
  await qty.fill("1");
  await expect(page.getByRole("button", { name: "Decrease quantity" }).first()).toBeDisabled();

  // A card's add to cart of a product with no stock: 'Product out of stock!'.
  const none = all.find((p) => simple(p) && (p.stock ?? 0) < 1);
  test.skip(!none, "the demo catalogue has no simple product without stock");
  if (!none) return;
  const card = await cardOf(page, "localhost", none);
  // Sold out never looks buyable (issue 24, item 5): the card offers no add to cart to refuse,
  // but a disabled 'Out of Stock' and the notify step.
  await expect(card.getByTestId("card-add-to-cart")).toHaveCount(0);
  await expect(card.getByTestId("card-out-of-stock")).toBeDisabled();
  await expect(card.getByTestId("card-notify")).toBeVisible();
});

test("product page with related variants: 'Please choose a variant first', the variant's stock, 'Producty already added'", async ({
  page,
}) => {
  await openStore(page, "localhost", "/");
  const all = await catalogue(page);
  const p = all.find(
    (x) => x.varRel.length >= 2 && x.varRel.some((v) => (v.stock ?? 0) >= 1 && (v.stock ?? 0) < 500),
  );
  expect(p).toBeTruthy();
  if (!p) return;
  const v = p.varRel.find((x) => (x.stock ?? 0) >= 1 && (x.stock ?? 0) < 500);
  if (!v) return;
  await visit(page, storeUrl("localhost", `/product/default/${p.id}`));
  const wish = page.getByTestId("wishlist-action").first();
  await expect(wish).toContainText("Add to Wishlist");
  await wish.click();
  await expect(toast(page, "Please choose a variant first")).toBeVisible();

  await page.getByTestId("variant-select").first().selectOption(String(v.id));
  await wish.click();
  await expect(toast(page, "Product added to Wishlist.")).toBeVisible();
  await wish.click();
  await expect(toast(page, "Producty already added")).toBeVisible();

  const qty = page.getByRole("spinbutton", { name: "Quantity" }).first();
  await qty.fill(String((v.stock ?? 0) + 1));
  await page.getByTestId("add-to-cart").first().click();
  const over = toast(page, "Out of Stock");
  await expect(over).toBeVisible();
  await expect(over).toContainText(`Available stock: ${v.stock}`);
  await qty.fill("1");
  await page.getByTestId("add-to-cart").first().click();
  await expect(toast(page, "Product added to Cart.")).toBeVisible();
  const stored = await storedLists(page, "localhost");
  expect(stored?.cart.data.map((i) => [i.id, i.name, i.qty])).toEqual([[v.id, v.name, 1]]);
  expect(stored?.wishlist.data.map((i) => i.id)).toEqual([v.id]);
});

test("quick view by slug: colour/size lines match by name; the cart page keeps the combination's price", async ({
  page,
}) => {
  await openStore(page, "localhost", "/shop/cart");
  const all = await catalogue(page);
  const p = all.find((x) => x.variants.length >= 2 && (x.stock ?? 0) >= 3);
  test.skip(!p, "no colour/size product in stock");
  if (!p) return;
  const [v1, v2] = [
    p.variants[0],
    p.variants.find((v) => v.color !== p.variants[0].color || v.size !== p.variants[0].size),
  ];
  if (!v2) return;
  const card = await cardOf(page, "localhost", p);
  await card.getByTestId("card-quick-view").click();
  const dialog = page.getByRole("dialog");
  // In quick view the quantity's maximum is the product's stock.
  await expect(dialog.getByRole("spinbutton", { name: "Quantity" })).toHaveAttribute(
    "max",
    String(Math.min(p.stock ?? 0, 10_000)),
  );
  const choose = async (v: typeof v1) => {
    const swatch = dialog.getByTestId("colour-swatch").and(dialog.getByLabel(v.colorName, { exact: true }));
    if ((await swatch.getAttribute("aria-pressed")) !== "true") await swatch.click();
    await dialog.getByTestId("size-select").selectOption(v.size);
    // A variant without a price of its own sells at the product's price and sale price (0043).
    await expect(dialog.getByTestId("combination-price")).toContainText(
      euro(v.salePriceCents ?? v.priceCents),
    );
  };
  await choose(v1);
  await dialog.getByTestId("add-to-cart").click();
  await expect(toast(page, "Product added to Cart.")).toBeVisible();
  await dialog.getByTestId("add-to-cart").click();
  await dialog.getByTestId("colour-size-clear").click();
  await choose(v2);
  await dialog.getByTestId("add-to-cart").click();
  const stored = await storedLists(page, "localhost");
  expect(stored?.cart.data.map((i) => [i.id, i.name, i.qty, i.price])).toEqual([
    [p.id, `${p.name} - ${v1.colorName}, ${v1.size}`, 2, v1.priceCents],
    [p.id, `${p.name} - ${v2.colorName}, ${v2.size}`, 1, v2.priceCents],
  ]);
  await page.keyboard.press("Escape");
  await visit(page, storeUrl("localhost", "/shop/cart"));
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const unit = (v: typeof v1) => v.salePriceCents ?? v.priceCents;
  await expect(page.getByTestId("cart-subtotal")).toHaveText(euro(2 * unit(v1) + unit(v2)));
  await expect(page.getByTestId("cart-changes")).toHaveCount(0);
  // Removing one combination leaves the other (remove is by id and name).
  await page.getByRole("button", { name: `Remove ${p.name} - ${v1.colorName}, ${v1.size}` }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line")).toContainText(`${v2.colorName}, ${v2.size}`);
});
