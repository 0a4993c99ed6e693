// Recorded consents in the browser (docs/decisions/0052): the footer's 'Cookie settings' brings
// the banner back and declining withdraws in one click, each answer recorded under the same
// consent id; the newsletter's confirmation mail leads to a page whose one button confirms, and its
// unsubscribe link to a page whose one button unsubscribes. Rules and records: the integration
// test tests/integration/consent-newsletter.test.ts.
import { expect, type Page, test } from "@playwright/test";
import { parseConsentCookie } from "../../core/consent";
import { mailLinkFor } from "./account-helpers";
import { seriousViolations } from "./axe";
import { postJson } from "./cart-helpers";
import { rawStoreUrl, storeUrl } from "./helpers";
import { ADULT_VISITOR } from "./storage-state";

async function consentCookie(page: Page, host: string) {
  const cookie = (await page.context().cookies(storeUrl(host))).find((c) => c.name === "cookie_consent");
  return parseConsentCookie(cookie?.value);
}

/** Clicks a banner button and waits for the server to record the answer. */
async function answer(page: Page, name: string) {
  const recorded = page.waitForResponse(
    (r) => r.url().includes("/api/v1/consent") && r.request().method() === "POST",
  );
  await page.getByTestId("consent-banner").getByRole("button", { name }).click();
  expect((await recorded).status()).toBe(200);
}

test.describe("cookie settings", () => {
  // Past the 18+ gate, the banner not answered yet.
  test.use({
    storageState: {
      ...ADULT_VISITOR,
      cookies: ADULT_VISITOR.cookies.filter((c) => c.name !== "cookie_consent"),
    },
  });

  test("accept, reopen from the footer's Cookie settings, decline in one click: each answer recorded under one id", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/pages/about"));
    await page.locator("body.loaded").waitFor({ state: "attached" });
    const banner = page.getByTestId("consent-banner");
    await answer(page, "Accept");
    await expect(banner).toHaveCount(0);
    const first = await consentCookie(page, "localhost");
    expect(first?.choice).toBe("granted");

    // The footer's link brings the banner back, focused, with the current choice named.
    await page.getByTestId("site-footer").getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await expect(page.getByTestId("consent-current")).toHaveText(
      "Your choice now: visits are measured. Decline to stop it.",
    );
    expect(await seriousViolations(page, { include: '[data-testid="consent-banner"]' })).toEqual([]);
    await answer(page, "Decline");
    await expect(banner).toHaveCount(0);
    expect(await consentCookie(page, "localhost")).toEqual({ ...first, choice: "denied" });

    // The server reads it on the next page: no banner, and the footer still offers the settings.
    await page.reload();
    await page.locator("body.loaded").waitFor({ state: "attached" });
    await expect(banner).toHaveCount(0);

    // In Greek on the Cyprus store, the same link and the same one-click choice.
    await page.goto(rawStoreUrl("cy.localhost", "/pages/about"));
    await page.locator("body.loaded").waitFor({ state: "attached" });
    await answer(page, "Απόρριψη");
    await page.getByTestId("site-footer").getByRole("button", { name: "Ρυθμίσεις cookies" }).click();
    await expect(page.getByTestId("consent-current")).toHaveText(
      "Η επιλογή σας τώρα: οι επισκέψεις δεν μετρώνται.",
    );
    expect(await seriousViolations(page, { include: '[data-testid="consent-banner"]' })).toEqual([]);
    await answer(page, "Αποδοχή");
    expect((await consentCookie(page, "cy.localhost"))?.choice).toBe("granted");
  });
});

test("newsletter: the confirmation mail's link confirms with one button, its unsubscribe link unsubscribes with one", async ({
  page,
}) => {
  await page.goto(storeUrl("localhost", "/"));
  await page.locator("body.loaded").waitFor({ state: "attached" });
  const email = `optin-${Date.now()}@example.com`;
  const after = Date.now();
  expect((await postJson(page, "/api/v1/newsletter", { email })).status).toBe(200);

  const confirm = await mailLinkFor(
    "main",
    "newsletter-confirm",
    email,
    after,
    /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w.-]+/,
  );
  const header = await mailLinkFor(
    "main",
    "newsletter-confirm",
    email,
    after,
    /List-Unsubscribe-Post: List-Unsubscribe=One-Click/,
  );
  expect(header).toBeTruthy();
  const unsubscribe = await mailLinkFor(
    "main",
    "newsletter-confirm",
    email,
    after,
    /List-Unsubscribe:\s+<https?:\/\/[^\s"<>]+\/newsletter\/unsubscribe\?token=[\w.-]+>/,
  );

  await page.goto(confirm);
  const view = page.getByTestId("newsletter-link-page");
  await expect(view.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
  await expect(view).toContainText(email);
  expect(await seriousViolations(page)).toEqual([]);
  await view.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page).toHaveURL(/\/newsletter\/confirm\?done=confirmed$/);
  await expect(view.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The header's URI (folded onto its own line by the mail library) is the unsubscribe page.
  await page.goto(unsubscribe.replace(/^List-Unsubscribe:\s+</, "").replace(/>$/, ""));
  await expect(
    view.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await view.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?done=unsubscribed$/);
  await expect(view.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The used confirmation link confirms nothing any more.
  await page.goto(confirm);
  await expect(view.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
});
