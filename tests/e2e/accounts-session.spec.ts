// The 18+ gate, the newsletter modal, inactivity logout and cookie expiry in the browser.
// Times are jumped with Playwright's clock rather than waited for.
import { expect, test } from "@playwright/test";
import { ACCOUNTS, expectPopup, signInOnPage, visit } from "./account-helpers";
import { cartItem, findProducts, stateKey, storedLists } from "./cart-helpers";
import { storeUrl } from "./helpers";
import { FRESH_VISITOR } from "./storage-state";

test.describe("age gate", () => {
  test.use({ storageState: FRESH_VISITOR });

  test("blocks the server-rendered page whatever URL is opened first", async ({ browser }) => {
    // No JavaScript at all: the HTML itself carries the blocking dialog.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(storeUrl("localhost", "/shop/cart"));
    await expect(
      page.getByTestId("age-gate").getByRole("heading", { name: "Age Verification" }),
    ).toBeVisible();
    await context.close();
  });

  test("the page behind the gate is inert from the server's HTML until the visitor answers", async ({
    browser,
    page,
  }) => {
    const frame = (p: typeof page) => p.locator("body > div").filter({ has: p.getByTestId("site-header") });
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(storeUrl("localhost", "/"));
    await expect(frame(plain)).toHaveAttribute("inert", "");
    await noScript.close();
    await visit(page, "localhost", "/");
    await expect(frame(page)).toHaveAttribute("inert", "");
    await page.getByTestId("age-gate").getByRole("button", { name: "Yes, I am!" }).click();
    // The welcome popup is a modal of its own; once it is closed the page is usable.
    await expectPopup(page, "Welcome!");
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    await expect(frame(page)).not.toHaveAttribute("inert");
  });

  test("'Yes, I am!' is remembered for the session and greets the visitor", async ({ page }) => {
    await visit(page, "localhost", "/pages/about");
    const gate = page.getByTestId("age-gate");
    await expect(gate.getByRole("heading", { name: "Age Verification" })).toBeVisible();
    await expect(gate.getByRole("button", { name: "No, I am not" })).toBeVisible();
    await gate.getByRole("button", { name: "Yes, I am!" }).click();
    await expectPopup(page, "Welcome!");
    await expect(gate).toHaveCount(0);
    await page.goto(storeUrl("localhost", "/"));
    await page.reload();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    // Another store asks again: the answer belongs to this store's host.
    await visit(page, "cy.localhost", "/");
    await expect(page.getByTestId("age-gate")).toBeVisible();
  });

  test("'No, I am not' is a permanent 'Under Age' block without buttons", async ({ page }) => {
    await visit(page, "cy.localhost", "/");
    await page.getByTestId("age-gate").getByRole("button", { name: "No, I am not" }).click();
    const block = page.getByTestId("under-age");
    await expect(block.getByRole("heading", { name: "Under Age" })).toBeVisible();
    await expect(block.getByRole("button")).toHaveCount(0);
    await page.goto(storeUrl("cy.localhost", "/shop/cart"));
    await expect(page.getByTestId("under-age")).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
    // Answering 'yes' behind its back does not lift it.
    await page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
      await fetch("/api/v1/session/age", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": token },
        body: '{"answer":"yes"}',
      });
    });
    await page.reload();
    await expect(page.getByTestId("under-age")).toBeVisible();
  });

  test("stores with the gate off never show it", async ({ page }) => {
    await visit(page, "wholesale.localhost", "/");
    await expect(page.getByTestId("account-links")).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
  });
});

