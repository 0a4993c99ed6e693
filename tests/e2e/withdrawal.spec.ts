// Issue 40 section 3, the right of withdrawal (docs/decisions/0050): 'Withdraw from contract here'
// on a guest's signed order page (in Greek, under /el) and on My Account's orders (the main
// store, in English), the confirmation step with the lines, 'Confirm withdrawal', the confirmation
// screen, and the acknowledgement mail; then the owner sees it in the back office (the order's
// "Withdrawal by the consumer" card, its timeline, the list's "Withdrawn" badge); axe on each screen. The period's edges, the lines' rules and
// the repeat are the integration test's (tests/integration/withdrawal.test.ts).
import { expect, type Locator, type Page, test } from "@playwright/test";
import { mailLinkFor, newCustomer, pageApi, STORE_ID, visit } from "./account-helpers";
import { seriousViolations } from "./axe";
import { findProducts } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { catalogue } from "./messages";
import { openAdminAs } from "./roles";

const shot = (page: Page, name: string) =>
  `${process.env.SHOTS_DIR ?? "/tmp/shots-lead"}/withdrawal/${name}-${page.viewportSize()?.width ?? 0}.png`;

/** Places a cash-on-delivery order of two products (2 and 1) through the page's API. */
async function placeTwoLineOrder(page: Page, guest?: ReturnType<typeof newCustomer>) {
  const products = (await findProducts(page)).filter((p) => p.stock >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  const lines = [
    { id: products[0].id, qty: 2 },
    { id: products[1].id, qty: 1 },
  ];
  const contact = guest ? { guest: { ...guest, country: "CY" } } : {};
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines, country: "CY" });
  expect(quote.status).toBe(200);
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0].id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", {
    lines,
    shippingId,
    paymentMethod: "cod",
    ...contact,
  });
  expect(placed.status).toBe(201);
  return placed.body as { code: string; orderUrl: string | null };
}

/** Withdraws from the first line only (1 of its 2), through the button and the confirmation step. */
async function withdrawFirstLine(page: Page, box: Locator, words: Record<string, string>, name: string) {
  await expect(box.getByTestId("withdrawal-deadline")).toBeVisible();
  await box.getByRole("button", { name: words.withdrawHere }).click();
  const qty = box.getByTestId("withdrawal-qty");
  await expect(qty).toHaveCount(2);
  await qty.nth(0).fill("1");
  await qty.nth(1).fill("0");
  expect(await seriousViolations(page, { include: "[data-testid=withdrawal]" })).toEqual([]);
  await box.screenshot({ path: shot(page, `${name}-confirm`) });
  // A double press records one withdrawal: the button is busy after the first.
  await box.getByRole("button", { name: words.confirmWithdrawal }).dblclick();
  const done = box.getByTestId("withdrawal-done");
  await expect(done).toContainText(words.doneTitle);
  expect(await seriousViolations(page, { include: "[data-testid=withdrawal]" })).toEqual([]);
  await box.screenshot({ path: shot(page, `${name}-done`) });
  return done;
}

test("a guest withdraws from part of an order on its signed page, in Greek, and is mailed the acknowledgement", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  const host = "localhost";
  const el = catalogue("el", "Withdrawal");
  const started = Date.now();
  await visit(page, host, "/el");
  const guest = newCustomer("withdraw-guest");
  const order = await placeTwoLineOrder(page, guest);
  expect(order.orderUrl).toMatch(/^\/shop\/order\/W/);

  await page.goto(storeUrl(host, `/el${order.orderUrl ?? ""}`));
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  const box = page.getByTestId("withdrawal");
  await expect(box.getByRole("heading", { name: el.title })).toBeVisible();
  await expect(box.getByTestId("withdrawal-deadline")).toContainText("14");
  const done = await withdrawFirstLine(page, box, el, "guest");
  await expect(done).toContainText(order.code);
  await expect(done).toContainText(guest.email);
  await page.screenshot({ path: shot(page, "guest-page"), fullPage: true });

  // The acknowledgement: a mail of its own to the guest, naming the order.
  await mailLinkFor(STORE_ID[host], "order-withdrawal", guest.email, started, new RegExp(order.code));
  // On the page again: the withdrawal is listed, and the rest (1 + 1) can still be withdrawn.
  await page.reload();
  await expect(box.getByTestId("withdrawal-earlier").getByRole("listitem")).toHaveCount(1);
  await box.getByRole("button", { name: el.withdrawHere }).click();
  await expect(box.getByTestId("withdrawal-qty").nth(0)).toHaveValue("1");
  expect(errors).toEqual([]);
  // A tampered signature finds no order (the browser logs its 404, so after the error check).
  const forged = await pageApi(page, "POST", `/api/v1/orders/${order.code}/withdrawal`, {
    idempotencyKey: "forged-key-123456",
    sig: "A".repeat(22),
    lines: [{ lineId: 1, qty: 1 }],
  });
  expect(forged.status).toBe(404);
});

test("a customer withdraws from an order in My Account and is mailed the acknowledgement; staff see it", {
  tag: "@phone",
}, async ({ page, browser }) => {
  // The shopper's journey and then the back office's: two screens' worth of steps and axe runs.
  test.setTimeout(150_000);
  const errors = collectPageErrors(page);
  const host = "localhost";
  const en = catalogue("en", "Withdrawal");
  const started = Date.now();
  await visit(page, host, "/");
  const me = newCustomer("withdraw");
  const registered = await pageApi(page, "POST", "/api/v1/auth/register", {
    ...me,
    company: "",
    country: "CY",
    privacy: true,
  });
  expect(registered.status).toBe(201);
  await page.reload();
  const order = await placeTwoLineOrder(page);

  await visit(page, host, "/shop/dashboard?tab=orders");
  const item = page.getByTestId("order").filter({ hasText: order.code });
  const box = item.getByTestId("withdrawal");
  await expect(box.getByTestId("withdrawal-deadline")).toHaveText(en.beforeDelivery.replace("{days}", "14"));
  const done = await withdrawFirstLine(page, box, en, "account");
  await expect(done).toContainText(`We received your withdrawal from order ${order.code}`);
  await expect(done).toContainText(me.email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot(page, "account-page"), fullPage: true });
  await mailLinkFor(STORE_ID[host], "order-withdrawal", me.email, started, new RegExp(order.code));
  expect(errors).toEqual([]);

  // The back office (a desk screen, whichever project runs this): the list's badge, the order's card
  // with the line and where the acknowledgement went, the timeline's step. Staff cannot change it.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await desk.newPage();
  await openAdminAs(admin, "owner", `/admin/orders?q=${encodeURIComponent(order.code)}`);
  const row = admin.getByRole("table", { name: "Orders" }).getByRole("row").filter({ hasText: order.code });
  await expect(row.getByTestId("withdrawn-badge")).toHaveText("Withdrawn");
  await row.getByRole("link", { name: order.code }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Order ${order.code}` })).toBeVisible();
  const card = admin.getByTestId("order-withdrawals");
  await expect(card).toContainText("1 × ");
  await expect(card).toContainText(`Acknowledgement mailed to ${me.email}`);
  await expect(admin.getByText("The consumer withdrew from the contract").first()).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0);
  expect(await seriousViolations(admin)).toEqual([]);
  await desk.close();
});
