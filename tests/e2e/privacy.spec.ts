// Access and erasure in the browser (issue 40 section 4; docs/decisions/0051), at both widths: a
// new shopper downloads their data from My Account (the JSON file is read back), then deletes the
// account (a wrong password first), lands signed out on the sign-in page and cannot sign in again;
// both screens axe-clean. On the desktop, the owner downloads and erases a customer from the
// back office and opens the guest buyers' page, axe-clean.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { hydrated, newCustomer, pageApi, visit } from "./account-helpers";
import { allViolations, seriousViolations } from "./axe";
import { findProducts } from "./cart-helpers";
import { storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

const HOST = "localhost";

async function register(page: Page, tag: string) {
  const me = newCustomer(tag);
  await visit(page, HOST, "/");
  const registered = await pageApi(page, "POST", "/api/v1/auth/register", {
    ...me,
    company: "",
    country: "CY",
    privacy: true,
  });
  expect(registered.status).toBe(201);
  // Signing in rotated the session and its CSRF token: the page takes the new one.
  await page.reload();
  await hydrated(page);
  return me;
}

async function placeOneOrder(page: Page) {
  const product = (await findProducts(page)).find((p) => p.stock >= 5);
  expect(product).toBeDefined();
  if (!product) return "";
  const lines = [{ id: product.id, qty: 1 }];
  const quote = await pageApi(page, "POST", "/api/v1/orders/quote", { lines });
  const shippingId = (quote.body as { shippingMethods: { id: number }[] }).shippingMethods[0].id;
  const placed = await pageApi(page, "POST", "/api/v1/orders", { lines, shippingId, paymentMethod: "cod" });
  expect(placed.status).toBe(201);
  return (placed.body as { code: string }).code;
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  expect(file.suggestedFilename()).toMatch(/^personal-data-main-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(readFileSync(await file.path(), "utf8")) as {
    format: string;
    sections: { account: { email: string }; orders: { code: string }[] } & Record<string, unknown>;
  };
}

test("a shopper downloads their data, then deletes the account and cannot sign in again", {
  tag: "@phone",
}, async ({ page }) => {
  const me = await register(page, "privacy");
  const code = await placeOneOrder(page);

  await visit(page, HOST, "/shop/dashboard?tab=account");
  const card = page.getByTestId("privacy-card");
  await expect(card.getByRole("heading", { name: "Your data" })).toBeVisible();
  const file = await downloaded(page, () => card.getByRole("link", { name: "Download my data" }).click());
  expect(file.format).toBe("personal-data");
  expect(file.sections.account.email).toBe(me.email);
  expect(file.sections.orders.map((o) => o.code)).toEqual([code]);
  for (const key of ["addresses", "points", "newsletter", "backInStock", "signInIdentities", "sessions"])
    expect(file.sections).toHaveProperty(key);

  await card.getByText("Delete my account", { exact: true }).click();
  const form = page.getByTestId("delete-account-form");
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByLabel("Your password, to confirm").fill("not-my-password");
  await form.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(form.getByText("The password is not correct.")).toBeVisible();
  await form.getByLabel("Your password, to confirm").fill(me.password);
  await form.getByRole("button", { name: "Delete my account for good" }).click();

  await expect(page).toHaveURL(/\/pages\/login\?account=deleted$/);
  await expect(page.getByTestId("account-deleted")).toHaveText("Your account has been deleted.");
  expect(await seriousViolations(page)).toEqual([]);
  const again = await pageApi(page, "POST", "/api/v1/auth/login", {
    username: me.email,
    password: me.password,
  });
  expect(again.status).toBe(401);
  await visit(page, HOST, "/shop/dashboard");
  await expect(page).toHaveURL(/\/pages\/login$/);
});

test("the owner downloads a customer's data and erases the customer; the guest buyers' page offers the same", async ({
  page,
}) => {
  const me = await register(page, "erase");
  await placeOneOrder(page);
  await openAdminAs(page, "owner");
  const found = await page.request.get(
    storeUrl(HOST, `/admin/api/customers?q=${encodeURIComponent(me.email)}`),
  );
  const id = ((await found.json()) as { items: { id: number }[] }).items[0]?.id;
  expect(id).toBeGreaterThan(0);
  await page.goto(storeUrl(HOST, `/admin/customers/${id}`));
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Personal data" }) });
  await expect(page.getByRole("heading", { name: "Personal data" })).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
  const file = await downloaded(page, () => card.getByRole("link", { name: "Download data" }).click());
  expect(file.sections.account.email).toBe(me.email);

  await card.getByRole("button", { name: "Erase customer" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("This cannot be undone.");
  await dialog.getByRole("button", { name: "Erase for good" }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByText("Customer erased. 1 order kept for the tax retention.")).toBeVisible();

  await page.goto(storeUrl(HOST, "/admin/customers/guests"));
  await expect(page.getByRole("heading", { name: "A guest buyer's personal data" })).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
});
