// Whose data: a customer account, or a guest buyer known only by the email they ordered with.
// Loaded once, before anything is read or erased, so every section works from the same list of
// orders and the same identifying texts (docs/decisions/0051).
import { sql } from "drizzle-orm";
import { needlesOf } from "../../core/privacy";
import { queryRows, type Tx } from "../../db/client";
import { ServiceError } from "../failure";

export interface DataSubject {
  /** The account; null for a guest buyer. */
  customerId: number | null;
  /** Every email address the person is known by here, lower case. */
  emails: string[];
  /** Their orders: the account's, and guest orders under an email the account has proven. */
  orderIds: number[];
  orderCodes: string[];
  /** The texts that identify them (names, phone, street, emails ...), lower case: core/privacy.ts. */
  needles: string[];
}

/** An order's columns that name its buyer: what erasure and the retention job read and blank. */
export interface OrderRef {
  id: number;
  code: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  ship_address: string | null;
  ship_city: string | null;
}

/** The columns of OrderRef, for a select from orders. */
export const ORDER_REF_COLUMNS = sql.raw(
  "id, code, customer_name, customer_email, customer_phone, ship_address, ship_city",
);

async function ordersOf(tx: Tx, customerId: number | null, guestEmails: string[]): Promise<OrderRef[]> {
  const guest =
    guestEmails.length > 0
      ? sql`(customer_id is null and lower(customer_email) in (${sql.join(
          guestEmails.map((e) => sql`${e}`),
          sql`, `,
        )}))`
      : sql`false`;
  const mine = customerId === null ? sql`false` : sql`customer_id = ${customerId}`;
  return queryRows<OrderRef>(
    tx,
    sql`select ${ORDER_REF_COLUMNS} from orders where ${mine} or ${guest} order by id for update`,
  );
}

function subjectOf(
  customerId: number | null,
  emails: string[],
  texts: (string | null)[],
  orders: OrderRef[],
): DataSubject {
  return {
    customerId,
    emails,
    orderIds: orders.map((o) => o.id),
    orderCodes: orders.map((o) => o.code),
    needles: needlesOf([
      ...emails,
      ...texts,
      ...orders.flatMap((o) => [
        o.customer_name,
        o.customer_email,
        o.customer_phone,
        o.ship_address,
        o.ship_city,
      ]),
    ]),
  };
}

/**
 * A customer account and everything that names it, locked for the erasure's transaction. Guest
 * orders under the account's email count as theirs only once the email is proven (decision 0041):
 * an unproven address could be someone else's, whose orders are not this account's to read or erase.
 */
export async function customerSubject(tx: Tx, customerId: number): Promise<DataSubject> {
  const [c] = await queryRows<{
    username: string;
    name: string;
    surname: string;
    company: string | null;
    mobile_phone: string;
    email: string;
    street: string;
    city: string;
    vat_number: string | null;
    proven: boolean;
  }>(
    tx,
    sql`select username, name, surname, company, mobile_phone, email, street, city, vat_number,
               email_verified_at is not null as proven
          from customers where id = ${customerId} for update`,
  );
  if (!c) throw new ServiceError("not_found", "This customer does not exist.");
  const identities = await queryRows<{ email: string | null }>(
    tx,
    sql`select email from customer_identities where customer_id = ${customerId}
        union all select email from social_link_requests where customer_id = ${customerId}`,
  );
  const emails = needlesOf([
    c.email,
    c.username.includes("@") ? c.username : null,
    ...identities.map((i) => i.email),
  ]).filter((e) => e.includes("@"));
  const orders = await ordersOf(tx, customerId, c.proven ? [c.email.trim().toLowerCase()] : []);
  return subjectOf(
    customerId,
    emails,
    [
      c.username,
      c.name,
      c.surname,
      `${c.name} ${c.surname}`,
      c.company,
      c.mobile_phone,
      c.street,
      c.city,
      c.vat_number,
    ],
    orders,
  );
}

/** A guest buyer: the orders placed without an account under `email`. */
export async function guestSubject(tx: Tx, email: string): Promise<DataSubject> {
  const lower = email.trim().toLowerCase();
  const orders = await ordersOf(tx, null, [lower]);
  if (orders.length === 0)
    throw new ServiceError("not_found", "No guest orders were placed with this email.");
  return subjectOf(null, [lower], [], orders);
}
