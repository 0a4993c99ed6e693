// Rate limits kept in the store database, so every server instance shares them: hits counted in
// fixed windows, and attempts claimed before the work they guard (sign-in).
import { inArray, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../db/client";
import { rateLimits } from "../db/store/schema";
import type { StoreDb } from "./context";

export interface RateLimitRule {
  /** At most this many hits ... */
  limit: number;
  /** ... per window of this many milliseconds. */
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** The clock-aligned window `now` falls in, and the seconds until it ends. */
function fixedWindow(rule: RateLimitRule, now: Date): { windowStart: Date; retryAfterSeconds: number } {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000),
  );
  return { windowStart, retryAfterSeconds };
}

/** Counts one hit for `key` (e.g. `login:ip:1.2.3.4`) and says whether it is within the rule. */
export async function hitRateLimit(
  db: StoreDb,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = fixedWindow(rule, now);
  const rows = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count, window_start`,
  );
  const count = Number(rows[0]?.count ?? 1);
  return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

/**
 * How `key` stands in the current window of `rule`, without counting a hit: `allowed` is false once
 * the window already holds `limit` hits, so the next one (of whatever kind) is refused.
 */
export async function peekRateLimit(
  db: StoreDb,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = fixedWindow(rule, now);
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key} and window_start = ${windowStart.toISOString()}::timestamptz`,
  );
  const count = Number(rows[0]?.count ?? 0);
  return { allowed: count < rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

/**
 * Claims one attempt for `key` before the work it guards is done, so that requests arriving
 * together cannot all pass a check made before any of them was counted. The window opens at the
 * key's first attempt rather than on a clock boundary: a burst that straddles a boundary would
 * otherwise get the limit twice.
 */
export async function claimAttempt(
  db: StoreDb,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const opensAfter = new Date(now.getTime() - rule.windowMs).toISOString();
  const rows = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start > ${opensAfter}::timestamptz then rate_limits.count + 1 else 1 end,
      window_start = case when rate_limits.window_start > ${opensAfter}::timestamptz
        then rate_limits.window_start else excluded.window_start end
    returning count, window_start`,
  );
  const count = Number(rows[0]?.count ?? 1);
  const opened = new Date(rows[0]?.window_start ?? now).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((opened + rule.windowMs - now.getTime()) / 1000));
  return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

/** Forgets the counts of these keys (an attempt that succeeded gives its claims back). */
export async function clearAttempts(db: StoreDb | Tx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
