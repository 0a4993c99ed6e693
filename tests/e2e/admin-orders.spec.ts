// The back office's orders journey: the demo customer places a cash-on-delivery order on the
// storefront, the owner finds it in /admin/orders, completes it after the confirmation dialog and
// sees the status change; the product's stock stays taken and the customer's points are credited.
// A second order is cancelled and its stock comes back. axe finds no violation at all on the list,
// the detail and the dashboard (both projects: 1280 and 375 px wide).
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { pageApi } from "./account-helpers";
import { wordsBrokenInHeadersAndBadges } from "./admin-helpers";
import { allViolations } from "./axe";
import { findProducts } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs, openDashboardAs } from "./roles";
import { ADULT_VISITOR } from "./storage-state";

const HOST = "localhost";

async function stockOf(page: Page, productId: number): Promise<number> {
  const [p] = await findProducts(page, [productId]);
  return p?.stock ?? 0;
}

async function points(page: Page) {
  const r = await pageApi(page, "GET", "/api/v1/points");
  expect(r.status).toBe(200);
  return r.body as { availableCents: number; onHoldCents: number; pendingCents: number };
}

/** Maria places an order of 2 of a product in stock (cash on delivery unless told); answers its code and the product. */
async function placeCodOrder(page: Page, paymentMethod: "cod" | "card" = "cod") {
  await openDashboardAs(page);
  const [product] = (await findProducts(page)).filter((p) => p.stock >= 5);
  expect(product, "a demo product with stock").toBeTruthy();
  const id = product?.id ?? 0;
  const lines = [{ id, qty: 2 }];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines });
  expect(quote.status).toBe(200);
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0]?.id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", {
    lines,
    shippingId,
    paymentMethod,
    notes: "Leave it with the neighbour",
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const body = placed.body as { code: string; totals: { pointsEarnedCents: number } };
  return {
    code: body.code,
    productId: id,
    stockBefore: product?.stock ?? 0,
    earned: body.totals.pointsEarnedCents,
  };
}

