// Proving a customer's email (docs/decisions/0041). Registering, claiming a guest order or
// changing the email leaves the address unproven and mails its owner a link; the link proves it
// only in a browser signed in to that account, so what it proves is that the person holding the
// password also reads the mailbox (someone who typed a stranger's address cannot follow it, and
// the stranger following it proves nothing for an account whose password they do not know).
// A password reset, a provider's verified email and the social link mail prove it too.
//
// The link is `/auth/email?token=<customer id>.<expiry>.<signature>`, the signature an HMAC of
// the store, the customer, the address and the expiry under the session secret (as a guest
// order's link, services/orders/order-link.ts): no table, and changing the address voids it.
import { and, eq, isNull } from "drizzle-orm";
import { EMAIL_PROOF_PATH } from "../../core/email-proof";
import type { Tx } from "../../db/client";
import { customers } from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../context";
import { enqueueMail } from "../mail/outbox";
import { emailProofMail } from "../mail/templates";
import { serverSignature, verifyServerSignature } from "../orders/order-link";
import { hitAll, RULES, tooManyAttempts } from "./limits";

/** How long a proof link works. */
const EMAIL_PROOF_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const signed = (storeId: string, customerId: number, email: string, expires: number) =>
  `email-proof:${storeId}:${customerId}:${email.trim().toLowerCase()}:${expires}`;

/** The proof link of the customer's current address, valid for EMAIL_PROOF_DAYS from `now`. */
async function emailProofUrl(
  store: StoreContext,
  customer: { id: number; email: string },
  origin: string,
  now = new Date(),
): Promise<string> {
  const expires = Math.floor((now.getTime() + EMAIL_PROOF_DAYS * DAY_MS) / 1000);
  const sig = await serverSignature(signed(store.config.id, customer.id, customer.email, expires));
  return `${origin.replace(/\/+$/, "")}${EMAIL_PROOF_PATH}?token=${customer.id}.${expires}.${sig}`;
}

/** Queues the proof mail of an unproven address, in the caller's transaction when there is one. */
export async function queueEmailProof(
  db: StoreDb | Tx,
  store: StoreContext,
  customer: { id: number; email: string; name: string },
  origin: string,
  now = new Date(),
): Promise<void> {
  if (!customer.email.includes("@")) return;
  await enqueueMail(
    db,
    emailProofMail(store, customer.email, {
      name: customer.name,
      proofUrl: await emailProofUrl(store, customer, origin, now),
      validDays: EMAIL_PROOF_DAYS,
      // Made or changed on a page of the storefront: the mail is in that page's language.
      lang: store.lang,
    }),
  );
}

/** My Account's "Send the link again": false when the address is proven already. */
export async function resendEmailProof(
  store: StoreContext,
  customerId: number,
  origin: string,
  now = new Date(),
): Promise<boolean> {
  const limit = await hitAll(
    store.db,
    [{ key: `email-proof:${customerId}`, rule: RULES.emailProofPerCustomer }],
    now,
  );
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  const [row] = await store.db
    .select({ id: customers.id, email: customers.email, name: customers.name, at: customers.emailVerifiedAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row || row.at) return false;
  await queueEmailProof(store.db, store, row, origin, now);
  return true;
}

/** Marks the address proven now, unless it already was. */
export async function markEmailProven(db: StoreDb | Tx, customerId: number, now = new Date()): Promise<void> {
  await db
    .update(customers)
    .set({ emailVerifiedAt: now })
    .where(and(eq(customers.id, customerId), isNull(customers.emailVerifiedAt)));
}

export async function isEmailProven(db: StoreDb, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: customers.emailVerifiedAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return Boolean(row?.at);
}

/**
 * What a proof link does for the browser that opened it: `proven` (now or before), `sign_in`
 * (nobody signed in here: sign in to that account, then the link works), `other_account` (another
 * account is signed in here) or `expired` (too old, forged, or the address changed since).
 */
type ProofOutcome = "proven" | "sign_in" | "other_account" | "expired";

export async function proveEmail(
  store: StoreContext,
  token: string,
  signedInId: number | null,
  now = new Date(),
): Promise<ProofOutcome> {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return "expired";
  const customerId = Number(m[1]);
  const expires = Number(m[2]);
  if (expires * 1000 < now.getTime()) return "expired";
  const [row] = await store.db
    .select({ email: customers.email, deleted: customers.deleted })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row || row.deleted) return "expired";
  if (!(await verifyServerSignature(signed(store.config.id, customerId, row.email, expires), m[3] as string)))
    return "expired";
  if (signedInId === null) return "sign_in";
  if (signedInId !== customerId) return "other_account";
  await markEmailProven(store.db, customerId, now);
  return "proven";
}
