// Back-office helpers for the end-to-end specs: signing in at /admin/login on a store's host.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Page } from "@playwright/test";
import { toast } from "./cart-helpers";
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

/**
 * The token of the newest link to `path` in a mail to `to`, as the outbox worker wrote it
 * (.eml under DATA_DIR/mail/main when no SMTP server is set).
 */
export async function mailedToken(to: string, path: string): Promise<string> {
  const dir = join(resolve(process.env.E2E_DATA_DIR || ".tmp/e2e-data"), "mail", "main");
  const link = new RegExp(`${path.replace(/[/]/g, "\\/")}\\?token=([A-Za-z0-9_-]+)`);
  let token: string | null = null;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir)
            .filter((f) => f.endsWith(".eml"))
            .sort();
        } catch {
          return null;
        }
        for (const f of files) {
          // Quoted-printable: soft line breaks and =XX escapes.
          const text = readFileSync(join(dir, f), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
          if (!text.toLowerCase().includes(to.toLowerCase())) continue;
          const m = link.exec(text);
          if (m?.[1]) token = m[1];
        }
        return token;
      },
      { timeout: 30_000, message: `a mail to ${to} with a link to ${path}` },
    )
    .not.toBeNull();
  return token as unknown as string;
}

/**
 * A back-office toast as sonner draws it: a card fixed in the top-right corner, not plain text at
 * the bottom of the page (its stylesheet is bundled with the back office's, not injected at run time).
 */
export async function expectStyledToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  const look = await shown.evaluate((el) => {
    const list = el.closest("[data-sonner-toaster]") as HTMLElement;
    const box = el.getBoundingClientRect();
    return {
      position: getComputedStyle(list).position,
      background: getComputedStyle(el).backgroundColor,
      top: box.top,
      right: window.innerWidth - box.right,
    };
  });
  expect(look.position).toBe("fixed");
  expect(look.background).not.toBe("rgba(0, 0, 0, 0)");
  expect(look.top).toBeLessThan(120);
  expect(look.right).toBeLessThan(80);
  await page.screenshot({ path: `/tmp/shots-h2/admin-toast-${page.viewportSize()?.width}.png` });
}

/**
 * The words of the page's table headers and badges that the browser broke across two lines
 * ("Qt y", "Pri ce", "Lo w" before issue 45's polish): each word should sit on one line.
 */
export function wordsBrokenInHeadersAndBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const el of document.querySelectorAll("#admin-main th, #admin-main [data-badge]")) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        // A word is what lies between spaces and hyphens: "Sub-categories" may break after "Sub-".
        for (const m of text.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}
