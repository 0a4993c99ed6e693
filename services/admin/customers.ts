import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { CustomerEditInput, CustomerSort, PointsAdjustInput } from "../../core/admin/customers";
import { csvLines } from "../../core/csv";
import { centsAsDecimal } from "../../core/money";
import { ACCOUNT_TEXT, checkAccountDetails } from "../../core/validation/account";
import { queryRows, type Tx } from "../../db/client";
import { customers, orders, priceLists } from "../../db/store/schema";
import { isPhoneTaken, samePhone } from "../auth/phone";
import { issuePasswordLink, RESET_TOKEN_TTL_MS } from "../auth/reset";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { enqueueMail } from "../mail/outbox";
import { passwordResetMail } from "../mail/templates";
import { customerPoints } from "../orders";
import { destroyCustomerSessions } from "../sessions";
import { assertVersion, recordAudit, recordExport, type StaffActor, versionOf } from "./audit";

export interface CustomerListOptions {
  page: number;
  limit: number;
  q?: string | undefined;
  sort: CustomerSort;
  dir: "asc" | "desc";
  priceList?: number | "none" | undefined;
  vatExcluded?: boolean | undefined;
  status: "active" | "deactivated" | "all";
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The text the search index (customers_search_trgm_idx) is built on: the same expression. */
const searchText = sql`lower(${customers.name} || ' ' || ${customers.surname} || ' ' || ${customers.username} || ' ' || ${customers.email} || ' ' || ${customers.mobilePhone})`;

/** A LIKE pattern matching `q` anywhere, its own % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Price list ids of -1 (the old system's "none") read as none. */
const priceListOf = (id: number | null) => (id === null || id < 0 ? null : id);

async function priceListOptions(db: StoreContext["db"] | Tx) {
  return db
    .select({ id: priceLists.id, code: priceLists.code, name: priceLists.name })
    .from(priceLists)
    .orderBy(asc(priceLists.name), asc(priceLists.id));
}

type CustomerFilters = Pick<CustomerListOptions, "q" | "status" | "vatExcluded" | "priceList">;

function customerConditions(o: CustomerFilters): SQL[] {
  const where: SQL[] = [];
  if (o.q) where.push(sql`${searchText} like ${containsPattern(o.q)}`);
  if (o.status === "active") where.push(eq(customers.deleted, false));
  if (o.status === "deactivated") where.push(eq(customers.deleted, true));
  if (o.vatExcluded !== undefined) where.push(eq(customers.excludeVat, o.vatExcluded));
  if (o.priceList === "none")
    where.push(sql`(${customers.priceListId} is null or ${customers.priceListId} < 0)`);
  else if (o.priceList !== undefined) where.push(eq(customers.priceListId, o.priceList));
  return where;
}

export async function listCustomers(store: StoreContext, o: CustomerListOptions) {
  const where = customerConditions(o);
  const cond = where.length > 0 ? and(...where) : undefined;

  const by = o.dir === "asc" ? asc : desc;
  const order: SQL[] =
    o.sort === "name"
      ? [by(sql`lower(${customers.name})`), by(sql`lower(${customers.surname})`), by(customers.id)]
      : o.sort === "email"
        ? [by(sql`lower(${customers.email})`), by(customers.id)]
        : o.sort === "points"
          ? [by(customers.pointsBalanceCents), by(customers.id)]
          : [by(customers.createdAt), by(customers.id)];

  const [rows, counted, lists] = await Promise.all([
    store.db
      .select({
        id: customers.id,
        username: customers.username,
        name: customers.name,
        surname: customers.surname,
        email: customers.email,
        phone: customers.mobilePhone,
        city: customers.city,
        country: customers.country,
        priceListId: customers.priceListId,
        priceListName: priceLists.name,
        excludeVat: customers.excludeVat,
        deactivated: customers.deleted,
        pointsBalanceCents: customers.pointsBalanceCents,
        ordersCount: sql<number>`(select count(*) from ${orders} where ${orders.customerId} = ${customers.id})::int`,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .leftJoin(priceLists, eq(priceLists.id, customers.priceListId))
      .where(cond)
      .orderBy(...order)
      .limit(o.limit)
      .offset((o.page - 1) * o.limit),
    store.db.select({ n: sql<number>`count(*)::int` }).from(customers).where(cond),
    priceListOptions(store.db),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      priceListId: priceListOf(r.priceListId),
      ordersCount: Number(r.ordersCount),
      createdAt: iso(r.createdAt) as string,
    })),
    page: o.page,
    limit: o.limit,
    total: Number(counted[0]?.n ?? 0),
    priceLists: lists,
  };
}

const CUSTOMER_CSV_COLUMNS = [
  "id",
  "username",
  "name",
  "surname",
  "company",
  "email",
  "email_confirmed",
  "phone",
  "street",
  "postcode",
  "city",
  "country",
  "vat_number",
  "price_list",
  "vat_excluded",
  "deactivated",
  "points_balance",
  "orders",
  "created_at",
];

/**
 * The customers the list's filters match, as CSV lines, oldest account first, 1,000 at a time.
 * Never a password, its hash or a token. Points are euros (1 point = €1), written as an amount.
 */
export async function* customersCsv(
  store: StoreContext,
  actor: StaffActor,
  o: CustomerFilters,
): AsyncGenerator<string> {
  await recordExport(store, actor, { entity: "customer", summary: "Customers exported as CSV", filters: o });
  const where = customerConditions(o);
  yield* csvLines(
    CUSTOMER_CSV_COLUMNS,
    (afterId, limit) =>
      store.db
        .select({
          ...recordColumns,
          emailVerifiedAt: customers.emailVerifiedAt,
          priceListName: priceLists.name,
          pointsBalanceCents: customers.pointsBalanceCents,
          ordersCount: sql<number>`(select count(*) from ${orders} where ${orders.customerId} = ${customers.id})::int`,
          createdAt: customers.createdAt,
        })
        .from(customers)
        .leftJoin(priceLists, eq(priceLists.id, customers.priceListId))
        .where(and(...where, gt(customers.id, afterId)))
        .orderBy(asc(customers.id))
        .limit(limit),
    (r) => [
      String(r.id),
      r.username,
      r.name,
      r.surname,
      r.company ?? "",
      r.email,
      r.emailVerifiedAt ? "yes" : "no",
      r.phone,
      r.street,
      r.postcode,
      r.city,
      r.country,
      r.vatNumber ?? "",
      priceListOf(r.priceListId) === null ? "" : (r.priceListName ?? ""),
      r.excludeVat ? "yes" : "no",
      r.deactivated ? "yes" : "no",
      centsAsDecimal(r.pointsBalanceCents),
      String(r.ordersCount),
      (iso(r.createdAt) as string) ?? "",
    ],
  );
}

/**
 * Who bought as a guest: orders without an account, one row per email address (as typed, case
 * aside), with the name and phone of their latest order, how many orders and what the ones that
 * count came to. A guest who later made an account is listed under that account's orders instead
 * once an order carries it.
 */
export async function listGuestBuyers(
  store: StoreContext,
  o: { page: number; limit: number; q?: string | undefined },
) {
  const email = sql`lower(${orders.customerEmail})`;
  const search = o.q
    ? sql`and lower(${orders.customerName} || ' ' || ${orders.customerEmail} || ' ' || coalesce(${orders.customerPhone}, '')) like ${containsPattern(o.q)}`
    : sql``;
  const guestOrders = sql`${orders.customerId} is null and ${orders.customerEmail} like '%@%' ${search}`;
  const [rows, counted] = await Promise.all([
    queryRows<{
      email: string;
      name: string;
      phone: string | null;
      orders_count: number;
      spent_cents: number;
      last_order_at: Date | string;
      last_order_code: string;
    }>(
      store.db,
      sql`
      select ${email} as email,
        (array_agg(${orders.customerName} order by ${orders.createdAt} desc, ${orders.id} desc))[1] as name,
        (array_agg(${orders.customerPhone} order by ${orders.createdAt} desc, ${orders.id} desc))[1] as phone,
        count(*)::int as orders_count,
        coalesce(sum(${orders.totalCents}) filter (where ${orders.status} in ('placed', 'paid', 'shipped', 'delivered', 'completed')), 0)::int as spent_cents,
        max(${orders.createdAt}) as last_order_at,
        (array_agg(${orders.code} order by ${orders.createdAt} desc, ${orders.id} desc))[1] as last_order_code
      from ${orders}
      where ${guestOrders}
      group by ${email}
      order by max(${orders.createdAt}) desc, ${email}
      limit ${o.limit} offset ${(o.page - 1) * o.limit}`,
    ),
    queryRows<{ n: number }>(
      store.db,
      sql`select count(distinct ${email})::int as n from ${orders} where ${guestOrders}`,
    ),
  ]);
  return {
    items: rows.map((r) => ({
      email: r.email,
      name: r.name,
      phone: r.phone,
      ordersCount: Number(r.orders_count),
      spentCents: Number(r.spent_cents),
      lastOrderAt: iso(r.last_order_at) as string,
      lastOrderCode: r.last_order_code,
    })),
    page: o.page,
    limit: o.limit,
    total: Number(counted[0]?.n ?? 0),
  };
}

/** The columns a customer record is shown and versioned with: never the password hash. */
const recordColumns = {
  id: customers.id,
  username: customers.username,
  name: customers.name,
  surname: customers.surname,
  company: customers.company,
  email: customers.email,
  phone: customers.mobilePhone,
  street: customers.street,
  postcode: customers.postcode,
  city: customers.city,
  country: customers.country,
  vatNumber: customers.vatNumber,
  priceListId: customers.priceListId,
  excludeVat: customers.excludeVat,
  deactivated: customers.deleted,
};
type CustomerRecord = {
  [K in keyof typeof recordColumns]: (typeof recordColumns)[K]["_"]["notNull"] extends true
    ? (typeof recordColumns)[K]["_"]["data"]
    : (typeof recordColumns)[K]["_"]["data"] | null;
};

async function lockedRecord(tx: Tx, id: number) {
  const rows = await tx
    .select({
      ...recordColumns,
      pointsBalanceCents: customers.pointsBalanceCents,
      pointsOnHoldCents: customers.pointsOnHoldCents,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .for("update");
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

const notFound = () => new ServiceError("not_found", "This customer does not exist.");

/** What the version covers: the editable record, not the points (an adjustment is a change by amount). */
function versionSubject(r: CustomerRecord) {
  const { id, username, name, surname, company, email, phone, street, postcode, city, country } = r;
  return {
    id,
    username,
    name,
    surname,
    company,
    email,
    phone,
    street,
    postcode,
    city,
    country,
    vatNumber: r.vatNumber,
    priceListId: priceListOf(r.priceListId),
    excludeVat: r.excludeVat,
    deactivated: r.deactivated,
  };
}

const versionOfRecord = (r: CustomerRecord) => versionOf(versionSubject(r));

export async function getCustomer(store: StoreContext, id: number) {
  const rows = await store.db
    .select({
      ...recordColumns,
      legacyAccount: customers.legacyAccount,
      lockedUntil: customers.lockedUntil,
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
      pointsBalanceCents: customers.pointsBalanceCents,
      pointsOnHoldCents: customers.pointsOnHoldCents,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  const r = rows[0];
  if (!r) throw notFound();
  const [points, latest, counted, lists] = await Promise.all([
    customerPoints(store, id),
    store.db
      .select({
        code: orders.code,
        status: orders.status,
        totalCents: orders.totalCents,
        pointsEarnedCents: orders.pointsEarnedCents,
        pointsRedeemedCents: orders.pointsRedeemedCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(20),
    store.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.customerId, id)),
    priceListOptions(store.db),
  ]);
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    surname: r.surname,
    company: r.company,
    email: r.email,
    phone: r.phone,
    street: r.street,
    postcode: r.postcode,
    city: r.city,
    country: r.country,
    vatNumber: r.vatNumber,
    priceListId: priceListOf(r.priceListId),
    excludeVat: r.excludeVat,
    deactivated: r.deactivated,
    legacyAccount: r.legacyAccount,
    lockedUntil: iso(r.lockedUntil),
    createdAt: iso(r.createdAt) as string,
    updatedAt: iso(r.updatedAt) as string,
    points: {
      balanceCents: r.pointsBalanceCents,
      onHoldCents: points.onHoldCents,
      availableCents: points.availableCents,
      pendingCents: points.pendingCents,
    },
    ordersCount: Number(counted[0]?.n ?? 0),
    orders: latest.map((o) => ({ ...o, createdAt: iso(o.createdAt) as string })),
    version: versionOfRecord(r),
    priceLists: lists,
    countries: store.config.countries.map((c) => ({ code: c.code, name: c.name })),
  };
}

function invalidFields(message: string, fields: Record<string, string>): ServiceError {
  return new ServiceError("invalid", message, { details: { fields } });
}

const duplicate = (field: "phone" | "email") =>
  new ServiceError("duplicate", ACCOUNT_TEXT.duplicate, {
    details: {
      fields: {
        [field]:
          field === "phone"
            ? "Another account already has this phone number."
            : "Another account already uses this email.",
      },
    },
  });

/** The record without the points, as the audit log keeps it. */
function auditView(r: CustomerRecord) {
  return { ...r, priceListId: priceListOf(r.priceListId) };
}

const display = (r: { name: string; surname: string; id: number }) =>
  `${`${r.name} ${r.surname}`.trim() || `#${r.id}`}`;

export async function updateCustomer(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: CustomerEditInput,
): Promise<void> {
  const countries = store.config.countries.map((c) => c.code);
  if (!countries.includes(input.country))
    throw invalidFields("Choose one of the shop's countries.", {
      country: "Choose one of the shop's countries.",
    });
  // The storefront's own rule for the same fields, so both sides agree.
  const problem = checkAccountDetails(
    {
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company,
      phone: input.phone,
      street: input.street,
      postcode: input.postcode,
      city: input.city,
      country: input.country,
    },
    countries,
  );
  if (problem) throw invalidFields(problem.title, {});

  try {
    await store.db.transaction(async (tx) => {
      const before = await lockedRecord(tx, id);
      assertVersion(versionSubject(before), input.version);
      if (input.email === "" && before.email !== "")
        throw invalidFields("Enter the customer's email.", { email: "Required" });
      if (input.priceListId !== null) {
        const found = await tx
          .select({ id: priceLists.id })
          .from(priceLists)
          .where(eq(priceLists.id, input.priceListId))
          .limit(1);
        if (found.length === 0)
          throw invalidFields("This price list does not exist.", {
            priceListId: "Choose one of the price lists.",
          });
      }
      const phone = input.phone.trim();
      if (!before.deactivated) {
        const clash = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(samePhone(phone), sql`${customers.id} <> ${id}`, eq(customers.deleted, false)))
          .limit(1);
        if (clash.length > 0) throw duplicate("phone");
      }
      const email = input.email.trim();
      const emailChanged = email.toLowerCase() !== before.email.toLowerCase();
      if (emailChanged && email !== "") {
        const lower = email.toLowerCase();
        const clash = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(
            and(
              sql`${customers.id} <> ${id}`,
              sql`(lower(${customers.email}) = ${lower} or lower(${customers.username}) = ${lower})`,
            ),
          )
          .limit(1);
        if (clash.length > 0) throw duplicate("email");
      }
      // As on the storefront: a username that was the email follows it; a phone username stays.
      const usernameFollows =
        emailChanged && before.email !== "" && before.username.toLowerCase() === before.email.toLowerCase();
      const now = new Date();
      await tx
        .update(customers)
        .set({
          name: input.firstName,
          surname: input.lastName,
          company: input.company || null,
          email,
          ...(usernameFollows ? { username: email } : {}),
          mobilePhone: phone,
          street: input.street,
          postcode: input.postcode,
          city: input.city,
          country: input.country,
          vatNumber: input.vatNumber || null,
          priceListId: input.priceListId,
          excludeVat: input.excludeVat,
          updatedAt: now,
        })
        .where(eq(customers.id, id));
      const after = await lockedRecord(tx, id);
      const { pointsBalanceCents: _b, pointsOnHoldCents: _h, ...beforeRec } = before;
      const { pointsBalanceCents: _b2, pointsOnHoldCents: _h2, ...afterRec } = after;
      const changed = (Object.keys(beforeRec) as (keyof CustomerRecord)[]).filter(
        (k) => JSON.stringify(beforeRec[k]) !== JSON.stringify(afterRec[k]),
      );
      await recordAudit(tx, actor, {
        action: "customer.update",
        entity: "customer",
        entityId: id,
        summary: `Edited ${display(afterRec)}: ${changed.length > 0 ? changed.join(", ") : "no change"}`,
        before: auditView(beforeRec),
        after: auditView(afterRec),
      });
    });
  } catch (err) {
    // Another account took the number between the look-up and this write.
    if (isPhoneTaken(err)) throw duplicate("phone");
    throw err;
  }
}

const points = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

export async function adjustCustomerPoints(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: PointsAdjustInput,
): Promise<void> {
  await store.db.transaction(async (tx) => {
    const row = await lockedRecord(tx, id);
    const balance = row.pointsBalanceCents + input.deltaCents;
    if (balance < 0)
      throw new ServiceError(
        "invalid_state",
        `The customer has ${points(row.pointsBalanceCents)} points: you can take away at most that.`,
        { details: { fields: { deltaCents: `At most -${points(row.pointsBalanceCents)}` } } },
      );
    if (balance < row.pointsOnHoldCents)
      throw new ServiceError(
        "invalid_state",
        `${points(row.pointsOnHoldCents)} of the customer's ${points(row.pointsBalanceCents)} points are held for unpaid orders: the balance cannot go below that.`,
        {
          details: {
            fields: { deltaCents: `At most -${points(row.pointsBalanceCents - row.pointsOnHoldCents)}` },
          },
        },
      );
    await tx.update(customers).set({ pointsBalanceCents: balance }).where(eq(customers.id, id));
    const sign = input.deltaCents > 0 ? "+" : "";
    await recordAudit(tx, actor, {
      action: "customer.points",
      entity: "customer",
      entityId: id,
      summary: `Points ${sign}${points(input.deltaCents)} for ${display(row)} (${points(row.pointsBalanceCents)} → ${points(balance)}): ${input.reason}`,
      before: { pointsBalanceCents: row.pointsBalanceCents, pointsOnHoldCents: row.pointsOnHoldCents },
      after: {
        pointsBalanceCents: balance,
        pointsOnHoldCents: row.pointsOnHoldCents,
        deltaCents: input.deltaCents,
        reason: input.reason,
      },
    });
  });
}

export async function setCustomerActive(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: { active: boolean; version: string },
): Promise<void> {
  try {
    await store.db.transaction(async (tx) => {
      const row = await lockedRecord(tx, id);
      const { pointsBalanceCents: _b, pointsOnHoldCents: _h, ...rec } = row;
      assertVersion(versionSubject(rec), input.version);
      if (rec.deactivated === !input.active)
        throw new ServiceError(
          "invalid_state",
          input.active ? "This customer is already active." : "This customer is already deactivated.",
        );
      await tx
        .update(customers)
        .set({ deleted: !input.active, updatedAt: new Date() })
        .where(eq(customers.id, id));
      // A deactivated customer is signed out everywhere at once.
      if (!input.active) await destroyCustomerSessions(tx, id);
      await recordAudit(tx, actor, {
        action: input.active ? "customer.reactivate" : "customer.deactivate",
        entity: "customer",
        entityId: id,
        summary: `${input.active ? "Reactivated" : "Deactivated"} ${display(rec)}${input.active ? "" : " (signed out everywhere)"}`,
        before: { deactivated: rec.deactivated },
        after: { deactivated: !input.active },
      });
    });
  } catch (err) {
    if (isPhoneTaken(err))
      throw new ServiceError(
        "duplicate",
        "Another active account now has this customer's phone number: change the phone number first, then reactivate.",
        { details: { fields: { phone: "Another account already has this phone number." } } },
      );
    throw err;
  }
}

/**
 * Mails the customer the storefront's own password-reset link (the same template, lifetime and
 * single-use token as services/auth/reset.ts: the newest link retires the earlier ones).
 */
export async function sendCustomerPasswordReset(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  origin: string,
  now = new Date(),
): Promise<{ email: string }> {
  return store.db.transaction(async (tx) => {
    const row = await lockedRecord(tx, id);
    if (row.deactivated)
      throw new ServiceError("invalid_state", "This customer is deactivated: reactivate them first.");
    if (row.email.trim() === "")
      throw new ServiceError("invalid_state", "This customer has no email to send the link to.");
    const link = await issuePasswordLink(tx, id, origin, RESET_TOKEN_TTL_MS, now);
    // In the customer's language, as the storefront's own reset mail.
    const [{ lang }] = await tx.select({ lang: customers.lang }).from(customers).where(eq(customers.id, id));
    await enqueueMail(
      tx,
      passwordResetMail(store, row.email, {
        name: row.name,
        resetUrl: link,
        validMinutes: Math.round(RESET_TOKEN_TTL_MS / 60000),
        lang,
      }),
    );
    await recordAudit(tx, actor, {
      action: "customer.password_reset",
      entity: "customer",
      entityId: id,
      summary: `Password-reset mail sent to ${row.email} for ${display(row)}`,
    });
    return { email: row.email };
  });
}
