// Sign-in with Google and Facebook (issue 25): the owner turns each provider on in the back
// office; the shopper clicks the button, signs in and consents at a real OpenID Provider (Google's
// part, oidc-provider on loopback) or at the Facebook stand-in, and lands signed in. An existing
// account is linked only after its password; a price-list customer's cart and wishlist are emptied
// as on password sign-in; a cancel or a forged return ends on the login page with a message.
import { expect, type Page, test } from "@playwright/test";
import { TEST_FACEBOOK, TEST_GOOGLE } from "../fixtures/social-providers";
import { ACCOUNTS, expectPopup, fillLogin, hydrated, visit } from "./account-helpers";
import { signInAdmin } from "./admin-helpers";
import { seriousViolations } from "./axe";
import { cartItem, findProducts, snapshot, stateKey, storedLists } from "./cart-helpers";
import { collectPageErrors, port, storeUrl } from "./helpers";
import { catalogue } from "./messages";
import { isPhone } from "./storefront-helpers";

const serverErrors = (errors: string[]) => errors.filter((e) => /\b500\b|Internal Server Error/.test(e));

/** The owner saves both providers' credentials on `host`'s Settings page (once per store and run). */
async function configureProviders(page: Page, host: string) {
  await visit(page, host, "/pages/login");
  if ((await page.getByRole("button", { name: "Login With Google" }).count()) > 0) return;
  await signInAdmin(page, undefined, { host, next: "/admin/settings" });
  await page.goto(storeUrl(host, "/admin/settings"));
  const card = page.getByRole("form", { name: "Social sign-in" });
  await card.getByLabel("Google client id").fill(TEST_GOOGLE.clientId);
  await card.getByLabel("Google client secret", { exact: true }).fill(TEST_GOOGLE.clientSecret);
  await card.getByLabel("Facebook app id").fill(TEST_FACEBOOK.appId);
  await card.getByLabel("Facebook app secret", { exact: true }).fill(TEST_FACEBOOK.appSecret);
  await card.getByRole("button", { name: "Save sign-in settings" }).click();
  await expect(card.getByText("On", { exact: true })).toHaveCount(2);
  // The exact address to register at Google: this store's host, port and callback path.
  await expect(page.getByTestId("redirect-uri-google")).toHaveText(
    `http://${host}:${port}/auth/google/callback`,
  );
  // The secret is never sent back to the page.
  await expect(card.getByLabel("Google client secret", { exact: true })).toHaveValue("");
  expect(await page.content()).not.toContain(TEST_GOOGLE.clientSecret);
  await page.context().clearCookies({ name: "admin_sid" });
}

/** At the local OpenID Provider: signs in as `login` and consents when asked. */
async function consentAtGoogle(page: Page, login: string) {
  await expect(page).toHaveURL(/127\.0\.0\.1/);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** At the Facebook stand-in: Continue as `email`, or Cancel. */
async function atFacebook(page: Page, email: string, choice: "Continue" | "Cancel" = "Continue") {
  await expect(page.getByRole("heading", { name: "facebook" })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: choice }).click();
}

