// The personal data of one person, kind by kind (docs/decisions/0051). Each section reads its
// part of the data download and erases or anonymises its part on erasure; the download and the
// erasure both walk PRIVACY_SECTIONS, so a new kind of personal data is one more entry here
// (with its table in the integration test's expectations if the retention keeps any of it).
//
// Erasure walks the list backwards, in the erasure's one transaction: the account goes last, after
// everything that points at it. What the retention keeps (an order's name and address, its amounts
// and lines) is listed in RETAINED and anonymised later by ./retention.ts.
import { type SQL, sql } from "drizzle-orm";
import { ERASED, eraseMentions, mentions } from "../../core/privacy";
import { queryRows, type Tx } from "../../db/client";
import type { DataSubject } from "./subject";

export interface PrivacySection {
  /** This section's key under `sections` in the downloaded file. */
  key: string;
  /** What the key holds, for docs/privacy-export.md and the README. */
  holds: string;
  /** This section's part of the download (JSON). Absent: the section only erases. */
  read?(tx: Tx, s: DataSubject): Promise<unknown>;
  /** Removes or anonymises this section's part, inside the erasure's transaction. */
  erase?(tx: Tx, s: DataSubject): Promise<void>;
}

/** `(a, b, c)` of parameters; `(null)` for none, which matches nothing. */
function list(values: readonly (string | number)[]): SQL {
  if (values.length === 0) return sql`(null)`;
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** Rows of the account (`customer_id`) or of one of its emails (`email` column, any case). */
function byAccountOrEmail(s: DataSubject, emailColumn: SQL): SQL {
  const account = s.customerId === null ? sql`false` : sql`customer_id = ${s.customerId}`;
  return sql`(${account} or lower(${emailColumn}) in ${list(s.emails)})`;
}

/** Whether a text column holds one of `needles` (lower case), any case. */
export function mentionedIn(column: SQL, needles: readonly string[]): SQL {
  if (needles.length === 0) return sql`false`;
  return sql`(${sql.join(
    needles.map((n) => sql`position(${n} in lower(${column})) > 0`),
    sql` or `,
  )})`;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * Blanks, in audit_log rows, every text that mentions the person: the rows about the account or its
 * orders, and any row whose text holds one of the emails. Only texts become ERASED and the IP of the
 * person's own rows null, which the append-only trigger lets through (privacy_only_erased).
 */
async function eraseAuditMentions(tx: Tx, s: DataSubject): Promise<void> {
  if (s.needles.length === 0) return;
  const aboutAccount =
    s.customerId === null ? sql`false` : sql`(entity = 'customer' and entity_id = ${String(s.customerId)})`;
  const emailLike = s.emails.length
    ? sql.join(
        s.emails.map(
          (e) =>
            sql`lower(summary || ' ' || staff_email || ' ' || coalesce(before::text, '') || ' ' || coalesce(after::text, '')) like ${`%${e.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        ),
        sql` or `,
      )
    : sql`false`;
  const rows = await queryRows<{
    id: number;
    staff_email: string;
    entity_id: string | null;
    summary: string;
    before: unknown;
    after: unknown;
  }>(
    tx,
    sql`select id, staff_email, entity_id, summary, before, after from audit_log
         where ${aboutAccount} or (entity = 'order' and entity_id in ${list(s.orderCodes)}) or ${emailLike}`,
  );
  for (const r of rows) {
    const before = eraseMentions(r.before, s.needles);
    const after = eraseMentions(r.after, s.needles);
    await tx.execute(sql`
      update audit_log set
        staff_email = ${mentions(r.staff_email, s.needles) ? ERASED : r.staff_email},
        entity_id = ${r.entity_id !== null && mentions(r.entity_id, s.needles) ? ERASED : r.entity_id},
        summary = ${mentions(r.summary, s.needles) ? ERASED : r.summary},
        before = ${before === null ? null : JSON.stringify(before)}::jsonb,
        after = ${after === null ? null : JSON.stringify(after)}::jsonb
      where id = ${r.id}`);
  }
}

/**
 * What erasure keeps, and why (the retention job anonymises it when the period ends): the table,
 * its columns, and the setting that says how long. The integration test allows the person's texts
 * in these columns only.
 */
export const RETAINED = [
  {
    table: "orders",
    columns: ["customer_name", "ship_address", "ship_city"],
    why: "the buyer's name and address of a sale, kept with its amounts and lines for the tax authorities (Cyprus VAT Law s. 43, Greek Law 4308/2014 art. 7)",
    setting: "fiscal_retention_years",
  },
] as const;

export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  {
    key: "account",
    holds:
      "the account: username, name, surname, company, email, whether it is proven, mobile phone, VAT number, language, VAT exclusion, created and updated times (never the password)",
    async read(tx, s) {
      if (s.customerId === null) return null;
      const [c] = await queryRows<Record<string, unknown>>(
        tx,
        sql`select username, name, surname, company, email, email_verified_at, mobile_phone, vat_number,
                   lang, exclude_vat, created_at, updated_at
              from customers where id = ${s.customerId}`,
      );
      if (!c) return null;
      return {
        username: c.username,
        name: c.name,
        surname: c.surname,
        company: c.company,
        email: c.email,
        emailProvenAt: iso(c.email_verified_at),
        mobilePhone: c.mobile_phone,
        vatNumber: c.vat_number,
        language: c.lang,
        vatExcluded: c.exclude_vat,
        createdAt: iso(c.created_at),
        updatedAt: iso(c.updated_at),
      };
    },
    async erase(tx, s) {
      // Everything that pointed at the account has been erased or detached by the sections after
      // this one (erasure walks the list backwards); the row goes, with its password hash.
      if (s.customerId !== null) await tx.execute(sql`delete from customers where id = ${s.customerId}`);
    },
  },
  {
    key: "addresses",
    holds:
      "every address: the account's (street, postcode, city, country, map position) and each order's delivery address",
    async read(tx, s) {
      const out: Record<string, unknown>[] = [];
      if (s.customerId !== null) {
        const [c] = await queryRows<Record<string, unknown>>(
          tx,
          sql`select street, postcode, city, country, latitude, longitude from customers where id = ${s.customerId}`,
        );
        if (c) out.push({ use: "account", ...c });
      }
      const orders = await queryRows<Record<string, unknown>>(
        tx,
        sql`select code, ship_address, ship_city, ship_country from orders where id in ${list(s.orderIds)} order by id`,
      );
      for (const o of orders)
        out.push({
          use: "delivery",
          order: o.code,
          street: o.ship_address,
          city: o.ship_city,
          country: o.ship_country,
        });
      return out;
    },
  },
  {
    key: "orders",
    holds:
      "every order: code, status, date, contact used (name, email, phone), delivery, payment method, totals in cents, points, notes, lines (product, quantity, unit price, VAT rate) and payments (provider, amount, status, times)",
    async read(tx, s) {
      const orders = await queryRows<Record<string, unknown>>(
        tx,
        sql`select id, code, status, created_at, paid_at, customer_name, customer_email, customer_phone,
                   ship_address, ship_city, ship_country, shipping_description, payment_method,
                   goods_total_cents, shipping_cost_cents, total_cents, points_earned_cents,
                   points_redeemed_cents, vat_excluded, notes, lang
              from orders where id in ${list(s.orderIds)} order by id`,
      );
      const lines = await queryRows<Record<string, unknown>>(
        tx,
        sql`select order_id, product_id, description, qty, unit_price_cents, vat_rate, line_total_cents
              from order_lines where order_id in ${list(s.orderIds)} order by id`,
      );
      const payments = await queryRows<Record<string, unknown>>(
        tx,
        sql`select order_id, provider, amount_cents, status, created_at, verified_at
              from payments where order_id in ${list(s.orderIds)} order by id`,
      );
      return orders.map((o) => ({
        code: o.code,
        status: o.status,
        placedAt: iso(o.created_at),
        paidAt: iso(o.paid_at),
        name: o.customer_name,
        email: o.customer_email,
        phone: o.customer_phone,
        delivery: {
          street: o.ship_address,
          city: o.ship_city,
          country: o.ship_country,
          method: o.shipping_description,
        },
        paymentMethod: o.payment_method,
        goodsTotalCents: o.goods_total_cents,
        shippingCents: o.shipping_cost_cents,
        totalCents: o.total_cents,
        vatExcluded: o.vat_excluded,
        pointsEarnedCents: o.points_earned_cents,
        pointsRedeemedCents: o.points_redeemed_cents,
        notes: o.notes,
        language: o.lang,
        lines: lines
          .filter((l) => l.order_id === o.id)
          .map((l) => ({
            productId: l.product_id,
            description: l.description,
            qty: l.qty,
            unitPriceCents: l.unit_price_cents,
            vatRate: l.vat_rate,
            lineTotalCents: l.line_total_cents,
          })),
        payments: payments
          .filter((p) => p.order_id === o.id)
          .map((p) => ({
            provider: p.provider,
            amountCents: p.amount_cents,
            status: p.status,
            createdAt: iso(p.created_at),
            verifiedAt: iso(p.verified_at),
          })),
      }));
    },
    async erase(tx, s) {
      if (s.orderIds.length === 0) return;
      const ids = list(s.orderIds);
      // The fiscal record stays (RETAINED): name, address, amounts, lines, country, dates. The
      // contact details, the shopper's notes and the provider's raw answers go now.
      await tx.execute(sql`
        update orders set customer_id = null, customer_email = '', customer_phone = null, notes = null,
               updated_at = now()
         where id in ${ids}`);
      await tx.execute(sql`update payments set raw = null where order_id in ${ids} and raw is not null`);
      // The timeline names the buyer; staff notes may too (the trigger lets only ERASED through).
      await tx.execute(sql`
        update order_events set actor = ${ERASED}
         where order_id in ${ids} and actor_kind in ('customer', 'guest') and actor <> ${ERASED}`);
      const notes = await queryRows<{ id: number; body: string }>(
        tx,
        sql`select id, body from order_events where order_id in ${ids} and body is not null and body <> ${ERASED}`,
      );
      for (const n of notes)
        if (mentions(n.body, s.needles))
          await tx.execute(sql`update order_events set body = ${ERASED} where id = ${n.id}`);
      // Copies of the orders already delivered to the ERP (its own copy is the shop's to erase).
      await tx.execute(sql`
        delete from webhook_outbox where delivered_at is not null
           and substring(event_key from position(':' in event_key) + 1) in ${list(s.orderCodes)}`);
    },
  },
  {
    key: "points",
    holds: "reward points: balance and on hold, in cents of a euro (per order under orders)",
    async read(tx, s) {
      if (s.customerId === null) return null;
      const [c] = await queryRows<{ points_balance_cents: number; points_on_hold_cents: number }>(
        tx,
        sql`select points_balance_cents, points_on_hold_cents from customers where id = ${s.customerId}`,
      );
      return c ? { balanceCents: c.points_balance_cents, onHoldCents: c.points_on_hold_cents } : null;
    },
    // The balance is a column of the account row, which goes with it.
  },
  {
    key: "newsletter",
    holds:
      "newsletter subscriptions: email, state, language, the consent text shown and its version, when asked, confirmed and unsubscribed",
    async read(tx, s) {
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select email, status, lang, consent_text, consent_version, created_at, requested_at,
                   confirmed_at, unsubscribed_at
              from newsletter_subscribers where lower(email) in ${list(s.emails)} order by id`,
      );
      // The consent and its proof (docs/decisions/0052) are the subscriber's data too (GDPR art. 15).
      return rows.map((r) => ({
        email: r.email,
        status: r.status,
        language: r.lang,
        consentText: r.consent_text,
        consentVersion: r.consent_version,
        subscribedAt: iso(r.created_at),
        requestedAt: iso(r.requested_at),
        confirmedAt: iso(r.confirmed_at),
        unsubscribedAt: iso(r.unsubscribed_at),
      }));
    },
    async erase(tx, s) {
      await tx.execute(sql`delete from newsletter_subscribers where lower(email) in ${list(s.emails)}`);
    },
  },
  {
    key: "backInStock",
    holds: "back-in-stock requests: product, email, language, when asked and when mailed",
    async read(tx, s) {
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select n.product_id, p.name as product, n.email, n.lang, n.created_at, n.notified_at
              from notify_requests n left join products p on p.id = n.product_id
             where ${byAccountOrEmail(s, sql`n.email`)} order by n.id`,
      );
      return rows.map((r) => ({
        productId: r.product_id,
        product: r.product,
        email: r.email,
        language: r.lang,
        requestedAt: iso(r.created_at),
        notifiedAt: iso(r.notified_at),
      }));
    },
    async erase(tx, s) {
      await tx.execute(sql`delete from notify_requests where ${byAccountOrEmail(s, sql`email`)}`);
    },
  },
  {
    key: "signInIdentities",
    holds:
      "Google or Facebook identities linked to the account: provider, the email it gave, linked and last used",
    async read(tx, s) {
      if (s.customerId === null) return [];
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select provider, email, created_at, last_used_at from customer_identities
             where customer_id = ${s.customerId} order by id`,
      );
      return rows.map((r) => ({
        provider: r.provider,
        email: r.email,
        linkedAt: iso(r.created_at),
        lastUsedAt: iso(r.last_used_at),
      }));
    },
    async erase(tx, s) {
      if (s.customerId === null) return;
      await tx.execute(sql`delete from customer_identities where customer_id = ${s.customerId}`);
      await tx.execute(sql`delete from social_link_requests where customer_id = ${s.customerId}`);
      await tx.execute(sql`delete from password_reset_tokens where customer_id = ${s.customerId}`);
    },
  },
  {
    key: "sessions",
    holds: "signed-in sessions: started, last seen, ends (never the token)",
    async read(tx, s) {
      if (s.customerId === null) return [];
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select created_at, last_seen_at, expires_at from sessions where customer_id = ${s.customerId}
             order by created_at`,
      );
      return rows.map((r) => ({
        startedAt: iso(r.created_at),
        lastSeenAt: iso(r.last_seen_at),
        endsAt: iso(r.expires_at),
      }));
    },
    async erase(tx, s) {
      if (s.customerId !== null)
        await tx.execute(sql`delete from sessions where customer_id = ${s.customerId}`);
    },
  },
  {
    key: "reviews",
    holds: "product reviews written from the account: product, name shown, rating, title, text, when",
    async read(tx, s) {
      if (s.customerId === null) return [];
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select product_id, author_name, rating, title, body, created_at from product_reviews
             where customer_id = ${s.customerId} order by id`,
      );
      return rows.map((r) => ({
        productId: r.product_id,
        name: r.author_name,
        rating: r.rating,
        title: r.title,
        text: r.body,
        writtenAt: iso(r.created_at),
      }));
    },
    async erase(tx, s) {
      if (s.customerId === null) return;
      // The review stays for other shoppers, signed with an initial only and no longer the account's.
      await tx.execute(sql`
        update product_reviews set author_name = coalesce(nullif(upper(left(btrim(author_name), 1)), '') || '.', '-'),
               customer_id = null
         where customer_id = ${s.customerId}`);
    },
  },
  {
    key: "messages",
    holds:
      "contact and partner form messages sent with one of the emails: kind, name, email, phone, subject, text, when",
    async read(tx, s) {
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select kind, name, email, phone, subject, message, created_at from inquiries
             where lower(email) in ${list(s.emails)} order by id`,
      );
      return rows.map((r) => ({
        kind: r.kind,
        name: r.name,
        email: r.email,
        phone: r.phone,
        subject: r.subject,
        text: r.message,
        sentAt: iso(r.created_at),
      }));
    },
    async erase(tx, s) {
      await tx.execute(sql`delete from inquiries where lower(email) in ${list(s.emails)}`);
    },
  },
  {
    key: "mails",
    holds:
      "mails the shop sent or will send to one of the emails: kind, subject, queued and sent times (erasure also removes the shop's own notices that name the person)",
    async read(tx, s) {
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select kind, to_address, subject, created_at, sent_at from outbox
             where lower(to_address) in ${list(s.emails)} order by id`,
      );
      return rows.map((r) => ({
        kind: r.kind,
        to: r.to_address,
        subject: r.subject,
        queuedAt: iso(r.created_at),
        sentAt: iso(r.sent_at),
      }));
    },
    async erase(tx, s) {
      // Their mails, and the shop's copies that name them (the new-order notice replies to them).
      await tx.execute(sql`
        delete from outbox where lower(to_address) in ${list(s.emails)} or lower(reply_to) in ${list(s.emails)}
            or ${mentionedIn(sql`text`, s.needles)} or ${mentionedIn(sql`subject`, s.needles)}`);
    },
  },
  {
    // Not part of the download: the shop's own records of what it did, and counters.
    key: "records",
    holds: "(erasure only) the audit log's and error log's mentions of the person, and sign-in counters",
    async erase(tx, s) {
      await eraseAuditMentions(tx, s);
      if (s.customerId !== null)
        await tx.execute(sql`delete from error_log where user_ref = ${`customer:${s.customerId}`}`);
      // Counters are keyed by what was typed (an email, a username, a phone): any that names the person.
      const keys = s.needles;
      if (keys.length > 0)
        await tx.execute(
          sql`delete from rate_limits where ${sql.join(
            keys.map((k) => sql`position(${k} in lower(key)) > 0`),
            sql` or `,
          )}`,
        );
    },
  },
];
