// The back office's settings, staff and audit screens in Chromium: the owner changes the
// free-delivery total and the storefront's checkout shows it; a staff account is refused the
// settings page (the screen says so, the API answers 403); axe finds no violation of any impact
// on settings, staff and audit at 1280 and 768 px. The owner sets the ERP webhook to a receiver
// started by the test: the signing secret is shown once, a cash-on-delivery order arrives signed
// with it, a receiver that answers 500 shows as failing with its error, and the screen is axe
// clean at 1280 and 390 px (screenshots under .tmp/).
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { pageApi, visit } from "./account-helpers";
import { mailedToken, signInAdmin } from "./admin-helpers";
import { allViolations } from "./axe";
import { cartItem, findProducts, seedLists } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs, openDashboardAs, takeRole } from "./roles";

// The back office's settings journeys run on the desktop project (docs/decisions/0039-e2e-plan.md).

async function setFreeDelivery(page: Page, euros: string) {
  await page.goto(storeUrl("localhost", "/admin/settings"));
  const field = page.getByLabel("Free delivery from (€)");
  await expect(field).toBeVisible();
  await field.fill(euros);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

test("the owner changes the free-delivery total and the checkout shows it", async ({ page, context }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  await setFreeDelivery(page, "5000");

  // A customer's checkout on the same store, in another tab.
  const shop = await context.newPage();
  await takeRole(context, "maria");
  await visit(shop, "localhost", "/");
  const products = (await findProducts(shop)).filter((p) => p.stock >= 5).slice(0, 1);
  expect(products).toHaveLength(1);
  await seedLists(shop, "localhost", { cart: [cartItem(products[0], 1)] });
  await shop.goto(storeUrl("localhost", "/shop/cart"));
  const checkout = shop.getByTestId("checkout");
  await expect(checkout).toBeVisible();
  await checkout.getByRole("radio", { name: /Courier 1-2 working days/ }).check();
  await expect(checkout.getByText(/Free delivery from €5,000\.00/)).toBeVisible();

  // Down to €1: the same cart now ships free.
  await setFreeDelivery(page, "1");
  await shop.reload();
  await expect(shop.getByTestId("checkout")).toBeVisible();
  const courier = shop.getByTestId("checkout").getByRole("radio", { name: /Courier 1-2 working days/ });
  await courier.check();
  await expect(
    shop.getByTestId("checkout").locator("label").filter({ hasText: "Courier 1-2 working days" }),
  ).toContainText("Free");
  await expect(shop.getByText(/Free delivery from/)).toHaveCount(0);

  // Back to the demo's €50, and the audit log lists the change.
  await setFreeDelivery(page, "50");
  await page.goto(storeUrl("localhost", "/admin/audit?entity=settings"));
  await expect(page.getByRole("table", { name: "Audit log" })).toContainText("Free delivery from");
  expect(errors).toEqual([]);
});

test("a staff account is refused the settings page, and the API answers 403", async ({ page }) => {
  await openAdminAs(page, "staff");
  await page.goto(storeUrl("localhost", "/admin/settings"));
  await expect(page.getByRole("heading", { name: "Not available to your role" })).toBeVisible();
  await expect(page.getByText(/Your role \(Staff\) cannot do this/)).toBeVisible();
  const api = await page.request.get(storeUrl("localhost", "/admin/api/settings"));
  expect(api.status()).toBe(403);
  const staffApi = await page.request.get(storeUrl("localhost", "/admin/api/staff"));
  expect(staffApi.status()).toBe(403);
});

for (const width of [1280, 768]) {
  test(`settings, staff and audit have no axe violation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAdminAs(page);
    for (const [path, heading] of [
      ["/admin/settings", "Settings"],
      ["/admin/staff", "Staff"],
      ["/admin/audit", "Audit log"],
    ] as const) {
      await page.goto(storeUrl("localhost", path));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (path === "/admin/audit") {
        const more = page.getByText(/^\d+ changes?$/).first();
        if (await more.count()) await more.click();
      }
      expect(await allViolations(page), path).toEqual([]);
    }
  });
}

test("an invited member accepts the mailed link, then signs in", async ({ page, browser }) => {
  await openAdminAs(page);
  await page.goto(storeUrl("localhost", "/admin/staff"));
  const email = `e2e-${Date.now()}@example.com`;
  const invite = page.getByRole("form", { name: "Invite someone" });
  await invite.getByLabel("Name").fill("Erin Example");
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("manager");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Staff accounts" })).toContainText(email);

  const guest = await browser.newContext();
  const other = await guest.newPage();
  // A link that is not (or no longer) valid explains itself.
  await other.goto(storeUrl("localhost", "/admin/accept-invite?token=not-a-real-token-123"));
  await expect(other.getByRole("alert")).toContainText("invitation link");
  expect(await allViolations(other)).toEqual([]);

  const token = await mailedToken(email, "/admin/accept-invite");
  await other.goto(storeUrl("localhost", `/admin/accept-invite?token=${token}`));
  await expect(other.getByText(email)).toBeVisible();
  await other.getByLabel("Your name").fill("Erin Example");
  await other.locator("#f-password").fill("Copper-Kettle-Dawn-88");
  await other.getByLabel("Repeat the password").fill("Copper-Kettle-Dawn-88");
  expect(await allViolations(other)).toEqual([]);
  await other.getByRole("button", { name: "Create my account" }).click();
  await expect(other.getByText("Your account is ready.").first()).toBeVisible();
  await signInAdmin(other, { email, password: "Copper-Kettle-Dawn-88" });
  await expect(other.getByText("Erin Example (Manager)")).toBeVisible();
  await guest.close();
});

/** An HTTP receiver on 127.0.0.1 (the e2e server posts to it) answering `answers` in turn, then 200. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "ERP busy");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    answers,
    url: `http://127.0.0.1:${port}/erp/orders`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function placeCodOrder(page: Page): Promise<string> {
  const [product] = (await findProducts(page)).filter((p) => p.stock >= 5);
  expect(product, "a demo product with stock").toBeTruthy();
  const lines = [{ id: product?.id ?? 0, qty: 1 }];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines });
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0]?.id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod: "cod" });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (placed.body as { code: string }).code;
}

