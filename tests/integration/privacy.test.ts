// Access, erasure and retention (issue 40 section 4; docs/decisions/0051) on both drivers. After an
// erasure, every text and jsonb column of every table of the store database is searched for the
// person's email, names, phone and street: they may remain only where the retention keeps them
// (RETAINED), and the retention job removes those too once the period ends, not before. The scan
// reads the catalogue, so a table added later cannot escape it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT_VERSION } from "../../core/newsletter";
import { ERASED, fiscalCutoff } from "../../core/privacy";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import { queryRows } from "../../db/client";
import * as s from "../../db/store/schema";
import type { StaffActor } from "../../services/admin/audit";
import { adjustCustomerPoints, updateCustomer } from "../../services/admin/customers";
import { addOrderNote } from "../../services/admin/orders";
import type { StoreContext } from "../../services/context";
import { ServiceError } from "../../services/failure";
import { subscribeNewsletter } from "../../services/newsletter";
import { requestBackInStock } from "../../services/notify";
import { placeOrder } from "../../services/orders";
import {
  deleteOwnAccount,
  eraseCustomer,
  eraseGuest,
  exportForStaff,
  exportOwnData,
  PRIVACY_SECTIONS,
  RETAINED,
} from "../../services/privacy";
import { runRetention } from "../../services/privacy/retention";
import { FIXTURE_SETTINGS, seedCheckoutFixture, storeContextFor } from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const FAKE_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$notarealhashbutlookslikeone";

/** A person whose every text is found nowhere else in the fixture. */
const PERSON = {
  name: "Zephyrine",
  surname: "Quillfeather",
  email: "zq.erase@example.com",
  phone: "99417263",
  street: "17 Larkspur Way",
  postcode: "4044",
  city: "Quillton",
};
const GUEST = {
  firstName: "Osgood",
  lastName: "Brambleton",
  email: "osgood.guest@example.com",
  phone: "99531742",
  street: "9 Thistledown Lane",
  postcode: "3030",
  city: "Brambleford",
  country: "CY",
};