test.describe("newsletter modal", () => {
  test.use({
    storageState: {
      cookies: [
        {
          name: "age_verified",
          value: "yes",
          domain: "localhost",
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
  });

  test("opens 5 s after the home page asks, only there; subscribing asks to confirm by mail; the ticked box hides it for 7 days", async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await visit(page, "localhost", "/pages/about");
    await page.clock.runFor(6000);
    await expect(page.getByTestId("newsletter-modal")).toHaveCount(0);

    await page.goto(storeUrl("localhost", "/"));
    await page.clock.runFor(4000);
    await expect(page.getByTestId("newsletter-modal")).toHaveCount(0);
    await page.clock.runFor(1500);
    const modal = page.getByTestId("newsletter-modal");
    await expect(modal.getByRole("heading", { name: "Subscribe to our newsletter" })).toBeVisible();
    // Only one at a time.
    await expect(modal).toHaveCount(1);

    await modal.getByPlaceholder("Your email address").fill(`news-${Date.now()}@example.com`);
    await modal.getByRole("button", { name: "Subscribe" }).click();
    // Double opt-in: nothing is subscribed until the mailed link is confirmed (consent.spec.ts).
    await expect(modal.getByTestId("newsletter-done")).toHaveText(
      "Almost done: open the link we have just emailed you to confirm your subscription.",
    );

    await modal.getByLabel("Don't show this popup again").check();
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toHaveCount(0);
    const cookie = (await context.cookies(storeUrl("localhost", "/"))).find(
      (c) => c.name === "hideNewsletter-main",
    );
    expect(cookie?.value).toBe("true");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    await page.reload();
    await page.clock.runFor(10_000);
    await expect(page.getByTestId("newsletter-modal")).toHaveCount(0);
  });

  test("closing without the box ticked sets no cookie", async ({ page, context }) => {
    await page.clock.install();
    await visit(page, "localhost", "/");
    await page.clock.runFor(5500);
    const modal = page.getByTestId("newsletter-modal");
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    expect(
      (await context.cookies(storeUrl("localhost", "/"))).some((c) => c.name === "hideNewsletter-main"),
    ).toBe(false);
  });
});

test.describe("session timing", () => {
  test("an idle customer is logged out after the store's session-expire minutes with the company-titled popup", async ({
    page,
  }) => {
    await page.clock.install();
    await signInOnPage(page, "localhost", ACCOUNTS.maria.username, ACCOUNTS.maria.password);
    // The check runs every 60 s; within the limit (30 minutes in the demo store) nothing happens.
    await page.clock.runFor(29 * 60_000);
    await expect(page.getByTestId("popup")).toHaveCount(0);
    await expect(page).toHaveURL(/\/shop\/dashboard$/);
    await page.clock.runFor(2 * 60_000);
    const popup = page.getByTestId("popup");
    await expect(popup.getByRole("heading", { name: "Vape Haven Demo Ltd" })).toBeVisible();
    await expect(popup.getByText("Session Expired", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(storeUrl("localhost", "/"));
    await popup.getByRole("button", { name: "OK" }).click();
    await expect(page.getByTestId("account-links").getByRole("button", { name: "Sign in" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("loginData"))).toBeNull();
    // The server agrees: the dashboard is closed.
    await page.goto(storeUrl("localhost", "/shop/dashboard"));
    await expect(page).toHaveURL(/\/pages\/login$/);
  });

  test("stored data older than the cookie-expire minutes is cleared, the cart emptied and the visitor sent home", async ({
    page,
  }) => {
    await visit(page, "localhost", "/shop/cart");
    const [p] = await findProducts(page);
    await page.evaluate(
      ([k, v]) => {
        localStorage.setItem(k, v);
        localStorage.setItem("notes", "ring twice");
        // The demo store keeps data for 10080 minutes (7 days): this is 8 days old.
        localStorage.setItem("cookiesExpirationDate", new Date(Date.now() - 8 * 86_400_000).toISOString());
      },
      [
        stateKey("localhost"),
        JSON.stringify({ cart: { data: [cartItem(p, 1)] }, wishlist: { data: [] }, compare: { data: [] } }),
      ] as const,
    );
    await page.reload();
    await expect(page).toHaveURL(storeUrl("localhost", "/"));
    expect((await storedLists(page, "localhost"))?.cart.data ?? []).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("notes"))).toBeNull();
    const stamp = await page.evaluate(() => localStorage.getItem("cookiesExpirationDate"));
    expect(Date.now() - Date.parse(stamp ?? "")).toBeLessThan(60_000);
  });
});
