// The retention job (GDPR Art. 5(1)(e), docs/decisions/0051): what erasure and the shop's own
// periods keep is anonymised or removed once the period ends, per the store's settings.
// - orders past the fiscal period (fiscal_retention_years after the end of their year): the
//   buyer's name and address become ERASED, as do the timeline's names and the audit log's mentions;
// - guest orders past guest_data_retention_days: their email, phone and notes go; sent mails and
//   delivered ERP copies of that age go too;
// - sign-in records past sign_in_log_retention_days: staff sign-ins lose their IP (and a typed name
//   that is no staff member's), ended sessions of shoppers and staff and old counters go;
// - newsletter sign-ups still pending newsletter_pending_retention_days after they were asked
//   for go, with their confirmation mails (confirmed and unsubscribed rows stay: consent and its
//   withdrawal are the proof GDPR art. 7(1) asks for);
// - cookie-banner answers older than cookie_consent_retention_days go.
// Every step only touches rows not done yet, so a second run (or a second instance) finds nothing;
// server/payment-sweep.ts runs it hourly under an advisory lock per store.
import { sql } from "drizzle-orm";
import { daysBefore, ERASED, eraseMentions, fiscalCutoff, mentions, needlesOf } from "../../core/privacy";
import { queryRows, type Tx } from "../../db/client";
import type { StoreContext } from "../context";
import { mentionedIn } from "./sections";
import { ORDER_REF_COLUMNS, type OrderRef } from "./subject";

/** Orders anonymised per transaction: a long backlog is worked off in steps that each commit. */
const BATCH = 200;

export interface RetentionCounts {
  fiscalOrders: number;
  guestOrders: number;
  signInRecords: number;
  pendingSubscriptions: number;
  cookieConsents: number;
}

const SIGN_IN_ACTIONS = sql`('staff.sign_in', 'staff.sign_in_failed', 'staff.sign_in_locked', 'staff.totp_failed')`;

/** One batch of orders past the fiscal period, anonymised; answers how many. */
async function anonymiseFiscalBatch(tx: Tx, cutoff: Date): Promise<number> {
  const orders = await queryRows<OrderRef>(
    tx,
    sql`select ${ORDER_REF_COLUMNS} from orders
         where created_at < ${cutoff.toISOString()} and customer_name <> ${ERASED}
         order by id limit ${BATCH} for update skip locked`,
  );
  for (const o of orders) {
    const needles = needlesOf([o.customer_name, o.customer_email, o.customer_phone, o.ship_address]);
    // The country, amounts, lines and dates stay: statistics and the OSS totals need no person.
    await tx.execute(sql`
      update orders set customer_name = ${ERASED}, customer_email = '', customer_phone = null,
             ship_address = null, ship_city = null, notes = null, updated_at = now()
       where id = ${o.id}`);
    await tx.execute(sql`update payments set raw = null where order_id = ${o.id} and raw is not null`);
    // Mails about the order still queued or failed (sent ones went after the guest period).
    await tx.execute(
      sql`delete from outbox where position(${o.code} in text) > 0 or ${mentionedIn(sql`text`, needles)}`,
    );
    await tx.execute(sql`
      update order_events set actor = ${ERASED}
       where order_id = ${o.id} and actor_kind in ('customer', 'guest') and actor <> ${ERASED}`);
    const notes = await queryRows<{ id: number; body: string }>(
      tx,
      sql`select id, body from order_events where order_id = ${o.id} and body is not null and body <> ${ERASED}`,
    );
    for (const n of notes)
      if (mentions(n.body, needles))
        await tx.execute(sql`update order_events set body = ${ERASED} where id = ${n.id}`);
    const audits = await queryRows<{ id: number; summary: string; before: unknown; after: unknown }>(
      tx,
      sql`select id, summary, before, after from audit_log where entity = 'order' and entity_id = ${o.code}`,
    );
    for (const a of audits) {
      const before = eraseMentions(a.before, needles);
      const after = eraseMentions(a.after, needles);
      await tx.execute(sql`
        update audit_log set summary = ${mentions(a.summary, needles) ? ERASED : a.summary},
               before = ${before === null ? null : JSON.stringify(before)}::jsonb,
               after = ${after === null ? null : JSON.stringify(after)}::jsonb
         where id = ${a.id}`);
    }
  }
  return orders.length;
}

/** Runs every step for one store at `now`; answers what it changed. */
export async function runRetention(store: StoreContext, now = new Date()): Promise<RetentionCounts> {
  const s = store.settings;
  const counts: RetentionCounts = {
    fiscalOrders: 0,
    guestOrders: 0,
    signInRecords: 0,
    pendingSubscriptions: 0,
    cookieConsents: 0,
  };

  const fiscal = fiscalCutoff(now, s.fiscalRetentionYears);
  for (;;) {
    const n = await store.db.transaction((tx) => anonymiseFiscalBatch(tx, fiscal));
    counts.fiscalOrders += n;
    if (n < BATCH) break;
  }

  const guest = daysBefore(now, s.guestDataRetentionDays).toISOString();
  await store.db.transaction(async (tx) => {
    const done = await queryRows<{ id: number }>(
      tx,
      sql`update orders set customer_email = '', customer_phone = null, notes = null, updated_at = now()
           where customer_id is null and created_at < ${guest}
             and (customer_email <> '' or customer_phone is not null or notes is not null)
         returning id`,
    );
    counts.guestOrders = done.length;
    await tx.execute(sql`delete from outbox where sent_at is not null and sent_at < ${guest}`);
    await tx.execute(
      sql`delete from webhook_outbox where delivered_at is not null and delivered_at < ${guest}`,
    );
  });

  const signIn = daysBefore(now, s.signInLogRetentionDays).toISOString();
  await store.db.transaction(async (tx) => {
    // A typed name that is no staff member's may be anyone's: it goes with the address.
    const done = await queryRows<{ id: number }>(
      tx,
      sql`update audit_log set ip = null,
                 staff_email = case when staff_id is null then ${ERASED} else staff_email end
           where action in ${SIGN_IN_ACTIONS} and created_at < ${signIn}
             and (ip is not null or (staff_id is null and staff_email <> ${ERASED}))
         returning id`,
    );
    counts.signInRecords = done.length;
    await tx.execute(sql`delete from sessions where expires_at < ${signIn}`);
    await tx.execute(sql`delete from staff_sessions where expires_at < ${signIn}`);
    await tx.execute(sql`delete from rate_limits where window_start < ${signIn}`);
  });

  // A sign-up asked again is pending from its new request: requested_at, not created_at, counts.
  const pending = daysBefore(now, s.newsletterPendingRetentionDays).toISOString();
  await store.db.transaction(async (tx) => {
    const gone = await queryRows<{ email: string }>(
      tx,
      sql`delete from newsletter_subscribers where status = 'pending' and requested_at < ${pending}
         returning lower(email) as email`,
    );
    counts.pendingSubscriptions = gone.length;
    // The confirmation mails name the address and carry links to a row that is no more.
    if (gone.length > 0)
      await tx.execute(sql`
        delete from outbox where kind = 'newsletter-confirm'
           and lower(to_address) in (${sql.join(
             gone.map((g) => sql`${g.email}`),
             sql`, `,
           )})`);
  });

  const consents = daysBefore(now, s.cookieConsentRetentionDays).toISOString();
  const oldAnswers = await queryRows<{ id: number }>(
    store.db,
    sql`delete from cookie_consents where created_at < ${consents} returning id`,
  );
  counts.cookieConsents = oldAnswers.length;
  return counts;
}