/** Where each string of `needles` is found: "table.column" for every text/jsonb column holding it. */
async function whereFound(db: StoreContext["db"], needles: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
           and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'character')
         order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const c of columns) {
    const conditions = sql.join(
      needles.map(
        (n) => sql`position(${n.toLowerCase()} in lower(${sql.identifier(c.column_name)}::text)) > 0`,
      ),
      sql` or `,
    );
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${conditions}`,
    );
    if (Number(rows[0]?.n ?? 0) > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

const retainedColumns = RETAINED.flatMap((r) => r.columns.map((c) => `${r.table}.${c}`));

describe.each(driversFor("both"))("privacy: export, erasure and retention on %s", (driver) => {
  let tdb: TestDb<"store">;
  let store: StoreContext;
  let db: StoreContext["db"];
  let actor: StaffActor;
  let customerId = 0;
  let products: { liquid: number; coil: number };
  let shipping: number;

  const order = (lines: { id: number; qty: number }[], guest?: typeof GUEST, notes = "") =>
    CheckoutRequestSchema.parse({
      lines,
      shippingId: shipping,
      paymentMethod: "cod",
      redeemPointsCents: 0,
      notes,
      ...(guest ? { guest } : {}),
    });

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    db = tdb.handle.db;
    const fx = await seedCheckoutFixture(db, { ...FIXTURE_SETTINGS, guest_checkout: "true" });
    store = await storeContextFor(db);
    products = { liquid: fx.products.liquid, coil: fx.products.coil };
    shipping = fx.shipping.courierCy;
    const [member] = await db
      .insert(s.staff)
      .values({ email: "owner@shop.test", name: "Olga Owner", role: "owner", passwordHash: FAKE_HASH })
      .returning({ id: s.staff.id });
    actor = { id: member.id, name: "Olga Owner", email: "owner@shop.test", role: "owner", ip: "10.9.8.7" };

    // The person: an account with a proven email, everything a shopper leaves behind.
    const [c] = await db
      .insert(s.customers)
      .values({
        username: PERSON.email,
        name: PERSON.name,
        surname: PERSON.surname,
        passwordHash: FAKE_HASH,
        mobilePhone: PERSON.phone,
        email: PERSON.email,
        street: PERSON.street,
        postcode: PERSON.postcode,
        city: PERSON.city,
        country: "CY",
        pointsBalanceCents: 700,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: s.customers.id });
    customerId = c.id;
    const placed = await placeOrder(
      store,
      customerId,
      order([{ id: products.liquid, qty: 2 }], undefined, `Ring ${PERSON.phone}`),
    );
    // An older guest order under the same (proven) email: it is the person's too.
    await placeOrder(
      store,
      null,
      order([{ id: products.coil, qty: 1 }], {
        ...GUEST,
        firstName: PERSON.name,
        lastName: PERSON.surname,
        email: PERSON.email,
        phone: PERSON.phone,
        street: PERSON.street,
        city: PERSON.city,
      }),
    );
    await addOrderNote(store, actor, placed.code, `Called ${PERSON.name} ${PERSON.surname} about the parcel`);
    await updateCustomer(store, actor, customerId, {
      ...(await editable(customerId)),
      company: "Quillfeather Trading",
    });
    await adjustCustomerPoints(store, actor, customerId, {
      deltaCents: 100,
      reason: `Goodwill for ${PERSON.name}`,
    });
    await subscribeNewsletter(store, PERSON.email, { ip: "10.1.1.1", origin: "https://checkout.test" });
    await requestBackInStock(store, { productId: products.coil, email: PERSON.email, customerId });
    await db
      .insert(s.customerIdentities)
      .values({ customerId, provider: "google", subject: "g-123", email: PERSON.email });
    await db.insert(s.sessions).values({
      idHash: "a".repeat(64),
      customerId,
      csrfToken: "t",
      data: { checkout: { street: PERSON.street } },
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(s.productReviews).values({
      productId: products.coil,
      customerId,
      source: "customer",
      status: "published",
      authorName: `${PERSON.name} ${PERSON.surname}`,
      rating: 5,
      body: "Lasts for weeks",
    });
    await db.insert(s.inquiries).values({
      kind: "contact",
      name: `${PERSON.name} ${PERSON.surname}`,
      email: PERSON.email,
      phone: PERSON.phone,
      message: "Where is my order?",
    });
    await db.insert(s.errorLog).values({ message: "boom", userRef: `customer:${customerId}` });
    await db
      .insert(s.rateLimits)
      .values({ key: `login:name:${PERSON.email}`, windowStart: new Date(), count: 1 });
  });
  afterAll(async () => tdb?.dispose());

  async function editable(id: number) {
    const [r] = await db.select().from(s.customers).where(sql`id = ${id}`);
    const { getCustomer } = await import("../../services/admin/customers");
    const detail = await getCustomer(store, id);
    return {
      firstName: r.name,
      lastName: r.surname,
      company: r.company ?? "",
      email: r.email,
      phone: r.mobilePhone,
      street: r.street,
      postcode: r.postcode,
      city: r.city,
      country: r.country,
      vatNumber: r.vatNumber ?? "",
      priceListId: null,
      excludeVat: false,
      version: detail.version,
    };
  }

  it("exports every section of the person's data, and staff's download is audited without the data", async () => {
    const file = await exportOwnData(store, customerId);
    const keys = PRIVACY_SECTIONS.filter((x) => x.read).map((x) => x.key);
    expect(Object.keys(file.sections).sort()).toEqual([...keys].sort());
    expect(file).toMatchObject({ format: "personal-data", version: 1, subject: { kind: "customer" } });
    const x = file.sections as Record<string, unknown[] & Record<string, unknown>>;
    expect(x.account).toMatchObject({
      email: PERSON.email,
      name: PERSON.name,
      company: "Quillfeather Trading",
    });
    expect(x.orders).toHaveLength(2);
    expect((x.orders[0] as { lines: unknown[] }).lines).toHaveLength(1);
    expect(x.points).toEqual({ balanceCents: 800, onHoldCents: 0 });
    expect(x.newsletter).toEqual([
      expect.objectContaining({
        email: PERSON.email,
        status: "pending",
        consentVersion: NEWSLETTER_CONSENT_VERSION,
        consentText: expect.stringMatching(/\S/),
        confirmedAt: null,
      }),
    ]);
    expect(x.backInStock).toHaveLength(1);
    expect(x.signInIdentities).toEqual([
      expect.objectContaining({ provider: "google", email: PERSON.email }),
    ]);
    expect(x.sessions).toHaveLength(1);
    expect(x.reviews).toHaveLength(1);
    expect(x.messages).toHaveLength(1);
    expect(x.mails.length).toBeGreaterThan(0);
    expect(JSON.stringify(file)).not.toContain("argon2");

    const staffFile = await exportForStaff(store, actor, { customerId });
    expect(staffFile.sections.account).toEqual(file.sections.account);
    const [entry] = await queryRows<{ summary: string; after: unknown }>(
      db,
      sql`select summary, after from audit_log where action = 'customer.export' order by id desc limit 1`,
    );
    expect(entry.summary).toBe("Personal data downloaded (GDPR Art. 15)");
    expect(JSON.stringify(entry.after)).not.toContain(PERSON.email);
  });

  it("refuses a deletion without the right password, and one account's data to another", async () => {
    await expect(deleteOwnAccount(store, customerId, { password: "not-it" })).rejects.toMatchObject({
      code: "wrong_password",
    });
    // An account with a Google sign-in may confirm by its email; a wrong one is refused too.
    await expect(deleteOwnAccount(store, customerId, { email: "someone@else.test" })).rejects.toBeInstanceOf(
      ServiceError,
    );
    const [still] = await db.select({ id: s.customers.id }).from(s.customers).where(sql`id = ${customerId}`);
    expect(still?.id).toBe(customerId);
  });

  it("erases the person at once, leaving their texts only where the retention keeps them", async () => {
    const needles = [PERSON.email, PERSON.name, PERSON.surname, PERSON.phone, PERSON.street, PERSON.city];
    const before = await whereFound(db, needles);
    // The fixture really spreads the person over the shop (otherwise the check below proves nothing).
    expect(before).toEqual(
      expect.arrayContaining([
        "customers.email",
        "audit_log.summary",
        "order_events.actor",
        "order_events.body",
        "outbox.html",
        "newsletter_subscribers.email",
        "notify_requests.email",
        "inquiries.email",
        "product_reviews.author_name",
        "sessions.data",
        "rate_limits.key",
      ]),
    );
    const done = await eraseCustomer(store, actor, customerId);
    expect(done.orders).toBe(2);
    const after = await whereFound(db, needles);
    expect(after.filter((c) => !retainedColumns.includes(c))).toEqual([]);
    expect(after).toContain("orders.customer_name");
    // The account is gone; orders keep amounts and lines; the erasure is audited without the data.
    expect(await db.select().from(s.customers).where(sql`id = ${customerId}`)).toHaveLength(0);
    const orders = await db
      .select()
      .from(s.orders)
      .where(sql`customer_name like ${`${PERSON.name}%`}`);
    expect(orders).toHaveLength(2);
    expect(orders.every((o) => o.customerEmail === "" && o.customerPhone === null && o.totalCents > 0)).toBe(
      true,
    );
    const [review] = await db.select().from(s.productReviews);
    expect(review).toMatchObject({ authorName: "Z.", customerId: null });
    const [entry] = await queryRows<{ action: string; entity_id: string }>(
      db,
      sql`select action, entity_id from audit_log where action = 'customer.erase'`,
    );
    expect(entry).toEqual({ action: "customer.erase", entity_id: String(customerId) });
  });

  it("keeps the append-only logs append-only: only a change to '[erased]' passes", async () => {
    const [row] = await queryRows<{ id: number }>(db, sql`select id from audit_log order by id limit 1`);
    await expect(
      db.execute(sql`update audit_log set summary = 'rewritten' where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update audit_log set action = ${ERASED} where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${row.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update audit_log set after = '{"x": 1}'::jsonb where id = ${row.id}`),
    ).rejects.toThrow();
    const [ev] = await queryRows<{ id: number }>(db, sql`select id from order_events order by id limit 1`);
    await expect(
      db.execute(sql`update order_events set kind = 'paid' where id = ${ev.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update order_events set actor = 'someone' where id = ${ev.id}`),
    ).rejects.toThrow();
  });

  it("erases a guest buyer by email, with the same rule", async () => {
    await placeOrder(
      store,
      null,
      order([{ id: products.coil, qty: 1 }], GUEST, `Leave with ${GUEST.firstName}`),
    );
    const needles = [GUEST.email, GUEST.firstName, GUEST.lastName, GUEST.phone, GUEST.street, GUEST.city];
    const file = await exportForStaff(store, actor, { guestEmail: GUEST.email.toUpperCase() });
    expect(file.subject.kind).toBe("guest");
    expect(file.sections.orders).toHaveLength(1);
    await eraseGuest(store, actor, GUEST.email);
    const after = await whereFound(db, needles);
    expect(after.filter((c) => !retainedColumns.includes(c))).toEqual([]);
    await expect(eraseGuest(store, actor, GUEST.email)).rejects.toMatchObject({ code: "not_found" });
  });

  it("anonymises kept orders only after the fiscal period, guest contacts and sign-in records after theirs", async () => {
    const needles = [PERSON.name, PERSON.surname, PERSON.street, PERSON.city, GUEST.firstName, GUEST.street];
    // A staff sign-in from long ago, with its address; and a fresh guest order.
    await db.insert(s.auditLog).values({
      staffId: null,
      staffEmail: "typed-by-someone@example.test",
      action: "staff.sign_in_failed",
      entity: "staff",
      summary: "Sign-in refused: wrong email or password",
      ip: "203.0.113.9",
      createdAt: new Date(Date.now() - 400 * 86_400_000),
    });
    const fresh = await placeOrder(
      store,
      null,
      order([{ id: products.coil, qty: 1 }], {
        ...GUEST,
        email: "fresh.guest@example.com",
        firstName: "Fresh",
      }),
    );

    // Now: within every period, nothing fiscal changes; the old sign-in loses its address.
    const now = new Date();
    const first = await runRetention(store, now);
    expect(first.fiscalOrders).toBe(0);
    expect(first.signInRecords).toBe(1);
    expect(await whereFound(db, needles)).toContain("orders.customer_name");
    const [signIn] = await queryRows<{ ip: string | null; staff_email: string }>(
      db,
      sql`select ip, staff_email from audit_log where action = 'staff.sign_in_failed'`,
    );
    expect(signIn).toEqual({ ip: null, staff_email: ERASED });
    expect((await runRetention(store, now)).signInRecords).toBe(0);

    // Past the guest period: the fresh guest's email and phone go, its name stays.
    const later = new Date(now.getTime() + (store.settings.guestDataRetentionDays + 1) * 86_400_000);
    const guestRun = await runRetention(store, later);
    expect(guestRun.guestOrders).toBeGreaterThan(0);
    const [g] = await db.select().from(s.orders).where(sql`code = ${fresh.code}`);
    expect(g).toMatchObject({ customerEmail: "", customerPhone: null, customerName: "Fresh Brambleton" });

    // The day the fiscal period of this year's orders ends: everything goes; a second run finds nothing.
    const years = store.settings.fiscalRetentionYears;
    const end = new Date(Date.UTC(now.getUTCFullYear() + years + 1, 0, 1));
    expect(fiscalCutoff(end, years).getUTCFullYear()).toBe(now.getUTCFullYear() + 1);
    const dayBefore = new Date(end.getTime() - 86_400_000);
    expect((await runRetention(store, dayBefore)).fiscalOrders).toBe(0);
    const last = await runRetention(store, end);
    expect(last.fiscalOrders).toBe(4);
    expect(await whereFound(db, [...needles, "Fresh Brambleton"])).toEqual([]);
    expect((await runRetention(store, end)).fiscalOrders).toBe(0);
    const kept = await db.select().from(s.orders);
    expect(kept.every((o) => o.customerName === ERASED && o.shipCountry === "CY" && o.totalCents > 0)).toBe(
      true,
    );
    expect((await db.select().from(s.orderLines)).length).toBe(4);
  });

  it("removes unconfirmed sign-ups with their confirmation mail, and cookie answers, the moment their periods end", async () => {
    const DAY = 86_400_000;
    const asked = new Date("2027-03-01T10:00:00.000Z");
    // A real sign-up queues its confirmation mail; its request time is set back to `asked`.
    await subscribeNewsletter(store, "never.confirmed@example.com", {
      ip: "10.1.1.7",
      origin: "https://checkout.test",
    });
    await db
      .update(s.newsletterSubscribers)
      .set({ requestedAt: asked })
      .where(sql`email = 'never.confirmed@example.com'`);
    const old = new Date(asked.getTime() - 400 * DAY);
    // Confirmed and unsubscribed rows are proof of consent and of its withdrawal: never removed here.
    await db.insert(s.newsletterSubscribers).values([
      { email: "kept.confirmed@example.com", status: "confirmed", requestedAt: old, confirmedAt: old },
      { email: "kept.unsub@example.com", status: "unsubscribed", requestedAt: old, unsubscribedAt: old },
    ]);
    const confirmMails = () =>
      queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from outbox
             where kind = 'newsletter-confirm' and to_address = 'never.confirmed@example.com'`,
      );
    expect((await confirmMails())[0]?.n).toBe(1);

    const keep = store.settings.newsletterPendingRetentionDays;
    expect(keep).toBe(14);
    // The last instant of the period: still there.
    const edge = new Date(asked.getTime() + keep * DAY);
    expect((await runRetention(store, edge)).pendingSubscriptions).toBe(0);
    // One millisecond later: gone, with its mail; the others stay.
    const after = await runRetention(store, new Date(edge.getTime() + 1));
    expect(after.pendingSubscriptions).toBe(1);
    expect((await confirmMails())[0]?.n).toBe(0);
    const left = await db.select().from(s.newsletterSubscribers);
    expect(left.map((r) => r.email).sort()).toEqual(
      expect.arrayContaining(["kept.confirmed@example.com", "kept.unsub@example.com"]),
    );
    expect(left.some((r) => r.email === "never.confirmed@example.com")).toBe(false);
    expect((await runRetention(store, new Date(edge.getTime() + 1))).pendingSubscriptions).toBe(0);

    // Cookie answers: the same edge, on the time of each answer.
    const answered = new Date("2027-03-01T12:00:00.000Z");
    await db.insert(s.cookieConsents).values([
      {
        consentId: "c-old",
        bannerVersion: 2,
        choices: { necessary: true, analytics: true },
        createdAt: answered,
      },
      {
        consentId: "c-old",
        bannerVersion: 2,
        choices: { necessary: true, analytics: false },
        createdAt: new Date(answered.getTime() + DAY),
      },
    ]);
    const consentKeep = store.settings.cookieConsentRetentionDays;
    expect(consentKeep).toBe(1095);
    const consentEdge = new Date(answered.getTime() + consentKeep * DAY);
    expect((await runRetention(store, consentEdge)).cookieConsents).toBe(0);
    expect((await runRetention(store, new Date(consentEdge.getTime() + 1))).cookieConsents).toBe(1);
    const answers = await db.select().from(s.cookieConsents).where(sql`consent_id = 'c-old'`);
    expect(answers.map((a) => a.choices.analytics)).toEqual([false]);
  });
});
