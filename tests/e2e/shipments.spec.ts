// Issue 42 section 3, shipments (docs/decisions/0055), in the browser: the owner reads the courier's
// tracking page on the Couriers screen, ships a customer's order from its back-office page in two
// parcels (the first leaves the order not fully shipped), prints the packing slip, and marks it
// delivered; the customer's mail carries the tracking link, and My Account's order (1280 and 375 px)
// shows Shipped, then Delivered, with the link. The courier cannot be reached from the tests, so its
// link is followed into a stand-in answer and the address asserted. axe on each back-office screen.
// The rules (quantities, states, repeats, two at once) are the integration test's
// (tests/integration/shipments.test.ts).
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { mailLinkFor, newCustomer, pageApi, STORE_ID, visit } from "./account-helpers";
import { allViolations, seriousViolations } from "./axe";
import { findProducts } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { catalogue } from "./messages";
import { openAdminAs } from "./roles";

const COURIER = "ACS Courier";
const shot = (page: Page, name: string) =>
  `${process.env.SHOTS_DIR ?? ".tmp/shots"}/shipments/${name}-${page.viewportSize()?.width ?? 0}.png`;

/** The whole back-office page at 1280 px (the test's width) and at 375 px, back at 1280 after. */
async function shootBothWidths(admin: Page, name: string) {
  await admin.screenshot({ path: shot(admin, name), fullPage: true });
  await admin.setViewportSize({ width: 375, height: 812 });
  await admin.screenshot({ path: shot(admin, name), fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 900 });
}

/** A cash-on-delivery order of two products (2 and 1) placed by the signed-in customer. */
async function placeTwoLineOrder(page: Page) {
  const products = (await findProducts(page)).filter((p) => p.stock >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  const lines = [
    { id: products[0].id, qty: 2 },
    { id: products[1].id, qty: 1 },
  ];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines, country: "CY" });
  expect(quote.status).toBe(200);
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0].id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod: "cod" });
  expect(placed.status).toBe(201);
  return (placed.body as { code: string }).code;
}

/** Fills the order page's "Ship now" form (quantities in line order) and records the parcel. */
async function ship(admin: Page, quantities: number[], tracking: string) {
  const form = admin.getByRole("form", { name: "Ship now" });
  const qty = form.getByRole("spinbutton");
  await expect(qty).toHaveCount(quantities.length);
  for (const [i, n] of quantities.entries()) await qty.nth(i).fill(String(n));
  await form.getByLabel("Courier").selectOption({ label: COURIER });
  await form.getByLabel("Tracking number").fill(tracking);
  await form.getByRole("button", { name: "Record shipment" }).click();
}

/** The courier's pages answered by the test: the link is followed, the courier never reached. */
async function standInCourier(context: BrowserContext) {
  await context.route("https://www.acscourier.net/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>courier</title><p>stand-in</p>" }),
  );
}

