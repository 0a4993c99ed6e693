// The ERP's create-or-update of a customer by its own customer id (customers.erp_id), with the
// storefront's registration rules: a store country, a digits-only mobile, one live account per
// email and per phone number, the email as the username. Never a password: a new customer gets
// an unusable password hash and an invitation mail with a one-use link (the password-reset
// machinery of services/auth/reset.ts, valid for INVITATION_TTL_MS) to choose one; the
// storefront's /password-reset page takes it and the customer then signs in as anyone does.
// A repeated request writes nothing: no updatedAt, no change-feed position, no audit entry.
// Throws ServiceError: invalid (details.issues with field paths), duplicate / username_taken
// (details.field: email or mobilePhone).
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { phoneDigits } from "../../core/account";
import type {
  IntegrationCustomerInput,
  IntegrationCustomerSchema,
} from "../../core/api/integration/customers";
import type { Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { customers, priceLists } from "../../db/store/schema";
import { type AuditActor, recordAudit } from "../admin/audit";
import { isPhoneTaken, samePhone } from "../auth/phone";
import { issuePasswordLink } from "../auth/reset";
import { storeChanged } from "../cache";
import type { StoreContext, StoreDb } from "../context";
import { ServiceError } from "../failure";
import { enqueueMail } from "../mail/outbox";
import { customerInvitationMail } from "../mail/templates";
import { destroyCustomerSessions } from "../sessions";
import { invalidInput } from "./taxonomy";

export type IntegrationCustomer = z.output<typeof IntegrationCustomerSchema>;
type Input = z.output<typeof IntegrationCustomerInput>;
type CustomerRow = typeof customers.$inferSelect;

/** How long an invitation link works: a week (a reset link works an hour). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The password hash of a customer who has not chosen a password yet. verifyPassword compares a
 * `sha256:` value with the hex digest of what was typed, which never contains these letters, so
 * no password signs in and the sign-in answers its usual wrong-credentials message. The change
 * feed's trigger (store migration 0014, db/sql/store/functions.sql) compares with the same text, so
 * choosing a first password moves the customer in the feed; erp-changes.test.ts holds the two equal.
 */
export const NO_PASSWORD_HASH = "sha256:no-password-chosen-yet";

const REQUIRED_ON_CREATE = [
  "name",
  "surname",
  "email",
  "mobilePhone",
  "street",
  "postcode",
  "city",
  "country",
] as const;

function conflict(field: "email" | "mobilePhone", code: "duplicate" | "username_taken" = "duplicate") {
  const message =
    field === "email"
      ? "Another customer already has this email (or uses it as a username)"
      : "Another active customer already has this mobile phone number";
  return new ServiceError(code, `${field}: ${message}`, {
    details: { field, issues: [{ path: field, message }] },
  });
}

/** The customers `where` selects, as the ERP sees them (price list by code, no hash or token). */
export async function integrationCustomers(db: StoreDb | Tx, where: SQL): Promise<IntegrationCustomer[]> {
  const rows = await db
    .select({ c: customers, priceListCode: priceLists.code })
    .from(customers)
    .leftJoin(priceLists, eq(priceLists.id, customers.priceListId))
    .where(where);
  return rows.map(({ c, priceListCode }) => view(c, priceListCode));
}

export function integrationCustomersByIds(db: StoreDb | Tx, ids: number[]) {
  return ids.length === 0 ? Promise.resolve([]) : integrationCustomers(db, inArray(customers.id, ids));
}

function view(c: CustomerRow, priceListCode: string | null): IntegrationCustomer {
  return {
    id: c.id,
    erpId: c.erpId,
    username: c.username,
    name: c.name,
    surname: c.surname,
    email: c.email,
    mobilePhone: c.mobilePhone,
    company: c.company,
    street: c.street,
    postcode: c.postcode,
    city: c.city,
    country: c.country,
    vatNumber: c.vatNumber,
    priceListCode,
    excludeVat: c.excludeVat,
    isPos: c.isPos,
    showOnPos: c.showOnPos,
    deleted: c.deleted,
    pointsBalanceCents: c.pointsBalanceCents,
    pointsOnHoldCents: c.pointsOnHoldCents,
    hasPassword: c.passwordHash !== NO_PASSWORD_HASH,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** What the ERP may set, in the order the audit entry lists changes. */
const FIELDS = [
  "name",
  "surname",
  "email",
  "username",
  "mobilePhone",
  "company",
  "street",
  "postcode",
  "city",
  "country",
  "vatNumber",
  "priceListId",
  "excludeVat",
  "isPos",
  "showOnPos",
  "deleted",
] as const;
type Values = Pick<CustomerRow, (typeof FIELDS)[number]>;

async function resolveValues(
  tx: Tx,
  store: StoreContext,
  current: CustomerRow | null,
  input: Input,
): Promise<Values> {
  if (!current) {
    const missing = REQUIRED_ON_CREATE.filter((k) => input[k] === undefined);
    if (missing.length > 0)
      throw invalidInput(missing.map((path) => ({ path, message: "Required when the customer is created" })));
  }
  const countries = store.config.countries.map((c) => c.code);
  if (input.country !== undefined && !countries.includes(input.country))
    throw invalidInput([
      { path: "country", message: `Not one of the shop's countries (${countries.join(", ")})` },
    ]);
  let priceListId = current?.priceListId ?? null;
  if (input.priceListCode === null) priceListId = null;
  else if (input.priceListCode !== undefined) {
    const [list] = await tx
      .select({ id: priceLists.id })
      .from(priceLists)
      .where(eq(priceLists.code, input.priceListCode))
      .for("share");
    if (!list)
      throw invalidInput([
        { path: "priceListCode", message: `No price list has the code ${input.priceListCode}` },
      ]);
    priceListId = list.id;
  }
  const keep = <K extends keyof CustomerRow>(k: K, fallback: CustomerRow[K]): CustomerRow[K] =>
    current ? current[k] : fallback;
  const email = input.email ?? keep("email", "");
  // As on the storefront: the username is the email, and follows it when it was the email.
  const username =
    !current || current.username.toLowerCase() === current.email.toLowerCase() ? email : current.username;
  return {
    name: input.name ?? keep("name", ""),
    surname: input.surname ?? keep("surname", ""),
    email,
    username,
    mobilePhone: input.mobilePhone ?? keep("mobilePhone", ""),
    company: input.company !== undefined ? input.company : keep("company", null),
    street: input.street ?? keep("street", ""),
    postcode: input.postcode ?? keep("postcode", ""),
    city: input.city ?? keep("city", ""),
    country: input.country ?? keep("country", ""),
    vatNumber: input.vatNumber !== undefined ? input.vatNumber : keep("vatNumber", null),
    priceListId,
    excludeVat: input.excludeVat ?? keep("excludeVat", false),
    isPos: input.isPos ?? keep("isPos", false),
    showOnPos: input.showOnPos ?? keep("showOnPos", false),
    deleted: input.deleted ?? keep("deleted", false),
  };
}

/** Registration's rules: one live account per email and per phone, usernames unique. */
async function assertUnique(tx: Tx, current: CustomerRow | null, next: Values): Promise<void> {
  const others = current ? ne(customers.id, current.id) : undefined;
  const revived = !current || current.deleted;
  const lowerEmail = next.email.toLowerCase();
  if (!next.deleted && (revived || lowerEmail !== current?.email.toLowerCase())) {
    const clash = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(others, eq(customers.deleted, false), sql`lower(${customers.email}) = ${lowerEmail}`))
      .limit(1);
    if (clash.length > 0) throw conflict("email");
  }
  if (next.username.toLowerCase() !== current?.username.toLowerCase()) {
    const taken = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(others, sql`lower(${customers.username}) = ${next.username.toLowerCase()}`))
      .limit(1);
    if (taken.length > 0) throw conflict("email", "username_taken");
  }
  const phoneChanged = phoneDigits(next.mobilePhone) !== phoneDigits(current?.mobilePhone ?? "");
  if (!next.deleted && next.mobilePhone !== "" && (revived || phoneChanged)) {
    const clash = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(others, eq(customers.deleted, false), samePhone(next.mobilePhone)))
      .limit(1);
    if (clash.length > 0) throw conflict("mobilePhone");
  }
}

