// Guest orders after checkout (docs/decisions/0030): the order page any browser opens through the
// signed link, and making an account from the order. The account is made with what the guest
// entered (the shopper only chooses a password) and only the order of that link joins it: never
// other orders that happen to carry the same email, which anybody could have typed.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Order } from "../../core/api/orders";
import { pointsEarned } from "../../core/checkout";
import { ACCOUNT_TEXT, type RegisterValues } from "../../core/validation/account";
import type { ClaimInput } from "../../core/validation/account-schemas";
import { customers, orders } from "../../db/store/schema";
import { countRegistration, createCustomer, registerProblems } from "../auth/register";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import type { SessionCustomer } from "../sessions";
import { verifyOrderSignature } from "./order-link";
import { orderDetail } from "./queries";

export interface GuestOrderView {
  order: Order;
  /** Still without an account: the page offers to make one. */
  claimable: boolean;
}

const notFound = () => new ServiceError("not_found", "Order not found");

async function signedOrderRow(store: StoreContext, code: string, sig: string) {
  // The signature first: an unsigned guess learns nothing, not even whether the code exists.
  if (!(await verifyOrderSignature(store.config.id, code, sig))) return null;
  const rows = await store.db.select().from(orders).where(eq(orders.code, code)).limit(1);
  return rows[0] ?? null;
}

/** The order behind a signed link, or null when the code or the signature is wrong. */
export async function guestOrderView(
  store: StoreContext,
  code: string,
  sig: string,
): Promise<GuestOrderView | null> {
  const row = await signedOrderRow(store, code, sig);
  if (!row) return null;
  return { order: await orderDetail(store.db, row), claimable: row.customerId === null };
}

/** "Anna Maria Georgiou": the first name as typed when the browser still knows it, else all but the last word. */
export function splitName(full: string, firstName: string): { name: string; surname: string } {
  const f = firstName.trim();
  if (f && full.startsWith(`${f} `)) return { name: f, surname: full.slice(f.length + 1).trim() };
  const at = full.lastIndexOf(" ");
  return at > 0 ? { name: full.slice(0, at), surname: full.slice(at + 1) } : { name: full, surname: "" };
}

/** "Makariou 12 1065": the postcode as typed when known, else the last word. */
export function splitAddress(address: string, postcode: string): { street: string; postcode: string } {
  const p = postcode.trim();
  if (p && address.endsWith(` ${p}`)) return { street: address.slice(0, -p.length - 1).trim(), postcode: p };
  const at = address.lastIndexOf(" ");
  return at > 0
    ? { street: address.slice(0, at), postcode: address.slice(at + 1) }
    : { street: address, postcode: "" };
}

/**
 * Makes an account from a guest order through its signed link and links that order to it. Its
 * earned points are set as for a member's order (pending until it is completed; an order already
 * completed credits them at once). Refusals: not_found (code or signature), signup_disabled,
 * invalid_state (already in an account), invalid/duplicate/username_taken (register rules,
 * naming their fields), rate_limited.
 */
export async function claimGuestOrder(
  store: StoreContext,
  code: string,
  input: ClaimInput,
  client: { ip: string; origin?: string },
  now = new Date(),
): Promise<SessionCustomer> {
  if (!store.settings.showSignup) {
    throw new ServiceError("signup_disabled", ACCOUNT_TEXT.signUpOff, { title: ACCOUNT_TEXT.signUpOff });
  }
  const row = await signedOrderRow(store, code, input.sig);
  if (!row) throw notFound();
  if (row.customerId !== null) {
    throw new ServiceError("invalid_state", "This order already belongs to an account. Please sign in.");
  }
  const { name, surname } = splitName(row.customerName, input.firstName);
  const address = splitAddress(row.shipAddress ?? "", input.postcode);
  const values: RegisterValues = {
    firstName: name,
    lastName: surname,
    company: "",
    country: row.shipCountry ?? "",
    street: address.street,
    city: row.shipCity ?? "",
    postcode: address.postcode,
    phone: row.customerPhone ?? "",
    email: row.customerEmail,
    password: input.password,
    privacy: input.privacy,
  };
  const problem = registerProblems(store, values);
  if (problem) throw problem;
  await countRegistration(store, client, now);

  return store.db.transaction(async (tx) => {
    // The order's email is whatever the guest typed: the account asks its owner to prove it.
    const customer = await createCustomer(tx, store, values, now, client.origin);
    const earned = ["placed", "paid", "pending_payment", "shipped", "delivered", "completed"].includes(
      row.status,
    )
      ? pointsEarned(row.goodsTotalCents, store.settings.pointsPercentage)
      : 0;
    const linked = await tx
      .update(orders)
      .set({ customerId: customer.id, pointsEarnedCents: earned, updatedAt: now })
      .where(and(eq(orders.id, row.id), isNull(orders.customerId)))
      .returning({ status: orders.status });
    // Claimed by another request meanwhile: this account is not made either.
    if (linked.length === 0) {
      throw new ServiceError("invalid_state", "This order already belongs to an account. Please sign in.");
    }
    if (linked[0].status === "completed" && earned > 0) {
      // Completion credited nothing, as the order had no customer then: credit it now.
      await tx
        .update(customers)
        .set({ pointsBalanceCents: sql`${customers.pointsBalanceCents} + ${earned}`, updatedAt: now })
        .where(eq(customers.id, customer.id));
      return { ...customer, pointsBalanceCents: customer.pointsBalanceCents + earned };
    }
    return customer;
  });
}
