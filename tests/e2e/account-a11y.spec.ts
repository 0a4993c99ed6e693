// axe-core on the shopper's account and buying pages at both widths (the phone and desktop
// projects): sign-in, register and password reset; the dashboard's three tabs with an unpaid card
// order and pending points; the cart and the checkout. No serious or critical violation.
import { expect, type Page, test } from "@playwright/test";
import { newCustomer, pageApi, visit } from "./account-helpers";
import { seriousViolations } from "./axe";
import { cartItem, findProducts, seedLists } from "./cart-helpers";
import { storeUrl } from "./helpers";

const HOST = "localhost";

async function expectAxeClean(page: Page, what: string) {
  const bad = await seriousViolations(page);
  expect(bad, `${what}\n${bad.join("\n")}`).toEqual([]);
}

test("sign-in, register and password-reset pages", { tag: "@phone" }, async ({ page }) => {
  await visit(page, HOST, "/pages/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAxeClean(page, "/pages/login");
  await visit(page, HOST, "/register");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAxeClean(page, "/register");
  // A link that is not (or no longer) valid: the expired-link state.
  await visit(page, HOST, "/password-reset?token=forged&custid=1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAxeClean(page, "/password-reset");
});

test("dashboard tabs with an unpaid card order and pending points, the cart and the checkout", {
  tag: "@phone",
}, async ({ page }) => {
  await visit(page, HOST, "/");
  const registered = await pageApi(page, "POST", "/api/v1/auth/register", {
    ...newCustomer("a11y"),
    company: "",
    country: "CY",
    privacy: true,
  });
  expect(registered.status).toBe(201);
  await page.reload();
  const products = (await findProducts(page)).filter((p) => p.stock >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  const lines = [{ id: products[0].id, qty: 1 }];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines });
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0].id;
  expect(
    (await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod: "cod" })).status,
  ).toBe(201);
  expect(
    (await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod: "card" })).status,
  ).toBe(201);

  await visit(page, HOST, "/shop/dashboard");
  await expect(page.getByTestId("pending-points")).toBeVisible();
  await expectAxeClean(page, "dashboard");
  await visit(page, HOST, "/shop/dashboard?tab=orders");
  await expect(page.getByTestId("order-unpaid").first()).toBeVisible();
  await expectAxeClean(page, "dashboard orders");
  await visit(page, HOST, "/shop/dashboard?tab=account");
  await expect(page.getByTestId("details-form")).toBeVisible();
  await expectAxeClean(page, "dashboard account details");

  await seedLists(page, HOST, { cart: [cartItem(products[0], 1), cartItem(products[1], 2)] });
  await page.goto(storeUrl(HOST, "/shop/cart"));
  await expect(page.getByTestId("checkout")).toBeVisible();
  await expect(page.getByTestId("place-order")).toBeEnabled();
  await expectAxeClean(page, "cart and checkout");
});
