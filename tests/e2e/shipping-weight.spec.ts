// Delivery priced by weight (issue 42 section 4, docs/decisions/0057) on the main demo store:
// a quantity that crosses a band of "Courier 1-2 working days" (up to 250 g: 2.90 EUR, up to
// 1 kg: 4.50 EUR, db/seed/stores.ts) changes its price in the cart's estimate and at checkout,
// and a basket heavier than every method's last band is refused with the overweight message.
import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, pageApi } from "./account-helpers";
import { seriousViolations } from "./axe";
import { cartItem, type DemoProduct, findProducts, openStore, postJson, seedLists } from "./cart-helpers";
import { collectPageErrors } from "./helpers";

const HOST = "localhost";
const COURIER = "Courier 1-2 working days";
const FIRST_BAND = { upToGrams: 250, price: "€2.90" };
const SECOND_BAND = { upToGrams: 1000, price: "€4.50" };
/** The store's free-delivery total (50 EUR): a basket at it would show "Free", not the band. */
const FREE_DELIVERY_CENTS = 5000;

/** Each product's weight in grams, read from the server's own estimate of a one-unit basket. */
async function weighed(page: Page, products: DemoProduct[]) {
  const out: { product: DemoProduct; grams: number }[] = [];
  for (const product of products) {
    const { status, body } = await postJson(page, "/api/v1/cart/check", {
      items: [{ id: product.id, qty: 1 }],
    });
    expect(status).toBe(200);
    out.push({ product, grams: (body as { shipping: { weightGrams: number } }).shipping.weightGrams });
  }
  return out;
}

/** A product whose quantity q sits in the first band and q + 1 in the second, under free delivery. */
function bandCrosser(list: { product: DemoProduct; grams: number }[]) {
  const fits = list
    .filter(({ grams }) => grams > 0 && grams <= FIRST_BAND.upToGrams)
    .map(({ product, grams }) => ({ product, qty: Math.floor(FIRST_BAND.upToGrams / grams), grams }))
    .filter(
      ({ product, qty, grams }) =>
        product.stock >= qty + 1 &&
        (qty + 1) * grams <= SECOND_BAND.upToGrams &&
        (qty + 1) * (product.sale_price ?? product.price) < FREE_DELIVERY_CENTS,
    )
    .sort((a, b) => a.qty - b.qty);
  expect(fits.length, "a demo product that crosses the first band").toBeGreaterThan(0);
  return fits[0] as { product: DemoProduct; qty: number };
}

/** Whole stocks of products until the basket is heavier than 25 kg (the pickup's limit, the largest). */
function overweightBasket(list: { product: DemoProduct; grams: number }[]) {
  const lines: ReturnType<typeof cartItem>[] = [];
  let grams = 0;
  for (const { product, grams: each } of [...list].sort(
    (a, b) => b.grams * b.product.stock - a.grams * a.product.stock,
  )) {
    if (grams > 25_000) break;
    lines.push(cartItem(product, product.stock));
    grams += each * product.stock;
  }
  expect(grams).toBeGreaterThan(25_000);
  return lines;
}

const courierInCart = (page: Page) => page.getByTestId("cart-shipping-method").filter({ hasText: COURIER });

test("cart estimate: one unit more crosses a weight band; a basket over every band is too heavy", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/shop/cart");
  const list = await weighed(
    page,
    (await findProducts(page)).filter((p) => p.stock > 0),
  );
  const { product, qty } = bandCrosser(list);

  await seedLists(page, HOST, { cart: [cartItem(product, qty)] });
  await expect(courierInCart(page)).toContainText(FIRST_BAND.price);
  await page.getByTestId("cart-line").first().getByRole("button", { name: "Increase quantity" }).click();
  await expect(courierInCart(page)).toContainText(SECOND_BAND.price);
  expect(await seriousViolations(page, { include: '[data-testid="cart-total"]' })).toEqual([]);

  await seedLists(page, HOST, { cart: overweightBasket(list) });
  await expect(page.getByTestId("cart-shipping")).toHaveText("Too heavy");
  await expect(page.getByTestId("cart-too-heavy")).toContainText(
    "more than any of our deliveries can carry. Please remove some items or split your order.",
  );
  await expect(page.getByTestId("cart-shipping-method")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("checkout: the courier's price follows the band; over every band nothing can be chosen", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openStore(page, HOST, "/shop/cart");
  const signedIn = await pageApi(page, "POST", "/api/v1/auth/login", { ...ACCOUNTS.maria, remember: false });
  expect(signedIn.status).toBe(200);
  // Signing in gives the page a new CSRF token.
  await page.reload();
  const list = await weighed(
    page,
    (await findProducts(page)).filter((p) => p.stock > 0),
  );
  const { product, qty } = bandCrosser(list);

  await seedLists(page, HOST, { cart: [cartItem(product, qty)] });
  const checkout = page.getByTestId("checkout");
  const courier = checkout.locator("label").filter({ hasText: COURIER });
  await expect(courier).toContainText(FIRST_BAND.price);
  await page.getByTestId("cart-line").first().getByRole("button", { name: "Increase quantity" }).click();
  await expect(courier).toContainText(SECOND_BAND.price);

  await seedLists(page, HOST, { cart: overweightBasket(list) });
  await expect(checkout.getByTestId("checkout-no-shipping")).toContainText(
    "more than any of our deliveries can carry. Please remove some items or split your order before you pay.",
  );
  // Shown, named, and not choosable.
  await expect(checkout.getByRole("radio", { name: new RegExp(COURIER) })).toBeDisabled();
  await expect(checkout.getByTestId("checkout-overweight-method").first()).toContainText(
    "Not available: carries up to",
  );
  expect(await seriousViolations(page, { include: '[data-testid="checkout"]' })).toEqual([]);
  expect(errors).toEqual([]);
});