const uniqueEmail = (tag: string) =>
  `social.${tag}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

test.describe("social sign-in", () => {
  test("a button shows only where the shop configured its provider, and none pretends", async ({ page }) => {
    await visit(page, "localhost", "/pages/login");
    await expect(page.getByTestId("page-login-form")).toBeVisible();
    await expect(page.getByRole("button", { name: /Login With/ })).toHaveCount(0);
    await expect(page.getByText("or sign in with")).toHaveCount(0);
    await configureProviders(page, "cy.localhost");
    await visit(page, "cy.localhost", "/pages/login");
    await expect(page.getByRole("button", { name: "Login With Facebook" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Login With Google" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Login With Google: consent at the provider, land signed in on the dashboard, asked for what Google does not give", {
    tag: "@phone",
  }, async ({ page }) => {
    const errors = collectPageErrors(page);
    await configureProviders(page, "cy.localhost");
    const email = uniqueEmail("google");
    await visit(page, "cy.localhost", "/pages/login");
    await page.getByRole("button", { name: "Login With Google" }).click();
    await consentAtGoogle(page, email);
    await expect(page).toHaveURL(storeUrl("cy.localhost", "/shop/dashboard"));
    await hydrated(page);
    await expect(page.getByTestId("details-missing")).toContainText(
      "Please add your mobile phone, street address, town or city, and country in My Account before you order.",
    );
    await page.screenshot({
      path: `test-results/social-google-dashboard-${isPhone(page) ? "phone" : "desktop"}.png`,
    });
    // Our session cookie only: no provider token reached the browser.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(await page.evaluate(() => document.cookie)).not.toContain("sid=");

    // Signed out and back with Google: the same account, found by its Google subject.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(storeUrl("cy.localhost", "/"));
    await visit(page, "cy.localhost", "/pages/login");
    await page.getByRole("button", { name: "Login With Google" }).click();
    if (await page.getByRole("button", { name: "Continue" }).isVisible())
      await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(storeUrl("cy.localhost", "/shop/dashboard"));
    await page.goto(storeUrl("cy.localhost", "/shop/dashboard?tab=account"));
    await expect(page.getByTestId("email-form").getByLabel("Email address")).toHaveValue(email);
    expect(serverErrors(errors)).toEqual([]);
  });

  test("a cancel and a forged return end on the login page with a clear message, never a 500", async ({
    page,
  }) => {
    await configureProviders(page, "cy.localhost");
    await visit(page, "cy.localhost", "/pages/login");
    await page.getByRole("button", { name: "Login With Facebook" }).click();
    await atFacebook(page, "someone@example.com", "Cancel");
    await expect(page).toHaveURL(/\/pages\/login\?social_error=cancelled/);
    await expect(page.getByTestId("social-problem")).toHaveText(
      "Signing in with Facebook was cancelled. You can try again, or sign in with your email and password.",
    );
    const forged = await page.goto(
      storeUrl("cy.localhost", "/auth/google/callback?code=stolen&state=forged"),
    );
    expect(forged?.status()).toBe(200);
    // No flow names the page it started on, so the shop's own language answers: Greek on cy.
    await expect(page).toHaveURL(/cy\.localhost:\d+\/pages\/login\?social_error=expired/);
    await expect(page.getByTestId("social-problem")).toHaveText(
      (catalogue("el", "Account").socialExpired ?? "").replace("{p}", "Google"),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("an existing price-list account is linked only after its password; its cart and wishlist are emptied either way", async ({
    page,
  }) => {
    const host = "wholesale.localhost";
    await configureProviders(page, host);
    async function fillLists() {
      await visit(page, host, "/");
      const products = (await findProducts(page)).slice(0, 2);
      const lists = JSON.stringify({
        cart: { data: [cartItem(products[0], 1)] },
        wishlist: { data: [snapshot(products[1])] },
        compare: { data: [] },
      });
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [stateKey(host), lists] as const);
    }
    async function expectListsEmptied() {
      const after = await storedLists(page, host);
      expect(after?.cart.data ?? []).toEqual([]);
      expect(after?.wishlist.data ?? []).toEqual([]);
    }

    // Facebook's verified email is the buyer's: nothing is linked yet, the password is asked for.
    await visit(page, host, "/pages/login");
    await page.getByRole("button", { name: "Login With Facebook" }).click();
    await atFacebook(page, ACCOUNTS.buyer.username);
    await expect(page).toHaveURL(/\/pages\/login\?link=facebook/);
    await expect(page.getByTestId("link-pending")).toContainText(
      `An account with ${ACCOUNTS.buyer.username} already exists. Sign in with its password to link your Facebook account to it`,
    );
    // Not signed in: still on the login page (the dashboard is only where it would go after).
    await expect(page).not.toHaveURL(/\/shop\/dashboard/);
    await fillLists();
    await visit(page, host, "/pages/login");
    const form = page.getByTestId("page-login-form");
    await fillLogin(page, form, ACCOUNTS.buyer.username, ACCOUNTS.buyer.password);
    await form.getByRole("button", { name: "Log in" }).click();
    await expectPopup(page, "Facebook account linked", "Next time you can sign in with Facebook.");
    await expect(page).toHaveURL(/\/shop\/dashboard$/);
    await expectListsEmptied();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(storeUrl(host, "/"));

    // Linked: Facebook signs the buyer in, and the browser empties the price-list customer's lists.
    await fillLists();
    await visit(page, host, "/pages/login");
    await page.getByRole("button", { name: "Login With Facebook" }).click();
    await atFacebook(page, ACCOUNTS.buyer.username);
    await expect(page).toHaveURL(storeUrl(host, "/shop/dashboard"));
    await hydrated(page);
    await expect.poll(async () => (await storedLists(page, host))?.cart.data.length ?? 0).toBe(0);
    await expectListsEmptied();
    await page.getByRole("button", { name: "Sign Out" }).click();
  });
});
