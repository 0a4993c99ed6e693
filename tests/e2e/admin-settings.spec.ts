// The back office's settings, staff and audit screens in Chromium: the owner changes the
// free-delivery total and the storefront's checkout shows it; a staff account is refused the
// settings page (the screen says so, the API answers 403); axe finds no violation of any impact
// on settings, staff and audit at 1280 and 768 px.
import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, pageApi, visit } from "./account-helpers";
import { DEMO_STAFF_MEMBER, mailedToken, signInAdmin } from "./admin-helpers";
import { allViolations } from "./axe";
import { cartItem, findProducts, seedLists } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";

test.skip(({ isMobile }) => isMobile, "the back office's settings journeys run on the desktop project");

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
  await signInAdmin(page);
  await setFreeDelivery(page, "5000");

  // A customer's checkout on the same store, in another tab.
  const shop = await context.newPage();
  await visit(shop, "localhost", "/");
  const r = await pageApi(shop, "POST", "/api/v1/auth/login", { ...ACCOUNTS.maria, remember: false });
  expect(r.status).toBe(200);
  await shop.reload();
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
  await signInAdmin(page, DEMO_STAFF_MEMBER);
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
    await signInAdmin(page);
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
  await signInAdmin(page);
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
