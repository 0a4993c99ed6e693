// The signed-in customer's own data: details, email, password, and the orders the dashboard lists.
// Each change answers the customer as saved, or throws a ServiceError: invalid, duplicate,
// wrong_password, rate_limited.
import { and, eq, ne, or, sql } from "drizzle-orm";
import {
  ACCOUNT_TEXT,
  type AccountDetailsValues,
  checkAccountDetails,
  checkEmailChange,
  checkPasswordChange,
} from "../../core/validation/account";
import { checkPasswordStrength } from "../../core/validation/account-password";
import { customers } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { problemError } from "../failure";
import { customerColumns, destroyCustomerSessions, type SessionCustomer } from "../sessions";
import { queueEmailProof } from "./email-proof";
import { hitAll, RULES, tooManyAttempts } from "./limits";
import { hashPassword, verifyPassword } from "./password";
import { isPhoneTaken, samePhone } from "./phone";

const duplicate = () => problemError("duplicate", { title: ACCOUNT_TEXT.duplicate });
const wrongPassword = () => problemError("wrong_password", { title: ACCOUNT_TEXT.wrongCurrentPassword });

async function reload(store: StoreContext, id: number): Promise<SessionCustomer> {
  const rows = await store.db.select(customerColumns).from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}

async function passwordMatches(store: StoreContext, id: number, password: string): Promise<boolean> {
  const rows = await store.db
    .select({ h: customers.passwordHash })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return rows[0] ? verifyPassword(rows[0].h, password) : false;
}

export async function updateDetails(
  store: StoreContext,
  customerId: number,
  v: AccountDetailsValues,
): Promise<SessionCustomer> {
  const problem = checkAccountDetails(
    v,
    store.config.countries.map((c) => c.code),
  );
  if (problem) throw problemError("invalid", problem);
  const phone = v.phone.trim();
  const clash = await store.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(samePhone(phone), ne(customers.id, customerId), eq(customers.deleted, false)))
    .limit(1);
  if (clash.length > 0) throw duplicate();
  try {
    await store.db
      .update(customers)
      .set({
        name: v.firstName.trim(),
        surname: v.lastName.trim(),
        company: v.company.trim() || null,
        mobilePhone: phone,
        street: v.street.trim(),
        postcode: v.postcode.trim(),
        city: v.city.trim(),
        country: v.country,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId));
  } catch (err) {
    // Another account took the number between the look-up and this write.
    if (isPhoneTaken(err)) throw duplicate();
    throw err;
  }
  return reload(store, customerId);
}

/**
 * Changes the email (the current password confirms it). When the username was the old email it
 * follows the new one; a legacy account keeps its phone-number username.
 */
export async function changeEmail(
  store: StoreContext,
  customerId: number,
  v: { email: string; password: string },
  origin = store.config.url,
): Promise<SessionCustomer> {
  const problem = checkEmailChange(v);
  if (problem) throw problemError("invalid", problem);
  const limit = await hitAll(store.db, [
    { key: `account:${customerId}`, rule: RULES.passwordChangePerCustomer },
  ]);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  if (!(await passwordMatches(store, customerId, v.password))) {
    throw wrongPassword();
  }
  const email = v.email.trim();
  const lower = email.toLowerCase();
  const clash = await store.db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        ne(customers.id, customerId),
        or(sql`lower(${customers.email}) = ${lower}`, sql`lower(${customers.username}) = ${lower}`),
      ),
    )
    .limit(1);
  if (clash.length > 0) throw duplicate();
  const current = await reload(store, customerId);
  const usernameFollows =
    current.email !== "" && current.username.toLowerCase() === current.email.toLowerCase();
  if (email.toLowerCase() === current.email.toLowerCase()) {
    // The same mailbox (another spelling): what was proven stays proven.
    await store.db
      .update(customers)
      .set({ email, updatedAt: new Date() })
      .where(eq(customers.id, customerId));
    return reload(store, customerId);
  }
  // A new address is nobody's until its owner proves it (docs/decisions/0041).
  await store.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        email,
        ...(usernameFollows ? { username: email } : {}),
        emailVerifiedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId));
    await queueEmailProof(tx, store, { id: customerId, email, name: current.name }, origin);
  });
  return reload(store, customerId);
}

/**
 * Changes the password (the current one confirms it). Every other session of the account ends,
 * since one of them may be the reason for the change; the session of `keepSession` stays signed in.
 * A legacy account stops being one: its password is no longer its phone number.
 */
export async function changePassword(
  store: StoreContext,
  customerId: number,
  v: { current: string; password: string; confirm: string },
  opts: { keepSession?: string } = {},
): Promise<SessionCustomer> {
  const problem = checkPasswordChange(v);
  if (problem) throw problemError("invalid", problem);
  const limit = await hitAll(store.db, [
    { key: `account:${customerId}`, rule: RULES.passwordChangePerCustomer },
  ]);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  if (!(await passwordMatches(store, customerId, v.current))) {
    throw wrongPassword();
  }
  const me = await reload(store, customerId);
  const weak = checkPasswordStrength(v.password, {
    phone: me.mobilePhone,
    email: me.email,
    username: me.username,
    names: [me.name, me.surname],
  });
  if (weak) throw problemError("invalid", weak);
  const passwordHash = await hashPassword(v.password);
  await store.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, legacyAccount: false, updatedAt: new Date() })
      .where(eq(customers.id, customerId));
    await destroyCustomerSessions(tx, customerId, opts.keepSession);
  });
  return reload(store, customerId);
}
