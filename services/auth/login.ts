// Sign-in: usernames compare case-insensitively (an email also works), passwords exactly
// against the argon2id hash. Requests per IP are rate limited; every attempt on a name, and on the
// account it names, is claimed before the password is verified, and past LOCKOUT.attempts they are
// refused for the rest of the window (limits.ts). Legacy accounts (username and password = phone)
// sign in as well.
import { and, eq, sql } from "drizzle-orm";
import { ACCOUNT_TEXT } from "../../core/validation/account";
import { customers } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { problemError } from "../failure";
import { customerColumns, type SessionCustomer } from "../sessions";
import {
  claimSignInAttempt,
  clearSignInAttempts,
  hitAll,
  normalizeKey,
  RULES,
  tooManyAttempts,
} from "./limits";
import { burnVerification, hashPassword, needsRehash, verifyPassword } from "./password";

export interface SignedIn {
  customer: SessionCustomer;
  legacy: boolean;
}

const loginColumns = { ...customerColumns, passwordHash: customers.passwordHash };

const wrongCredentials = () =>
  problemError("invalid_credentials", {
    title: ACCOUNT_TEXT.loginWrongTitle,
    text: ACCOUNT_TEXT.loginWrongText,
  });

const nameKey = (name: string) => `login:name:${normalizeKey(name)}`;

/** The sign-in claims held against an account: its own and those of the names it answers to. */
export function signInKeysOf(customer: { id: number; username: string; email: string }): string[] {
  const keys = [`login:account:${customer.id}`, nameKey(customer.username)];
  if (customer.email) keys.push(nameKey(customer.email));
  return keys;
}

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

/** The customer signed in, or a ServiceError: invalid_credentials, rate_limited. */
export async function authenticate(
  store: StoreContext,
  input: { username: string; password: string },
  client: { ip: string },
  now = new Date(),
): Promise<SignedIn> {
  const perIp = await hitAll(store.db, [{ key: `login:ip:${client.ip}`, rule: RULES.loginPerIp }], now);
  if (!perIp.allowed) throw tooManyAttempts(perIp.retryAfterSeconds);
  const perName = await claimSignInAttempt(store.db, nameKey(input.username), now);
  if (!perName.allowed) throw tooManyAttempts(perName.retryAfterSeconds);

  const row = await findForLogin(store, input.username);
  if (!row) {
    await burnVerification(input.password);
    throw wrongCredentials();
  }
  // An account answers to its username and its email: both names share this claim.
  const perAccount = await claimSignInAttempt(store.db, `login:account:${row.id}`, now);
  if (!perAccount.allowed) throw tooManyAttempts(perAccount.retryAfterSeconds);
  if (!(await verifyPassword(row.passwordHash, input.password))) throw wrongCredentials();

  await clearSignInAttempts(store.db, [nameKey(input.username), ...signInKeysOf(row)]);
  if (needsRehash(row.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await store.db.update(customers).set({ passwordHash }).where(eq(customers.id, row.id));
  }
  const { passwordHash: _h, ...customer } = row;
  return { customer, legacy: row.legacyAccount };
}
