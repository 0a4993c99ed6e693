// Issue 24, items 2 and 4: signing in or registering from the checkout brings the shopper back
// to the checkout with the same cart (not to the dashboard); a cash-on-delivery confirmation comes
// first, never under 'No products in the cart.'; a ?redirectTo= to another site is never followed.
import { expect, type Page, test } from "@playwright/test";
import {
  ACCOUNTS,
  expectPopup,
  fillLogin,
  fillRegisterForm,
  newCustomer,
  pageApi,
  visit,
} from "./account-helpers";
import { seriousViolations } from "./axe";
import { cartItem, findProducts, seedLists, storedLists } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";

const HOST = "localhost";
const CHECKOUT_URL = /\/shop\/cart#checkout$/;

/** Page errors, minus the browser's own log line for 4xx answers (the quote before sign-in). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: .* status of 4\d\d/.test(e));

/** A signed-out visitor with two products in the cart, on /shop/cart: the sign-in prompt shows. */
async function visitorWithCart(page: Page) {
  await visit(page, HOST, "/");
  const products = (await findProducts(page)).filter((p) => p.stock >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  await seedLists(page, HOST, { cart: [cartItem(products[0], 1), cartItem(products[1], 2)] });
  await page.goto(storeUrl(HOST, "/shop/cart"));
  const prompt = page.getByTestId("checkout-signin");
  await expect(prompt).toBeVisible();
  const cart = (await storedLists(page, HOST))?.cart.data.map((i) => [i.id, i.qty]);
  expect(cart).toEqual([
    [products[0].id, 1],
    [products[1].id, 2],
  ]);
  return { prompt, cart };
}

async function cartNow(page: Page) {
  return (await storedLists(page, HOST))?.cart.data.map((i) => [i.id, i.qty]);
}

test("sign in from the checkout comes back to the checkout with the same cart; the COD confirmation comes first", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  const { prompt, cart } = await visitorWithCart(page);
  await expect(prompt.getByRole("link", { name: "Register" })).toHaveAttribute(
    "href",
    "/register?redirectTo=%2Fshop%2Fcart%23checkout",
  );
  await prompt.getByRole("button", { name: "Sign in" }).click();
  const modal = page.getByTestId("login-modal");
  await expect(modal.getByRole("heading", { name: "Sign In" })).toBeVisible();
  // The modal's own Register link keeps the way back too.
  await expect(modal.getByRole("link", { name: "Register" })).toHaveAttribute(
    "href",
    "/register?redirectTo=%2Fshop%2Fcart%23checkout",
  );
  await fillLogin(page, modal, ACCOUNTS.maria.username, ACCOUNTS.maria.password);
  await modal.getByRole("button", { name: "Log in" }).click();

  await expect(page).toHaveURL(CHECKOUT_URL);
  await expect(modal).toHaveCount(0);
  const checkout = page.getByTestId("checkout");
  await expect(checkout).toBeVisible();
  await expect(checkout.getByTestId("billing-details")).toContainText("Maria Georgiou");
  expect(await cartNow(page)).toEqual(cart);
  await expect(page.getByTestId("cart-page").locator("tbody tr")).toHaveCount(2);

  // Cash on delivery: the confirmation is the first thing under the page header.
  await checkout.getByRole("radio", { name: /Courier 1-2 working days/ }).check();
  await checkout.getByRole("radio", { name: /Cash on delivery/ }).check();
  await expect(page.getByTestId("place-order")).toBeEnabled();
  await page.getByTestId("place-order").click();
  const confirmation = page.getByTestId("order-confirmation");
  await expect(confirmation).toContainText("Thank you for your order!");
  await expect(confirmation.getByTestId("order-code")).toHaveText(/^W[2-9A-Z]{12}$/);
  expect(await cartNow(page)).toEqual([]);
  const main = page.locator("main");
  await expect(main.getByText("No products in the cart.")).toHaveCount(0);
  await expect(page.getByTestId("cart-page")).toHaveCount(0);
  // Still so once the page has revalidated (header points, cart check).
  await page.waitForLoadState("networkidle");
  await expect(main.getByText("No products in the cart.")).toHaveCount(0);
  const box = await confirmation.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y < viewport.height).toBeTruthy();
  expect(await seriousViolations(page)).toEqual([]);
  expect(unexpected(errors)).toEqual([]);
});

