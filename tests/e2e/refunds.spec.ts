// Issue 42 §1, refunds (docs/decisions/0056): a new customer pays a two-line card order on the
// built-in test provider; the owner refunds both lines from the order's back-office page; the
// refund is listed there as refunded, the customer is mailed, and My Account's order shows it (at
// 1280 and 375 px); axe on the refund card and the shopper's order. The arithmetic, the points,
// the exactly-once rules and the provider's silences are the integration test's
// (tests/integration/refunds.test.ts).
import { expect, type Page, test } from "@playwright/test";
import { mailLinkFor, newCustomer, pageApi, STORE_ID, visit } from "./account-helpers";
import { allViolations, seriousViolations } from "./axe";
import { findProducts } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

const HOST = "localhost";
const shot = (page: Page, name: string) =>
  `${process.env.SHOTS_DIR ?? ".tmp/shots-refunds"}/${name}-${page.viewportSize()?.width ?? 0}.png`;

/** A new customer (signed in) pays a card order of two products (2 and 1) on the test checkout. */
async function paidCardOrder(page: Page) {
  await visit(page, HOST, "/");
  const me = newCustomer("refund");
  const registered = await pageApi(page, "POST", "/api/v1/auth/register", {
    ...me,
    company: "",
    country: "CY",
    privacy: true,
  });
  expect(registered.status).toBe(201);
  await page.reload();
  const products = (await findProducts(page)).filter((p) => p.stock >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  const lines = [
    { id: products[0].id, qty: 2 },
    { id: products[1].id, qty: 1 },
  ];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines });
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0].id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod: "card" });
  expect(placed.status).toBe(201);
  const order = placed.body as { code: string; redirectUrl: string };
  await page.goto(storeUrl(HOST, order.redirectUrl));
  await page.getByRole("button", { name: /^Approve payment/ }).click();
  await expect(page.getByRole("heading", { name: "Congrats your order is on the way!" })).toBeVisible();
  return { code: order.code, email: me.email };
}

test("the owner refunds two lines of a paid card order; the customer is mailed and sees it in My Account", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const started = Date.now();
  const { code, email } = await paidCardOrder(page);

  await openAdminAs(page, "owner", `/admin/orders/${encodeURIComponent(code)}`);
  const card = page.getByTestId("order-refunds");
  await expect(card.getByRole("heading", { name: "Refund" })).toBeVisible();
  await expect(card).toContainText("Back to the card (payment provider)");
  const qty = card.getByRole("spinbutton");
  await expect(qty).toHaveCount(2);
  await qty.nth(0).fill("2");
  await qty.nth(1).fill("1");
  await card.getByLabel("Reason").fill("Arrived damaged");
  const press = card.getByRole("button", { name: /^Refund €/ });
  const label = (await press.textContent()) ?? "";
  const amount = label.replace(/^Refund /, "");
  expect(amount).toMatch(/^€\d+\.\d{2}$/);
  expect(await allViolations(page, { include: "[data-testid=order-refunds]" })).toEqual([]);
  await press.click();

  await expect(page.getByText(`${amount} is refunded to the card.`)).toBeVisible();
  const listed = card.locator("div.rounded-lg").filter({ hasText: "Refunded" });
  await expect(listed).toContainText(amount);
  await expect(listed).toContainText("Arrived damaged");
  // Both lines are refunded in full: nothing is left to refund but the delivery.
  await expect(card.getByRole("spinbutton")).toHaveCount(0);
  expect(await allViolations(page, { include: "[data-testid=order-refunds]" })).toEqual([]);
  await card.screenshot({ path: shot(page, "admin-refunds") });

  const subject = await mailLinkFor(
    STORE_ID[HOST],
    "order-refunded",
    email,
    started,
    // The euro sign is quoted-printable in the file: the digits and the code are matched.
    new RegExp(`${amount.slice(1).replace(".", "\\.")} for your order ${code}`),
  );
  expect(subject).toContain(code);

  await visit(page, HOST, "/shop/dashboard?tab=orders");
  const order = page
    .getByTestId("order")
    .filter({ has: page.getByTestId("order-code").getByText(code, { exact: true }) });
  const refunds = order.getByTestId("order-refunds");
  await expect(refunds.getByRole("heading", { name: "Refunds" })).toBeVisible();
  await expect(refunds.getByTestId("order-refund")).toHaveCount(1);
  await expect(refunds).toContainText(`${amount} refunded on`);
  await expect(refunds).toContainText("Back to the card you paid with");
  expect(await seriousViolations(page, { include: "[data-testid=order-refunds]" })).toEqual([]);
  await order.screenshot({ path: shot(page, "shopper-order") });

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(refunds).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await refunds.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page, { include: "[data-testid=order-refunds]" })).toEqual([]);
  await order.screenshot({ path: shot(page, "shopper-order") });
  expect(errors.filter((e) => !e.includes("favicon"))).toEqual([]);
});
