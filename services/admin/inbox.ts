// The back office's inbox: contact and partner messages, newsletter subscribers (and their CSV
// export) and back-in-stock requests. Read-only; paged and searched in SQL.
import { and, asc, desc, eq, gt, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { csvLines } from "../../core/csv";
import { inquiries, newsletterSubscribers, notifyRequests, products } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { recordExport, type StaffActor } from "./audit";
import { containsPattern } from "./customers";

interface Paging {
  page: number;
  limit: number;
  q?: string | undefined;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const whereOf = (parts: SQL[]) => (parts.length > 0 ? and(...parts) : undefined);

export async function listInquiries(store: StoreContext, o: Paging & { kind?: string | undefined }) {
  const where: SQL[] = [];
  if (o.kind) where.push(eq(inquiries.kind, o.kind));
  if (o.q) {
    const p = containsPattern(o.q);
    where.push(
      sql`lower(${inquiries.name} || ' ' || ${inquiries.email} || ' ' || coalesce(${inquiries.subject}, '') || ' ' || ${inquiries.message}) like ${p}`,
    );
  }
  const cond = whereOf(where);
  const [rows, counted] = await Promise.all([
    store.db
      .select({
        id: inquiries.id,
        kind: inquiries.kind,
        name: inquiries.name,
        email: inquiries.email,
        phone: inquiries.phone,
        subject: inquiries.subject,
        excerpt: sql<string>`left(${inquiries.message}, 160)`,
        createdAt: inquiries.createdAt,
      })
      .from(inquiries)
      .where(cond)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(o.limit)
      .offset((o.page - 1) * o.limit),
    store.db.select({ n: sql<number>`count(*)::int` }).from(inquiries).where(cond),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    page: o.page,
    limit: o.limit,
    total: Number(counted[0]?.n ?? 0),
  };
}

export async function getInquiry(store: StoreContext, id: number) {
  const rows = await store.db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  const r = rows[0];
  if (!r) throw new ServiceError("not_found", "This message does not exist.");
  return { ...r, createdAt: iso(r.createdAt) };
}

const subscriberSearch = (q: string | undefined) =>
  q ? sql`lower(${newsletterSubscribers.email}) like ${containsPattern(q)}` : undefined;
/** Only confirmed addresses are subscribers (double opt-in, docs/decisions/0052): listed, counted, exported. */
const confirmed = eq(newsletterSubscribers.status, "confirmed");

export async function listSubscribers(store: StoreContext, o: Paging) {
  const cond = and(confirmed, subscriberSearch(o.q));
  const [rows, counted, waiting] = await Promise.all([
    store.db
      .select()
      .from(newsletterSubscribers)
      .where(cond)
      .orderBy(desc(newsletterSubscribers.confirmedAt), desc(newsletterSubscribers.id))
      .limit(o.limit)
      .offset((o.page - 1) * o.limit),
    store.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers).where(cond),
    store.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "pending")),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      createdAt: iso(r.createdAt),
      confirmedAt: iso(r.confirmedAt ?? r.createdAt),
      lang: r.lang,
      consentVersion: r.consentVersion,
    })),
    page: o.page,
    limit: o.limit,
    total: Number(counted[0]?.n ?? 0),
    waiting: Number(waiting[0]?.n ?? 0),
  };
}

/** The confirmed subscribers as CSV lines, oldest first, read in batches so a long list never sits in memory. */
export async function* subscribersCsv(
  store: StoreContext,
  actor: StaffActor,
  q?: string,
): AsyncGenerator<string> {
  await recordExport(store, actor, {
    entity: "newsletter_subscriber",
    summary: "Newsletter subscribers exported as CSV",
    filters: q ? { q } : {},
  });
  const search = subscriberSearch(q);
  yield* csvLines(
    ["email", "language", "confirmed_at", "consent_version", "consent_text"],
    (afterId, limit) =>
      store.db
        .select()
        .from(newsletterSubscribers)
        .where(and(confirmed, search, gt(newsletterSubscribers.id, afterId)))
        .orderBy(asc(newsletterSubscribers.id))
        .limit(limit),
    (r) => [
      r.email,
      r.lang,
      iso(r.confirmedAt ?? r.createdAt),
      r.consentVersion === null ? "" : String(r.consentVersion),
      r.consentText ?? "",
    ],
  );
}

export async function listNotifyRequests(
  store: StoreContext,
  o: Paging & { status: "pending" | "notified" | "all" },
) {
  const where: SQL[] = [];
  if (o.status === "pending") where.push(isNull(notifyRequests.notifiedAt));
  if (o.status === "notified") where.push(isNotNull(notifyRequests.notifiedAt));
  if (o.q) {
    where.push(
      sql`lower(${notifyRequests.email} || ' ' || ${products.name} || ' ' || ${products.code}) like ${containsPattern(o.q)}`,
    );
  }
  const cond = whereOf(where);
  const [rows, counted] = await Promise.all([
    store.db
      .select({
        id: notifyRequests.id,
        productId: notifyRequests.productId,
        productName: products.name,
        productCode: products.code,
        email: notifyRequests.email,
        createdAt: notifyRequests.createdAt,
        notifiedAt: notifyRequests.notifiedAt,
      })
      .from(notifyRequests)
      .innerJoin(products, eq(products.id, notifyRequests.productId))
      .where(cond)
      .orderBy(desc(notifyRequests.createdAt), desc(notifyRequests.id))
      .limit(o.limit)
      .offset((o.page - 1) * o.limit),
    store.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifyRequests)
      .innerJoin(products, eq(products.id, notifyRequests.productId))
      .where(cond),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: iso(r.createdAt),
      notifiedAt: r.notifiedAt ? iso(r.notifiedAt) : null,
    })),
    page: o.page,
    limit: o.limit,
    total: Number(counted[0]?.n ?? 0),
  };
}
