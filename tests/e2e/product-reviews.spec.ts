// Product reviews (docs/decisions/0053): maria's cash-on-delivery order is completed (by the ERP's
// API, as a shop's POS would), she writes a review from her order page and is told it shows after
// moderation; the owner publishes it in Back office → Product reviews; the product page then shows
// it with "Verified purchase" beside the statement that links to /pages/reviews. axe on every new
// screen. At 375 px the order page's review form fits and is clean.
import { expect, type Page, test } from "@playwright/test";
import { pageApi, visit } from "./account-helpers";
import { allViolations, seriousViolations } from "./axe";
import { findProducts } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs, openDashboardAs } from "./roles";

/** maria orders one of the `pick`th product in stock, and the ERP completes the order. */
async function completedOrderOf(page: Page, pick: number) {
  await openDashboardAs(page);
  const product = (await findProducts(page)).filter((p) => p.stock >= 5)[pick];
  expect(product, "a demo product with stock").toBeTruthy();
  const lines = [{ id: product?.id ?? 0, qty: 1 }];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines });
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0]?.id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod: "cod" });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const code = (placed.body as { code: string }).code;
  const done = await page.request.post(storeUrl("localhost", `/api/v1/integration/orders/${code}/complete`), {
    headers: { "x-api-key": "demo-erp-key-main" },
  });
  expect(done.status()).toBe(200);
  await visit(page, "localhost", "/shop/dashboard?tab=orders");
  return { code, productId: product?.id ?? 0, name: product?.name ?? "" };
}

const orderOf = (page: Page, code: string) =>
  page.getByTestId("order").filter({ has: page.getByTestId("order-code").getByText(code, { exact: true }) });

test("a buyer reviews from the order page, the owner publishes it, the product shows Verified purchase", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const { code, productId } = await completedOrderOf(page, 0);
  const title = `Trusty kit ${code}`;

  const order = orderOf(page, code);
  await order.getByTestId("write-review").click();
  const form = order.getByTestId("review-form");
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(form.getByText("Choose a rating from 1 to 5.")).toBeVisible();
  await expect(form.getByText("Write at least 10 characters.")).toBeVisible();
  await form.getByLabel("Your rating").selectOption("4");
  await form.getByLabel("Title (optional)").fill(title);
  await form.getByLabel("Your review").fill("Solid build, the battery lasts two days.");
  expect(await seriousViolations(page, { include: "[data-testid=orders]" })).toEqual([]);
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(order.getByTestId("review-sent")).toHaveText(
    "Thank you. Your review will be shown after the shop has checked it.",
  );

  // Not shown before moderation.
  await page.goto(storeUrl("localhost", `/product/default/${productId}`));
  await expect(page.getByTestId("product-reviews")).not.toContainText(title);

  // The owner publishes it.
  await openAdminAs(page, "owner", "/admin/product-reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Product reviews" })).toBeVisible();
  const card = page.getByTestId("admin-review").filter({ hasText: title });
  await expect(card).toContainText("Awaiting moderation");
  await expect(card).toContainText("Verified purchase");
  await expect(card).toContainText(`Order ${code}`);
  expect(await allViolations(page)).toEqual([]);
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(
    page.getByText("Published: it shows on the product page and counts in its rating."),
  ).toBeVisible();
  await expect(card).toHaveCount(0);

  // Shown with the badge.
  await page.goto(storeUrl("localhost", `/product/default/${productId}#reviews`));
  const reviews = page.getByTestId("product-reviews");
  const mine = reviews.getByTestId("review").filter({ hasText: title });
  await expect(mine.getByTestId("review-verified")).toHaveText("Verified purchase");
  await expect(reviews.getByTestId("reviews-statement")).toContainText("Verified purchase");
  expect(await seriousViolations(page, { include: "[data-testid=product-reviews]" })).toEqual([]);
  await reviews.getByRole("link", { name: "How we check reviews" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "How we check reviews" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // In Greek the same badge and statement.
  await page.goto(storeUrl("localhost", `/el/product/default/${productId}#reviews`));
  await expect(
    page
      .getByTestId("product-reviews")
      .getByTestId("review")
      .filter({ hasText: title })
      .getByTestId("review-verified"),
  ).toHaveText("Επαληθευμένη αγορά");
  expect(errors).toEqual([]);
});

test("the order page's review form at 375 px", { tag: "@phone-only" }, async ({ page }) => {
  const { code } = await completedOrderOf(page, 1);
  const order = orderOf(page, code);
  await order.getByTestId("write-review").click();
  const form = order.getByTestId("review-form");
  await expect(form.getByLabel("Your review")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, { include: "[data-testid=orders]" })).toEqual([]);
});
