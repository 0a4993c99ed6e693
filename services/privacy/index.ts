// Access, portability and erasure (GDPR Art. 15, 17, 20; docs/decisions/0051): the data download
// of a customer or a guest buyer, and erasure by the shopper or by staff. Both walk the sections of
// ./sections.ts; what erasure keeps is listed there (RETAINED) and anonymised by ./retention.ts.
import { sql } from "drizzle-orm";
import { EXPORT_FORMAT, EXPORT_VERSION } from "../../core/privacy";
import { queryRows, type Tx } from "../../db/client";
import { type AuditActor, recordAudit, type StaffActor } from "../admin/audit";
import { hitAll, RULES, tooManyAttempts } from "../auth/limits";
import { verifyPassword } from "../auth/password";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { PRIVACY_SECTIONS, RETAINED } from "./sections";
import { customerSubject, type DataSubject, guestSubject } from "./subject";

export { PRIVACY_SECTIONS, RETAINED } from "./sections";

/** The downloaded file: documented key by key in docs/privacy-export.md. */
export interface PersonalDataExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  store: { id: string; name: string };
  exportedAt: string;
  subject: { kind: "customer" | "guest" };
  /** What the shop keeps after an erasure, why, and for how long. */
  retention: { table: string; columns: readonly string[]; why: string; keptFor: string }[];
  sections: Record<string, unknown>;
}

async function build(
  store: StoreContext,
  tx: Tx,
  subject: DataSubject,
  now: Date,
): Promise<PersonalDataExport> {
  const sections: Record<string, unknown> = {};
  for (const section of PRIVACY_SECTIONS)
    if (section.read) sections[section.key] = await section.read(tx, subject);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    store: { id: store.config.id, name: store.config.name },
    exportedAt: now.toISOString(),
    subject: { kind: subject.customerId === null ? "guest" : "customer" },
    retention: RETAINED.map((r) => ({
      table: r.table,
      columns: r.columns,
      why: r.why,
      keptFor: `${store.settings.fiscalRetentionYears} years after the end of the order's year`,
    })),
    sections,
  };
}

/** The signed-in customer's own data (My Account, "Download my data"); a few downloads an hour. */
export async function exportOwnData(store: StoreContext, customerId: number, now = new Date()) {
  const limit = await hitAll(store.db, [
    { key: `data-export:${customerId}`, rule: RULES.dataExportPerCustomer },
  ]);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  return store.db.transaction(async (tx) => build(store, tx, await customerSubject(tx, customerId), now));
}

/**
 * A customer's or a guest buyer's data for staff (the customer's page, the guest buyers' page),
 * audited as a personal-data export without the data itself.
 */
export async function exportForStaff(
  store: StoreContext,
  actor: StaffActor,
  who: { customerId: number } | { guestEmail: string },
  now = new Date(),
): Promise<PersonalDataExport> {
  return store.db.transaction(async (tx) => {
    const subject =
      "customerId" in who
        ? await customerSubject(tx, who.customerId)
        : await guestSubject(tx, who.guestEmail);
    const file = await build(store, tx, subject, now);
    await recordAudit(
      tx,
      actor,
      {
        action: subject.customerId === null ? "guest.export" : "customer.export",
        entity: subject.customerId === null ? "guest" : "customer",
        entityId: subject.customerId,
        summary: "Personal data downloaded (GDPR Art. 15)",
        // The orders by code: enough to know whose data it was, nothing of the data itself.
        after: { orders: subject.orderCodes },
      },
      now,
    );
    return file;
  });
}

/** Runs every section's erasure, the list backwards (the account last), and audits it. */
async function eraseSubject(tx: Tx, subject: DataSubject, actor: AuditActor, action: string, now: Date) {
  for (const section of [...PRIVACY_SECTIONS].reverse()) await section.erase?.(tx, subject);
  await recordAudit(
    tx,
    actor,
    {
      action,
      entity: subject.customerId === null ? "guest" : "customer",
      entityId: subject.customerId,
      summary: "Personal data erased (GDPR Art. 17); orders keep their fiscal data until the retention ends",
      after: { orders: subject.orderCodes },
    },
    now,
  );
  return { orders: subject.orderCodes.length };
}

/** Staff erase a customer account (customers.write: owner and manager). */
export async function eraseCustomer(
  store: StoreContext,
  actor: StaffActor,
  customerId: number,
  now = new Date(),
) {
  return store.db.transaction(async (tx) =>
    eraseSubject(tx, await customerSubject(tx, customerId), actor, "customer.erase", now),
  );
}

/** Staff erase a guest buyer: every guest order placed with `email`. */
export async function eraseGuest(store: StoreContext, actor: StaffActor, email: string, now = new Date()) {
  return store.db.transaction(async (tx) =>
    eraseSubject(tx, await guestSubject(tx, email), actor, "guest.erase", now),
  );
}

/** How the shopper confirms "Delete my account": the password, or the email for a social-only account. */
export type DeletionProof = { password: string } | { email: string };

/** Whether the account was made through Google or Facebook and may confirm by its email (no password known). */
export async function confirmsByEmail(store: StoreContext, customerId: number): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    store.db,
    sql`select count(*)::int as n from customer_identities where customer_id = ${customerId}`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * The signed-in shopper deletes their own account ("Delete my account"): confirmed by the password,
 * or, for an account with a Google or Facebook sign-in, by typing its email (its password was never
 * chosen). Audited under the system name `customer`, without the personal data or the address.
 */
export async function deleteOwnAccount(
  store: StoreContext,
  customerId: number,
  proof: DeletionProof,
  now = new Date(),
): Promise<void> {
  const limit = await hitAll(store.db, [
    { key: `account-delete:${customerId}`, rule: RULES.accountDeletePerCustomer },
  ]);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  const [row] = await queryRows<{ password_hash: string; email: string }>(
    store.db,
    sql`select password_hash, email from customers where id = ${customerId}`,
  );
  if (!row) throw new ServiceError("not_found", "This account does not exist.");
  const confirmed =
    "password" in proof
      ? proof.password !== "" && (await verifyPassword(row.password_hash, proof.password))
      : (await confirmsByEmail(store, customerId)) &&
        proof.email.trim().toLowerCase() === row.email.trim().toLowerCase();
  if (!confirmed)
    throw new ServiceError(
      "wrong_password",
      "password" in proof ? "The password is not correct." : "The email does not match the account's.",
    );
  await store.db.transaction(async (tx) =>
    eraseSubject(
      tx,
      await customerSubject(tx, customerId),
      // No IP address: it would be the erased person's own, kept in an append-only log.
      { id: null, email: "customer", ip: null },
      "customer.erase_self",
      now,
    ),
  );
}