test("registering from the checkout comes back to the checkout with the same cart", async ({ page }) => {
  const errors = collectPageErrors(page);
  const { prompt, cart } = await visitorWithCart(page);
  await prompt.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fshop%2Fcart%23checkout$/);
  const me = newCustomer("return");
  const form = page.getByTestId("register-form");
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fillRegisterForm(form, me);
  await form.getByRole("button", { name: "Register" }).click();
  await expectPopup(page, "Congrats! Registration Completed Successfully", undefined, "Thank you!");

  await expect(page).toHaveURL(CHECKOUT_URL);
  await expect(page.getByTestId("checkout")).toBeVisible();
  await expect(page.getByTestId("checkout").getByTestId("billing-details")).toContainText(me.lastName);
  expect(await cartNow(page)).toEqual(cart);
  expect(unexpected(errors)).toEqual([]);
});

test("the login page follows a safe redirectTo and refuses other sites", async ({ page }) => {
  // A target on another site is ignored: sign-in lands on the dashboard as usual.
  for (const evil of ["//evil.example/shop/cart", "https://evil.example", "/\\evil.example"]) {
    const res = await page.request.get(
      storeUrl(HOST, `/pages/login?redirectTo=${encodeURIComponent(evil)}`),
      {
        maxRedirects: 0,
      },
    );
    expect(res.status(), evil).toBe(200);
  }
  await visit(page, HOST, `/pages/login?redirectTo=${encodeURIComponent("//evil.example")}`);
  const form = page.getByTestId("page-login-form");
  expect(await seriousViolations(page)).toEqual([]);
  await fillLogin(page, form, ACCOUNTS.maria.username, ACCOUNTS.maria.password);
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(storeUrl(HOST, "/shop/dashboard"));

  // Signed in: the login page sends a safe target on, an unsafe one to the dashboard.
  for (const [target, landing] of [
    ["/shop/cart#checkout", "/shop/cart"],
    ["https://evil.example/", "/shop/dashboard"],
    ["//evil.example", "/shop/dashboard"],
    ["/\\evil.example", "/shop/dashboard"],
  ] as const) {
    const res = await page.request.get(
      storeUrl(HOST, `/pages/login?redirectTo=${encodeURIComponent(target)}`),
      {
        maxRedirects: 0,
      },
    );
    expect(res.status(), target).toBe(302);
    const location = res.headers().location ?? "";
    expect(new URL(location, storeUrl(HOST, "/")).origin, target).toBe(new URL(storeUrl(HOST, "/")).origin);
    expect(new URL(location, storeUrl(HOST, "/")).pathname, target).toBe(landing);
  }
  const r = await pageApi(page, "POST", "/api/v1/auth/logout", {});
  expect(r.status).toBeLessThan(300);

  // Signed out, a safe target from the login page's own form is followed.
  await visit(page, HOST, `/pages/login?redirectTo=${encodeURIComponent("/shop/wishlist")}`);
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page).toHaveURL(/tab=register&redirectTo=%2Fshop%2Fwishlist/);
  await page.getByRole("tab", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\?redirectTo=%2Fshop%2Fwishlist$/);
  const again = page.getByTestId("page-login-form");
  await fillLogin(page, again, ACCOUNTS.maria.username, ACCOUNTS.maria.password);
  await again.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(storeUrl(HOST, "/shop/wishlist"));
});

test("the header's Sign in on the cart page with items also comes back to the checkout", async ({ page }) => {
  // Desktop project only: the phone's Sign in sits in the mobile menu; the modal is the same.
  const { cart } = await visitorWithCart(page);
  await page.getByTestId("account-links").getByRole("button", { name: "Sign in" }).click();
  const modal = page.getByTestId("login-modal");
  await fillLogin(page, modal, ACCOUNTS.maria.username, ACCOUNTS.maria.password);
  await modal.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(CHECKOUT_URL);
  await expect(page.getByTestId("checkout")).toBeVisible();
  expect(await cartNow(page)).toEqual(cart);
});
