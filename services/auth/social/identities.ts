// Which customer a verified provider identity signs in (docs/decisions/0031):
// - an identity already linked signs in its customer;
// - a verified email of no customer makes a new one, under the store's register rules (sign-up on,
//   the per-address limit); what the provider does not give (phone, address, country) is asked
//   before the first order (core/account.ts missingOrderDetails);
// - a verified email of an existing account is linked only after the shopper proves that account,
//   by its password in the same browser session or by a link mailed to it: a provider's word
//   about an email never takes over an account.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type Lang, SOURCE_LANG } from "../../../core/language";
import {
  PROVIDER_LABEL,
  SOCIAL_LINK_PATH,
  type SocialProblem,
  type SocialProvider,
} from "../../../core/social-sign-in";
import type { Tx } from "../../../db/client";
import { uniqueViolation } from "../../../db/errors";
import {
  customerIdentities,
  customers,
  passwordResetTokens,
  socialLinkRequests,
} from "../../../db/store/schema";
import type { StoreContext, StoreDb } from "../../context";
import { ServiceError } from "../../failure";
import { enqueueMail } from "../../mail/outbox";
import { socialLinkMail } from "../../mail/templates";
import {
  customerColumns,
  destroyCustomerSessions,
  findSessionCustomer,
  type SessionCustomer,
} from "../../sessions";
import { hitAll, RULES } from "../limits";
import { hashPassword } from "../password";
import { countRegistration, webCustomer } from "../register";
import type { ProviderProfile } from "./provider-clients";

/** How long an identity waits for its account's password or mailed link. */
export const LINK_REQUEST_TTL_MS = 30 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type IdentityOutcome =
  | { kind: "signed_in"; customer: SessionCustomer; created: boolean }
  | { kind: "link_required"; email: string }
  | { kind: "problem"; problem: SocialProblem };

async function linkedCustomer(db: StoreDb, provider: SocialProvider, subject: string) {
  const rows = await db
    .select({ customerId: customerIdentities.customerId })
    .from(customerIdentities)
    .innerJoin(customers, eq(customers.id, customerIdentities.customerId))
    .where(
      and(
        eq(customerIdentities.provider, provider),
        eq(customerIdentities.subject, subject),
        eq(customers.deleted, false),
      ),
    )
    .limit(1);
  return rows[0]?.customerId ?? null;
}

/** Links (or re-links) `provider` of the customer to `subject`; one identity per provider and customer. */
async function linkIdentity(
  tx: Tx,
  customerId: number,
  identity: { provider: SocialProvider; subject: string; email: string | null },
  now: Date,
): Promise<void> {
  await tx
    .delete(customerIdentities)
    .where(
      and(eq(customerIdentities.customerId, customerId), eq(customerIdentities.provider, identity.provider)),
    );
  await tx
    .insert(customerIdentities)
    .values({ customerId, ...identity, createdAt: now, lastUsedAt: now })
    .onConflictDoNothing();
}

