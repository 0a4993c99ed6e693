// The signed-in roles the specs borrow instead of signing in through the UI in every test: the
// setup project (auth.setup.ts) signs each one in once per run and writes its browser state here.
// A test takes a role's session cookies from that file (the shopper's `sid` on /, staff's
// `admin_sid` on /admin), so one browser can hold a shopper and an owner at once, as it can for a
// person. The sign-in journeys themselves (accounts, admin-a11y's sign-in, social-sign-in, the
// invited member and the password resets) still sign in through the UI.
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { ACCOUNTS, signInOnPage, visit } from "./account-helpers";
import { port, storeUrl } from "./helpers";

/** Per port, so two shards side by side never read each other's sessions. */
const dir = resolve(process.env.E2E_AUTH_DIR || `.tmp/e2e-auth-${port}`);

export const ROLE_STATE = {
  /** maria@example.com signed in on localhost (the main store). */
  maria: join(dir, "maria.json"),
  /** The demo owner signed in to localhost's back office. */
  owner: join(dir, "owner.json"),
  /** The demo member of staff signed in to localhost's back office. */
  staff: join(dir, "staff.json"),
} as const;

export type Role = keyof typeof ROLE_STATE;

/**
 * The cookie that is the role's session. Only that one is taken: the file also holds the setup
 * browser's own visitor session (`sid`) beside a staff sign-in, which would replace the test's.
 */
const SESSION_COOKIE: Record<Role, string> = { maria: "sid", owner: "admin_sid", staff: "admin_sid" };

/** Adds the role's session cookie (from its storage-state file) to the browser. */
export async function takeRole(context: BrowserContext, role: Role): Promise<void> {
  const state = JSON.parse(await readFile(ROLE_STATE[role], "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  const session = state.cookies.filter((c) => c.name === SESSION_COOKIE[role]);
  if (session.length !== 1) throw new Error(`${ROLE_STATE[role]} holds no ${SESSION_COOKIE[role]} cookie`);
  await context.addCookies(session);
}

/** The back office as the owner (or staff), on the dashboard or `path`: where signInAdmin ends. */
export async function openAdminAs(page: Page, role: "owner" | "staff" = "owner", path = "/admin") {
  await takeRole(page.context(), role);
  await page.goto(storeUrl("localhost", path));
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.locator("#admin-main")).toBeVisible();
}

/**
 * maria's dashboard on the main store: where signInOnPage ends. A customer's session ends after
 * the store's idle minutes (30 in the demo store); when a long run left hers unused that long,
 * she signs in again here and the role's file keeps the new session for the tests after.
 */
export async function openDashboardAs(page: Page, role: "maria" = "maria") {
  await takeRole(page.context(), role);
  await visit(page, "localhost", "/shop/dashboard");
  if (/\/pages\/login$/.test(page.url())) {
    await signInOnPage(page, "localhost", ACCOUNTS[role].username, ACCOUNTS[role].password);
    await page.context().storageState({ path: ROLE_STATE[role] });
  }
  await expect(page).toHaveURL(/\/shop\/dashboard$/);
}
