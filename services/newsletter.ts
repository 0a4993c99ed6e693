// Newsletter sign-ups with double opt-in (docs/decisions/0052): one row per email per store
// (case-insensitive). A sign-up is `pending` and mails a confirmation link; only the link's POST
// makes it `confirmed`, and only confirmed addresses are ever exported or mailed a newsletter. The
// consent text the subscriber was shown, in their language, and its version are stored with it.
//
// Links carry signed tokens (an HMAC under the session secret, services/orders/order-link.ts),
// so no token table: confirm `<id>.<expiry>.<sig>` expires after CONFIRM_DAYS; unsubscribe
// `<id>.<sig>` never does (a mail may be read years later), and both are void once the row's
// address is not the one they were made for.
import { and, eq, sql } from "drizzle-orm";
import { type Lang, localizedPath } from "../core/language";
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_CONSENT_VERSION,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from "../core/newsletter";
import { ACCOUNT_TEXT, checkNewsletter } from "../core/validation/account";
import type { Tx } from "../db/client";
import { newsletterSubscribers } from "../db/store/schema";
import { hitAll, RULES } from "./auth/limits";
import type { StoreContext } from "./context";
import { ServiceError } from "./failure";
import { enqueueMail } from "./mail/outbox";
import { brandOf, mailLang, newsletterConfirmMail } from "./mail/templates";
import { translatorFor } from "./messages";
import { serverSignature, verifyServerSignature } from "./orders/order-link";

/** How long a confirmation link works. */
export const CONFIRM_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const lower = (email: string) => email.trim().toLowerCase();
const confirmText = (storeId: string, id: number, email: string, expires: number) =>
  `newsletter-confirm:${storeId}:${id}:${lower(email)}:${expires}`;
const unsubscribeText = (storeId: string, id: number, email: string) =>
  `newsletter-unsubscribe:${storeId}:${id}:${lower(email)}`;

/** The consent text a subscriber is shown in `lang` (the modal renders the same key). */
export function newsletterConsentText(store: StoreContext, lang: Lang): string {
  return translatorFor(lang, "Subscription")("consentText", { shop: brandOf(store).name });
}

type LinkRow = { id: number; email: string; lang: string };

/** A link on `origin` (the host the shopper used: https on a real domain), in the row's language. */
function linkIn(store: StoreContext, origin: string, row: LinkRow, path: string, token: string): string {
  const page = localizedPath(store.config.languages, mailLang(store, row.lang), path);
  return `${origin.replace(/\/+$/, "")}${page}?token=${token}`;
}

/** The unsubscribe link of a subscription (also its List-Unsubscribe URI). */
async function unsubscribeUrl(store: StoreContext, origin: string, row: LinkRow) {
  const sig = await serverSignature(unsubscribeText(store.config.id, row.id, row.email));
  return linkIn(store, origin, row, NEWSLETTER_UNSUBSCRIBE_PATH, `${row.id}.${sig}`);
}

async function confirmUrl(store: StoreContext, origin: string, row: LinkRow, now: Date) {
  const expires = Math.floor((now.getTime() + CONFIRM_DAYS * DAY_MS) / 1000);
  const sig = await serverSignature(confirmText(store.config.id, row.id, row.email, expires));
  return linkIn(store, origin, row, NEWSLETTER_CONFIRM_PATH, `${row.id}.${expires}.${sig}`);
}

type Row = typeof newsletterSubscribers.$inferSelect;

