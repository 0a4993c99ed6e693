// The back office's customers: list (search, sort, filters, paging), detail with points and
// orders, and every write (details, points, deactivation, reset mail) with its validation, its
// audit entry and, where it applies, the 409 of a concurrent edit. No hash ever leaves.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  customers,
  orders,
  outbox,
  passwordResetTokens,
  priceLists,
  sessions,
} from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";
const FAKE_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$notarealhashbutlookslikeone";

type Detail = {
  id: number;
  version: string;
  name: string;
  surname: string;
  email: string;
  username: string;
  phone: string;
  priceListId: number | null;
  excludeVat: boolean;
  deactivated: boolean;
  points: { balanceCents: number; onHoldCents: number; availableCents: number; pendingCents: number };
  orders: { code: string; status: string }[];
  ordersCount: number;
};

describe.each(driversFor("both"))("back-office customers on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let db: Awaited<ReturnType<Platform["registry"]["storeHandle"]>>["db"];
  const ids: Record<string, number> = {};
  let wholesale = 0;

  const base = (n: string, phone: string, extra: Partial<typeof customers.$inferInsert> = {}) => ({
    username: `${n}@example.com`,
    name: n[0]?.toUpperCase() + n.slice(1),
    surname: "Tester",
    passwordHash: FAKE_HASH,
    mobilePhone: phone,
    email: `${n}@example.com`,
    street: "1 Main St",
    postcode: "1010",
    city: "Nicosia",
    country: "CY",
    ...extra,
  });

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    const [pl] = await db.insert(priceLists).values({ code: "WHS", name: "Wholesale" }).returning();
    wholesale = pl?.id ?? 0;
    const rows = await db
      .insert(customers)
      .values([
        base("maria", "99000001", { pointsBalanceCents: 1250, pointsOnHoldCents: 250 }),
        base("nikos", "99000002", { priceListId: wholesale, excludeVat: true, pointsBalanceCents: 90 }),
        base("eleni", "99000003", { deleted: true }),
        base("percent_50", "99000004", { surname: "Under_score" }),
        base("andreas", "99000005", { email: "=cmd@example.com" }),
      ])
      .returning({ id: customers.id, email: customers.username });
    for (const r of rows) ids[r.email.split("@")[0] ?? ""] = r.id;
    const product = (await db.query.products.findFirst())?.id;
    expect(product).toBeDefined();
    await db.insert(orders).values([
      {
        code: "W-1001",
        customerId: ids.maria as number,
        status: "completed",
        goodsTotalCents: 2000,
        totalCents: 2000,
        pointsEarnedCents: 100,
        paymentMethod: "cod",
        customerName: "Maria Tester",
        customerEmail: "maria@example.com",
        createdAt: new Date("2026-01-01T10:00:00Z"),
      },
      {
        code: "W-1002",
        customerId: ids.maria as number,
        status: "placed",
        goodsTotalCents: 3000,
        totalCents: 3000,
        pointsEarnedCents: 150,
        paymentMethod: "cod",
        customerName: "Maria Tester",
        customerEmail: "maria@example.com",
        createdAt: new Date("2026-02-01T10:00:00Z"),
      },
    ]);
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const detail = async (c: AdminClient, id: number) => {
    const r = await c.req<Detail>("GET", `/customers/${id}`);
    expect(r.status, r.text).toBe(200);
    return r.json;
  };
  const editBody = (d: Detail, changes: Record<string, unknown> = {}) => ({
    firstName: d.name,
    lastName: d.surname,
    company: "",
    email: d.email,
    phone: d.phone,
    street: "1 Main St",
    postcode: "1010",
    city: "Nicosia",
    country: "CY",
    vatNumber: "",
    priceListId: d.priceListId,
    excludeVat: d.excludeVat,
    version: d.version,
    ...changes,
  });
  const audits = (action: string, id: number) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  it("lists active customers by default, searches any part of name, email or phone, and never shows a hash", async () => {
    const all = await owner.req<{ items: { id: number; email: string }[]; total: number }>(
      "GET",
      "/customers",
    );
    expect(all.status, all.text).toBe(200);
    expect(all.json.total).toBe(4);
    expect(all.text).not.toContain("$argon2");
    expect(all.text.toLowerCase()).not.toContain("password");

    const byName = await owner.req<{ items: { id: number }[] }>("GET", "/customers?q=MARI");
    expect(byName.json.items.map((i) => i.id)).toEqual([ids.maria]);
    const byPhone = await owner.req<{ items: { id: number }[] }>("GET", "/customers?q=000002");
    expect(byPhone.json.items.map((i) => i.id)).toEqual([ids.nikos]);
    // % and _ are taken literally, not as wildcards.
    const literal = await owner.req<{ items: { id: number }[] }>("GET", "/customers?q=t_50");
    expect(literal.json.items.map((i) => i.id)).toEqual([ids.percent_50]);
    const none = await owner.req<{ total: number }>("GET", "/customers?q=%25%25");
    expect(none.json.total).toBe(0);
  });

  it("filters by price list, VAT exclusion and deactivation, sorts and pages in SQL", async () => {
    const onList = await owner.req<{ items: { id: number; priceListName: string }[] }>(
      "GET",
      `/customers?priceList=${wholesale}`,
    );
    expect(onList.json.items.map((i) => i.id)).toEqual([ids.nikos]);
    expect(onList.json.items[0]?.priceListName).toBe("Wholesale");
    const noList = await owner.req<{ total: number }>("GET", "/customers?priceList=none");
    expect(noList.json.total).toBe(3);
    const vat = await owner.req<{ items: { id: number }[] }>("GET", "/customers?vatExcluded=true");
    expect(vat.json.items.map((i) => i.id)).toEqual([ids.nikos]);
    const gone = await owner.req<{ items: { id: number }[] }>("GET", "/customers?status=deactivated");
    expect(gone.json.items.map((i) => i.id)).toEqual([ids.eleni]);

    const byPoints = await owner.req<{ items: { id: number; ordersCount: number }[] }>(
      "GET",
      "/customers?sort=points&dir=desc&limit=2",
    );
    expect(byPoints.json.items.map((i) => i.id)).toEqual([ids.maria, ids.nikos]);
    expect(byPoints.json.items[0]?.ordersCount).toBe(2);
    const page2 = await owner.req<{ items: { id: number }[]; page: number; total: number }>(
      "GET",
      "/customers?sort=name&dir=asc&limit=2&page=2",
    );
    expect(page2.json.items.map((i) => i.id)).toEqual([ids.nikos, ids.percent_50]);

    for (const bad of ["limit=101", "sort=password_hash", "priceList=abc", "page=0", "vatExcluded=yes"]) {
      const r = await owner.req("GET", `/customers?${bad}`);
      expect(r.status, bad).toBe(400);
    }
  });

  it("exports the filtered customers as CSV, oldest first, without secrets, formulas defused, audited", async () => {
    const r = await owner.req("GET", "/customers.csv?status=all");
    expect(r.status, r.text).toBe(200);
    expect(r.res.headers.get("content-disposition")).toMatch(
      /attachment; filename="customers-alpha-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = r.text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      '"id","username","name","surname","company","email","email_confirmed","phone","street","postcode","city","country","vat_number","price_list","vat_excluded","deactivated","points_balance","orders","created_at"',
    );
    const byName = (n: string) => lines.find((l) => l.startsWith(`"${ids[n]}",`)) ?? "";
    expect(byName("maria")).toContain('"Maria","Tester"');
    expect(byName("maria")).toContain('"12.50"');
    expect(byName("nikos")).toContain('"Wholesale","yes","no"');
    expect(byName("eleni")).toContain('"no","yes"');
    expect(byName("andreas")).toContain(`"'=cmd@example.com"`);
    for (const line of lines) expect(line).not.toMatch(/(^|,)"[=+\-@]/);
    expect(r.text).not.toContain("argon2");
    const ids_ = lines.slice(1).map((l) => Number(l.split(",")[0]?.replace(/"/g, "")));
    expect(ids_).toEqual([...ids_].sort((a, b) => a - b));

    // The list's filters: active customers only by default, and the search.
    const active = await owner.req("GET", "/customers.csv?q=tester");
    expect(active.text).not.toContain('"Eleni"');
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer.export"), eq(auditLog.staffEmail, "owner@alpha.test")));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit.at(-1)?.after).toMatchObject({ filters: { q: "tester", status: "active" } });
    const clerk = await signedInStaff(p, HOST, "alpha", { email: "csv-clerk@alpha.test", role: "staff" });
    expect((await clerk.req("GET", "/customers.csv")).status).toBe(403);
  });

  it("shows one customer with points (balance, on hold, pending) and latest orders, no hash", async () => {
    const r = await owner.req<Detail>("GET", `/customers/${ids.maria}`);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("$argon2");
    expect(r.text.toLowerCase()).not.toContain("password");
    expect(r.json.points).toEqual({
      balanceCents: 1250,
      onHoldCents: 250,
      availableCents: 1000,
      pendingCents: 150,
    });
    expect(r.json.orders.map((o) => o.code)).toEqual(["W-1002", "W-1001"]);
    expect(r.json.ordersCount).toBe(2);
    expect((await owner.req("GET", "/customers/999999")).status).toBe(404);
    expect((await owner.req("GET", "/customers/abc")).status).toBe(400);
  });

  it("edits details, price list and VAT exclusion; audited; the username follows the email", async () => {
    const d = await detail(owner, ids.maria as number);
    const r = await owner.req<Detail>(
      "PUT",
      `/customers/${ids.maria}`,
      editBody(d, {
        firstName: "María",
        email: "maria.new@example.com",
        priceListId: wholesale,
        excludeVat: true,
      }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      name: "María",
      email: "maria.new@example.com",
      username: "maria.new@example.com",
      priceListId: wholesale,
      excludeVat: true,
    });
    expect(r.json.version).not.toBe(d.version);
    const [entry] = await audits("customer.update", ids.maria as number);
    expect(entry?.staffEmail).toBe("owner@alpha.test");
    expect(entry?.summary).toContain("name");
    expect(JSON.stringify(entry)).not.toContain("argon2");
    expect(entry?.before).toMatchObject({ email: "maria@example.com" });
    expect(entry?.after).toMatchObject({ email: "maria.new@example.com" });
  });

  it("refuses bad input with field messages, a taken phone or email with 409, and a stale version", async () => {
    const d = await detail(owner, ids.nikos as number);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: "99 00 abc" }, "phone"],
      [{ email: "not-an-email" }, "email"],
      [{ firstName: "  " }, "firstName"],
      [{ country: "XX" }, "country"],
      [{ priceListId: 987654 }, "priceListId"],
    ];
    for (const [change, field] of cases) {
      const r = await owner.req<{ error: string; details?: { fields?: Record<string, string> } }>(
        "PUT",
        `/customers/${ids.nikos}`,
        editBody(d, change),
      );
      expect(r.status, `${field}: ${r.text}`).toBe(400);
      if (r.json.details?.fields) expect(Object.keys(r.json.details.fields)).toContain(field);
    }
    const phone = await owner.req<{ message: string; details: { fields: Record<string, string> } }>(
      "PUT",
      `/customers/${ids.nikos}`,
      editBody(d, { phone: "99000004" }),
    );
    expect(phone.status).toBe(409);
    expect(phone.json.message).toBe("Username or Phone number already exists!");
    expect(phone.json.details.fields.phone).toBeTruthy();
    const email = await owner.req(
      "PUT",
      `/customers/${ids.nikos}`,
      editBody(d, { email: "ANDREAS@example.com" }),
    );
    expect(email.status).toBe(409);

    // Two editors: the first save wins, the second is told.
    const first = await owner.req("PUT", `/customers/${ids.nikos}`, editBody(d, { city: "Limassol" }));
    expect(first.status, first.text).toBe(200);
    const second = await owner.req<{ error: string; message: string }>(
      "PUT",
      `/customers/${ids.nikos}`,
      editBody(d, { city: "Paphos" }),
    );
    expect(second.status).toBe(409);
    expect(second.json.error).toBe("edit_conflict");
    expect((await detail(owner, ids.nikos as number)).version).toBeTruthy();
    const [row] = await db
      .select({ city: customers.city })
      .from(customers)
      .where(eq(customers.id, ids.nikos as number));
    expect(row?.city).toBe("Limassol");
  });

  it("adjusts points with a reason, never below 0 or below what is on hold, audited with before and after", async () => {
    const id = ids.maria as number;
    const up = await owner.req<Detail>("POST", `/customers/${id}/points`, {
      deltaCents: 500,
      reason: "Goodwill: late delivery",
    });
    expect(up.status, up.text).toBe(200);
    expect(up.json.points.balanceCents).toBe(1750);
    expect(up.json.points.availableCents).toBe(1500);
    const [entry] = await audits("customer.points", id);
    expect(entry?.summary).toContain("Goodwill: late delivery");
    expect(entry?.summary).toContain("12.50 → 17.50");
    expect(entry?.before).toMatchObject({ pointsBalanceCents: 1250 });
    expect(entry?.after).toMatchObject({ pointsBalanceCents: 1750, deltaCents: 500 });

    const belowHold = await owner.req<{ error: string; message: string }>("POST", `/customers/${id}/points`, {
      deltaCents: -1600,
      reason: "Too much",
    });
    expect(belowHold.status).toBe(409);
    expect(belowHold.json.message).toContain("held for unpaid orders");
    const belowZero = await owner.req("POST", `/customers/${ids.nikos}/points`, {
      deltaCents: -91,
      reason: "x",
    });
    expect(belowZero.status).toBe(409);
    for (const body of [
      { deltaCents: 100, reason: "" },
      { deltaCents: 100, reason: "x".repeat(201) },
      { deltaCents: 0, reason: "zero" },
      { deltaCents: 1.5, reason: "half a cent" },
      { deltaCents: "100", reason: "text" },
    ]) {
      const r = await owner.req("POST", `/customers/${id}/points`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // Ten parallel -1.00s on a 17.50 balance with 2.50 on hold: all fit, and none is lost.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        owner.req("POST", `/customers/${id}/points`, { deltaCents: -100, reason: "parallel" }),
      ),
    );
    expect((await detail(owner, id)).points.balanceCents).toBe(750);
  });

  it("deactivates (ending the customer's sessions) and reactivates, audited, with the version checked", async () => {
    const id = ids.andreas as number;
    await db.insert(sessions).values({
      idHash: "h-andreas",
      customerId: id,
      csrfToken: "t",
      expiresAt: new Date(Date.now() + 86400000),
    });
    const d = await detail(owner, id);
    const off = await owner.req<Detail>("PUT", `/customers/${id}/status`, {
      active: false,
      version: d.version,
    });
    expect(off.status, off.text).toBe(200);
    expect(off.json.deactivated).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.customerId, id))).toHaveLength(0);
    expect(await audits("customer.deactivate", id)).toHaveLength(1);
    const stale = await owner.req("PUT", `/customers/${id}/status`, { active: true, version: d.version });
    expect(stale.status).toBe(409);
    const again = await owner.req("PUT", `/customers/${id}/status`, {
      active: false,
      version: off.json.version,
    });
    expect(again.status).toBe(409);
    const on = await owner.req<Detail>("PUT", `/customers/${id}/status`, {
      active: true,
      version: off.json.version,
    });
    expect(on.status, on.text).toBe(200);
    expect(on.json.deactivated).toBe(false);
    expect(await audits("customer.reactivate", id)).toHaveLength(1);
    expect((await owner.req("PUT", `/customers/${id}/status`, { active: "no", version: "x" })).status).toBe(
      400,
    );
  });

  it("refuses to reactivate an account whose phone another live account now has", async () => {
    const eleni = await detail(owner, ids.eleni as number);
    await db.insert(customers).values(base("eleni2", eleni.phone));
    const r = await owner.req<{ error: string }>("PUT", `/customers/${ids.eleni}/status`, {
      active: true,
      version: eleni.version,
    });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe("duplicate");
    expect((await detail(owner, ids.eleni as number)).deactivated).toBe(true);
  });

  it("mails the storefront's password-reset link to the customer, audited, never to a deactivated one", async () => {
    const id = ids.nikos as number;
    const r = await owner.req<{ ok: boolean; email: string }>("POST", `/customers/${id}/password-reset`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.email).toBe("nikos@example.com");
    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, "nikos@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`http://${HOST}/password-reset?token=`);
    expect(mails[0]?.text).toContain(`custid=${id}`);
    const tokens = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.customerId, id));
    expect(tokens).toHaveLength(1);
    const [entry] = await audits("customer.password_reset", id);
    expect(entry?.summary).toContain("nikos@example.com");
    expect(JSON.stringify(entry)).not.toContain(tokens[0]?.tokenHash ?? "none");

    // The link works on the storefront's own reset page.
    const token = decodeURIComponent(/token=([^&\s]+)/.exec(mails[0]?.text ?? "")?.[1] ?? "");
    const { resetTokenValid } = await import("../../services/auth/reset");
    const store = await p.registry.resolve(HOST);
    expect(store).not.toBeNull();
    if (store) expect(await resetTokenValid(store, token, id)).toBe(true);

    const gone = await owner.req("POST", `/customers/${ids.eleni}/password-reset`);
    expect(gone.status).toBe(409);
  });

  it("is refused to staff without the customers permissions", async () => {
    const clerk = await signedInStaff(p, HOST, "alpha", { email: "clerk@alpha.test", role: "staff" });
    expect((await clerk.req("GET", "/customers")).status).toBe(403);
    expect(
      (await clerk.req("POST", `/customers/${ids.maria}/points`, { deltaCents: 1, reason: "x" })).status,
    ).toBe(403);
    const manager = await signedInStaff(p, HOST, "alpha", { email: "manager@alpha.test", role: "manager" });
    expect((await manager.req("GET", "/customers")).status).toBe(200);
  });
});
