// A card order left at the payment page, taken up again from My Account: 'Pay now' starts a new
// payment on the hosted test checkout and the order ends up paid; 'Cancel' releases it. Pending
// reward points show beside the spendable ones.
import { expect, type Page, test } from "@playwright/test";
import { formatDecimal } from "../../core/money";
import { newCustomer, pageApi, visit } from "./account-helpers";
import { findProducts } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";

const HOST = "localhost";

/**
 * Registers a new customer (signed in at once) and places an order through the API; returns its
 * code and payment page. A customer of its own keeps the demo accounts' order rate limit and
 * points out of it.
 */
async function placeOrder(page: Page, paymentMethod: "card" | "cod") {
  await visit(page, HOST, "/");
  const registered = await pageApi(page, "POST", "/api/v1/auth/register", {
    ...newCustomer("unpaid"),
    company: "",
    country: "CY",
    privacy: true,
  });
  expect(registered.status).toBe(201);
  await page.reload();
  const [product] = (await findProducts(page)).filter((p) => p.stock >= 5);
  const lines = [{ id: product.id, qty: 1 }];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines });
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0].id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod });
  expect(placed.status).toBe(201);
  return placed.body as { code: string; redirectUrl: string | null };
}

function orderOnDashboard(page: Page, code: string) {
  return page
    .getByTestId("order")
    .filter({ has: page.getByTestId("order-code").getByText(code, { exact: true }) });
}

test("a card order left at the payment page is paid later with 'Pay now' on the dashboard", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  const placed = await placeOrder(page, "card");
  await page.goto(storeUrl(HOST, placed.redirectUrl as string));
  const firstRef = (await page.getByTestId("test-checkout-ref").textContent()) ?? "";
  // The shopper leaves without paying and comes back to My Account.
  await visit(page, HOST, "/shop/dashboard?tab=orders");
  const order = orderOnDashboard(page, placed.code);
  await expect(order).toContainText("Awaiting payment");
  await expect(order.getByTestId("order-unpaid")).toContainText("Your items are reserved for you: pay by");

  await order.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\?/);
  const ref = (await page.getByTestId("test-checkout-ref").textContent()) ?? "";
  expect(ref).toMatch(/^\d{16}$/);
  expect(ref).not.toBe(firstRef);
  await page.getByRole("button", { name: /^Approve payment/ }).click();
  await expect(page.getByRole("heading", { name: "Congrats your order is on the way!" })).toBeVisible();
  await expect(page.getByTestId("payment-code")).toHaveText(`Online Payment Code: ${ref}`);

  await visit(page, HOST, "/shop/dashboard?tab=orders");
  await expect(order).toContainText("Paid");
  await expect(order.getByTestId("order-unpaid")).toHaveCount(0);
  expect(errors.filter((e) => !e.includes("favicon"))).toEqual([]);
});

test("a card order left at the payment page is cancelled from the dashboard", async ({ page }) => {
  const placed = await placeOrder(page, "card");
  await page.goto(storeUrl(HOST, placed.redirectUrl as string));
  await visit(page, HOST, "/shop/dashboard?tab=orders");
  const order = orderOnDashboard(page, placed.code);
  await order.getByRole("button", { name: "Cancel", exact: true }).click();
  // One more step, so a slip of the finger does not give up the reservation.
  await order.getByRole("button", { name: "Keep order" }).click();
  await expect(order).toContainText("Awaiting payment");
  await order.getByRole("button", { name: "Cancel", exact: true }).click();
  await order.getByRole("button", { name: "Yes, cancel order" }).click();
  const popup = page.getByTestId("popup");
  await expect(popup.getByRole("heading", { name: "Order cancelled" })).toBeVisible();
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(order).toContainText("Cancelled");
  await expect(order.getByTestId("order-unpaid")).toHaveCount(0);
});

test("points earned by an order not yet completed show as pending on the dashboard", async ({ page }) => {
  await placeOrder(page, "cod");
  const points = await pageApi(page, "GET", "/api/v1/points");
  const { pendingCents: pending, availableCents } = points.body as {
    pendingCents: number;
    availableCents: number;
  };
  expect(pending).toBeGreaterThan(0);
  expect(availableCents).toBe(0);
  await visit(page, HOST, "/shop/dashboard");
  const card = page.getByTestId("reward-points");
  // Nothing spendable yet: the order's points are shown apart, as pending.
  await expect(card.getByText("Available to redeem at checkout (1 point = €1).")).toBeVisible();
  await expect(card.locator("p").nth(1)).toHaveText(/^0(\.0+)?$/);
  await expect(card.getByTestId("pending-points")).toContainText(
    // Points, not euros (issue 44): 1 to 2 decimals, as the balance.
    `Pending points: ${formatDecimal(pending)}`,
  );
});