/** A username for a new account: its email, or the email with a number where that is taken. */
async function freeUsername(tx: Tx, email: string): Promise<string> {
  for (let n = 0; n < 5; n++) {
    const name = n === 0 ? email : `${email}-${randomBytes(3).toString("hex")}`;
    const taken = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.username}) = ${name.toLowerCase()}`)
      .limit(1);
    if (taken.length === 0) return name;
  }
  throw new Error("no free username");
}

async function createSocialCustomer(
  store: StoreContext,
  profile: ProviderProfile & { verifiedEmail: string },
  now: Date,
): Promise<SessionCustomer> {
  // No one knows this password: the account signs in through its provider, or gets a password
  // of its own with "Forgot your password?".
  const passwordHash = await unknownPassword();
  return store.db.transaction(async (tx) => {
    const email = profile.verifiedEmail;
    const rows = await tx
      .insert(customers)
      .values({
        username: await freeUsername(tx, email),
        name: profile.firstName || email.slice(0, email.indexOf("@")),
        surname: profile.lastName,
        passwordHash,
        mobilePhone: "",
        email,
        // The provider verified this address (profile.verifiedEmail).
        emailVerifiedAt: now,
        ...webCustomer(store, now),
      })
      .returning(customerColumns);
    const customer = rows[0];
    await linkIdentity(tx, customer.id, { provider: profile.provider, subject: profile.subject, email }, now);
    return customer;
  });
}

/** The customer a verified identity signs in, a proof to ask for, or the problem to show. */
export async function resolveIdentity(
  store: StoreContext,
  profile: ProviderProfile,
  ctx: { ip: string; sessionHash: string },
  now = new Date(),
): Promise<IdentityOutcome> {
  const linked = await linkedCustomer(store.db, profile.provider, profile.subject);
  if (linked !== null) {
    await store.db
      .update(customerIdentities)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(customerIdentities.provider, profile.provider),
          eq(customerIdentities.subject, profile.subject),
        ),
      );
    const customer = await findSessionCustomer(store.db, linked);
    if (customer) return { kind: "signed_in", customer, created: false };
  }
  const email = profile.verifiedEmail;
  if (!email) return { kind: "problem", problem: "no_email" };

  const existing = await store.db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(customers.deleted, false)))
    .limit(1);
  if (existing[0]) {
    await store.db.transaction(async (tx) => {
      await tx
        .delete(socialLinkRequests)
        .where(
          sql`${socialLinkRequests.sessionHash} = ${ctx.sessionHash} or ${socialLinkRequests.expiresAt} < ${now.toISOString()}`,
        );
      await tx.insert(socialLinkRequests).values({
        sessionHash: ctx.sessionHash,
        customerId: existing[0].id,
        provider: profile.provider,
        subject: profile.subject,
        email,
        expiresAt: new Date(now.getTime() + LINK_REQUEST_TTL_MS),
        createdAt: now,
      });
    });
    return { kind: "link_required", email: existing[0].email };
  }

  if (!store.settings.showSignup) return { kind: "problem", problem: "signup_off" };
  try {
    await countRegistration(store, { ip: ctx.ip }, now);
  } catch (err) {
    if (err instanceof ServiceError && err.code === "rate_limited")
      return { kind: "problem", problem: "rate_limited" };
    throw err;
  }
  try {
    const customer = await createSocialCustomer(store, { ...profile, verifiedEmail: email }, now);
    return { kind: "signed_in", customer, created: true };
  } catch (err) {
    // The same identity or email signing up twice at once: the second finds the first's account.
    if (!uniqueViolation(err)) throw err;
    const again = await linkedCustomer(store.db, profile.provider, profile.subject);
    const customer = again === null ? null : await findSessionCustomer(store.db, again);
    if (customer) return { kind: "signed_in", customer, created: false };
    return { kind: "problem", problem: "failed" };
  }
}

const liveRequest = (now: Date) => gt(socialLinkRequests.expiresAt, now);

/** The identity waiting in this browser session for its account's proof, if any. */
export async function pendingLink(store: StoreContext, sessionHash: string, now = new Date()) {
  const rows = await store.db
    .select({ provider: socialLinkRequests.provider, email: socialLinkRequests.email })
    .from(socialLinkRequests)
    .where(and(eq(socialLinkRequests.sessionHash, sessionHash), liveRequest(now)))
    .limit(1);
  const row = rows[0];
  return row ? { provider: row.provider as SocialProvider, email: row.email } : null;
}

/**
 * After a password sign-in: the identity this session was waiting to link, when it waits for this
 * very customer, is linked now. Returns the provider linked, or null.
 */
export async function linkAfterPassword(
  store: StoreContext,
  sessionHash: string,
  customerId: number,
  now = new Date(),
): Promise<SocialProvider | null> {
  return store.db.transaction(async (tx) => {
    const rows = await tx
      .delete(socialLinkRequests)
      .where(eq(socialLinkRequests.sessionHash, sessionHash))
      .returning();
    const request = rows.find((r) => r.customerId === customerId && r.expiresAt > now);
    if (!request) return null;
    const provider = request.provider as SocialProvider;
    await linkIdentity(tx, customerId, { provider, subject: request.subject, email: request.email }, now);
    // One person showed both the account's password and a provider's word for its address.
    await tx
      .update(customers)
      .set({ emailVerifiedAt: now })
      .where(
        and(
          eq(customers.id, customerId),
          isNull(customers.emailVerifiedAt),
          sql`lower(${customers.email}) = ${request.email.toLowerCase()}`,
        ),
      );
    return provider;
  });
}

/** Mails the account a one-use link that links the waiting identity and signs in. */
export async function mailLinkRequest(
  store: StoreContext,
  sessionHash: string,
  ctx: { ip: string; origin: string },
  now = new Date(),
): Promise<void> {
  const limit = await hitAll(
    store.db,
    [{ key: `social-link:ip:${ctx.ip}`, rule: RULES.socialLinkMailPerIp }],
    now,
  );
  if (!limit.allowed)
    throw new ServiceError("rate_limited", "Too many links asked for. Please wait and try again.");
  const token = randomBytes(32).toString("base64url");
  await store.db.transaction(async (tx) => {
    const rows = await tx
      .update(socialLinkRequests)
      .set({ mailTokenHash: sha256(token) })
      .where(and(eq(socialLinkRequests.sessionHash, sessionHash), liveRequest(now)))
      .returning();
    const request = rows[0];
    if (!request)
      throw new ServiceError(
        "token_expired",
        "That sign-in expired. Please sign in with Google or Facebook again.",
      );
    const owner = await tx
      .select({ name: customers.name, email: customers.email })
      .from(customers)
      .where(eq(customers.id, request.customerId))
      .limit(1);
    if (!owner[0]) throw new ServiceError("customer_missing", "That account no longer exists.");
    const minutes = Math.max(1, Math.round((request.expiresAt.getTime() - now.getTime()) / 60000));
    await enqueueMail(
      tx,
      socialLinkMail(store, owner[0].email, {
        name: owner[0].name,
        provider: PROVIDER_LABEL[request.provider as SocialProvider],
        linkUrl: `${ctx.origin}${SOCIAL_LINK_PATH}?token=${encodeURIComponent(token)}`,
        validMinutes: minutes,
        // Asked for on a page of the storefront: the mail is in its language.
        lang: store.lang,
      }),
    );
  });
}

/**
 * The mailed link proves the mailbox. An account whose address was never proven was made by
 * whoever typed it, perhaps not the mailbox's owner (issue 38, item 3): its password and every
 * session, all older than this proof, end here, so only the mailbox's owner gets in from now on
 * (through the provider, or a new password by "Forgot your password?"). A proven account keeps
 * both: its password was chosen by someone who proved the same mailbox.
 */
async function takeOverUnproven(tx: Tx, customerId: number, now: Date): Promise<void> {
  const ended = await tx
    .update(customers)
    .set({
      emailVerifiedAt: now,
      passwordHash: await unknownPassword(),
      legacyAccount: false,
      updatedAt: now,
    })
    .where(and(eq(customers.id, customerId), isNull(customers.emailVerifiedAt)))
    .returning({ id: customers.id });
  if (ended.length === 0) return;
  await destroyCustomerSessions(tx, customerId);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
}

/** A password nobody knows: the account signs in through its provider, or gets a password of its own by mail. */
const unknownPassword = () => hashPassword(randomBytes(32).toString("base64url"));

/** The mailed link: links the identity and returns the customer to sign in, or null when it is spent. */
export async function redeemMailedLink(
  store: StoreContext,
  token: string,
  now = new Date(),
): Promise<{ customer: SessionCustomer; provider: SocialProvider; lang: Lang } | null> {
  if (!token || token.length > 100) return null;
  const linked = await store.db.transaction(async (tx) => {
    const rows = await tx
      .delete(socialLinkRequests)
      .where(and(eq(socialLinkRequests.mailTokenHash, sha256(token)), liveRequest(now)))
      .returning();
    const request = rows[0];
    if (!request) return null;
    const provider = request.provider as SocialProvider;
    await linkIdentity(
      tx,
      request.customerId,
      { provider, subject: request.subject, email: request.email },
      now,
    );
    await takeOverUnproven(tx, request.customerId, now);
    return { customerId: request.customerId, provider };
  });
  if (!linked) return null;
  const customer = await findSessionCustomer(store.db, linked.customerId);
  // The link is opened from a mailbox, not a page: the account's own language says where to land.
  const [row] = await store.db
    .select({ lang: customers.lang })
    .from(customers)
    .where(eq(customers.id, linked.customerId));
  const lang =
    store.config.languages.find((l) => l === row?.lang) ?? store.config.languages[0] ?? SOURCE_LANG;
  return customer ? { customer, provider: linked.provider, lang } : null;
}
