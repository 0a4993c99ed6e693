// Resolves the visitor's session and customer for every page and API request.
// The cookie carries a random token; the store's `sessions` table holds its sha256 and the
// signed-in customer. Visitors without a row still get a token, because the CSRF token is
// derived from it (HMAC with a server secret), so forms work before anyone signs in.
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { isLocalHost } from "../../core/host";
import type { Db } from "../../db/client";
import { controlMeta } from "../../db/control/schema";
import type { StoreContext } from "../../services/context";
import {
  type AgeAnswer,
  destroySession,
  findSessionCustomer,
  hashSessionToken,
  isWellFormedToken,
  loadSession,
  newSessionToken,
  type RequestSessionView,
  rotateSession,
  type SessionCustomer,
  type SessionData,
} from "../../services/sessions";
import type { AppEnv } from "./env";

export const CSRF_HEADER = "x-csrf-token";
const REMEMBER_MAX_AGE_S = 30 * 24 * 60 * 60;
/**
 * The 18+ answer lives in a cookie of its own, not in the session: it belongs to the browser
 * (signing in or out does not change it), costs no database write per visitor, and the SSR
 * page reads it, so the gate is already there in the HTML whatever URL is opened first.
 * 'yes' lasts for the browser session; 'no' is kept for a year.
 */
export const AGE_COOKIE = "age_verified";
const UNDER_AGE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The request's session, as the handlers see it. Mutated by signIn/signOut/setSessionData. */
export interface HttpSession extends RequestSessionView {
  /** The cookie token (a row may or may not exist for it). */
  token: string;
  /** True when a sessions row exists for the token. */
  stored: boolean;
  /** Set-Cookie values to send with the response (new or rotated token, age answer). */
  pendingCookies: string[];
  /** The CSRF token changed in this request: sent in the x-csrf-token response header. */
  csrfRotated: boolean;
}

/** Secure cookies (and the __Host- prefix) everywhere except local development hosts. */
export function sessionCookieName(host: string): string {
  return isLocalHost(host) ? "sid" : "__Host-sid";
}

export function csrfTokenFor(secret: string, storeId: string, token: string): string {
  return createHmac("sha256", secret).update(`csrf:${storeId}:${token}`).digest("base64url");
}

/**
 * The HMAC key for CSRF tokens: the configured one (SESSION_SECRET), or one generated once and
 * kept in the control database so every server instance agrees on it.
 */
export function sessionSecretSource(control: Db, configured: string | null = null): () => Promise<string> {
  let cached: Promise<string> | null = null;
  const load = async () => {
    if (configured) return configured;
    await control
      .insert(controlMeta)
      .values({ key: "session_secret", value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing({ target: controlMeta.key });
    const rows = await control
      .select()
      .from(controlMeta)
      .where(eq(controlMeta.key, "session_secret"))
      .limit(1);
    const value = rows[0]?.value;
    if (!value) throw new Error("session secret missing");
    return value;
  };
  return () => {
    if (!cached) {
      cached = load();
      cached.catch(() => {
        cached = null;
      });
    }
    return cached;
  };
}

function cookieFor(store: StoreContext, token: string, maxAgeSeconds: number | null): string {
  const local = isLocalHost(store.host);
  return serialize(sessionCookieName(store.host), token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: !local,
    ...(maxAgeSeconds !== null ? { maxAge: maxAgeSeconds } : {}),
  });
}

function cookieMaxAge(data: SessionData): number | null {
  return data.remember ? REMEMBER_MAX_AGE_S : null;
}

function readAge(c: Context<AppEnv>): AgeAnswer | null {
  const v = getCookie(c, AGE_COOKIE);
  return v === "yes" ? "ok" : v === "no" ? "under" : null;
}

export function sessionMiddleware(secret: () => Promise<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const store = c.var.store;
    const key = await secret();
    const cookie = getCookie(c, sessionCookieName(store.host));
    let session: HttpSession;
    let customer: SessionCustomer | null = null;
    const loaded = isWellFormedToken(cookie) ? await loadSession(store, cookie) : null;
    if (cookie && isWellFormedToken(cookie)) {
      session = {
        token: cookie,
        tokenHash: hashSessionToken(cookie),
        stored: loaded !== null,
        customerId: loaded?.customerId ?? null,
        data: loaded?.data ?? {},
        csrfToken: csrfTokenFor(key, store.config.id, cookie),
        idleExpired: loaded?.idleExpired ?? false,
        age: readAge(c),
        pendingCookies: [],
        csrfRotated: false,
      };
      if (session.customerId !== null) {
        customer = await findSessionCustomer(store.db, session.customerId);
        if (!customer) session.customerId = null;
      }
    } else {
      const token = newSessionToken();
      session = {
        token,
        tokenHash: hashSessionToken(token),
        stored: false,
        customerId: null,
        data: {},
        csrfToken: csrfTokenFor(key, store.config.id, token),
        idleExpired: false,
        age: readAge(c),
        pendingCookies: [cookieFor(store, token, null)],
        csrfRotated: true,
      };
    }
    c.set("session", session);
    c.set("customer", customer);
    c.set("sessionSecret", key);
    await next();
    for (const cookie of session.pendingCookies) c.header("set-cookie", cookie, { append: true });
    if (session.csrfRotated) c.header(CSRF_HEADER, session.csrfToken);
    // Pages carry a per-visitor CSRF token and account data: never keep them in shared caches.
    const type = c.res.headers.get("content-type") ?? "";
    if (type.startsWith("text/html") && !c.res.headers.has("cache-control"))
      c.header("cache-control", "private, no-cache");
    c.header("vary", "Cookie", { append: true });
  };
}

function replaceToken(c: Context<AppEnv>, token: string, data: SessionData) {
  const s = c.var.session;
  s.token = token;
  s.tokenHash = hashSessionToken(token);
  s.csrfToken = csrfTokenFor(c.var.sessionSecret, c.var.store.config.id, token);
  // Replaces the new-visitor cookie of this same response, if any.
  s.pendingCookies = [cookieFor(c.var.store, token, cookieMaxAge(data))];
  s.csrfRotated = true;
}

/** Signs a customer in: a brand-new session token (rotation), the old one deleted. */
export async function signIn(
  c: Context<AppEnv>,
  customer: SessionCustomer,
  remember: boolean,
): Promise<void> {
  const s = c.var.session;
  const data: SessionData = { remember };
  const store = c.var.store;
  const key = c.var.sessionSecret;
  const token = await rotateSession(store, s.token, {
    customerId: customer.id,
    data,
    csrfToken: (t) => csrfTokenFor(key, store.config.id, t),
  });
  replaceToken(c, token, data);
  s.stored = true;
  s.customerId = customer.id;
  s.data = data;
  s.idleExpired = false;
  c.set("customer", customer);
}

/** Signs out: the session row is deleted and the visitor continues on a fresh token. */
export async function signOut(c: Context<AppEnv>): Promise<void> {
  const s = c.var.session;
  await destroySession(c.var.store, s.token);
  replaceToken(c, newSessionToken(), {});
  s.stored = false;
  s.customerId = null;
  s.data = {};
  c.set("customer", null);
}

/** Records the 18+ answer for this browser (see AGE_COOKIE). */
export function setAgeAnswer(c: Context<AppEnv>, answer: AgeAnswer): void {
  const s = c.var.session;
  s.age = answer;
  s.pendingCookies.push(
    serialize(AGE_COOKIE, answer === "ok" ? "yes" : "no", {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: !isLocalHost(c.var.store.host),
      ...(answer === "under" ? { maxAge: UNDER_AGE_MAX_AGE_S } : {}),
    }),
  );
}
