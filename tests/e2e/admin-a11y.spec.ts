// The back office as its users meet it: sign-in (and a wrong password), every section of the side
// navigation axe-clean (no violation of any impact) at desktop width and on a phone, with no table
// header or badge broken inside a word, the staff role's navigation, and a shopper's session that opens nothing under /admin.
import { expect, test } from "@playwright/test";
import { ADMIN_NAV } from "../../app/admin/nav";
import { can } from "../../core/admin/permissions";
import { DEMO_OWNER, mailedToken, signInAdmin, wordsBrokenInHeadersAndBadges } from "./admin-helpers";
import { allViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

const SECTIONS = ADMIN_NAV.flatMap((g) => g.items);

test("a wrong password is refused with a message, the right one opens the dashboard", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(storeUrl("localhost", "/admin/orders"));
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders/);
  await expect(page.getByRole("heading", { name: "Back office sign-in" })).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
  await page.getByLabel(/^Email/).fill(DEMO_OWNER.email);
  await page.getByLabel(/^Password/).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("The email or password is not correct.");
  await page.getByLabel(/^Password/).fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  // The browser logs the refused sign-in's 401 as a failed resource: that one is expected.
  expect(errors.filter((e) => !e.includes("status of 401"))).toEqual([]);
});

test(
  "every section of the navigation opens without an axe violation",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const errors = collectPageErrors(page);
    await openAdminAs(page);
    const phone = testInfo.project.name === "phone";
    const problems: string[] = [];
    for (const section of SECTIONS) {
      await page.goto(storeUrl("localhost", section.to));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (phone) await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
      for (const v of await allViolations(page)) problems.push(`${section.to}: ${v}`);
      for (const w of await wordsBrokenInHeadersAndBadges(page))
        problems.push(`${section.to}: "${w}" broken inside the word`);
    }
    await page.goto(storeUrl("localhost", "/admin/account"));
    for (const v of await allViolations(page)) problems.push(`/admin/account: ${v}`);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  },
);

test("the staff role sees only its sections; the server refuses the rest", async ({ page }) => {
  await openAdminAs(page, "staff");
  const nav = page.getByRole("navigation", { name: "Back office" });
  for (const section of SECTIONS) {
    const link = nav.getByRole("link", { name: section.label, exact: true });
    if (can("staff", section.permission)) await expect(link).toBeVisible();
    else await expect(link).toHaveCount(0);
  }
  const refused = await page.evaluate(async () => (await fetch("/admin/api/audit")).status);
  expect(refused).toBe(403);
});

test("the shopper's session opens nothing in the back office", async ({ page }) => {
  await page.goto(storeUrl("localhost", "/pages/login"));
  const status = await page.evaluate(async () => (await fetch("/admin/api/me")).status);
  expect(status).toBe(401);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "admin_sid")?.path ?? "/admin").toBe("/admin");
});

test("a member of staff who forgot the password gets a mailed link and chooses a new one", async ({
  page,
  browser,
}) => {
  // A member of its own, invited by the owner through the API, so the demo accounts keep their passwords.
  await openAdminAs(page);
  const email = `forgetful-${Date.now()}@example.com`;
  const invited = await page.evaluate(async (email) => {
    const session = await (await fetch("/admin/api/session")).json();
    const res = await fetch("/admin/api/staff", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": session.csrfToken },
      body: JSON.stringify({ email, name: "Nikos Forgetful", role: "staff" }),
    });
    return res.status;
  }, email);
  expect(invited).toBe(200);
  const invite = await mailedToken(email, "/admin/accept-invite");
  const other = await (await browser.newContext()).newPage();
  await other.goto(storeUrl("localhost", `/admin/accept-invite?token=${invite}`));
  await other.getByLabel(/^Password/).fill("Harbour-Mist-Lantern-31");
  await other.getByLabel(/^Repeat the password/).fill("Harbour-Mist-Lantern-31");
  await other.getByRole("button", { name: "Create my account" }).click();
  await expect(other.getByRole("status")).toContainText("Your account is ready");

  await other.goto(storeUrl("localhost", "/admin/login"));
  await other.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(other.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  expect(await allViolations(other)).toEqual([]);
  await other.getByLabel(/^Email/).fill(email);
  await other.getByRole("button", { name: "Send me a link" }).click();
  await expect(other.getByRole("status")).toContainText("a link to choose a new password is on its way");

  const token = await mailedToken(email, "/admin/reset-password");
  await other.goto(storeUrl("localhost", `/admin/reset-password?token=${token}`));
  await expect(other.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  expect(await allViolations(other)).toEqual([]);
  await other.getByLabel(/^New password/).fill("Willow-Copper-Stream-84");
  await other.getByLabel(/^Repeat the new password/).fill("Willow-Copper-Stream-84");
  await other.getByRole("button", { name: "Set the new password" }).click();
  await expect(other.getByRole("status")).toContainText("Your new password is set");
  await signInAdmin(other, { email, password: "Willow-Copper-Stream-84" });
});
