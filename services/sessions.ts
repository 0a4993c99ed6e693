// Server-side sessions in the store's own `sessions` table. The browser holds a random token;
// the table holds only its sha256, so a leaked table cannot be replayed as cookies. Because
// every store has its own table, a token issued by one store means nothing to another.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Tx } from "../db/client";
import { customers, sessions } from "../db/store/schema";
import type { StoreContext, StoreDb } from "./context";

/** How long a session row lives without any request (the customer's idle limit is shorter). */
export const SESSION_ROW_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session (a write per request would be waste). */
const TOUCH_EVERY_MS = 60 * 1000;

export type AgeAnswer = "ok" | "under";

export interface SessionData {
  /** "Remember me" at sign-in: the cookie outlives the browser session. */
  remember?: boolean;
  [key: string]: unknown;
}

/** What a signed-in request knows about its customer. Never includes the password hash. */
export interface SessionCustomer {
  id: number;
  username: string;
  name: string;
  surname: string;
  company: string | null;
  email: string;
  mobilePhone: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  vatNumber: string | null;
  /** CUST_PriceLIst_Header_Id: null or -1 means none. */
  priceListId: number | null;
  excludeVat: boolean;
  pointsBalanceCents: number;
  pointsOnHoldCents: number;
  legacyAccount: boolean;
}

/** What loaders and actions see of the request's session (app/context.ts RequestEnv). */
export interface RequestSessionView {
  csrfToken: string;
  /** sha256 of the cookie token: what binds server-side state (a social sign-in) to this browser. */
  tokenHash: string;
  customerId: number | null;
  data: SessionData;
  /** This request found the customer idle past the store's limit and signed them out. */
  idleExpired: boolean;
  /** The 18+ answer of this browser (a cookie of its own, see server/http/session.ts). */
  age: AgeAnswer | null;
}

export interface LoadedSession {
  idHash: string;
  customerId: number | null;
  data: SessionData;
  lastSeenAt: Date;
  expiresAt: Date;
  /** True when this lookup signed the customer out for inactivity. */
  idleExpired: boolean;
}

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token we issued is 43 base64url characters; anything else is not worth a query. */
export function isWellFormedToken(token: string | undefined | null): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

export const customerColumns = {
  id: customers.id,
  username: customers.username,
  name: customers.name,
  surname: customers.surname,
  company: customers.company,
  email: customers.email,
  mobilePhone: customers.mobilePhone,
  street: customers.street,
  postcode: customers.postcode,
  city: customers.city,
  country: customers.country,
  vatNumber: customers.vatNumber,
  priceListId: customers.priceListId,
  excludeVat: customers.excludeVat,
  pointsBalanceCents: customers.pointsBalanceCents,
  pointsOnHoldCents: customers.pointsOnHoldCents,
  legacyAccount: customers.legacyAccount,
};

export async function findSessionCustomer(db: StoreDb, customerId: number): Promise<SessionCustomer | null> {
  const rows = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.deleted, false)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Looks up the session for a cookie token. Enforces the store's inactivity limit: a customer
 * idle longer than `sessionExpireMinutes` is signed out here, whatever the browser believes.
 */
export async function loadSession(
  store: StoreContext,
  token: string,
  now = new Date(),
): Promise<LoadedSession | null> {
  const idHash = hashSessionToken(token);
  const rows = await store.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const data = (row.data ?? {}) as SessionData;
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  const limitMs = store.settings.sessionExpireMinutes * 60 * 1000;
  if (row.customerId !== null && idleMs > limitMs) {
    await store.db
      .update(sessions)
      .set({ customerId: null, lastSeenAt: now, data: { ...data, remember: false } })
      .where(eq(sessions.idHash, idHash));
    return { idHash, customerId: null, data, lastSeenAt: now, expiresAt: row.expiresAt, idleExpired: true };
  }
  let { lastSeenAt, expiresAt } = row;
  if (idleMs > TOUCH_EVERY_MS) {
    lastSeenAt = now;
    expiresAt = new Date(Math.max(row.expiresAt.getTime(), now.getTime() + SESSION_ROW_TTL_MS));
    await store.db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.idHash, idHash));
  }
  return { idHash, customerId: row.customerId, data, lastSeenAt, expiresAt, idleExpired: false };
}

/**
 * Stores a session under a new token and deletes the old one (rotation), keeping the old
 * session's data (age answer) unless told otherwise. Returns the new token.
 */
export async function rotateSession(
  store: StoreContext,
  oldToken: string | null,
  next: { customerId: number | null; data: SessionData; csrfToken: (token: string) => string },
  now = new Date(),
): Promise<string> {
  const token = newSessionToken();
  const idHash = hashSessionToken(token);
  await store.db.transaction(async (tx) => {
    if (oldToken) await tx.delete(sessions).where(eq(sessions.idHash, hashSessionToken(oldToken)));
    await tx.insert(sessions).values({
      idHash,
      customerId: next.customerId,
      csrfToken: next.csrfToken(token),
      data: next.data,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ROW_TTL_MS),
    });
  });
  // Expired rows are swept now and then by whoever creates a session, so no job is needed.
  if (Math.random() < 0.05) await purgeExpiredSessions(store.db, now);
  return token;
}

export async function destroySession(store: StoreContext, token: string): Promise<void> {
  await store.db.delete(sessions).where(eq(sessions.idHash, hashSessionToken(token)));
}

/**
 * Signs a customer out everywhere (after a password reset), or everywhere but the session of
 * `keepToken` (after a password change, made from that session).
 */
export async function destroyCustomerSessions(
  db: StoreDb | Tx,
  customerId: number,
  keepToken?: string,
): Promise<void> {
  const mine = eq(sessions.customerId, customerId);
  await db
    .delete(sessions)
    .where(keepToken ? and(mine, ne(sessions.idHash, hashSessionToken(keepToken))) : mine);
}

export async function purgeExpiredSessions(db: StoreDb, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
