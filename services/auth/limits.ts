// Rate limits and lockout for the account endpoints. Counters live in the store database
// (services/rate-limit.ts), so every server instance shares them.
import { ACCOUNT_TEXT } from "../../core/validation/account";
import type { Tx } from "../../db/client";
import { serviceConfig } from "../config";
import type { StoreDb } from "../context";
import { ServiceError } from "../failure";
import {
  claimAttempt,
  clearAttempts,
  hitRateLimit,
  peekRateLimit,
  type RateLimitResult,
  type RateLimitRule,
} from "../rate-limit";

const MIN = 60 * 1000;
const per = (limit: number, windowMs: number): RateLimitRule => ({ limit, windowMs });

/**
 * The request limits, before `rateLimitFactor` (RATE_LIMIT_FACTOR, default 1), which hitAll
 * multiplies them by. The end-to-end suite sets it high: all its browsers share one address and
 * would otherwise trip the per-IP limits.
 */
export const RULES = {
  loginPerIp: per(30, 15 * MIN),
  forgotPerIp: per(10, 60 * MIN),
  forgotPerEmail: per(3, 60 * MIN),
  registerPerIp: per(10, 60 * MIN),
  newsletterPerIp: per(20, 60 * MIN),
  /** Newsletter confirmation mails to one address: a stranger cannot flood someone's inbox. */
  newsletterPerEmail: per(3, 60 * MIN),
  /** Cookie-banner answers: far above a person changing their mind, low enough for a script. */
  consentPerIp: per(30, 10 * MIN),
  passwordChangePerCustomer: per(10, 15 * MIN),
  resetPerIp: per(20, 15 * MIN),
  /** The customer id of a reset link is the caller's to choose: one account's links are limited too. */
  resetPerCustomer: per(10, 15 * MIN),
  /** Returns from Google or Facebook: each costs token and key requests to the provider. */
  socialCallbackPerIp: per(30, 15 * MIN),
  /** Mailed links that prove an account before a social identity is linked to it. */
  socialLinkMailPerIp: per(5, 60 * MIN),
  /** Links that prove a customer's email, asked for again from My Account. */
  emailProofPerCustomer: per(5, 60 * MIN),
  /** "Download my data": each builds the whole file (docs/decisions/0051). */
  dataExportPerCustomer: per(5, 60 * MIN),
  /** "Delete my account": its password check, like a password change. */
  accountDeletePerCustomer: per(10, 15 * MIN),
  /** Wrong ERP API keys (x-api-key) from one address; past them its right key is refused too. */
  wrongApiKeyPerIp: per(20, 10 * MIN),
} satisfies Record<string, RateLimitRule>;

/**
 * Sign-in attempts per name (and per account) within a window that opens at the first one; past
 * them every attempt is refused until the window ends, the right password included. Not scaled by
 * RATE_LIMIT_FACTOR: the lock is per name, which the end-to-end suite does not share.
 */
export const LOCKOUT = { attempts: 5, lockMs: 15 * MIN };
const SIGN_IN: RateLimitRule = { limit: LOCKOUT.attempts, windowMs: LOCKOUT.lockMs };

/**
 * Claims one sign-in attempt on `key` (a typed name, an account) BEFORE the password is verified:
 * counting only the failures afterwards let a burst of parallel guesses all be verified before the
 * first was counted. Known and unknown names are claimed alike, so the lock does not tell which
 * exist. Any sign-in form can use it with keys of its own (e.g. `staff:name:<name>`).
 */
export function claimSignInAttempt(db: StoreDb, key: string, now = new Date()): Promise<RateLimitResult> {
  return claimAttempt(db, key, SIGN_IN, now);
}

/** After a successful sign-in (or a password reset) the claims start again from nothing. */
export function clearSignInAttempts(db: StoreDb | Tx, keys: string[]): Promise<void> {
  return clearAttempts(db, keys);
}

export interface LimitHit {
  key: string;
  rule: RateLimitRule;
}

/** Counts a hit on every key (rules from RULES, scaled); the first one over its limit is the answer. */
export async function hitAll(db: StoreDb, hits: LimitHit[], now = new Date()): Promise<RateLimitResult> {
  const factor = serviceConfig().rateLimitFactor;
  let worst: RateLimitResult = { allowed: true, remaining: Number.POSITIVE_INFINITY, retryAfterSeconds: 0 };
  for (const h of hits) {
    const r = await hitRateLimit(db, h.key, { ...h.rule, limit: h.rule.limit * factor }, now);
    if (!r.allowed && (worst.allowed || r.retryAfterSeconds > worst.retryAfterSeconds)) worst = r;
    else if (worst.allowed && r.remaining < worst.remaining) worst = r;
  }
  return worst;
}

/** Whether one more hit on `key` is within its rule (scaled as hitAll scales it); counts nothing. */
export function peekLimit(db: StoreDb, hit: LimitHit, now = new Date()): Promise<RateLimitResult> {
  const rule = { ...hit.rule, limit: hit.rule.limit * serviceConfig().rateLimitFactor };
  return peekRateLimit(db, hit.key, rule, now);
}

export function normalizeKey(value: string): string {
  return value.trim().toLowerCase().slice(0, 200);
}

/** The account endpoints' refusal past a limit: the spec's title, and the wait in minutes. */
export function tooManyAttempts(retryAfterSeconds: number): ServiceError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const text = `${ACCOUNT_TEXT.tooManyAttempts.replace(" later.", "")} in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return new ServiceError("rate_limited", text, { title: ACCOUNT_TEXT.tooManyAttempts, retryAfterSeconds });
}
