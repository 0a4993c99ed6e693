// Sign-up: the spec's checks in order, then duplicate checks, then one insert. New customers
// are web/mobile users, shown on the POS only when the store's order-show-on-POS setting is on.
import { and, eq, or, sql } from "drizzle-orm";
import { ACCOUNT_TEXT, checkRegister, type RegisterValues } from "../../core/validation/account";
import { checkPasswordStrength } from "../../core/validation/account-password";
import { uniqueViolation } from "../../db/errors";
import { customers } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { problemError } from "../failure";
import { customerColumns, type SessionCustomer } from "../sessions";
import { hitAll, RULES, tooManyAttempts } from "./limits";
import { hashPassword } from "./password";
import { isPhoneTaken, samePhone } from "./phone";

const duplicate = () => problemError("duplicate", { title: ACCOUNT_TEXT.duplicate });
const usernameTaken = () =>
  problemError("username_taken", {
    title: ACCOUNT_TEXT.usernameTakenTitle,
    text: ACCOUNT_TEXT.usernameTakenText,
  });

/** The new customer, or a ServiceError: invalid, rate_limited, duplicate, username_taken. */
export async function registerCustomer(
  store: StoreContext,
  input: RegisterValues,
  client: { ip: string },
  now = new Date(),
): Promise<SessionCustomer> {
  const countries = store.config.countries.map((c) => c.code);
  const problem = checkRegister(input, countries);
  if (problem) throw problemError("invalid", problem);

  const limit = await hitAll(store.db, [{ key: `register:ip:${client.ip}`, rule: RULES.registerPerIp }], now);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  // After the rate limit: the strength check costs a few milliseconds of CPU.
  const weak = checkPasswordStrength(input.password, {
    phone: input.phone,
    email: input.email,
    names: [input.firstName, input.lastName],
  });
  if (weak) throw problemError("invalid", weak);

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
  if (clash.length > 0) throw duplicate();

  const taken = await store.db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.username}) = ${lowerEmail}`)
    .limit(1);
  if (taken.length > 0) throw usernameTaken();

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
    return rows[0];
  } catch (err) {
    // Sign-ups racing for one phone number or username: the unique indexes decide.
    if (isPhoneTaken(err)) throw duplicate();
    if (uniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}
