// One live account per phone number. The look-up gives the usual answer; the unique index
// `customers_phone_digits_uq` settles requests that race past it.
import { type SQL, sql } from "drizzle-orm";
import { phoneDigits } from "../../core/account";
import { uniqueViolation } from "../../db/errors";
import { customers } from "../../db/store/schema";

export const PHONE_UNIQUE_INDEX = "customers_phone_digits_uq";

/** Matches customers whose phone has the same digits (served by the unique index). */
export function samePhone(phone: string): SQL {
  return sql`regexp_replace(${customers.mobilePhone}, '[^0-9]', '', 'g') = ${phoneDigits(phone)}`;
}

/** Whether `err` is another live account already holding the phone number. */
export function isPhoneTaken(err: unknown): boolean {
  return uniqueViolation(err)?.constraint === PHONE_UNIQUE_INDEX;
}