async function rowByEmail(db: Tx, email: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${lower(email)}`)
    .for("update");
  return row;
}

/**
 * A sign-up from a page in `store.lang`. A new or lapsed address becomes `pending` with the consent
 * text of now and is mailed the confirmation link; a confirmed one is left as it is (and mailed
 * nothing), and the answer is the same either way, so the form does not tell who is subscribed.
 * ServiceError: invalid, rate_limited.
 */
export async function subscribeNewsletter(
  store: StoreContext,
  emailInput: string,
  client: { ip: string; origin: string },
  now = new Date(),
): Promise<{ mailed: boolean }> {
  const problem = checkNewsletter(emailInput);
  if (problem) throw new ServiceError("invalid", problem.title);
  const email = emailInput.trim();
  const limit = await hitAll(
    store.db,
    [
      { key: `newsletter:ip:${client.ip}`, rule: RULES.newsletterPerIp },
      // Each sign-up mails the address: a stranger must not be able to flood someone's inbox.
      { key: `newsletter:email:${lower(email)}`, rule: RULES.newsletterPerEmail },
    ],
    now,
  );
  if (!limit.allowed)
    throw new ServiceError("rate_limited", ACCOUNT_TEXT.tooManyAttempts, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const lang = mailLang(store, store.lang);
  const consent = {
    status: "pending",
    lang,
    consentText: newsletterConsentText(store, lang),
    consentVersion: NEWSLETTER_CONSENT_VERSION,
    requestedAt: now,
    confirmedAt: null,
  } as const;
  return store.db.transaction(async (tx) => {
    let row = await rowByEmail(tx, email);
    if (row?.status === "confirmed") return { mailed: false };
    if (row) {
      [row] = await tx
        .update(newsletterSubscribers)
        .set(consent)
        .where(eq(newsletterSubscribers.id, row.id))
        .returning();
    } else {
      // The only unique index is lower(email): a sign-up racing this one wins, and this one mails nothing.
      [row] = await tx
        .insert(newsletterSubscribers)
        .values({ email, createdAt: now, ...consent })
        .onConflictDoNothing()
        .returning();
    }
    if (!row) return { mailed: false };
    await enqueueMail(
      tx,
      newsletterConfirmMail(store, row.email, {
        confirmUrl: await confirmUrl(store, client.origin, row, now),
        unsubscribeUrl: await unsubscribeUrl(store, client.origin, row),
        validDays: CONFIRM_DAYS,
        consentText: consent.consentText,
        lang,
      }),
    );
    return { mailed: true };
  });
}

/** The row a well-formed token names, if its signature holds for the row's address. */
async function rowOfToken(store: StoreContext, token: string, kind: "confirm" | "unsubscribe", now: Date) {
  const m =
    kind === "confirm"
      ? /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token)
      : /^(\d{1,10})\.()([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const expires = Number(m[2]);
  if (kind === "confirm" && expires * 1000 < now.getTime()) return null;
  if (id > 2_147_483_647) return null;
  const [row] = await store.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!row) return null;
  const text =
    kind === "confirm"
      ? confirmText(store.config.id, id, row.email, expires)
      : unsubscribeText(store.config.id, id, row.email);
  return (await verifyServerSignature(text, m[3] as string)) ? row : null;
}

/**
 * What a link's page shows before its button is pressed: the address it is for, or null when the
 * link is expired, forged, or (a confirmation link) the subscription is no longer pending.
 */
export async function newsletterLinkTarget(
  store: StoreContext,
  token: string,
  kind: "confirm" | "unsubscribe",
  now = new Date(),
): Promise<{ email: string; status: string } | null> {
  const row = await rowOfToken(store, token, kind, now);
  if (!row || (kind === "confirm" && row.status === "unsubscribed")) return null;
  return { email: row.email, status: row.status };
}

/**
 * The confirmation link's POST: a pending subscription becomes confirmed. An expired or forged
 * link, or one of a subscription unsubscribed since, confirms nothing: 'expired'.
 */
export async function confirmNewsletter(
  store: StoreContext,
  token: string,
  now = new Date(),
): Promise<"confirmed" | "expired"> {
  const row = await rowOfToken(store, token, "confirm", now);
  if (!row || row.status === "unsubscribed") return "expired";
  await store.db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now })
    .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, "pending")));
  return "confirmed";
}

/**
 * The unsubscribe link's POST (one click, RFC 8058, or the page's button): the subscription,
 * pending or confirmed, becomes unsubscribed, and the row keeps when. A bad token: 'expired'.
 */
export async function unsubscribeNewsletter(
  store: StoreContext,
  token: string,
  now = new Date(),
): Promise<"unsubscribed" | "expired"> {
  const row = await rowOfToken(store, token, "unsubscribe", now);
  if (!row) return "expired";
  await store.db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now })
    .where(and(eq(newsletterSubscribers.id, row.id), sql`${newsletterSubscribers.status} <> 'unsubscribed'`));
  return "unsubscribed";
}
