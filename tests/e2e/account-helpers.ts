// Helpers for the account browser tests: demo accounts, unique new customers, popups, the
// queued password-reset mail, and same-origin API calls from the page.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { storeUrl } from "./helpers";
import { DECLINED_CONSENT } from "./storage-state";

export const ACCOUNTS = {
  maria: { username: "maria@example.com", password: "Customer123!" },
  legacy: { username: "99123456", password: "99123456" },
  eleni: { username: "eleni@example.com", password: "Customer123!" },
  buyer: { username: "buyer@wholesale.example", password: "Customer123!" },
} as const;

export const STORE_ID: Record<string, string> = {
  localhost: "main",
  "cy.localhost": "cy",
  "wholesale.localhost": "wholesale",
};

/** A customer no earlier run has registered (projects and reruns share one database). */
export function newCustomer(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  return {
    firstName: "Elena",
    lastName: "Kyriacou",
    street: "Makariou 12",
    city: "Limassol",
    postcode: "3030",
    phone: `9${n.slice(-7)}`,
    email: `e2e-${tag}-${n}@example.com`,
    password: "Brand-New-Pass-1",
  };
}

/** Fills every field of the register form with a new customer (Cyprus) and accepts the privacy policy. */
export async function fillRegisterForm(form: Locator, me: ReturnType<typeof newCustomer>) {
  await form.getByLabel("First Name").fill(me.firstName);
  await form.getByLabel("Last Name").fill(me.lastName);
  await form.getByLabel("Country").selectOption("CY");
  await form.getByLabel("Street address").fill(me.street);
  await form.getByLabel("Town / City").fill(me.city);
  await form.getByLabel("Postcode / ZIP").fill(me.postcode);
  await form.getByLabel("Phone").fill(me.phone);
  await form.getByLabel("Email address (Username)").fill(me.email);
  await form.getByLabel(/^Password/).fill(me.password);
  await form.getByLabel(/I have read and agree/).check();
}

/** Waits until React has hydrated the page (the layout marks the body as loaded then). */
export async function hydrated(page: Page) {
  await page.locator("body.loaded").waitFor({ state: "attached" });
}

/** Opens a store page as a visitor who answered the cookie banner (another feature's dialog). */
export async function visit(page: Page, host: string, path: string) {
  await page
    .context()
    .addCookies([{ name: "cookie_consent", value: DECLINED_CONSENT, domain: host, path: "/" }]);
  await page.goto(storeUrl(host, path));
  await hydrated(page);
}

export function popup(page: Page) {
  return page.getByTestId("popup");
}

/** Asserts the popup shows this title (and text) and closes it with its button. */
export async function expectPopup(page: Page, title: string, text?: string, button = "OK") {
  const p = popup(page);
  await expect(p.getByRole("heading", { name: title, exact: true })).toBeVisible();
  if (text) await expect(p.getByText(text, { exact: true })).toBeVisible();
  await p.getByRole("button", { name: button, exact: true }).click();
  await expect(p).toHaveCount(0);
}

export async function fillLogin(
  _page: Page,
  scope: ReturnType<Page["locator"]>,
  username: string,
  password: string,
) {
  await scope.getByLabel("Username or email address").fill(username);
  await scope.getByLabel(/^Password/).fill(password);
}

export async function signInOnPage(page: Page, host: string, username: string, password: string) {
  await visit(page, host, "/pages/login");
  const form = page.getByTestId("page-login-form");
  await fillLogin(page, form, username, password);
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/shop\/dashboard$/);
}

/** A same-origin JSON call made by the page itself, with the CSRF header. */
export async function pageApi(page: Page, method: string, path: string, data?: unknown) {
  return page.evaluate(
    async ([m, p, d]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
      const res = await fetch(p as string, {
        method: m as string,
        headers: { "content-type": "application/json", "x-csrf-token": token },
        body: d === undefined ? undefined : JSON.stringify(d),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    [method, path, data] as const,
  );
}

const dataDir = resolve(process.env.E2E_DATA_DIR || ".tmp/e2e-data");

/** Decodes the quoted-printable text of an .eml enough to read links. */
function decodeQp(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * The first match of `pattern` in the newest mail of `kind` to `to`, as the outbox worker
 * delivered it (no SMTP in the tests: one .eml file per mail under DATA_DIR/mail/<store>/).
 */
export async function mailLinkFor(
  storeId: string,
  kind: string,
  to: string,
  after: number,
  pattern: RegExp,
): Promise<string> {
  const dir = join(dataDir, "mail", storeId);
  let link: string | null = null;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).filter((f) => f.includes(kind) && f.endsWith(".eml"));
        } catch {
          return null;
        }
        const fresh = files
          .map((f) => join(dir, f))
          .filter((f) => statSync(f).mtimeMs >= after - 1000)
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
        for (const f of fresh) {
          const text = decodeQp(readFileSync(f, "utf8"));
          if (!text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
          const m = pattern.exec(text);
          if (m) {
            link = m[0];
            return link;
          }
        }
        return null;
      },
      { timeout: 20_000, message: `a ${kind} mail to ${to}` },
    )
    .not.toBeNull();
  return link as unknown as string;
}

/** The reset link of the newest password-reset mail to `to`. */
export async function resetLinkFor(storeId: string, to: string, after: number): Promise<string> {
  const link = await mailLinkFor(
    storeId,
    "password-reset",
    to,
    after,
    /https?:\/\/[^\s"<>]+\/password-reset\?token=[A-Za-z0-9_-]+&(?:amp;)?custid=\d+/,
  );
  return link.replace("&amp;", "&");
}
