// Back-office helpers for the end-to-end specs: signing in at /admin/login on a store's host.
import { expect, type Page } from "@playwright/test";
import { storeUrl } from "./helpers";

export const DEMO_OWNER = { email: "owner@example.com", password: "Owner123!" };
export const DEMO_STAFF_MEMBER = { email: "staff@example.com", password: "Staff123!" };

/** Signs in to the back office and waits for the dashboard (or `next`). */
export async function signInAdmin(
  page: Page,
  who: { email: string; password: string } = DEMO_OWNER,
  opts: { host?: string; next?: string } = {},
): Promise<void> {
  const next = opts.next ? `?next=${encodeURIComponent(opts.next)}` : "";
  await page.goto(storeUrl(opts.host ?? "localhost", `/admin/login${next}`));
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  // The navigation folds behind "Menu" on a phone; the main area is there at every width.
  await expect(page.locator("#admin-main")).toBeVisible();
}
