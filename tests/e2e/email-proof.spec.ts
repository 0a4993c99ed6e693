// Proving a new account's email (issue 38 item 3, decision 0041): registering asks for it on the
// dashboard and mails a link; opened in a browser signed in to nothing, the link asks to sign in
// first and then proves the address, and the dashboard says so.
import { expect, test } from "@playwright/test";
import { expectPopup, fillLogin, fillRegisterForm, mailLinkFor, newCustomer, visit } from "./account-helpers";
import { storeUrl } from "./helpers";
import { ADULT_VISITOR } from "./storage-state";

test("the mailed link proves the email once its account signs in", async ({ page, browser }, info) => {
  test.skip(info.project.name !== "desktop", "one journey is enough; the phone layout has its own tests");
  // Two browsers, a registration and a mail delivered by the outbox worker.
  test.slow();
  const me = newCustomer("proof");
  await visit(page, "localhost", "/register");
  const form = page.getByTestId("register-form");
  await fillRegisterForm(form, me);
  const after = Date.now();
  await form.getByRole("button", { name: "Register" }).click();
  await expectPopup(page, "Congrats! Registration Completed Successfully", undefined, "Thank you!");
  await page.goto(storeUrl("localhost", "/shop/dashboard"));
  await expect(page.getByTestId("email-proof-pending")).toContainText(
    `Please confirm your email address: we sent a link to ${me.email}.`,
  );

  const link = await mailLinkFor(
    "main",
    "email-proof",
    me.email,
    after,
    /https?:\/\/[^\s"<>]+\/auth\/email\?token=[\w.-]+/,
  );
  // Another device, signed in to nothing.
  const phone = await browser.newContext({ storageState: ADULT_VISITOR });
  const other = await phone.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/pages\/login\?redirectTo=%2Fauth%2Femail%3Ftoken%3D/);
  await expect(other.getByTestId("email-proof-notice")).toContainText(
    "Sign in to confirm your email address",
  );
  await other.locator("body.loaded").waitFor({ state: "attached" });
  const login = other.getByTestId("page-login-form");
  await fillLogin(other, login, me.email, me.password);
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(other).toHaveURL(/\/shop\/dashboard\?email_proof=proven$/);
  await expect(other.getByTestId("email-proof-notice")).toHaveText(
    "Thank you: your email address is confirmed.",
  );
  await expect(other.getByTestId("email-proof-pending")).toHaveCount(0);
  await phone.close();

  await page.reload();
  await expect(page.getByTestId("email-proof-pending")).toHaveCount(0);
});