const pick = (row: Partial<CustomerRow>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k] ?? null]));

/**
 * Creates or updates the customer the ERP knows as `erpId`. `origin` is the shop address the
 * invitation link points at.
 */
export async function putCustomer(
  store: StoreContext,
  actor: AuditActor,
  erpId: string,
  input: Input,
  origin: string,
  now = new Date(),
): Promise<IntegrationCustomer> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { id, changed } = await store.db.transaction(async (tx) => {
        const [current] = await tx.select().from(customers).where(eq(customers.erpId, erpId)).for("update");
        const next = await resolveValues(tx, store, current ?? null, input);
        if (current) {
          const changed = FIELDS.filter((k) => next[k] !== current[k]);
          if (changed.length === 0) return { id: current.id, changed: false };
          await assertUnique(tx, current, next);
          await tx
            .update(customers)
            .set({ ...pick(next, changed), updatedAt: now })
            .where(eq(customers.id, current.id));
          // A deactivated customer is signed out everywhere at once.
          if (next.deleted && !current.deleted) await destroyCustomerSessions(tx, current.id);
          await recordAudit(tx, actor, {
            action: "customer.update",
            entity: "customer",
            entityId: current.id,
            summary: `ERP changed customer ${erpId} (${next.name} ${next.surname}): ${changed.join(", ")}`,
            before: pick(current, changed),
            after: pick(next, changed),
          });
          return { id: current.id, changed: true };
        }
        await assertUnique(tx, null, next);
        const [created] = await tx
          .insert(customers)
          .values({
            ...next,
            erpId,
            passwordHash: NO_PASSWORD_HASH,
            isCustomer: true,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: customers.id });
        if (!created) throw new Error("insert into customers returned nothing");
        // A deactivated customer is not invited; a later reactivation leaves them the
        // storefront's forgotten-password link.
        if (!next.deleted) {
          const link = await issuePasswordLink(tx, created.id, origin, INVITATION_TTL_MS, now);
          await enqueueMail(
            tx,
            customerInvitationMail(store, next.email, {
              customerId: created.id,
              name: next.name,
              setPasswordUrl: link,
              validDays: INVITATION_TTL_MS / 86_400_000,
            }),
          );
        }
        await recordAudit(tx, actor, {
          action: "customer.create",
          entity: "customer",
          entityId: created.id,
          summary: `ERP added customer ${erpId} (${next.name} ${next.surname})${next.deleted ? "" : ", invited by mail"}`,
          after: { erpId, ...next },
        });
        return { id: created.id, changed: true };
      });
      if (changed) storeChanged(store.config.id);
      const [shown] = await integrationCustomersByIds(store.db, [id]);
      if (!shown) throw new Error(`customer ${id} vanished`);
      return shown;
    } catch (err) {
      if (isPhoneTaken(err)) throw conflict("mobilePhone");
      const hit = uniqueViolation(err);
      // Two requests creating the same ERP id at once: the second one runs again as an update.
      if (hit?.constraint === "customers_erp_id_uq" && attempt === 0) continue;
      if (hit?.constraint === "customers_username_lower_uq") throw conflict("email", "username_taken");
      throw err;
    }
  }
}