/** The value next to a term of the "Webhook deliveries" panel. */
const deliveryValue = (page: Page, term: string) =>
  page
    .locator("section", { has: page.getByRole("heading", { name: "Webhook deliveries" }) })
    .locator("dt", { hasText: term })
    .locator("xpath=following-sibling::dd[1]");

test("the owner sets the ERP webhook: the secret is shown once, orders arrive signed, failures show", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const receiver = await startReceiver();
  try {
    await openAdminAs(page);
    await page.goto(storeUrl("localhost", "/admin/settings"));
    const form = page.getByRole("form", { name: "ERP webhook" });
    const address = form.getByLabel("Webhook address");

    // Plain http to another machine is refused on the field.
    await address.fill("http://erp.example.com/orders");
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please correct the marked field.");
    await expect(form.getByText("Use an https:// address (http:// only for this machine).")).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");

    await address.fill(receiver.url);
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(page.getByText("Webhook address saved.")).toBeVisible();
    await expect(page.getByText("Copy this signing secret now: it is not shown again.")).toBeVisible();
    const secret = await page.getByLabel("New webhook signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);

    // A customer's cash-on-delivery order reaches the receiver, signed with that secret.
    const shop = await context.newPage();
    await openDashboardAs(shop);
    const code = await placeCodOrder(shop);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const got = receiver.received[0];
    const timestamp = String(got?.headers["x-webhook-timestamp"]);
    expect(got?.headers["x-webhook-event"]).toBe("order.placed");
    expect(got?.headers["x-webhook-id"]).toBe(`order.placed:${code}`);
    expect(got?.headers["x-webhook-signature"]).toBe(
      `sha256=${createHmac("sha256", secret).update(`${timestamp}.${got?.body}`).digest("hex")}`,
    );
    expect(JSON.parse(got?.body ?? "{}")).toMatchObject({
      event: "order.placed",
      store: "main",
      order: { code },
    });

    // Once reloaded, the secret is only "set", and the panel counts the delivery.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByLabel("New webhook signing secret")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(deliveryValue(page, "Delivered in the last 24 hours")).toHaveText(/^[1-9]\d*$/);

    // The ERP answers 500: the order shows as failing with the answer, retried by itself.
    receiver.answers.push(500);
    const second = await placeCodOrder(shop);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(deliveryValue(page, "Not acknowledged yet")).toHaveText("1 failing, retried automatically");
    await expect(deliveryValue(page, "Last error")).toContainText(
      `order.placed:${second}: HTTP 500: ERP busy`,
    );

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole("heading", { level: 2, name: "ERP webhook" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/admin-settings-webhook-${width}.png`, fullPage: true });
      expect(await allViolations(page), `settings at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `page wider than ${width} px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A new secret is shown once and signs the next attempt.
    await page.getByRole("button", { name: "Make a new signing secret" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Replace the secret" }).click();
    await expect(page.getByText("New signing secret made. Copy it now.")).toBeVisible();
    const next = await page.getByLabel("New webhook signing secret").inputValue();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    expect(await allViolations(page), "settings with a new secret shown").toEqual([]);

    // Turned off: the address is cleared and audited.
    await page.getByRole("form", { name: "ERP webhook" }).getByLabel("Webhook address").fill("");
    await page
      .getByRole("form", { name: "ERP webhook" })
      .getByRole("button", { name: "Save the address" })
      .click();
    await expect(page.getByText("Webhook turned off.")).toBeVisible();
    await page.goto(storeUrl("localhost", "/admin/audit?entity=credentials"));
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText("ERP webhook URL cleared");
    // The refused address's 400 is the one expected console line.
    expect(errors.filter((e) => !/Failed to load resource: .* status of 400/.test(e))).toEqual([]);
  } finally {
    await receiver.close();
  }
});
