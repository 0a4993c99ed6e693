// The back office's own session: a cookie on path /admin only (the storefront never sees it,
// and the shopper's cookie means nothing here), HttpOnly, SameSite=Strict, Secure off local hosts.
// Like the storefront, every visitor gets a token first, so the sign-in form has a CSRF token too.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { isLocalHost } from "../../core/host";
import type { StaffActor } from "../../services/admin/audit";
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

const adminCsrf = (secret: string, storeId: string, token: string) =>
  csrfTokenFor(secret, `admin:${storeId}`, token);

type C = Context<AdminEnv>;

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
