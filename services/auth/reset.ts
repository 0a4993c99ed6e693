// Forgot / reset password. The mail carries a random single-use token; the database keeps only
// its sha256 with an expiry. The link points at the store's own host (the caller passes that
// origin); it never carries a database connection string, unlike the old system's `constr`.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ACCOUNT_TEXT, checkForgot, checkNewPassword } from "../../core/validation/account";
import { checkPasswordStrength } from "../../core/validation/account-password";
import type { Tx } from "../../db/client";
import { customers, passwordResetTokens } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { problemError } from "../failure";
import { enqueueMail } from "../mail/outbox";
import { passwordResetMail } from "../mail/templates";
import { destroyCustomerSessions } from "../sessions";
import { markEmailProven } from "./email-proof";
import { clearSignInAttempts, hitAll, normalizeKey, RULES, tooManyAttempts } from "./limits";
import { signInKeysOf } from "./login";
import { hashPassword } from "./password";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const expired = () => problemError("token_expired", { title: ACCOUNT_TEXT.resetExpired });

/**
 * Mails a reset link, or throws a ServiceError: invalid, rate_limited, not_found. `origin` is
 * the address the shopper used, e.g. https://shop.example.com or http://localhost:3000.
 */
export async function requestPasswordReset(
  store: StoreContext,
  emailInput: string,
  ctx: { ip: string; origin: string },
  now = new Date(),
): Promise<void> {
  const problem = checkForgot(emailInput);
  if (problem) throw problemError("invalid", problem);
  const email = emailInput.trim();
  const limit = await hitAll(
    store.db,
    [
      { key: `forgot:ip:${ctx.ip}`, rule: RULES.forgotPerIp },
      { key: `forgot:email:${normalizeKey(email)}`, rule: RULES.forgotPerEmail },
    ],
    now,
  );
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);

  const found = await store.db
    .select({ id: customers.id, name: customers.name, email: customers.email, lang: customers.lang })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(customers.deleted, false)))
    .limit(1);
  const customer = found[0];
  if (!customer) throw problemError("not_found", { title: ACCOUNT_TEXT.forgotNotFound });

  const minutes = Math.round(RESET_TOKEN_TTL_MS / 60000);
  await store.db.transaction(async (tx) => {
    const link = await issuePasswordLink(tx, customer.id, ctx.origin, RESET_TOKEN_TTL_MS, now);
    await enqueueMail(
      tx,
      passwordResetMail(store, customer.email, {
        name: customer.name,
        resetUrl: link,
        validMinutes: minutes,
        lang: customer.lang,
      }),
    );
  });
}

/**
 * A one-use link to the /password-reset page for the customer, valid for `ttlMs`; only the newest
 * link works (earlier ones are retired). Also used for the ERP's invitation of a new customer.
 */
export async function issuePasswordLink(
  tx: Tx,
  customerId: number,
  origin: string,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlMs);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
  await tx
    .insert(passwordResetTokens)
    .values({ customerId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  await tx.update(customers).set({ passTokenExpire: expiresAt }).where(eq(customers.id, customerId));
  return `${origin}/password-reset?token=${encodeURIComponent(token)}&custid=${customerId}`;
}

const liveToken = (token: string, customerId: number, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    eq(passwordResetTokens.customerId, customerId),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** The customer a usable reset link belongs to, or null. */
async function tokenOwner(store: StoreContext, token: string, customerId: number, now: Date) {
  if (!token || !Number.isInteger(customerId) || customerId <= 0) return null;
  const rows = await store.db
    .select({
      id: customers.id,
      username: customers.username,
      email: customers.email,
      phone: customers.mobilePhone,
      name: customers.name,
      surname: customers.surname,
    })
    .from(passwordResetTokens)
    .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
    .where(liveToken(token, customerId, now))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether a reset link is still usable (the page shows the form or the expired message). */
export async function resetTokenValid(
  store: StoreContext,
  token: string,
  customerId: number,
  now = new Date(),
): Promise<boolean> {
  return (await tokenOwner(store, token, customerId, now)) !== null;
}

/** Sets the new password, or throws a ServiceError: invalid, rate_limited, token_expired. */
export async function resetPassword(
  store: StoreContext,
  input: { token: string; custid: number; password: string; confirm: string },
  client: { ip: string },
  now = new Date(),
): Promise<void> {
  const problem = checkNewPassword(input.password, input.confirm);
  if (problem) throw problemError("invalid", problem);
  const limit = await hitAll(
    store.db,
    [
      { key: `reset:ip:${client.ip}`, rule: RULES.resetPerIp },
      { key: `reset:customer:${input.custid}`, rule: RULES.resetPerCustomer },
    ],
    now,
  );
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  // The token first: argon2 is costly on purpose, and a flood of forged links must not reach it.
  const owner = await tokenOwner(store, input.token, input.custid, now);
  if (!owner) throw expired();
  const weak = checkPasswordStrength(input.password, { ...owner, names: [owner.name, owner.surname] });
  if (weak) throw problemError("invalid", weak);
  const passwordHash = await hashPassword(input.password);
  await store.db.transaction(async (tx) => {
    // Claiming the token and changing the password happen together: a token works once.
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(liveToken(input.token, input.custid, now))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length === 0) throw expired();
    // The password is no longer the phone number, so a legacy account is one no more.
    await tx
      .update(customers)
      .set({ passwordHash, passTokenExpire: null, legacyAccount: false, updatedAt: now })
      .where(eq(customers.id, input.custid));
    // The link came to the account's mailbox, whose owner chose this password: the email is proven.
    await markEmailProven(tx, input.custid, now);
    await destroyCustomerSessions(tx, input.custid);
    // The owner of the mailbox gets in at once, whatever a guesser did to the sign-in lock.
    await clearSignInAttempts(tx, signInKeysOf(owner));
  });
}
