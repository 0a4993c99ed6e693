// Sign-up: the spec's checks in order, then duplicate checks, then one insert. New customers
// are web/mobile users, shown on the POS only when the store's order-show-on-POS setting is on.
import { and, eq, or, sql } from "drizzle-orm";
import {
  ACCOUNT_TEXT,
  checkRegister,
  type FormProblem,
  type RegisterValues,
} from "../../core/validation/account";
import { checkPasswordStrength } from "../../core/validation/account-password";
import { uniqueViolation } from "../../db/errors";
import { customers } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { customerColumns, type SessionCustomer } from "../sessions";
import { hitAll, RULES } from "./limits";
import { hashPassword } from "./password";
import { isPhoneTaken, samePhone } from "./phone";

export type RegisterResult =
  | { ok: true; customer: SessionCustomer }
  | { ok: false; reason: "invalid" | "duplicate" | "username_taken"; problem: FormProblem }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

export async function registerCustomer(
  store: StoreContext,
  input: RegisterValues,
  client: { ip: string },
  now = new Date(),
): Promise<RegisterResult> {
  const countries = store.config.countries.map((c) => c.code);
  const problem = checkRegister(input, countries);
  if (problem) return { ok: false, reason: "invalid", problem };

  const limit = await hitAll(store.db, [{ key: `register:ip:${client.ip}`, rule: RULES.registerPerIp }], now);
  if (!limit.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  // After the rate limit: the strength check costs a few milliseconds of CPU.
  const weak = checkPasswordStrength(input.password, {
    phone: input.phone,
    email: input.email,
    names: [input.firstName, input.lastName],
  });
  if (weak) return { ok: false, reason: "invalid", problem: weak };

  const email = input.email.trim();
  const phone = input.phone.trim();
  const lowerEmail = email.toLowerCase();
  const clash = await store.db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(eq(customers.deleted, false), or(sql`lower(${customers.email}) = ${lowerEmail}`, samePhone(phone))),
    )
    .limit(1);
  if (clash.length > 0) return { ok: false, reason: "duplicate", problem: { title: ACCOUNT_TEXT.duplicate } };

  const taken = await store.db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.username}) = ${lowerEmail}`)
    .limit(1);
  const usernameTaken = { title: ACCOUNT_TEXT.usernameTakenTitle, text: ACCOUNT_TEXT.usernameTakenText };
  if (taken.length > 0) return { ok: false, reason: "username_taken", problem: usernameTaken };

  const passwordHash = await hashPassword(input.password);
  try {
    const rows = await store.db
      .insert(customers)
      .values({
        username: email,
        name: input.firstName.trim(),
        surname: input.lastName.trim(),
        company: input.company.trim() || null,
        passwordHash,
        mobilePhone: phone,
        email,
        street: input.street.trim(),
        postcode: input.postcode.trim(),
        city: input.city.trim(),
        country: input.country,
        isCustomer: true,
        isMobileUser: true,
        showOnPos: store.settings.orderMobileShowPos,
        createdAt: now,
        updatedAt: now,
      })
      .returning(customerColumns);
    return { ok: true, customer: rows[0] };
  } catch (err) {
    // Sign-ups racing for one phone number or username: the unique indexes decide.
    if (isPhoneTaken(err))
      return { ok: false, reason: "duplicate", problem: { title: ACCOUNT_TEXT.duplicate } };
    if (uniqueViolation(err)) return { ok: false, reason: "username_taken", problem: usernameTaken };
    throw err;
  }
}
