// The back office's own session: a cookie on path /admin only (the storefront never sees it,
// and the shopper's cookie means nothing here), HttpOnly, SameSite=Strict, Secure off local hosts.
// Like the storefront, every visitor gets a token first, so the sign-in form has a CSRF token too.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { isLocalHost } from "../../core/host";
import type { StaffActor } from "../../services/admin/audit";
import { staffBrowserMark } from "../../services/admin/staff-auth";
import {
  createStaffSession,
  destroyStaffSession,
  loadStaffSession,
} from "../../services/admin/staff-sessions";
import { isWellFormedToken, newSessionToken } from "../../services/sessions";
import { clientIp } from "../http/client";
import { CSRF_HEADER, csrfTokenFor } from "../http/session";
import type { AdminEnv } from "./env";

export const ADMIN_PATH = "/admin";

type C = Context<AdminEnv>;

/** `__Secure-` rather than `__Host-`: the latter requires path /, and this cookie is /admin's only. */
export function adminCookieName(host: string): string {
  return isLocalHost(host) ? "admin_sid" : "__Secure-admin_sid";
}

function cookieFor(host: string, token: string): string {
  return serialize(adminCookieName(host), token, {
    path: ADMIN_PATH,
    httpOnly: true,
    sameSite: "Strict",
    secure: !isLocalHost(host),
  });
}

/**
 * The known-browser cookie (services/admin/staff-auth.ts, staffBrowserMark): set on a successful
 * sign-in and kept after sign-out, it lets this browser past the per-name lock that anyone can
 * fill. Lax rather than Strict: it is only read by the sign-in, and a link into the back office
 * from a mail should still find it. It never signs anyone in by itself.
 */
export function knownBrowserCookieName(host: string): string {
  return isLocalHost(host) ? "admin_known" : "__Secure-admin_known";
}

const KNOWN_BROWSER_DAYS = 180;

export function knownBrowserOf(c: C): string | undefined {
  return getCookie(c, knownBrowserCookieName(c.var.store.host));
}

/** Marks this browser as one that signed in as `staffId` (after startStaffSession, which resets the cookies). */
export async function markKnownBrowser(c: C, staffId: number): Promise<void> {
  const host = c.var.store.host;
  const mark = await staffBrowserMark(c.var.store.config.id, staffId);
  c.var.staffCookies.push(
    serialize(knownBrowserCookieName(host), mark, {
      path: ADMIN_PATH,
      httpOnly: true,
      sameSite: "Lax",
      secure: !isLocalHost(host),
      maxAge: KNOWN_BROWSER_DAYS * 24 * 3600,
    }),
  );
}

const adminCsrf = (secret: string, storeId: string, token: string) =>
  csrfTokenFor(secret, `admin:${storeId}`, token);

export function staffSessionMiddleware(secret: () => Promise<string>): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const store = c.var.store;
    const key = await secret();
    c.set("sessionSecret", key);
    const cookie = getCookie(c, adminCookieName(store.host));
    let token: string;
    let staff: StaffActor | null = null;
    let rotated = false;
    c.set("staffCookies", []);
    if (isWellFormedToken(cookie)) {
      token = cookie;
      staff = await loadStaffSession(store, token, clientIp(c));
    } else {
      token = newSessionToken();
      c.var.staffCookies.push(cookieFor(store.host, token));
      rotated = true;
    }
    c.set("staffToken", token);
    c.set("staff", staff);
    c.set("staffCsrf", adminCsrf(key, store.config.id, token));
    await next();
    for (const value of c.var.staffCookies) c.header("set-cookie", value, { append: true });
    if (rotated || c.var.staffToken !== token) c.header(CSRF_HEADER, c.var.staffCsrf);
    // Back-office answers carry customers' and the shop's data: never cached anywhere.
    c.header("cache-control", "no-store");
  };
}

function replaceToken(c: C, token: string) {
  c.set("staffToken", token);
  c.set("staffCsrf", adminCsrf(c.var.sessionSecret, c.var.store.config.id, token));
  c.set("staffCookies", [cookieFor(c.var.store.host, token)]);
}

/** Signs a member of staff in on a brand-new token (the visitor's token is replaced). */
export async function startStaffSession(c: C, actor: StaffActor): Promise<void> {
  const token = await createStaffSession(
    c.var.store,
    actor.id,
    { ip: actor.ip, userAgent: c.req.header("user-agent") ?? null },
    c.var.staffToken,
  );
  replaceToken(c, token);
  c.set("staff", actor);
}

export async function endStaffSession(c: C): Promise<void> {
  await destroyStaffSession(c.var.store, c.var.staffToken);
  replaceToken(c, newSessionToken());
  c.set("staff", null);
}
