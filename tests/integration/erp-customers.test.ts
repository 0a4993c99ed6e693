// The integration API's customers through the real app on both drivers: API key per store, field
// paths, create with defaults and an invitation mail (queued once) whose link sets a password
// and then signs in, no sign-in before that (the usual wrong-credentials answer), update, clear
// with null, idempotence (no updatedAt, change-feed position or audit change), the email and phone
// conflicts of registration, and nothing secret in the answer.
import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customers, outbox, priceLists, sessions } from "../../db/store/schema";
import { resetTokenValid } from "../../services/auth/reset";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-c0ffee";

type Issues = { error: string; message: string; issues?: { path: string; message: string }[] };
type Customer = Record<string, unknown> & { id: number; updatedAt: string };

const NEW = {
  name: "Eleni",
  surname: "Georgiou",
  email: "eleni@example.com",
  mobilePhone: "99123456",
  street: "Makariou 5",
  postcode: "1065",
  city: "Nicosia",
  country: "CY",
};

let nextIp = 1;

/** A shopper's browser: session cookie, CSRF token, own address. */
async function shopper(p: Platform) {
  const cookies = new Map<string, string>();
  let csrf = "";
  const ip = `10.9.0.${nextIp++}`;
  const req = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      accept: "application/json",
      "x-forwarded-for": ip,
    };
    if (method !== "GET") {
      headers.origin = `http://${HOST}`;
      if (csrf) headers["x-csrf-token"] = csrf;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await p.request(HOST, path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const i = pair.indexOf("=");
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const token = res.headers.get("x-csrf-token");
    if (token) csrf = token;
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json };
  };
  const me = await req("GET", "/api/v1/auth/me");
  csrf = me.json.csrfToken as string;
  return req;
}