test("staff ship an order in two parcels with tracking numbers and mark it delivered; the customer follows the mail's link and sees it in My Account", async ({
  page,
  browser,
}) => {
  // Two browsers (the customer's and the back office), two shipments, a slip and axe on four screens.
  test.setTimeout(150_000);
  const errors = collectPageErrors(page);
  const host = "localhost";
  const words = catalogue("en", "Shipments");
  const checkout = catalogue("en", "Checkout");
  const started = Date.now();
  await visit(page, host, "/");
  const me = newCustomer("ship");
  const registered = await pageApi(page, "POST", "/api/v1/auth/register", {
    ...me,
    company: "",
    country: "CY",
    privacy: true,
  });
  expect(registered.status).toBe(201);
  await page.reload();
  const code = await placeTwoLineOrder(page);

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await desk.newPage();
  const adminErrors = collectPageErrors(admin);

  // The Couriers screen: the courier's tracking page, where the number goes.
  await openAdminAs(admin, "owner", "/admin/carriers");
  await expect(admin.getByRole("heading", { level: 1, name: "Couriers" })).toBeVisible();
  const courierRow = admin
    .getByRole("table", { name: "Couriers in display order" })
    .getByRole("row")
    .filter({ hasText: COURIER });
  const template = (await courierRow.getByText(/^https:\/\//).textContent())?.trim() ?? "";
  expect(template).toContain("{tracking}");
  expect(await allViolations(admin)).toEqual([]);
  await shootBothWidths(admin, "couriers");

  // The first parcel: one of the first line's two. The order is not fully shipped.
  await admin.goto(storeUrl(host, `/admin/orders/${code}`));
  await expect(admin.getByRole("heading", { level: 1, name: `Order ${code}` })).toBeVisible();
  const card = admin.getByTestId("order-shipments");
  await expect(card).toContainText("Nothing has been shipped yet.");
  expect(await allViolations(admin, { include: "[data-testid=order-shipments]" })).toEqual([]);
  await shootBothWidths(admin, "ship-form");
  const first = `${Date.now()}`.slice(-10);
  await ship(admin, [1, 0], first);
  await expect(card).toContainText(`Shipment 1`);
  await expect(card).toContainText("1 × ");
  const form = admin.getByRole("form", { name: "Ship now" });
  await expect(form).toContainText("(1 of 2 left)");
  await expect(form).toContainText("(1 of 1 left)");
  await expect(admin.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
  await expect(admin.getByText("Status: Placed")).toBeAttached();

  // The second parcel: everything left, so the order is shipped and the form is gone.
  const second = `${Number(first) + 1}`.padStart(10, "0").slice(-10);
  await ship(admin, [1, 1], second);
  await expect(card).toContainText("Shipment 2");
  await expect(admin.getByRole("form", { name: "Ship now" })).toHaveCount(0);
  await expect(admin.getByText("Status: Shipped")).toBeAttached();
  const link = card.getByRole("link", { name: second, exact: true });
  const expected = template.replace("{tracking}", encodeURIComponent(second));
  await expect(link).toHaveAttribute("href", expected);
  expect(await allViolations(admin, { include: "[data-testid=order-shipments]" })).toEqual([]);
  await shootBothWidths(admin, "order-shipped");

  // The packing slip of the second parcel: its lines and quantities, its courier and number.
  await card.getByRole("link", { name: "Packing slip of shipment 2" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Packing slip" })).toBeVisible();
  await expect(admin.getByTestId("slip-shipment")).toHaveText(`Shipment 2 · ${COURIER} · ${second}`);
  await expect(admin.getByRole("table", { name: "Items to pack" }).locator("tbody tr")).toHaveCount(2);
  expect(await allViolations(admin)).toEqual([]);
  await shootBothWidths(admin, "slip");

  // The customer's mail of that parcel: its button is the courier's page with the number.
  const href = await mailLinkFor(
    STORE_ID[host],
    "order-shipment",
    me.email,
    started,
    new RegExp(`href="[^"]*${second}[^"]*"`),
  );
  expect(href).toBe(`href="${expected}"`);

  // My Account: Shipped, both parcels, the link followed (to the stand-in courier).
  await standInCourier(page.context());
  await visit(page, host, "/shop/dashboard?tab=orders");
  const item = page.getByTestId("order").filter({ hasText: code });
  await expect(item).toContainText(checkout.statusShipped);
  const parcels = item.getByTestId("order-shipment");
  await expect(parcels).toHaveCount(2);
  const track = parcels.nth(1).getByRole("link", { name: words.track.replace("{number}", second) });
  await expect(track).toHaveAttribute("href", expected);
  await expect(parcels.nth(0)).toContainText(words.carrier.replace("{carrier}", COURIER));
  const [courierPage] = await Promise.all([page.context().waitForEvent("page"), track.click()]);
  await courierPage.waitForLoadState();
  expect(courierPage.url()).toBe(expected);
  await courierPage.close();
  expect(await seriousViolations(page, { include: "[data-testid=order-shipments]" })).toEqual([]);
  await item.screenshot({ path: shot(page, "account-shipped") });

  // Delivered: staff say so; the customer's order says so, on a phone too.
  await admin.goto(storeUrl(host, `/admin/orders/${code}`));
  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Mark delivered" }).click();
  await expect(card).toContainText("Delivered ");
  await expect(admin.getByText("Status: Delivered")).toBeAttached();
  await expect(admin.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
  expect(adminErrors).toEqual([]);
  await desk.close();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await visit(page, host, "/shop/dashboard?tab=orders");
    await expect(item).toContainText(checkout.statusDelivered);
    await expect(item.getByTestId("order-shipments")).toContainText(words.deliveredOn.split("{")[0].trim());
    const phoneLink = item.getByTestId("order-shipment").nth(1).getByRole("link");
    await expect(phoneLink).toBeVisible();
    await expect(phoneLink).toHaveAttribute("href", expected);
    // The order's box fits the screen: nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await item.screenshot({ path: shot(page, "account-delivered") });
  }
  expect(errors).toEqual([]);
});
