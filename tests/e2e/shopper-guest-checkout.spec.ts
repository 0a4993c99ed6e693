// Issue 24, items 1 and 4: guest checkout where the store allows it (main and Cyprus; not
// wholesale). The guest's details follow the register rules, each wrong field marked and the first
// focused; a cash-on-delivery order's confirmation comes first (never 'No products in the
// cart.'); the confirmation mail links to the order's signed page; one step makes an account from
// the order; a card payment's success page links to the same page. axe on each screen.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectPopup, mailLinkFor, newCustomer, pageApi, visit } from "./account-helpers";
import { seriousViolations } from "./axe";
import { cartItem, findProducts, seedLists, storedLists } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";

/** Where the screenshots of each screen go, per viewport width (looked at, not compared). */
const shot = (page: Page, name: string) =>
  `${process.env.SHOTS_DIR ?? "/tmp/shots-lead"}/guest-checkout/${name}-${page.viewportSize()?.width ?? 0}.png`;

const ORDER_LINK = /https?:\/\/[^\s"<>]+\/shop\/order\/W[2-9A-Z]{12}\?k=[\w-]{22}/;

/** A visitor with two products in the cart on /shop/cart. */
async function guestWithCart(page: Page, host: string) {
  await visit(page, host, "/");
  const products = (await findProducts(page)).filter((p) => p.stock >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  await seedLists(page, host, { cart: [cartItem(products[0], 1), cartItem(products[1], 2)] });
  await page.goto(storeUrl(host, "/shop/cart"));
  const form = page.getByTestId("guest-details");
  await expect(form).toBeVisible();
  return { products, form };
}

async function fillGuest(form: Locator, who: ReturnType<typeof newCustomer>, country: string) {
  await form.getByLabel("Email address").fill(who.email);
  await form.getByLabel("First Name").fill(who.firstName);
  await form.getByLabel("Last Name").fill(who.lastName);
  await form.getByLabel("Phone").fill(who.phone);
  await form.getByLabel("Street address").fill(who.street);
  await form.getByLabel("Postcode / ZIP").fill(who.postcode);
  await form.getByLabel("Town / City").fill(who.city);
  await form.getByLabel("Country").selectOption(country);
}

test("guest, cash on delivery: wrong fields marked, confirmation first, account made from the order", {
  tag: "@phone",
}, async ({ page, browser }) => {
  const errors = collectPageErrors(page);
  const started = Date.now();
  const { form } = await guestWithCart(page, "localhost");
  const checkout = page.getByTestId("checkout");
  await expect(page.getByTestId("checkout-signin")).toContainText("Have an account?");
  // No points to redeem at checkout for a guest.
  await expect(checkout.getByLabel("Points to redeem")).toHaveCount(0);

  // Placing with nothing typed: each required field is marked, the first one focused.
  await form.getByLabel("Country").selectOption("CY");
  await checkout.getByRole("radio", { name: /Courier 1-2 working days/ }).check();
  await checkout.getByRole("radio", { name: /Cash on delivery/ }).check();
  await expect(page.getByTestId("place-order")).toBeEnabled();
  await page.getByTestId("place-order").click();
  const email = form.getByLabel("Email address");
  await expect(email).toBeFocused();
  for (const label of [
    "Email address",
    "First Name",
    "Last Name",
    "Phone",
    "Street address",
    "Town / City",
  ]) {
    const field = form.getByLabel(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const described = (await field.getAttribute("aria-describedby")) ?? "";
    const message = page.locator(`[id="${described.split(" ").find((id) => id.endsWith("-error"))}"]`);
    await expect(message).toBeVisible();
  }
  expect(await seriousViolations(page, { include: "[data-testid=checkout]" })).toEqual([]);
  await form.screenshot({ path: shot(page, "details-invalid") });

  // A wrong phone is named as such; typing in a field takes its message away.
  const who = newCustomer("guest");
  await fillGuest(form, { ...who, phone: "99 12" }, "CY");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await page.getByTestId("place-order").click();
  await expect(form.getByLabel("Phone")).toBeFocused();
  await expect(form.getByText("Digits only, e.g. 99123456").first()).toBeVisible();

  // A reload keeps what was typed (this tab only).
  await form.getByLabel("Phone").fill(who.phone);
  await page.reload();
  await expect(form.getByLabel("Email address")).toHaveValue(who.email);
  await expect(form.getByLabel("Phone")).toHaveValue(who.phone);
  await checkout.getByRole("radio", { name: /Courier 1-2 working days/ }).check();
  await checkout.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByTestId("place-order").click();

  // Item 4: the confirmation is what the page shows, and nothing about an empty cart.
  const confirmation = page.getByTestId("order-confirmation");
  await expect(confirmation).toBeVisible();
  await expect(page.getByText("No products in the cart.")).toHaveCount(0);
  const code = (await confirmation.getByTestId("order-code").textContent()) ?? "";
  expect(code).toMatch(/^W[2-9A-Z]{12}$/);
  const orderLink = confirmation.getByRole("link", { name: "View your order" });
  const orderPath = (await orderLink.getAttribute("href")) ?? "";
  expect(orderPath).toMatch(new RegExp(`^/shop/order/${code}\\?k=[\\w-]{22}$`));
  expect((await storedLists(page, "localhost"))?.cart.data).toEqual([]);
  expect(await seriousViolations(page, { include: "[data-testid=order-confirmation]" })).toEqual([]);
  await page.screenshot({ path: shot(page, "confirmation"), fullPage: true });

  // The confirmation mail links to the same signed page.
  const mailed = await mailLinkFor("main", "order-customer", who.email, started, ORDER_LINK);
  expect(new URL(mailed).pathname + new URL(mailed).search).toBe(orderPath);

  // One step: a password and the privacy policy make the account, signed in, with this order.
  const claim = confirmation.getByTestId("claim-account");
  await claim.getByRole("button", { name: "Create my account" }).click();
  await expect(claim.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await claim.getByLabel("Password").fill(who.password);
  await claim.getByRole("checkbox").check();
  await claim.getByRole("button", { name: "Create my account" }).click();
  await expectPopup(page, "Congrats! Registration Completed Successfully", undefined, "Thank you!");
  await expect(confirmation.getByTestId("claim-done")).toBeVisible();
  await page.goto(storeUrl("localhost", "/shop/dashboard?tab=orders"));
  const order = page.getByTestId("order").filter({ has: page.getByText(code, { exact: true }) });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("Placed");

  // The signed page opens in any browser, once claimed without the offer; a wrong signature is a 404.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(storeUrl("localhost", orderPath));
  await expect(other.getByTestId("guest-order")).toBeVisible();
  await expect(other.getByTestId("order-code")).toHaveText(code);
  await expect(other.getByTestId("order-line")).toHaveCount(2);
  await expect(other.getByTestId("claim-account")).toHaveCount(0);
  await expect(other.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await other.screenshot({ path: shot(page, "order-page"), fullPage: true });
  const forged = await other.goto(storeUrl("localhost", `/shop/order/${code}?k=${"A".repeat(22)}`));
  expect(forged?.status()).toBe(404);
  await expect(other.getByTestId("guest-order-missing")).toBeVisible();
  await stranger.close();
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test("guest pays by card: the success page leads to the order's page, which offers the account", async ({
  page,
}) => {
  // Desktop project only: the same flow; the phone's run is shopper-phone-purchase.spec.ts.
  const { form } = await guestWithCart(page, "cy.localhost");
  const who = newCustomer("guestcard");
  await fillGuest(form, who, "CY");
  const checkout = page.getByTestId("checkout");
  await checkout.getByRole("radio").first().check();
  await checkout.getByRole("radio", { name: /^Card/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\?/);
  await page.getByRole("button", { name: /^Approve payment/ }).click();
  await expect(page.getByRole("heading", { name: "Congrats your order is on the way!" })).toBeVisible();
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByTestId("guest-order")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByTestId("claim-account")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("wholesale has no guest checkout: a visitor is asked to sign in", async ({ page }) => {
  await visit(page, "wholesale.localhost", "/");
  const products = (await findProducts(page)).filter((p) => p.stock >= 2).slice(0, 1);
  await seedLists(page, "wholesale.localhost", { cart: [cartItem(products[0], 1)] });
  await page.goto(storeUrl("wholesale.localhost", "/shop/cart"));
  await expect(page.getByTestId("checkout-signin")).toContainText("Please sign in or register");
  await expect(page.getByTestId("guest-details")).toHaveCount(0);
  // And the API agrees: no order without an account there.
  const r = await pageApi(page, "POST", "/api/v1/orders/quote", { lines: [{ id: products[0].id, qty: 1 }] });
  expect(r.status).toBe(401);
});
