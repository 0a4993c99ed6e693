// Issue 24, items 5, 6 and 7, on the main store at both widths:
// - out of stock never looks buyable: a disabled 'Out of Stock' button and the notify step on the
//   card, the product page, the quick view and for a sold-out related variant; in quick view a
//   typed quantity above the stock meets 'Out of Stock' / 'Available stock: n' and stays as typed;
// - the cart's totals follow every quantity change, the header's dropdown too, and 'Update Cart'
//   keeps its messages;
// - a sale shows the old price struck through on the card, product page, quick view, cart line,
//   wishlist and compare, and every Hot Deals product carries a real discount.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { groupName } from "../../core/product-rules";
import { seriousViolations } from "./axe";
import {
  cartItem,
  clearToasts,
  type DemoProduct,
  findProducts,
  openStore,
  seedLists,
  toast,
} from "./cart-helpers";
import { collectPageErrors } from "./helpers";
import { type ApiProduct, api, catalogue, euro, open } from "./storefront-helpers";

const HOST = "localhost";
const SHOTS = "/tmp/shots-h3";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png` });

const single = (p: ApiProduct) => p.varRel.length === 0 && p.variants.length === 0;

/** A card's hover action (a strip under the picture on a touch screen). */
async function cardAction(card: Locator, testId: string) {
  await card.hover();
  await card.getByTestId(testId).click();
}

/** The listing showing this product's card. */
async function cardOf(page: Page, p: ApiProduct): Promise<Locator> {
  await open(page, HOST, `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(groupName(p))}`);
  const card = page
    .getByTestId("product-card")
    .filter({ hasText: groupName(p) })
    .first();
  await expect(card).toBeVisible();
  return card;
}

async function expectNotifyModal(page: Page, opener: Locator) {
  await opener.click();
  const modal = page.getByTestId("notify-modal");
  await expect(modal.getByRole("heading", { name: "Notify me when product is available" })).toBeVisible();
  await expect(modal.getByLabel(/email/i)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
}

test.describe("item 5: out of stock never looks buyable", () => {
  test("card, product page and quick view of a sold-out product: disabled 'Out of Stock' and notify", {
    tag: "@phone",
  }, async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const oos = (await catalogue(request, HOST)).find((x) => single(x) && (x.stock ?? 0) < 1) as ApiProduct;
    expect(oos, "a sold-out product without variants in the demo catalogue").toBeDefined();

    // The card.
    const card = await cardOf(page, oos);
    await expect(card.getByTestId("product-label").filter({ hasText: "Out Of Stock" })).toBeVisible();
    const soldOut = card.getByTestId("card-out-of-stock");
    await expect(soldOut).toHaveText("Out of Stock");
    await expect(soldOut).toBeDisabled();
    await expect(card.getByTestId("card-add-to-cart")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await shot(page, "cards-sold-out");
    await expectNotifyModal(page, card.getByTestId("card-notify"));

    // Its quick view.
    await cardAction(card, "card-quick-view");
    const modal = page.getByTestId("quick-view");
    await expect(modal.locator("[data-state=loaded]")).toBeVisible();
    const quickAdd = modal.getByTestId("add-to-cart");
    await expect(quickAdd).toHaveText("Out of Stock");
    await expect(quickAdd).toBeDisabled();
    await expect(modal.getByRole("spinbutton", { name: "Quantity" })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNotifyModal(page, modal.getByTestId("notify-link"));
    // The notify modal closed back to the quick view (one overlay at a time, nothing lost).
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);

    // Its product page.
    await open(page, HOST, `/product/default/${oos.id}`);
    const view = page.getByTestId("product-page");
    const add = view.getByTestId("add-to-cart");
    await expect(add).toHaveText("Out of Stock");
    await expect(add).toBeDisabled();
    await expect(view.getByTestId("notify-link")).toHaveText("Get notified when available");
    expect(await seriousViolations(page)).toEqual([]);
    await expectNotifyModal(page, view.getByTestId("notify-link"));

    // A grid of its brand's cards: the sold-out one beside buyable ones and sales.
    const brand = oos.brand?.name ?? groupName(oos).split(" ")[0];
    await open(page, HOST, `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(brand)}`);
    const cards = page.getByTestId("product-card");
    await expect(cards.filter({ has: page.getByTestId("card-out-of-stock") }).first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);
    await cards.first().scrollIntoViewIfNeeded();
    await shot(page, "cards-grid");
    expect(errors).toEqual([]);
  });

  test("a sold-out related variant on the product page: disabled 'Out of Stock' and notify", async ({
    page,
    request,
  }) => {
    const p = (await catalogue(request, HOST)).find(
      (x) => x.varRel.some((v) => (v.stock ?? 0) < 1) && x.varRel.some((v) => (v.stock ?? 0) > 2),
    ) as ApiProduct;
    const soldOut = p.varRel.find((v) => (v.stock ?? 0) < 1) as ApiProduct["varRel"][number];
    const inStock = p.varRel.find((v) => (v.stock ?? 0) > 2) as ApiProduct["varRel"][number];
    await open(page, HOST, `/product/default/${p.id}`);
    const view = page.getByTestId("product-page");
    const add = view.getByTestId("add-to-cart");
    const select = view.getByTestId("variant-select");
    await select.selectOption(String(soldOut.id));
    await expect(add).toHaveText("Out of Stock");
    await expect(add).toBeDisabled();
    await expectNotifyModal(page, view.getByTestId("notify-link"));
    expect(await seriousViolations(page)).toEqual([]);
    // Another variant in stock: buyable again, no notify.
    await select.selectOption(String(inStock.id));
    await expect(add).toHaveText("add to cart");
    await expect(add).toBeEnabled();
    await expect(view.getByTestId("notify-link")).toHaveCount(0);
  });

  test("quick view: a typed quantity above the stock meets 'Available stock: n' and is kept", async ({
    page,
    request,
  }) => {
    const errors = collectPageErrors(page);
    const low = (await catalogue(request, HOST)).find(
      (x) => single(x) && (x.stock ?? 0) >= 1 && (x.stock ?? 0) <= 20,
    ) as ApiProduct;
    expect(low, "a product without variants and a little stock").toBeDefined();
    const stock = low.stock as number;
    const card = await cardOf(page, low);
    await cardAction(card, "card-quick-view");
    const modal = page.getByTestId("quick-view");
    await expect(modal.locator("[data-state=loaded]")).toBeVisible();
    const qty = modal.getByRole("spinbutton", { name: "Quantity" });
    await expect(qty).toHaveAttribute("max", String(stock));
    await qty.fill(String(stock + 3));
    await expect(qty).toHaveValue(String(stock + 3));
    await modal.getByTestId("add-to-cart").click();
    // Said in the quick view itself, where the shopper looks (a toast sits under the dialog).
    const message = modal.getByTestId("buy-outcome");
    await expect(message).toBeInViewport();
    await expect(message).toHaveAttribute("data-kind", "refused");
    await expect(message.locator("strong")).toHaveText("Out of Stock");
    await expect(message).toContainText(`Available stock: ${stock}`);
    await expect(toast(page, "Out of Stock")).toContainText(`Available stock: ${stock}`);
    // Not lowered behind the shopper's back, and nothing went into the cart.
    await expect(qty).toHaveValue(String(stock + 3));
    await expect(page.getByTestId("cart-dropdown").getByTestId("count")).toHaveText("0");
    await shot(page, "quick-view-stock-message");
    expect(await seriousViolations(page)).toEqual([]);
    // The stock itself can be added.
    await qty.fill(String(stock));
    // A new quantity takes the old message away.
    await expect(message).toHaveCount(0);
    await modal.getByTestId("add-to-cart").click();
    await expect(message).toHaveText("Product added to Cart.");
    await expect(page.getByTestId("cart-dropdown").getByTestId("count")).toHaveText(String(stock));
    expect(errors).toEqual([]);
  });
});

test.describe("item 6: cart totals are never stale", () => {
  test("+, - and typing update the line, subtotal, total and the header dropdown at once", {
    tag: "@phone",
  }, async ({ page }) => {
    const errors = collectPageErrors(page);
    await openStore(page, HOST, "/shop/cart");
    const [a, b] = (await findProducts(page)).filter((p) => p.stock >= 10);
    await seedLists(page, HOST, { cart: [cartItem(a, 1), cartItem(b, 2)] });
    const unit = (p: DemoProduct) => p.sale_price ?? p.price;
    const lines = page.getByTestId("cart-line");
    const first = lines.first();
    const subtotal = page.getByTestId("cart-subtotal");
    const total = page.getByTestId("cart-total-amount");
    const expectTotals = async (qa: number, qb: number) => {
      const sum = qa * unit(a) + qb * unit(b);
      await expect(first.getByTestId("cart-line-total")).toContainText(euro(qa * unit(a)));
      await expect(subtotal).toHaveText(euro(sum));
      await expect(total).toHaveText(euro(sum));
    };
    await expectTotals(1, 2);

    await first.getByRole("button", { name: "Increase quantity" }).click();
    await expectTotals(2, 2);
    const field = first.getByRole("spinbutton");
    await field.fill("5");
    await expectTotals(5, 2);
    await first.getByRole("button", { name: "Decrease quantity" }).click();
    await expectTotals(4, 2);
    await expect(toast(page, "Cart Updated.")).toHaveCount(0);
    await shot(page, "cart-updated-totals");
    expect(await seriousViolations(page)).toEqual([]);

    // The header's dropdown says the same, and its own quantity changes follow too.
    await page
      .getByTestId("cart-dropdown")
      .getByRole("button", { name: /^Cart, / })
      .click();
    const panel = page.getByTestId("cart-dropdown-panel");
    await expect(panel.getByTestId("cart-dropdown-total")).toHaveText(euro(4 * unit(a) + 2 * unit(b)));
    await panel.getByRole("button", { name: "Increase quantity" }).first().click();
    await expect(panel.getByTestId("cart-dropdown-total")).toHaveText(euro(5 * unit(a) + 2 * unit(b)));
    await expectTotals(5, 2);
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);

    // 'Update Cart' still answers as the spec says.
    await page.getByRole("button", { name: "Update Cart" }).click();
    await expect(toast(page, "Cart Updated.")).toBeVisible();
    await clearToasts(page);

    // An emptied field changes nothing until 'Update Cart', which refuses it.
    await field.fill("");
    await expectTotals(5, 2);
    await page.getByRole("button", { name: "Update Cart" }).click();
    const refusal = toast(page, "Quantity Cannot be Empty");
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText("Please type a number");
    await expectTotals(5, 2);

    // After a reload the stored cart holds what the page showed.
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expectTotals(5, 2);
    expect(errors).toEqual([]);
  });
});

test.describe("item 7: a sale reads the same everywhere", () => {
  /**
   * The struck-through old price, the new one, and the prior price of the reduction (the lowest of
   * the 30 days before it, Directive 98/6/EC art. 6a; docs/decisions/0048), in this price element.
   */
  async function expectSale(
    price: Locator,
    p: { priceCents: number; salePriceCents: number | null; priorPriceCents: number | null },
  ) {
    await expect(price.locator("del")).toHaveText(`Was ${euro(p.priceCents)}`);
    await expect(price.getByTestId("sale-price")).toContainText(euro(p.salePriceCents as number));
    await expect(price.getByTestId("prior-price")).toHaveText(
      `Lowest price in the 30 days before the reduction: ${euro(p.priorPriceCents as number)}`,
    );
  }

  test("card, product page, quick view, cart line, wishlist and compare strike the old price and state the prior price", {
    tag: "@phone",
  }, async ({ page, request }) => {
    const errors = collectPageErrors(page);
    // A sale with its prior price; one whose prior price (an earlier promotion within the 30 days)
    // is below the struck-through price where the demo has one in stock.
    const hot = (
      await api<{ products: ApiProduct[] }>(request, HOST, "/api/v1/products?hot=true&perPage=100")
    ).products;
    const sales = [...(await catalogue(request, HOST)), ...hot].filter(
      (x) =>
        single(x) &&
        x.salePriceCents !== null &&
        x.salePriceCents < x.priceCents &&
        x.priorPriceCents !== null &&
        (x.stock ?? 0) >= 3,
    );
    const p = (sales.find((x) => (x.priorPriceCents as number) < x.priceCents) ?? sales[0]) as ApiProduct;
    expect(p, "a product on sale without variants, with its prior price").toBeDefined();

    const card = await cardOf(page, p);
    await expect(card.getByTestId("product-label").filter({ hasText: "Sale" })).toBeVisible();
    await expectSale(card.getByTestId("price"), p);
    await card.scrollIntoViewIfNeeded();
    await shot(page, "cards-sale");

    await cardAction(card, "card-quick-view");
    const modal = page.getByTestId("quick-view");
    await expect(modal.locator("[data-state=loaded]")).toBeVisible();
    await expectSale(modal.getByTestId("price"), p);
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);

    await open(page, HOST, `/product/default/${p.id}`);
    const view = page.getByTestId("product-page");
    await expectSale(view.getByTestId("price").first(), p);
    await shot(page, "product-sale");
    await view.getByTestId("add-to-cart").click();
    await expect(toast(page, "Product added to Cart.")).toBeVisible();
    await view.getByTestId("wishlist-action").click();
    await view.getByRole("button", { name: /compare/i }).click();
    await clearToasts(page);

    await open(page, HOST, "/shop/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: p.name });
    await expectSale(line, p);
    await expect(line.getByTestId("cart-line-total")).toContainText(euro(p.salePriceCents as number));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "cart-sale-line");

    await open(page, HOST, "/shop/wishlist");
    await expectSale(page.locator("main"), p);
    expect(await seriousViolations(page)).toEqual([]);

    await open(page, HOST, "/shop/compare");
    await expectSale(page.locator("main"), p);
    expect(await seriousViolations(page)).toEqual([]);

    // The Greek catalogue says it in Greek.
    await open(page, HOST, `/el/product/default/${p.id}`);
    const greek = page.getByTestId("product-page").getByTestId("prior-price").first();
    await expect(greek).toContainText("Χαμηλότερη τιμή στις 30 ημέρες πριν από τη μείωση:");
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "product-sale-el");
    expect(errors).toEqual([]);
  });

  test("every product the home's Hot Deals carousel shows carries a real discount", async ({
    page,
    request,
  }) => {
    await open(page, HOST, "/");
    const deals = page.getByTestId("hot-deals");
    await deals.scrollIntoViewIfNeeded();
    await expect(deals.getByTestId("product-card").first()).toBeAttached();
    const tabs = deals.getByTestId("deal-tab");
    const tabCount = Math.max(1, await tabs.count());
    const seen = new Set<number>();
    for (let t = 0; t < tabCount; t++) {
      if ((await tabs.count()) > 0) await tabs.nth(t).click();
      await expect(deals.getByTestId("product-card").first()).toBeAttached();
      const hrefs = await deals
        .getByTestId("product-card")
        .locator("h3 a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      for (const href of hrefs) seen.add(Number(href.split("/").pop()));
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const id of seen) {
      const { product } = await api<{ product: ApiProduct }>(request, HOST, `/api/v1/products/${id}`);
      // The discount is real where it is bought: the product itself, or one of its variants (a
      // colour/size row without a price of its own sells at the product's sale price).
      const prices = single(product)
        ? [product]
        : product.varRel.length > 0
          ? product.varRel
          : product.variants;
      expect(
        prices.some((x) => x.salePriceCents !== null && x.salePriceCents < x.priceCents),
        `hot deal ${product.id} ${product.name}`,
      ).toBe(true);
    }
    expect(await seriousViolations(page, { include: "[data-testid=hot-deals]" })).toEqual([]);
    await shot(page, "home-hot-deals");
  });
});