describe.each(driversFor("either"))("integration API: customers on %s", (driver) => {
  let p: Platform;
  let erp: ReturnType<typeof erpClient>;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", KEY);
    await giveApiKey(p, "beta", "beta-erp-key-9d9d9d");
    erp = erpClient(p, HOST, KEY);
  });
  afterAll(async () => {
    delete process.env.TRUST_PROXY;
    await p?.dispose();
  });

  const db = async () => (await p.registry.storeHandle("alpha")).db;
  const audits = async () => Number((await (await db()).select({ n: count() }).from(auditLog))[0]?.n);
  const customerCount = async () => Number((await (await db()).select({ n: count() }).from(customers))[0]?.n);
  const rowOf = async (id: number) =>
    (await (await db()).select().from(customers).where(eq(customers.id, id)))[0];

  it("no key, a wrong key and another store's key are 401, and nothing is written", async () => {
    for (const key of [null, "nope", "beta-erp-key-9d9d9d"]) {
      const r = await erpClient(p, HOST, key)("PUT", "/customers/C-1", NEW);
      expect(r.status).toBe(401);
    }
    expect(await customerCount()).toBe(0);
  });

  it("answers bad input with each field's path", async () => {
    const missing = await erp<Issues>("PUT", "/customers/C-1", { name: "Eleni" });
    expect(missing.status).toBe(400);
    expect(missing.json.issues?.map((i) => i.path).sort()).toEqual(
      ["city", "country", "email", "mobilePhone", "postcode", "street", "surname"].sort(),
    );
    const bad = await erp<Issues>("PUT", "/customers/C-1", {
      ...NEW,
      email: "not-an-email",
      mobilePhone: "99 12 ab",
      excludeVat: "yes",
    });
    expect(bad.status).toBe(400);
    expect(bad.json.issues?.map((i) => i.path).sort()).toEqual(["email", "excludeVat", "mobilePhone"]);
    const country = await erp<Issues>("PUT", "/customers/C-1", { ...NEW, country: "GR" });
    expect(country.status).toBe(400);
    expect(country.json.issues?.map((i) => i.path)).toEqual(["country"]);
    const list = await erp<Issues>("PUT", "/customers/C-1", { ...NEW, priceListCode: "NOPE" });
    expect(list.status).toBe(400);
    expect(list.json.issues).toEqual([{ path: "priceListCode", message: expect.stringContaining("NOPE") }]);
    const password = await erp<Issues>("PUT", "/customers/C-1", { ...NEW, password: "Secret-123" });
    expect(password.status).toBe(400);
    expect(password.json.message).toContain("password");
    expect((await erp("PUT", "/customers/bad%20id", NEW)).status).toBe(400);
    expect(await customerCount()).toBe(0);
  });

  it("creates a customer with defaults, invites once, the link sets a password, then sign-in works", async () => {
    const auditsBefore = await audits();
    const created = await erp<Customer>("PUT", "/customers/C-1", NEW);
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      id: expect.any(Number),
      erpId: "C-1",
      username: "eleni@example.com",
      ...NEW,
      company: null,
      vatNumber: null,
      priceListCode: null,
      excludeVat: false,
      isPos: false,
      showOnPos: false,
      deleted: false,
      pointsBalanceCents: 0,
      pointsOnHoldCents: 0,
      hasPassword: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(created.json)).not.toMatch(/password_?hash|sha256|token/i);
    expect(await audits()).toBe(auditsBefore + 1);
    const [audit] = await (await db()).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "customer.create", staffId: null, staffEmail: "erp-api" });
    expect(JSON.stringify(audit)).not.toContain("sha256:");

    // Before choosing a password the account cannot sign in: the usual answer, never a 500.
    const browser = await shopper(p);
    for (const password of ["", "no-password-chosen-yet", "sha256:no-password-chosen-yet", "x"]) {
      const r = await browser("POST", "/api/v1/auth/login", {
        username: NEW.email,
        password: password || "x",
      });
      expect(r.status).toBe(401);
      expect(r.json.message).toBe("Please try again!");
    }

    // The repeat changes nothing and queues no second mail.
    const row = await rowOf(created.json.id);
    const again = await erp<Customer>("PUT", "/customers/C-1", NEW);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(created.json);
    const row2 = await rowOf(created.json.id);
    expect(row2?.updatedAt).toEqual(row?.updatedAt);
    expect(row2?.changeXid).toBe(row?.changeXid);
    expect(row2?.changeSeq).toBe(row?.changeSeq);
    expect(await audits()).toBe(auditsBefore + 1);
    expect(await customerCount()).toBe(1);
    const mails = await (await db()).select().from(outbox).where(eq(outbox.kind, "customer-invitation"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(NEW.email);
    const link = /http:\/\/alpha\.localhost\/password-reset\?token=([A-Za-z0-9_-]+)&custid=(\d+)/.exec(
      mails[0]?.text ?? "",
    );
    expect(link, mails[0]?.text).not.toBeNull();
    const [, token = "", custid = ""] = link as RegExpExecArray;
    expect(Number(custid)).toBe(created.json.id);
    // The storefront's /password-reset page takes the link (a week, not an hour).
    const store = (await p.registry.resolve(HOST)) as StoreContext;
    const inSixDays = new Date(Date.now() + 6 * 86_400_000);
    expect(await resetTokenValid(store, token, created.json.id, inSixDays)).toBe(true);

    const set = await browser("POST", "/api/v1/auth/reset", {
      token,
      custid: created.json.id,
      password: "Olive-Tree-42",
      confirm: "Olive-Tree-42",
    });
    expect(set.status).toBe(200);
    const login = await browser("POST", "/api/v1/auth/login", {
      username: NEW.email,
      password: "Olive-Tree-42",
    });
    expect(login.status).toBe(200);
    expect((login.json.customer as { email: string }).email).toBe(NEW.email);
    // The link worked once.
    const twice = await browser("POST", "/api/v1/auth/reset", {
      token,
      custid: created.json.id,
      password: "Another-Pass-77",
      confirm: "Another-Pass-77",
    });
    expect(twice.status).toBe(410);
    // Setting the password is no change the ERP's record shows but the flag.
    const after = await erp<Customer>("PUT", "/customers/C-1", {});
    expect(after.json.hasPassword).toBe(true);
  });

  it("updates what is given, keeps what is left out, clears with null, and deactivation signs out", async () => {
    const d = await db();
    await d.insert(priceLists).values({ code: "WHOLE", name: "Wholesale" });
    const before = await erp<Customer>("PUT", "/customers/C-1", {});
    const auditsBefore = await audits();
    const updated = await erp<Customer>("PUT", "/customers/C-1", {
      company: "Georgiou Ltd",
      vatNumber: "CY10203040X",
      priceListCode: "WHOLE",
      excludeVat: true,
      isPos: true,
      showOnPos: true,
      email: "eleni@georgiou.example",
    });
    expect(updated.json).toMatchObject({
      ...NEW,
      email: "eleni@georgiou.example",
      username: "eleni@georgiou.example",
      company: "Georgiou Ltd",
      vatNumber: "CY10203040X",
      priceListCode: "WHOLE",
      excludeVat: true,
      isPos: true,
      showOnPos: true,
    });
    expect(updated.json.updatedAt > before.json.updatedAt).toBe(true);
    expect(await audits()).toBe(auditsBefore + 1);
    const [audit] = await d.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.before).toMatchObject({ company: null, email: NEW.email });
    expect(audit?.after).toMatchObject({ company: "Georgiou Ltd", email: "eleni@georgiou.example" });
    // No second invitation for an existing customer.
    expect(await d.select().from(outbox).where(eq(outbox.kind, "customer-invitation"))).toHaveLength(1);

    const cleared = await erp<Customer>("PUT", "/customers/C-1", {
      company: null,
      vatNumber: "",
      priceListCode: null,
    });
    expect(cleared.json).toMatchObject({
      company: null,
      vatNumber: null,
      priceListCode: null,
      excludeVat: true,
    });

    // The new email signs in; deactivation ends the session.
    const browser = await shopper(p);
    expect(
      (
        await browser("POST", "/api/v1/auth/login", {
          username: "eleni@georgiou.example",
          password: "Olive-Tree-42",
        })
      ).status,
    ).toBe(200);
    expect(await d.select().from(sessions).where(eq(sessions.customerId, updated.json.id))).not.toHaveLength(
      0,
    );
    const gone = await erp<Customer>("PUT", "/customers/C-1", { deleted: true });
    expect(gone.json.deleted).toBe(true);
    expect(await d.select().from(sessions).where(eq(sessions.customerId, updated.json.id))).toHaveLength(0);
    expect((await browser("GET", "/api/v1/auth/me")).json.customer).toBeNull();
    const back = await erp<Customer>("PUT", "/customers/C-1", { deleted: false });
    expect(back.json.deleted).toBe(false);
  });

  it("refuses another customer's email or phone with 409 on the field, as registration does", async () => {
    const countBefore = await customerCount();
    const email = await erp<Issues>("PUT", "/customers/C-2", {
      ...NEW,
      email: "ELENI@georgiou.example",
      mobilePhone: "99000001",
    });
    expect(email.status).toBe(409);
    expect(email.json.issues?.[0]?.path).toBe("email");
    const phone = await erp<Issues>("PUT", "/customers/C-2", {
      ...NEW,
      email: "other@example.com",
      mobilePhone: "99123456",
    });
    expect(phone.status).toBe(409);
    expect(phone.json.issues?.[0]?.path).toBe("mobilePhone");
    expect(await customerCount()).toBe(countBefore);

    const second = await erp<Customer>("PUT", "/customers/C-2", {
      ...NEW,
      email: "other@example.com",
      mobilePhone: "99000001",
    });
    expect(second.status).toBe(200);
    const clash = await erp<Issues>("PUT", "/customers/C-2", { mobilePhone: "99123456" });
    expect(clash.status).toBe(409);
    expect(clash.json.issues?.[0]?.path).toBe("mobilePhone");
    // A deactivated customer's number is free again (one live account per number).
    await erp("PUT", "/customers/C-1", { deleted: true });
    const moved = await erp<Customer>("PUT", "/customers/C-2", { mobilePhone: "99123456" });
    expect(moved.status).toBe(200);
    const revive = await erp<Issues>("PUT", "/customers/C-1", { deleted: false });
    expect(revive.status).toBe(409);
    expect(revive.json.issues?.[0]?.path).toBe("mobilePhone");
  });

  it("is in the OpenAPI document with its idempotence and defaults", async () => {
    const doc = (await (await p.request(HOST, "/api/docs")).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    const put = doc.paths["/integration/customers/{erpId}"]?.put;
    expect(put?.summary).toMatch(/idempotent/);
    expect(put?.summary).toMatch(/defaults/);
    expect(put?.summary).toMatch(/invitation/);
  });
});
