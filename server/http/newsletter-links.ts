// The POSTs of the newsletter's mailed links (docs/decisions/0052). Their GETs are pages
// (app/routes/newsletter.*.tsx) that show one button each; a GET changes nothing, so a mail
// scanner that opens links confirms and unsubscribes nobody.
// - /newsletter/confirm?token= : the page's form (with its CSRF token) confirms the subscription.
// - /newsletter/unsubscribe?token= : the List-Unsubscribe URI. A mail provider POSTs
//   `List-Unsubscribe=One-Click` to it with no cookie (RFC 8058), so it is exempt from CSRF
//   (server/http/csrf.ts): the signed token is the proof. The page's button posts the same.
// A browser is sent back to the page with the outcome; a mail provider gets a plain 200.
import type { Context, Hono } from "hono";
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from "../../core/newsletter";
import { confirmNewsletter, unsubscribeNewsletter } from "../../services/newsletter";
import type { AppEnv } from "./env";

const PREFIXES = ["", "/el", "/en"];

/** Paths that take the one-click POST: exempt from CSRF and the 18+ gate (an unsubscribe always works). */
export function isOneClickUnsubscribePath(path: string): boolean {
  return PREFIXES.some((p) => path === `${p}${NEWSLETTER_UNSUBSCRIBE_PATH}`);
}

async function tokenOf(c: Context<AppEnv>): Promise<string> {
  let token = c.req.query("token") ?? "";
  if (!token) {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      const form = await c.req.formData().catch(() => null);
      const value = form?.get("token");
      token = typeof value === "string" ? value : "";
    }
  }
  return token.slice(0, 200);
}

function answer(c: Context<AppEnv>, outcome: string) {
  const browser =
    c.req.header("sec-fetch-mode") === "navigate" || (c.req.header("accept") ?? "").includes("text/html");
  if (browser) return c.redirect(`${c.req.path}?done=${outcome}`, 303);
  return c.json({ status: outcome }, outcome === "expired" ? 400 : 200);
}

export function registerNewsletterLinks(app: Hono<AppEnv>) {
  for (const prefix of PREFIXES) {
    app.post(`${prefix}${NEWSLETTER_CONFIRM_PATH}`, async (c) =>
      answer(c, await confirmNewsletter(c.var.store, await tokenOf(c))),
    );
    app.post(`${prefix}${NEWSLETTER_UNSUBSCRIBE_PATH}`, async (c) =>
      answer(c, await unsubscribeNewsletter(c.var.store, await tokenOf(c))),
    );
  }
}