async function openOrderFromList(page: Page, code: string) {
  await page.goto(storeUrl(HOST, `/admin/orders?q=${encodeURIComponent(code)}`));
  const table = page.getByRole("table", { name: "Orders" });
  await table.getByRole("link", { name: code }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${code}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${code}` })).toBeVisible();
}

test("the owner completes a customer's order: status, stock and points follow", { tag: "@phone" }, async ({
  page,
}) => {
  const shop = page;
  const order = await placeCodOrder(shop);
  expect(await stockOf(shop, order.productId)).toBe(order.stockBefore - 2);
  const before = await points(shop);
  // Earlier specs may have left other orders of maria's uncompleted: only this one's points move.
  expect(order.earned).toBeGreaterThan(0);
  expect(before.pendingCents).toBeGreaterThanOrEqual(order.earned);

  // The staff cookie lives on /admin, apart from the shopper's: one browser holds both sessions.
  const admin = await page.context().newPage();
  const errors = collectPageErrors(admin);
  await openAdminAs(admin);
  await openOrderFromList(admin, order.code);
  const header = admin.locator("header").filter({ has: admin.getByRole("heading", { level: 1 }) });
  await expect(header.getByText("Placed", { exact: true })).toBeVisible();
  await expect(admin.getByText("Leave it with the neighbour")).toBeVisible();

  await admin.getByRole("button", { name: "Complete", exact: true }).click();
  const dialog = admin.getByRole("dialog", { name: `Complete order ${order.code}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Complete order" }).click();
  await expect(admin.getByText(`Order ${order.code} is completed.`)).toBeVisible();
  await expect(header.getByText("Completed", { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Complete", exact: true })).toHaveCount(0);

  // The timeline: who completed it, the customer's mail, who placed it; then a note of the owner's.
  const timeline = admin.getByRole("list", { name: `Timeline of order ${order.code}` });
  const completed = timeline.locator('[data-timeline="completed"]');
  await expect(completed).toContainText("Order completed");
  await expect(completed).toContainText("By Andreas Christou (staff)");
  await expect(timeline.locator('[data-timeline="placed"]')).toContainText("By Maria Georgiou (customer)");
  await expect(timeline.getByText("“Order completed” mail to the customer", { exact: false })).toBeVisible();
  await admin.getByRole("button", { name: "Add note" }).click();
  await expect(admin.getByText("Write the note first.")).toBeVisible();
  await admin.getByLabel("Internal note").fill("Called Maria: she collects on Friday.");
  await admin.getByRole("button", { name: "Add note" }).click();
  await expect(admin.getByText("The note is on the order's timeline.")).toBeVisible();
  const note = timeline.locator("li").first();
  await expect(note).toHaveAttribute("data-timeline", "note");
  await expect(note).toContainText("Called Maria: she collects on Friday.");
  await expect(note).toContainText("By Andreas Christou (staff)");
  await expect(admin.getByLabel("Internal note")).toHaveValue("");
  // Nothing in the timeline sticks out of a 375 px screen.
  const overflow = await timeline.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The goods left with the order: the stock stays taken; the earned points are now spendable.
  expect(await stockOf(shop, order.productId)).toBe(order.stockBefore - 2);
  const after = await points(shop);
  expect(after.availableCents).toBe(before.availableCents + order.earned);
  expect(after.pendingCents).toBe(before.pendingCents - order.earned);
  expect(errors).toEqual([]);
  await admin.close();
});

test("the owner cancels an order after confirming: its stock comes back", async ({ page }) => {
  const shop = page;
  const order = await placeCodOrder(shop);
  expect(await stockOf(shop, order.productId)).toBe(order.stockBefore - 2);

  // The staff cookie lives on /admin, apart from the shopper's: one browser holds both sessions.
  const admin = await page.context().newPage();
  await openAdminAs(admin);
  await openOrderFromList(admin, order.code);
  await admin.getByRole("button", { name: "Cancel order" }).click();
  const dialog = admin.getByRole("dialog", { name: `Cancel order ${order.code}?` });
  // The safe choice has the focus; Escape closes without cancelling.
  await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await admin.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(admin.getByText(`Order ${order.code} is cancelled.`, { exact: false })).toBeVisible();
  expect(await stockOf(shop, order.productId)).toBe(order.stockBefore);
  await admin.close();
});

test("on a phone the orders list shows each order's code, status and total whole", {
  tag: "@phone-only",
}, async ({ page }) => {
  // The widest row a phone meets: an order left at the card page reads "Awaiting payment".
  await placeCodOrder(page, "card");
  await openAdminAs(page);
  await page.goto(storeUrl(HOST, "/admin/orders"));
  const table = page.getByRole("table", { name: "Orders" });
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  for (const row of (await rows.all()).slice(0, 5)) {
    const cells = row.locator("td:visible");
    await expect(cells).toHaveCount(3);
    const [code, status, total] = await Promise.all([0, 1, 2].map((i) => cells.nth(i).boundingBox()));
    for (const box of [code, status, total]) {
      expect(box, "a visible cell").toBeTruthy();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    }
    // The code on one line: its link is one text line high.
    const link = await row.getByRole("link").boundingBox();
    expect(link?.height ?? 99).toBeLessThan(28);
    // Date, customer and payment method are said under the code instead.
    await expect(cells.nth(0)).toContainText(/€|Cash|Card|Bank|Wallet/i);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await wordsBrokenInHeadersAndBadges(page)).toEqual([]);
});

test("a guest's order is shown as a guest's, and the guest is listed under guest buyers", async ({
  page,
  browser,
}) => {
  // A shopper without an account orders cash on delivery, from a browser of their own.
  const context = await browser.newContext({ storageState: ADULT_VISITOR });
  const shop = await context.newPage();
  await shop.goto(storeUrl(HOST, "/"));
  const [product] = (await findProducts(shop)).filter((p) => p.stock >= 5);
  const lines = [{ id: product?.id ?? 0, qty: 1 }];
  const quote = await pageApi(shop, "POST", "/api/v1/orders/quote", { lines });
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0]?.id;
  const email = `guest.${Date.now()}@example.org`;
  const placed = await pageApi(shop, "POST", "/api/v1/orders", {
    lines,
    shippingId,
    paymentMethod: "cod",
    notes: "",
    guest: {
      firstName: "Eleni",
      lastName: "Pavlou",
      country: "CY",
      street: "Makariou 12",
      city: "Larnaca",
      postcode: "6016",
      phone: "99765432",
      email,
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const code = (placed.body as { code: string }).code;
  await context.close();

  await openAdminAs(page);
  await page.goto(storeUrl(HOST, "/admin/customers"));
  await page.getByRole("link", { name: "Guest buyers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Guest buyers" })).toBeVisible();
  await page.getByRole("search", { name: "Find guest buyers" }).getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply" }).click();
  const table = page.getByRole("table", { name: "Guest buyers" });
  const row = table.locator("tbody tr").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Eleni Pavlou");
  await expect(row.getByRole("link", { name: code })).toBeVisible();
  // The name leads to their orders; the order says it was a guest's.
  await row.getByRole("link", { name: "Eleni Pavlou" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?q=/);
  await expect(page.getByRole("search", { name: "Order filters" }).getByLabel("Search")).toHaveValue(email);
  await page.getByRole("table", { name: "Orders" }).getByRole("link", { name: code }).click();
  await expect(page.getByText("Guest: bought without an account")).toBeVisible();
  await expect(page.locator('[data-timeline="placed"]')).toContainText("By Eleni Pavlou (guest)");
  expect(await allViolations(page)).toEqual([]);
  await page.goto(storeUrl(HOST, "/admin/customers/guests"));
  expect(await allViolations(page)).toEqual([]);
});

test("the owner downloads the filtered orders as a CSV file", async ({ page }) => {
  const order = await placeCodOrder(page);
  const admin = await page.context().newPage();
  await openAdminAs(admin);
  await admin.goto(storeUrl(HOST, `/admin/orders?q=${encodeURIComponent(order.code)}`));
  const downloading = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-main-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  const lines = text.split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[0]?.startsWith('"code","placed_at","status"')).toBe(true);
  expect(lines[1]).toContain(`"${order.code}"`);
  expect(lines[1]).toContain('"Maria Georgiou"');
  await admin.close();
});

test("filters live in the URL: reload and back keep them", async ({ page }) => {
  await openAdminAs(page);
  await page.goto(storeUrl(HOST, "/admin/orders"));
  const filters = page.getByRole("search", { name: "Order filters" });
  await filters.getByLabel("Completed").check();
  await filters.getByLabel("Payment", { exact: true }).selectOption("cod");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page).toHaveURL(/payment=cod/);
  await page.reload();
  const reloaded = page.getByRole("search", { name: "Order filters" });
  await expect(reloaded.getByLabel("Completed")).toBeChecked();
  await expect(reloaded.getByLabel("Payment", { exact: true })).toHaveValue("cod");
  await page.goBack();
  await expect(page).not.toHaveURL(/status=completed/);
  await expect(page.getByRole("search", { name: "Order filters" }).getByLabel("Completed")).not.toBeChecked();
});

test("axe finds no violation on the dashboard, the orders list, an order and its packing slip", {
  tag: "@phone",
}, async ({ page }) => {
  await openAdminAs(page);
  expect(await allViolations(page)).toEqual([]);
  await page.goto(storeUrl(HOST, "/admin/orders"));
  await expect(page.getByRole("table", { name: "Orders" })).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
  expect(await wordsBrokenInHeadersAndBadges(page)).toEqual([]);
  // Nothing wider than the screen: the table scrolls inside its own box.
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // The first order's link (the header's links sort).
  await page.getByRole("table", { name: "Orders" }).locator("tbody").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // The lines' headers (Qty, Price) and the status badges keep their words whole.
  expect(await wordsBrokenInHeadersAndBadges(page)).toEqual([]);
  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Packing slip" })).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
});
