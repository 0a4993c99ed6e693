// Rate limits and lockout for the account endpoints. Counters live in the store database
// (services/rate-limit.ts), so every server instance shares them.
import { and, eq } from "drizzle-orm";
import { rateLimits } from "../../db/store/schema";
import type { StoreDb } from "../context";
import { hitRateLimit, type RateLimitResult, type RateLimitRule } from "../rate-limit";

const MIN = 60 * 1000;
/**
 * RATE_LIMIT_FACTOR multiplies every limit below (default 1). The end-to-end suite sets it high:
 * all its browsers share one address and would otherwise trip the per-IP limits.
 */
const factor = Math.max(1, Number(process.env.RATE_LIMIT_FACTOR) || 1);
const per = (limit: number, windowMs: number): RateLimitRule => ({ limit: limit * factor, windowMs });

export const RULES = {
  loginPerIp: per(30, 15 * MIN),
  /** Failed attempts per username (unknown usernames included; known ones also lock out). */
  loginPerUser: per(10, 15 * MIN),
  forgotPerIp: per(10, 60 * MIN),
  forgotPerEmail: per(3, 60 * MIN),
  registerPerIp: per(10, 60 * MIN),
  newsletterPerIp: per(20, 60 * MIN),
  passwordChangePerCustomer: per(10, 15 * MIN),
} satisfies Record<string, RateLimitRule>;

/** Consecutive wrong passwords before an account is locked, and for how long. */
export const LOCKOUT = { failures: 5, lockMs: 15 * MIN };

export interface LimitHit {
  key: string;
  rule: RateLimitRule;
}

/** Counts a hit on every key; the first one over its limit is the answer. */
export async function hitAll(db: StoreDb, hits: LimitHit[], now = new Date()): Promise<RateLimitResult> {
  let worst: RateLimitResult = { allowed: true, remaining: Number.POSITIVE_INFINITY, retryAfterSeconds: 0 };
  for (const h of hits) {
    const r = await hitRateLimit(db, h.key, h.rule, now);
    if (!r.allowed && (worst.allowed || r.retryAfterSeconds > worst.retryAfterSeconds)) worst = r;
    else if (worst.allowed && r.remaining < worst.remaining) worst = r;
  }
  return worst;
}

/** Whether `key` is already at its limit in the current window, without counting a hit. */
export async function isOverLimit(
  db: StoreDb,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)))
    .limit(1);
  const count = rows[0]?.count ?? 0;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000),
  );
  return { allowed: count < rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

export function normalizeKey(value: string): string {
  return value.trim().toLowerCase().slice(0, 200);
}
