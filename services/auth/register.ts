// Sign-up: the spec's checks in order, then duplicate checks, then one insert. New customers
// are web/mobile users, shown on the POS only when the store's order-show-on-POS setting is on.
// Every refusal names the fields it is about (details.fields), so the form marks them.
import { and, eq, or, sql } from "drizzle-orm";
import { phoneDigits } from "../../core/account";
import {
  ACCOUNT_TEXT,
  type FieldProblem,
  popupFor,
  type RegisterField,
  type RegisterValues,
  registerFieldProblems,
} from "../../core/validation/account";
import { checkPasswordStrength } from "../../core/validation/account-password";
import type { Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { customers } from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../context";
import { type FailureCode, ServiceError } from "../failure";
import { customerColumns, type SessionCustomer } from "../sessions";
import { queueEmailProof } from "./email-proof";
import { hitAll, RULES, tooManyAttempts } from "./limits";
import { hashPassword } from "./password";
import { isPhoneTaken, samePhone } from "./phone";

/** A refusal with the spec's popup text and the fields it is about. */
function fieldsError(
  code: FailureCode,
  problem: { title: string; text?: string },
  fields: { field: RegisterField; message: string }[],
): ServiceError {
  return new ServiceError(code, problem.text ?? problem.title, {
    title: problem.title,
    details: { fields },
  });
}

const DUPLICATE_FIELD = {
  email: "An account with this email already exists. Sign in instead, or use another email.",
  phone: "An account with this mobile phone number already exists. Sign in instead, or use another number.",
} as const;

const duplicate = (fields: ("email" | "phone")[]) =>
  fieldsError(
    "duplicate",
    { title: ACCOUNT_TEXT.duplicate },
    fields.map((field) => ({ field, message: DUPLICATE_FIELD[field] })),
  );
const usernameTaken = () =>
  fieldsError(
    "username_taken",
    { title: ACCOUNT_TEXT.usernameTakenTitle, text: ACCOUNT_TEXT.usernameTakenText },
    [{ field: "email", message: "This email is already someone's username. Please choose another one." }],
  );

/** The spec's register checks as a refusal naming every invalid field; null when all pass. */
export function registerProblems(store: StoreContext, input: RegisterValues): ServiceError | null {
  const problems: FieldProblem[] = registerFieldProblems(
    input,
    store.config.countries.map((c) => c.code),
  );
  const popup = popupFor(problems);
  if (!popup) return null;
  return fieldsError(
    "invalid",
    popup,
    problems.map(({ field, message }) => ({ field, message })),
  );
}

/** The new customer, or a ServiceError: invalid, rate_limited, duplicate, username_taken. */
export async function registerCustomer(
  store: StoreContext,
  input: RegisterValues,
  client: { ip: string; origin?: string },
  now = new Date(),
): Promise<SessionCustomer> {
  const problem = registerProblems(store, input);
  if (problem) throw problem;
  await countRegistration(store, client, now);
  return store.db.transaction((tx) => createCustomer(tx, store, input, now, client.origin));
}

/**
 * What every customer who signs up on the web is: a web/mobile user, on the POS as the store says,
 * speaking the language of the page the account was made on (their mails are written in it).
 */
export function webCustomer(store: StoreContext, now: Date) {
  return {
    lang: store.lang,
    isCustomer: true,
    isMobileUser: true,
    showOnPos: store.settings.orderMobileShowPos,
    createdAt: now,
    updatedAt: now,
  };
}

/** The per-address sign-up limit; throws rate_limited when it is used up. */
export async function countRegistration(store: StoreContext, client: { ip: string }, now = new Date()) {
  const limit = await hitAll(store.db, [{ key: `register:ip:${client.ip}`, rule: RULES.registerPerIp }], now);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
}

/**
 * Creates the customer of checked register values in `tx` (a guest order's claim runs it in the
 * transaction that links the order): password strength, duplicates, then the insert and the mail
 * that asks the address's owner to prove it (links on `origin`, the address the shopper used).
 * Nobody has proven the typed email yet: the account can shop and see its orders, nothing more
 * trusts the address (docs/decisions/0041).
 */
export async function createCustomer(
  tx: Tx,
  store: StoreContext,
  input: RegisterValues,
  now = new Date(),
  origin = store.config.url,
): Promise<SessionCustomer> {
  const customer = await insertCustomer(tx, store, input, now);
  await queueEmailProof(tx, store, customer, origin, now);
  return customer;
}

async function insertCustomer(
  db: StoreDb | Tx,
  store: StoreContext,
  input: RegisterValues,
  now: Date,
): Promise<SessionCustomer> {
  // After the rate limit: the strength check costs a few milliseconds of CPU.
  const weak = checkPasswordStrength(input.password, {
    phone: input.phone,
    email: input.email,
    names: [input.firstName, input.lastName],
  });
  if (weak) throw fieldsError("invalid", weak, [{ field: "password", message: weak.text ?? weak.title }]);

  const email = input.email.trim();
  const phone = input.phone.trim();
  const lowerEmail = email.toLowerCase();
  const clash = await db
    .select({ email: customers.email, phone: customers.mobilePhone })
    .from(customers)
    .where(
      and(eq(customers.deleted, false), or(sql`lower(${customers.email}) = ${lowerEmail}`, samePhone(phone))),
    )
    .limit(2);
  if (clash.length > 0) {
    const fields: ("email" | "phone")[] = [];
    if (clash.some((c) => c.email.toLowerCase() === lowerEmail)) fields.push("email");
    if (clash.some((c) => phoneDigits(c.phone) === phoneDigits(phone))) fields.push("phone");
    throw duplicate(fields.length > 0 ? fields : ["email", "phone"]);
  }

  const taken = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.username}) = ${lowerEmail}`)
    .limit(1);
  if (taken.length > 0) throw usernameTaken();

  const passwordHash = await hashPassword(input.password);
  try {
    const rows = await db
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
        ...webCustomer(store, now),
      })
      .returning(customerColumns);
    return rows[0];
  } catch (err) {
    // Sign-ups racing for one phone number or username: the unique indexes decide.
    if (isPhoneTaken(err)) throw duplicate(["phone"]);
    if (uniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}
