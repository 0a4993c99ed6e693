// Accounts, sessions and CSRF through the real Hono app on both drivers: hashing, sign-in rules,
// legacy accounts, lockout and rate limits, reset tokens, tenant isolation, CSRF, register
// validation, account changes and the newsletter.
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_TEXT, NEWSLETTER_TEXT } from "../../core/validation/account";
import * as s from "../../db/store/schema";
import { hashPassword } from "../../services/auth/password";
import type { StoreDb } from "../../services/context";
import { hashSessionToken } from "../../services/sessions";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { ShopperClient } from "../helpers/shopper";

// Counts new-password hashes, to show which requests reach argon2 (a costly step).
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../services/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../services/auth/password")>();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashes.count++;
      return real.hashPassword(password);
    },
  };
});

/** A browser-like client for one host: keeps cookies, sends Origin and the CSRF token. */

const REGISTER = {
  firstName: "Anna",
  lastName: "Christou",
  company: "",
  country: "CY",
  street: "Ledras 10",
  city: "Nicosia",
  postcode: "1011",
  phone: "99000111",
  email: "anna@example.com",
  password: "Sunny-Day-42",
  privacy: true,
};

describe.each(driversFor("either"))("accounts and sessions on %s", (driver) => {
  let p: Platform;
  let alphaDb: StoreDb;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    alphaDb = (await p.registry.storeHandle("alpha")).db;
    const betaDb = (await p.registry.storeHandle("beta")).db;
    const base = { surname: "Test", street: "Street 1", postcode: "1000", city: "Nicosia", country: "CY" };
    await alphaDb.insert(s.customers).values([
      {
        ...base,
        username: "Maria@Example.com",
        name: "Maria",
        email: "maria@example.com",
        mobilePhone: "99111222",
        passwordHash: await hashPassword("Customer123!"),
        pointsBalanceCents: 1250,
        pointsOnHoldCents: 200,
      },
      {
        ...base,
        username: "99123456",
        name: "Andreas",
        email: "",
        mobilePhone: "99123456",
        passwordHash: "99123456",
        legacyAccount: true,
      },
      {
        ...base,
        username: "lock@example.com",
        name: "Lock",
        email: "lock@example.com",
        mobilePhone: "99222333",
        passwordHash: await hashPassword("Right-Pass-1"),
      },
      {
        ...base,
        username: "taken@example.com",
        name: "Taken",
        email: "other@example.com",
        mobilePhone: "99444555",
        passwordHash: await hashPassword("Whatever-123"),
      },
    ]);
    await betaDb.insert(s.customers).values({
      ...base,
      username: "maria@example.com",
      name: "Beta Maria",
      email: "maria@example.com",
      mobilePhone: "99111222",
      passwordHash: await hashPassword("Customer123!"),
    });
  }, 120_000);
  afterAll(async () => {
    delete process.env.TRUST_PROXY;
    await p?.dispose();
  });

  it("stores argon2id hashes only and never returns a password or hash", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const r = await c.req("POST", "/api/v1/auth/register", {
      ...REGISTER,
      email: "hash@example.com",
      phone: "99000999",
    });
    expect(r.status).toBe(201);
    expect(r.text).not.toContain("Sunny-Day-42");
    expect(r.text).not.toContain("argon2");
    const rows = await alphaDb.select().from(s.customers).where(eq(s.customers.username, "hash@example.com"));
    expect(rows[0].passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await c.req("GET", "/api/v1/auth/me");
    expect(me.text).not.toContain("argon2");
    expect(me.text).not.toContain("passwordHash");
  });

  it("compares usernames case-insensitively and passwords exactly", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const wrongCase = await c.login("maria@example.com", "customer123!");
    expect(wrongCase.status).toBe(401);
    expect(wrongCase.json).toMatchObject({
      error: "invalid_credentials",
      title: "Wrong username / password",
      message: "Please try again!",
    });
    const ok = await c.login("MARIA@EXAMPLE.COM", "Customer123!");
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ legacy: false, redirect: "/shop/dashboard" });
    expect(ok.json.customer).toMatchObject({ name: "Maria", points: "10.5", pointsCents: 1050 });
    const me = await c.req("GET", "/api/v1/auth/me");
    expect((me.json.customer as { name: string }).name).toBe("Maria");
  });

  it("answers empty fields with the spec's texts", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const r = await c.login("  ", "");
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      title: "Required field(s) empty.",
      message: "User name or password cannot be empty.",
    });
  });

  it("signs in a legacy account (phone as username and password), re-hashes it and asks for email and password changes", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const r = await c.login("99123456", "99123456");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ legacy: true, message: ACCOUNT_TEXT.legacyAfterLogin });
    const row = await alphaDb.select().from(s.customers).where(eq(s.customers.username, "99123456"));
    expect(row[0].passwordHash).toMatch(/^\$argon2id\$/);
    const again = await new ShopperClient(p, "alpha.localhost").start();
    expect((await again.login("99123456", "99123456")).status).toBe(200);
  });

  it("rotates the session token at sign-in and makes the old one worthless", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const before = c.cookies.get("sid");
    const csrfBefore = c.csrf;
    const r = await c.login("maria@example.com", "Customer123!");
    expect(r.status).toBe(200);
    const after = c.cookies.get("sid");
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(c.csrf).not.toBe(csrfBefore);
    const stored = await alphaDb
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.idHash, hashSessionToken(after as string)));
    expect(stored).toHaveLength(1);
    // The table holds the hash, never the token.
    const all = await alphaDb.select({ h: s.sessions.idHash }).from(s.sessions);
    expect(all.map((x) => x.h)).not.toContain(after);
    const old = new ShopperClient(p, "alpha.localhost");
    old.cookies.set("sid", before as string);
    expect((await old.req("GET", "/api/v1/auth/me")).json.customer).toBeNull();
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, without Secure on local hosts and with Secure elsewhere", async () => {
    const local = await p.request("alpha.localhost", "/api/v1/auth/me");
    const cookie = local.headers.getSetCookie().find((x) => x.startsWith("sid="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const real = await p.request("alpha.example.com", "/api/v1/auth/me");
    const secure = real.headers.getSetCookie().find((x) => x.startsWith("__Host-sid="));
    expect(secure).toMatch(/Secure/);
    expect(secure).toMatch(/HttpOnly/);
    expect(secure).toMatch(/Path=\//);
  });

  it("remembers the session across browser restarts only with remember me", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const r = await c.login("maria@example.com", "Customer123!", true);
    const cookie = r.res.headers.getSetCookie().find((x) => x.startsWith("sid="));
    expect(cookie).toMatch(/Max-Age=2592000/);
    const d = await new ShopperClient(p, "alpha.localhost").start();
    const r2 = await d.login("maria@example.com", "Customer123!", false);
    expect(r2.res.headers.getSetCookie().find((x) => x.startsWith("sid="))).not.toMatch(/Max-Age/);
  });

  it("isolates sessions per store: a cookie of one store is worthless on another store's host", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    expect((await c.login("maria@example.com", "Customer123!")).status).toBe(200);
    const thief = new ShopperClient(p, "beta.localhost");
    thief.cookies = new Map(c.cookies);
    const me = await thief.req("GET", "/api/v1/auth/me");
    expect(me.json.customer).toBeNull();
    // Nor does the CSRF token of one store pass on another.
    thief.csrf = c.csrf;
    const post = await thief.req("POST", "/api/v1/auth/logout", {});
    expect(post.status).toBe(403);
    expect(post.json.error).toBe("csrf");
  });

  it("signs the customer out after the store's inactivity limit, enforced by the server", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    await c.login("maria@example.com", "Customer123!");
    const token = c.cookies.get("sid") as string;
    // Idle for 31 minutes (the default limit is 30).
    await alphaDb
      .update(s.sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(s.sessions.idHash, hashSessionToken(token)));
    const me = await c.req("GET", "/api/v1/auth/me");
    expect(me.json.customer).toBeNull();
    // A short limit set by the store applies too.
    await alphaDb
      .insert(s.settings)
      .values({ key: "session_expire", value: "1" })
      .onConflictDoUpdate({ target: s.settings.key, set: { value: "1" } });
    p.registry.invalidate();
    try {
      const d = await new ShopperClient(p, "alpha.localhost").start();
      await d.login("maria@example.com", "Customer123!");
      const t2 = d.cookies.get("sid") as string;
      await alphaDb
        .update(s.sessions)
        .set({ lastSeenAt: new Date(Date.now() - 30 * 1000) })
        .where(eq(s.sessions.idHash, hashSessionToken(t2)));
      expect((await d.req("GET", "/api/v1/auth/me")).json.customer).not.toBeNull();
      await alphaDb
        .update(s.sessions)
        .set({ lastSeenAt: new Date(Date.now() - 61 * 1000) })
        .where(eq(s.sessions.idHash, hashSessionToken(t2)));
      expect((await d.req("GET", "/api/v1/auth/me")).json.customer).toBeNull();
    } finally {
      await alphaDb.delete(s.settings).where(eq(s.settings.key, "session_expire"));
      p.registry.invalidate();
    }
  });

  it("logs out: the session row is gone and the old cookie no longer signs in", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    await c.login("maria@example.com", "Customer123!");
    const token = c.cookies.get("sid") as string;
    const r = await c.req("POST", "/api/v1/auth/logout", {});
    expect(r.status).toBe(200);
    expect(
      await alphaDb
        .select()
        .from(s.sessions)
        .where(eq(s.sessions.idHash, hashSessionToken(token))),
    ).toHaveLength(0);
    expect((await c.req("GET", "/api/v1/auth/me")).json.customer).toBeNull();
  });

  it("locks an account after 5 wrong passwords, even for the right one, until the lock passes", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    for (let i = 0; i < 5; i++) expect((await c.login("lock@example.com", `wrong-${i}`)).status).toBe(401);
    const locked = await c.login("lock@example.com", "Right-Pass-1");
    expect(locked.status).toBe(429);
    expect(locked.json.error).toBe("rate_limited");
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(800);
    // From another address too: the lock belongs to the account, not to the address.
    const elsewhere = await new ShopperClient(p, "alpha.localhost").start();
    expect((await elsewhere.login("lock@example.com", "Right-Pass-1")).status).toBe(429);
    // Once the lock has passed (its window opened 16 minutes ago), the right password works...
    await alphaDb
      .update(s.rateLimits)
      .set({ windowStart: new Date(Date.now() - 16 * 60 * 1000) })
      .where(like(s.rateLimits.key, "login:%"));
    expect((await c.login("LOCK@example.com", "Right-Pass-1")).status).toBe(200);
    // ... and starts the count again: five more wrong passwords before the next lock.
    const d = await new ShopperClient(p, "alpha.localhost").start();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await d.login("lock@example.com", `again-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it("locks an unknown name exactly like a real account, so the lock does not tell which names exist", async () => {
    await alphaDb.insert(s.customers).values({
      username: "real-name@example.com",
      name: "Real",
      surname: "Name",
      email: "real-name@example.com",
      mobilePhone: "99333444",
      street: "Street 1",
      postcode: "1000",
      city: "Nicosia",
      country: "CY",
      passwordHash: await hashPassword("Real-Name-Pass-1"),
    });
    const answers = async (username: string) => {
      const c = await new ShopperClient(p, "alpha.localhost").start();
      const out: { status: number; body: Record<string, unknown>; retryAfter: number }[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await c.login(username, `wrong-${i}`);
        out.push({ status: r.status, body: r.json, retryAfter: Number(r.res.headers.get("retry-after")) });
      }
      return out;
    };
    const real = await answers("real-name@example.com");
    const unknown = await answers("no-such-name@example.com");
    expect(real.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(unknown.map((a) => a.status)).toEqual(real.map((a) => a.status));
    expect(unknown.map((a) => a.body)).toEqual(real.map((a) => a.body));
    for (const i of [5, 6]) {
      expect(real[i].retryAfter).toBeGreaterThan(800);
      expect(Math.abs(unknown[i].retryAfter - real[i].retryAfter)).toBeLessThanOrEqual(5);
    }
  }, 60_000);

  it("rate limits sign-in per IP address across usernames", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await c.login(`someone-${i}@example.com`, "x")).status);
    expect(statuses.slice(0, 30).every((x) => x === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    const d = await new ShopperClient(p, "alpha.localhost").start();
    expect((await d.login("maria@example.com", "Customer123!")).status).toBe(200);
  }, 60_000);

  it("validates registration with every message of the spec, in order", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const reg = (patch: Partial<typeof REGISTER>) =>
      c.req("POST", "/api/v1/auth/register", { ...REGISTER, ...patch });
    for (const field of [
      "email",
      "password",
      "firstName",
      "lastName",
      "street",
      "city",
      "postcode",
      "country",
    ] as const) {
      const r = await reg({ [field]: "" });
      expect(r.status, field).toBe(400);
      expect(r.json.message).toBe("Please fill all required fields *");
    }
    expect((await reg({ email: "no-at-sign.example.com" })).json.message).toBe(
      "Please fill all required fields *",
    );
    expect((await reg({ country: "GR" })).json.message).toBe("Please fill all required fields *");
    expect((await reg({ phone: "99 000 111" })).json.message).toBe("Mobile should consist of numbers");
    expect((await reg({ phone: "" })).json.message).toBe("Mobile should consist of numbers");
    expect((await reg({ privacy: false })).json.message).toBe("Privacy policy not accepted");
    const dupEmail = await reg({ email: "MARIA@example.com", phone: "99000222" });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.json.message).toBe("Username or Phone number already exists!");
    const dupPhone = await reg({ email: "new-one@example.com", phone: "99111222" });
    expect(dupPhone.json.message).toBe("Username or Phone number already exists!");
    const taken = await reg({ email: "Taken@example.com", phone: "99000333" });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({
      title: "Username already taken",
      message: "Please choose another one",
    });
  });

  it("creates web/mobile customers shown on the POS only when the store says so, and signs them in", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const r = await c.req("POST", "/api/v1/auth/register", REGISTER);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      title: "Congrats! Registration Completed Successfully",
      button: "Thank you!",
    });
    const row = (
      await alphaDb.select().from(s.customers).where(eq(s.customers.username, "anna@example.com"))
    )[0];
    expect(row).toMatchObject({
      isMobileUser: true,
      showOnPos: false,
      isCustomer: true,
      email: "anna@example.com",
      street: "Ledras 10",
      postcode: "1011",
    });
    expect((await c.req("GET", "/api/v1/auth/me")).json.customer).toMatchObject({ name: "Anna" });

    await alphaDb.insert(s.settings).values({ key: "order_mobile_show_pos", value: "1" });
    p.registry.invalidate();
    const d = await new ShopperClient(p, "alpha.localhost").start();
    expect(
      (
        await d.req("POST", "/api/v1/auth/register", {
          ...REGISTER,
          email: "pos@example.com",
          phone: "99000444",
        })
      ).status,
    ).toBe(201);
    const pos = (
      await alphaDb.select().from(s.customers).where(eq(s.customers.username, "pos@example.com"))
    )[0];
    expect(pos.showOnPos).toBe(true);
  });

  it("refuses sign-up and sign-in when the store switched them off", async () => {
    const gammaDb = (await p.registry.storeHandle("gamma")).db;
    await gammaDb.insert(s.settings).values([
      { key: "show_sign_up", value: "0" },
      { key: "show_sign_in", value: "0" },
    ]);
    p.registry.invalidate();
    const c = await new ShopperClient(p, "gamma.localhost").start();
    const r = await c.req("POST", "/api/v1/auth/register", REGISTER);
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("signup_disabled");
    expect((await c.login("x@example.com", "y")).json.error).toBe("signin_disabled");
  });

  it("mails a single-use, expiring reset link on the store's own host, and resets the password once", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    expect((await c.req("POST", "/api/v1/auth/forgot", { email: "" })).json.message).toBe(
      "Please type your email first",
    );
    expect((await c.req("POST", "/api/v1/auth/forgot", { email: "maria@example" })).json.message).toBe(
      "Email format not valid",
    );
    const missing = await c.req("POST", "/api/v1/auth/forgot", { email: "ghost@example.com" });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("Email not found");

    const ok = await p.request("alpha.localhost:3150", "/api/v1/auth/forgot", {
      method: "POST",
      headers: {
        cookie: c.cookieHeader(),
        "x-csrf-token": c.csrf,
        origin: "http://alpha.localhost:3150",
        "content-type": "application/json",
      },
      body: JSON.stringify({ email: "Maria@Example.com" }),
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe("Check your inbox for instructions");
    const mails = await alphaDb.select().from(s.outbox).where(eq(s.outbox.kind, "password-reset"));
    const mail = mails[mails.length - 1];
    expect(mail.toAddress).toBe("maria@example.com");
    const link = /http:\/\/alpha\.localhost:3150\/password-reset\?token=([A-Za-z0-9_-]+)&custid=(\d+)/.exec(
      mail.text,
    );
    expect(link).not.toBeNull();
    expect(mail.text).not.toMatch(/constr|postgres|stores\//);
    const [, token, custid] = link as RegExpExecArray;
    // Only the hash is stored.
    const tokens = await alphaDb
      .select()
      .from(s.passwordResetTokens)
      .where(eq(s.passwordResetTokens.customerId, Number(custid)));
    expect(tokens.map((t) => t.tokenHash)).not.toContain(token);

    // A signed-in session of this customer ends when the password is reset.
    const other = await new ShopperClient(p, "alpha.localhost").start();
    await other.login("maria@example.com", "Customer123!");

    const reset = (body: Record<string, unknown>) =>
      c.req("POST", "/api/v1/auth/reset", { token, custid: Number(custid), ...body });
    expect((await reset({ password: "", confirm: "" })).json.message).toBe("Both fields are required");
    expect((await reset({ password: "New-Pass-123", confirm: "New-Pass-124" })).json.message).toBe(
      "Passwords do not match",
    );
    expect(
      (
        await c.req("POST", "/api/v1/auth/reset", {
          token,
          custid: Number(custid) + 1,
          password: "New-Pass-123",
          confirm: "New-Pass-123",
        })
      ).status,
    ).toBe(410);
    const done = await reset({ password: "New-Pass-123", confirm: "New-Pass-123" });
    expect(done.status).toBe(200);
    expect(done.json.message).toBe("Password updated successfully");
    const again = await reset({ password: "Another-Pass-1", confirm: "Another-Pass-1" });
    expect(again.status).toBe(410);
    expect((await other.req("GET", "/api/v1/auth/me")).json.customer).toBeNull();
    expect((await c.login("maria@example.com", "Customer123!")).status).toBe(401);
    expect((await c.login("maria@example.com", "New-Pass-123")).status).toBe(200);

    // An expired token is refused.
    const d = await new ShopperClient(p, "alpha.localhost").start();
    await d.req("POST", "/api/v1/auth/forgot", { email: "maria@example.com" });
    const latest = (await alphaDb.select().from(s.outbox).where(eq(s.outbox.kind, "password-reset"))).pop();
    const [, t2, id2] = /token=([A-Za-z0-9_-]+)&custid=(\d+)/.exec(latest?.text ?? "") as RegExpExecArray;
    await alphaDb
      .update(s.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(eq(s.passwordResetTokens.customerId, Number(id2)), sql`${s.passwordResetTokens.usedAt} is null`),
      );
    const expired = await d.req("POST", "/api/v1/auth/reset", {
      token: t2,
      custid: Number(id2),
      password: "Xyz-12345",
      confirm: "Xyz-12345",
    });
    expect(expired.status).toBe(410);
    // Put Maria's password back for the other tests.
    await alphaDb
      .update(s.customers)
      .set({ passwordHash: await hashPassword("Customer123!") })
      .where(eq(s.customers.id, Number(custid)));
  }, 60_000);

  /** Asks for a reset mail to `email` and returns the link's token and customer id. */
  async function resetLinkFor(email: string) {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    expect((await c.req("POST", "/api/v1/auth/forgot", { email })).status).toBe(200);
    const mail = (await alphaDb.select().from(s.outbox).where(eq(s.outbox.kind, "password-reset"))).pop();
    const [, token, custid] = /token=([A-Za-z0-9_-]+)&custid=(\d+)/.exec(mail?.text ?? "") as RegExpExecArray;
    return { token, custid: Number(custid) };
  }

  it("rate limits password resets per address and per customer, answering 429 like the other endpoints", async () => {
    const body = (custid: number) => ({
      token: "no-such-token",
      custid,
      password: "Sturdy-Reset-Pass-1",
      confirm: "Sturdy-Reset-Pass-1",
    });
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const perIp: number[] = [];
    let last = await c.req("POST", "/api/v1/auth/reset", body(100_000));
    perIp.push(last.status);
    for (let i = 1; i <= 20; i++) {
      last = await c.req("POST", "/api/v1/auth/reset", body(100_000 + i));
      perIp.push(last.status);
    }
    expect(perIp).toEqual([...Array(20).fill(410), 429]);
    expect(last.json).toMatchObject({ error: "rate_limited", title: ACCOUNT_TEXT.tooManyAttempts });
    expect(last.json.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(last.res.headers.get("retry-after"))).toBeGreaterThan(0);
    // One customer's link attacked from many addresses.
    const perCustomer: number[] = [];
    for (let i = 0; i < 11; i++) {
      const d = await new ShopperClient(p, "alpha.localhost").start();
      perCustomer.push((await d.req("POST", "/api/v1/auth/reset", body(424_242))).status);
    }
    expect(perCustomer).toEqual([...Array(10).fill(410), 429]);
  }, 60_000);

  it("checks the reset token before hashing the new password", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const before = hashes.count;
    for (let i = 0; i < 3; i++) {
      const r = await c.req("POST", "/api/v1/auth/reset", {
        token: `forged-${i}`,
        custid: 1,
        password: "Sturdy-Reset-Pass-1",
        confirm: "Sturdy-Reset-Pass-1",
      });
      expect(r.status).toBe(410);
    }
    expect(hashes.count - before, "new passwords hashed for a wrong token").toBe(0);
  });

  it("changing the password ends the account's other sessions and keeps this one", async () => {
    const a = await new ShopperClient(p, "alpha.localhost").start();
    const email = "two-browsers@example.com";
    expect(
      (await a.req("POST", "/api/v1/auth/register", { ...REGISTER, email, phone: "99000666" })).status,
    ).toBe(201);
    const b = await new ShopperClient(p, "alpha.localhost").start();
    expect((await b.login(email, REGISTER.password)).status).toBe(200);
    const changed = await a.req("PUT", "/api/v1/account/password", {
      current: REGISTER.password,
      password: "Rainy-Night-77",
      confirm: "Rainy-Night-77",
    });
    expect(changed.status).toBe(200);
    expect((await b.req("GET", "/api/v1/auth/me")).json.customer, "the other browser").toBeNull();
    expect((await a.req("GET", "/api/v1/auth/me")).json.customer).toMatchObject({ email });
  });

  it("refuses common passwords and the account's own phone, email or username on register, change and reset", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const email = "weak-pass@example.com";
    const phone = "99000888";
    const reg = (password: string) =>
      c.req("POST", "/api/v1/auth/register", { ...REGISTER, email, phone, password });
    const weak = { error: "invalid", title: ACCOUNT_TEXT.passwordWeakTitle };
    for (const password of ["Password123!", "qwerty123", "iloveyou1"]) {
      const r = await reg(password);
      expect(r.status, password).toBe(400);
      expect(r.json).toMatchObject({ ...weak, message: ACCOUNT_TEXT.passwordCommon });
    }
    for (const password of [phone, email, "Weak-Pass@Example.com"]) {
      const r = await reg(password);
      expect(r.status, password).toBe(400);
      expect(r.json).toMatchObject({ ...weak, message: ACCOUNT_TEXT.passwordPersonal });
    }
    expect(await alphaDb.select().from(s.customers).where(eq(s.customers.email, email))).toHaveLength(0);
    expect((await reg(REGISTER.password)).status).toBe(201);

    const change = (password: string) =>
      c.req("PUT", "/api/v1/account/password", { current: REGISTER.password, password, confirm: password });
    expect((await change("abcd1234")).json).toMatchObject({ ...weak, message: ACCOUNT_TEXT.passwordCommon });
    expect((await change(phone)).json).toMatchObject({ ...weak, message: ACCOUNT_TEXT.passwordPersonal });
    expect((await change(email.toUpperCase())).json.message).toBe(ACCOUNT_TEXT.passwordPersonal);

    // A refused reset leaves the link usable for a better password.
    const link = await resetLinkFor(email);
    const reset = (password: string) =>
      c.req("POST", "/api/v1/auth/reset", { ...link, password, confirm: password });
    expect((await reset("letmein!")).json).toMatchObject({ ...weak, message: ACCOUNT_TEXT.passwordCommon });
    expect((await reset(phone)).json).toMatchObject({ ...weak, message: ACCOUNT_TEXT.passwordPersonal });
    expect((await reset("Sturdy-Reset-Pass-1")).status).toBe(200);
    const d = await new ShopperClient(p, "alpha.localhost").start();
    expect((await d.login(email, "Sturdy-Reset-Pass-1")).status).toBe(200);
  }, 60_000);

  it("a legacy account must choose a new password before it can place an order", async () => {
    await alphaDb.insert(s.customers).values({
      username: "99765432",
      name: "Old",
      surname: "Timer",
      email: "",
      mobilePhone: "99765432",
      street: "Street 1",
      postcode: "1000",
      city: "Nicosia",
      country: "CY",
      passwordHash: "99765432",
      legacyAccount: true,
    });
    const c = await new ShopperClient(p, "alpha.localhost").start();
    expect((await c.login("99765432", "99765432")).json).toMatchObject({ legacy: true });
    const product = (await alphaDb.select().from(s.products).limit(1))[0];
    const order = () =>
      c.req("POST", "/api/v1/orders", {
        lines: [{ id: product.id, qty: 1 }],
        shippingId: 1,
        paymentMethod: "cod",
      });
    const refused = await order();
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      error: "password_change_required",
      message: ACCOUNT_TEXT.passwordChangeRequired,
    });
    const change = (password: string) =>
      c.req("PUT", "/api/v1/account/password", { current: "99765432", password, confirm: password });
    expect((await change("99765432")).json.message).toBe(ACCOUNT_TEXT.passwordPersonal);
    const changed = await change("Fresh-Start-2026");
    expect(changed.status).toBe(200);
    expect(changed.json.customer).toMatchObject({ legacyAccount: false });
    const again = await order();
    expect(again.json.error).not.toBe("password_change_required");
    expect(again.status).not.toBe(403);
  }, 60_000);

  describe("CSRF", () => {
    it("refuses an unsafe request without the token", async () => {
      const c = await new ShopperClient(p, "alpha.localhost").start();
      const r = await c.req(
        "POST",
        "/api/v1/auth/login",
        { username: "maria@example.com", password: "Customer123!" },
        { "x-csrf-token": "" },
      );
      expect(r.status).toBe(403);
      expect(r.json.error).toBe("csrf");
      expect(typeof r.json.message).toBe("string");
    });

    it("refuses a wrong token and a foreign origin even with the right token", async () => {
      const c = await new ShopperClient(p, "alpha.localhost").start();
      const wrong = await c.req(
        "POST",
        "/api/v1/newsletter",
        { email: "a@b.cy" },
        { "x-csrf-token": "nope" },
      );
      expect(wrong.status).toBe(403);
      const foreign = await c.req(
        "POST",
        "/api/v1/newsletter",
        { email: "a@b.cy" },
        { origin: "http://evil.localhost" },
      );
      expect(foreign.status).toBe(403);
      expect(foreign.json.error).toBe("csrf");
      const crossSite = await c.req(
        "POST",
        "/api/v1/newsletter",
        { email: "a@b.cy" },
        { "sec-fetch-site": "cross-site" },
      );
      expect(crossSite.status).toBe(403);
      const fine = await c.req(
        "POST",
        "/api/v1/newsletter",
        { email: "a@b.cy" },
        { "sec-fetch-site": "same-origin" },
      );
      expect(fine.status).toBe(200);
    });

    it("accepts the token as a form field on page posts and leaves the body readable", async () => {
      const c = await new ShopperClient(p, "alpha.localhost").start();
      const body = new URLSearchParams({ csrf: c.csrf, name: "x" }).toString();
      const headers = {
        cookie: c.cookieHeader(),
        origin: "http://alpha.localhost",
        "content-type": "application/x-www-form-urlencoded",
      };
      const ok = await p.request("alpha.localhost", "/pages/contact", { method: "POST", headers, body });
      // Past the CSRF check, the (absent in these tests) page renderer answers.
      expect(ok.status).toBe(501);
      const bad = await p.request("alpha.localhost", "/pages/contact", {
        method: "POST",
        headers: { ...headers, accept: "text/html" },
        body: new URLSearchParams({ csrf: "forged", name: "x" }).toString(),
      });
      expect(bad.status).toBe(403);
      expect(await bad.text()).toContain("Request refused");
    });

    it("exempts only machine endpoints that authenticate otherwise", async () => {
      const r = await p.request("alpha.localhost", "/api/v1/integration/orders", {
        method: "POST",
        body: "{}",
      });
      expect(r.status).not.toBe(403);
      const w = await p.request("alpha.localhost", "/api/v1/payments/webhook/viva", {
        method: "POST",
        body: "{}",
      });
      expect(w.status).not.toBe(403);
      const other = await p.request("alpha.localhost", "/api/v1/payments/start", {
        method: "POST",
        body: "{}",
      });
      expect(other.status).toBe(403);
    });
  });

  it("updates details, changes email (with password) and password, and lists orders with lines", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const reg = await c.req("POST", "/api/v1/auth/register", {
      ...REGISTER,
      email: "dash@example.com",
      phone: "99000555",
    });
    expect(reg.status).toBe(201);
    const id = (reg.json.customer as { id: number }).id;
    const details = await c.req("PUT", "/api/v1/account", {
      firstName: "Dasha",
      lastName: "Petrou",
      company: "",
      phone: "99000556",
      street: "Main 2",
      postcode: "2000",
      city: "Larnaca",
      country: "CY",
    });
    expect(details.status).toBe(200);
    expect(details.json.customer).toMatchObject({ name: "Dasha", surname: "Petrou" });
    expect(
      (
        await c.req("PUT", "/api/v1/account", {
          firstName: "",
          lastName: "x",
          phone: "1",
          street: "s",
          postcode: "p",
          city: "c",
          country: "CY",
        })
      ).json.message,
    ).toBe("Please fill all required fields *");
    const badPw = await c.req("PUT", "/api/v1/account/email", {
      email: "dash2@example.com",
      password: "nope",
    });
    expect(badPw.status).toBe(400);
    const email = await c.req("PUT", "/api/v1/account/email", {
      email: "dash2@example.com",
      password: REGISTER.password,
    });
    expect(email.status).toBe(200);
    expect(email.json.customer).toMatchObject({ email: "dash2@example.com", username: "dash2@example.com" });
    const mismatch = await c.req("PUT", "/api/v1/account/password", {
      current: REGISTER.password,
      password: "Abc-12345",
      confirm: "Abc-12346",
    });
    expect(mismatch.json.message).toBe("Passwords do not match");
    const pw = await c.req("PUT", "/api/v1/account/password", {
      current: REGISTER.password,
      password: "Abc-12345",
      confirm: "Abc-12345",
    });
    expect(pw.status).toBe(200);
    expect(
      (
        await new ShopperClient(p, "alpha.localhost")
          .start()
          .then((x) => x.login("dash2@example.com", "Abc-12345"))
      ).status,
    ).toBe(200);

    const product = (await alphaDb.select().from(s.products).limit(1))[0];
    const [order] = await alphaDb
      .insert(s.orders)
      .values({
        code: "WEB-0001",
        customerId: id,
        status: "placed",
        goodsTotalCents: 3998,
        totalCents: 4348,
        shippingCostCents: 350,
        paymentMethod: "cod",
        customerName: "Dasha Petrou",
        customerEmail: "dash2@example.com",
      })
      .returning();
    await alphaDb.insert(s.orderLines).values({
      orderId: order.id,
      productId: product.id,
      description: product.name,
      qty: 2,
      unitPriceCents: 1999,
      vatRate: 19,
      lineTotalCents: 3998,
    });
    const list = await c.req("GET", "/api/v1/orders");
    expect(list.json.orders).toEqual([
      expect.objectContaining({
        code: "WEB-0001",
        totalCents: 4348,
        lines: [expect.objectContaining({ description: product.name, qty: 2 })],
      }),
    ]);
    const anon = new ShopperClient(p, "alpha.localhost");
    expect((await anon.req("GET", "/api/v1/orders")).status).toBe(401);
  });

  it("stores a newsletter email once per store, pending its confirmation", async () => {
    const c = await new ShopperClient(p, "beta.localhost").start();
    expect((await c.req("POST", "/api/v1/newsletter", { email: "fan@example.com" })).json.message).toBe(
      NEWSLETTER_TEXT.subscribed,
    );
    expect((await c.req("POST", "/api/v1/newsletter", { email: "FAN@example.com" })).status).toBe(200);
    expect((await c.req("POST", "/api/v1/newsletter", { email: "not-an-email" })).status).toBe(400);
    const betaDb = (await p.registry.storeHandle("beta")).db;
    const rows = await betaDb.select().from(s.newsletterSubscribers);
    expect(rows.filter((r) => r.email.toLowerCase() === "fan@example.com").map((r) => r.status)).toEqual([
      "pending",
    ]);
  });

  it("keeps the 18+ answer in its own cookie: yes for the session, no for a year and final", async () => {
    const c = await new ShopperClient(p, "alpha.localhost").start();
    const yes = await c.req("POST", "/api/v1/session/age", { answer: "yes" });
    expect(yes.json.age).toBe("ok");
    const yesCookie = yes.res.headers.getSetCookie().find((x) => x.startsWith("age_verified="));
    expect(yesCookie).toMatch(/^age_verified=yes;/);
    expect(yesCookie).not.toMatch(/Max-Age/);
    const d = await new ShopperClient(p, "alpha.localhost").start();
    const no = await d.req("POST", "/api/v1/session/age", { answer: "no" });
    expect(no.res.headers.getSetCookie().find((x) => x.startsWith("age_verified="))).toMatch(
      /Max-Age=31536000/,
    );
    expect((await d.req("POST", "/api/v1/session/age", { answer: "yes" })).json.age).toBe("under");
  });
});
