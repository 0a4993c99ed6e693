// Sign-in: usernames compare case-insensitively (an email also works), passwords exactly
// against the argon2id hash. Wrong passwords count towards a lockout; requests per IP and per
// username are rate limited. Legacy accounts (username and password = phone) sign in as well.
import { and, eq, sql } from "drizzle-orm";
import { customers } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { hitRateLimit } from "../rate-limit";
import { customerColumns, type SessionCustomer } from "../sessions";
import { hitAll, isOverLimit, LOCKOUT, normalizeKey, RULES } from "./limits";
import { burnVerification, hashPassword, needsRehash, verifyPassword } from "./password";

export type LoginResult =
  | { ok: true; customer: SessionCustomer; legacy: boolean }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked" | "rate_limited"; retryAfterSeconds: number };

const loginColumns = {
  ...customerColumns,
  passwordHash: customers.passwordHash,
  failedLogins: customers.failedLogins,
  lockedUntil: customers.lockedUntil,
};

async function findForLogin(store: StoreContext, username: string) {
  const name = username.trim().toLowerCase();
  const byUsername = await store.db
    .select(loginColumns)
    .from(customers)
    .where(and(sql`lower(${customers.username}) = ${name}`, eq(customers.deleted, false)))
    .limit(1);
  if (byUsername[0]) return byUsername[0];
  if (!name.includes("@")) return null;
  // Signing in with the email works too, when exactly one account has it.
  const byEmail = await store.db
    .select(loginColumns)
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${name}`, eq(customers.deleted, false)))
    .limit(2);
  return byEmail.length === 1 ? byEmail[0] : null;
}

export async function authenticate(
  store: StoreContext,
  input: { username: string; password: string },
  client: { ip: string },
  now = new Date(),
): Promise<LoginResult> {
  const userKey = `login:user:${normalizeKey(input.username)}`;
  const perIp = await hitAll(store.db, [{ key: `login:ip:${client.ip}`, rule: RULES.loginPerIp }], now);
  if (!perIp.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: perIp.retryAfterSeconds };
  const perUser = await isOverLimit(store.db, userKey, RULES.loginPerUser, now);
  if (!perUser.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: perUser.retryAfterSeconds };
  const failed = async () => {
    await hitRateLimit(store.db, userKey, RULES.loginPerUser, now);
    return { ok: false, reason: "invalid" } as const;
  };

  const row = await findForLogin(store, input.username);
  if (!row) {
    await burnVerification(input.password);
    return failed();
  }
  if (row.lockedUntil && row.lockedUntil > now) {
    return {
      ok: false,
      reason: "locked",
      retryAfterSeconds: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000),
    };
  }
  const ok = await verifyPassword(row.passwordHash, input.password);
  if (!ok) {
    // Counted in SQL so concurrent wrong attempts cannot slip past the lockout.
    await store.db
      .update(customers)
      .set({
        failedLogins: sql`${customers.failedLogins} + 1`,
        lockedUntil: sql`case when ${customers.failedLogins} + 1 >= ${LOCKOUT.failures} then ${new Date(now.getTime() + LOCKOUT.lockMs).toISOString()}::timestamptz else null end`,
      })
      .where(eq(customers.id, row.id));
    return failed();
  }
  const update: Partial<typeof customers.$inferInsert> = { failedLogins: 0, lockedUntil: null };
  if (needsRehash(row.passwordHash)) update.passwordHash = await hashPassword(input.password);
  if (row.failedLogins !== 0 || row.lockedUntil !== null || update.passwordHash) {
    await store.db.update(customers).set(update).where(eq(customers.id, row.id));
  }
  const { passwordHash: _h, failedLogins: _f, lockedUntil: _l, ...customer } = row;
  return { ok: true, customer, legacy: row.legacyAccount };
}
