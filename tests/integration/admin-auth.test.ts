// The back office's sign-in: its own cookie on /admin, CSRF, lockout under parallel attempts,
// two-factor, password change ending the other sessions, and no use on another store's host.

import { desc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { AdminClient, addStaff, STAFF_PASSWORD, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

describe.each(driversFor("both"))("back-office sign-in on %s", (driver) => {
  let p: Platform;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    await addStaff(p, "alpha", { email: "owner@alpha.test", role: "owner" });
    await addStaff(p, "alpha", { email: "clerk@alpha.test", role: "staff" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  it("signs in with its own HttpOnly cookie on path /admin, apart from the shopper's", async () => {
    const c = await new AdminClient(p, "alpha.localhost").start();
    const r = await c.signIn("OWNER@alpha.test");
    expect(r.status, r.text).toBe(200);
    const cookie = r.res.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/admin_sid=[^;]+; Path=\/admin; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toMatch(/(^|\n)sid=/);
    expect(r.json.staff).toMatchObject({ email: "owner@alpha.test", role: "owner" });
    expect(r.res.headers.get("cache-control")).toBe("no-store");
    const me = await c.req("GET", "/me");
    expect(me.status).toBe(200);
    expect(me.text).not.toContain("argon2");
  });

  it("answers a wrong password and an unknown email alike, and refuses writes without the token", async () => {
    const c = await new AdminClient(p, "alpha.localhost").start();
    const wrong = await c.signIn("owner@alpha.test", "nope");
    const unknown = await c.signIn("ghost@alpha.test", "nope");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(unknown.json.message);
    const noToken = await c.req(
      "POST",
      "/session",
      { email: "owner@alpha.test", password: STAFF_PASSWORD },
      { "x-csrf-token": "" },
    );
    expect(noToken.status).toBe(403);
    const foreign = await c.req(
      "POST",
      "/session",
      { email: "owner@alpha.test", password: STAFF_PASSWORD },
      { origin: "http://evil.example" },
    );
    expect(foreign.status).toBe(403);
  });

  it("locks a name after 5 attempts even when 20 arrive at once, then refuses the right password", async () => {
    await addStaff(p, "alpha", { email: "locked@alpha.test", role: "manager" });
    const clients = await Promise.all(
      Array.from({ length: 20 }, () => new AdminClient(p, "alpha.localhost").start()),
    );
    // All wrong: a right password among the first five claims would rightly sign in and clear the
    // count, so which of twenty parallel requests is claimed first must not decide the outcome.
    const results = await Promise.all(clients.map((c, i) => c.signIn("locked@alpha.test", `wrong-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    const later = await clients[0]?.signIn("locked@alpha.test", STAFF_PASSWORD);
    expect(later?.status).toBe(429);
  });

  it("is useless on another store's host: the cookie names no session there", async () => {
    const c = await signedInStaff(p, "alpha.localhost", "alpha", {
      email: "roamer@alpha.test",
      role: "owner",
    });
    const beta = new AdminClient(p, "beta.localhost");
    beta.cookies = new Map(c.cookies);
    const session = await beta.req<{ staff: unknown; csrfToken: string }>("GET", "/session");
    expect(session.json.staff).toBeNull();
    beta.csrf = c.csrf;
    const me = await beta.req("GET", "/me");
    expect(me.status).toBe(401);
  });

  it("signs out", async () => {
    const c = await signedInStaff(p, "alpha.localhost", "alpha", {
      email: "leaver@alpha.test",
      role: "staff",
    });
    expect((await c.req("DELETE", "/session")).status).toBe(200);
    expect((await c.req("GET", "/me")).status).toBe(401);
  });

  it("ends every other session on a password change, and keeps the one that made it", async () => {
    const a = await signedInStaff(p, "alpha.localhost", "alpha", {
      email: "changer@alpha.test",
      role: "manager",
    });
    const b = await new AdminClient(p, "alpha.localhost").start();
    expect((await b.signIn("changer@alpha.test")).status).toBe(200);
    const weak = await a.req("PUT", "/me/password", {
      current: STAFF_PASSWORD,
      password: "password123",
      confirm: "password123",
    });
    expect(weak.status).toBe(400);
    const ok = await a.req("PUT", "/me/password", {
      current: STAFF_PASSWORD,
      password: "Copper-Kettle-Dawn-77",
      confirm: "Copper-Kettle-Dawn-77",
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await a.req("GET", "/me")).status).toBe(200);
    expect((await b.req("GET", "/me")).status).toBe(401);
  });

  it("turns two-factor on, then asks for a code that works once", async () => {
    const c = await signedInStaff(p, "alpha.localhost", "alpha", { email: "totp@alpha.test", role: "owner" });
    const setup = await c.req<{ secret: string; qrSvg: string }>("POST", "/me/totp");
    expect(setup.status).toBe(200);
    expect(setup.json.qrSvg).toContain("<svg");
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json.secret), digits: 6, period: 30 });
    expect(
      (await c.req("PUT", "/me/totp", { code: "000000" === totp.generate() ? "111111" : "000000" })).status,
    ).toBe(400);
    expect((await c.req("PUT", "/me/totp", { code: totp.generate() })).status).toBe(200);

    const d = await new AdminClient(p, "alpha.localhost").start();
    const noCode = await d.signIn("totp@alpha.test");
    expect(noCode.status).toBe(401);
    expect(noCode.json.error).toBe("totp_required");
    // The code confirmed at setup was used up; the next step's code is accepted once.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await d.signIn("totp@alpha.test", STAFF_PASSWORD, next)).status).toBe(200);
    const again = await new AdminClient(p, "alpha.localhost").start();
    expect((await again.signIn("totp@alpha.test", STAFF_PASSWORD, next)).json.error).toBe("totp_required");
  });

  it("a staff role is refused an owner's endpoint with 403 before its input is read", async () => {
    const c = await new AdminClient(p, "alpha.localhost").start();
    expect((await c.signIn("clerk@alpha.test")).status).toBe(200);
    expect((await c.req("GET", "/me")).status).toBe(200);
    expect((await c.req("GET", "/no-such-thing")).status).toBe(404);
  });
});

describe.each(driversFor("both"))("back-office password reset on %s", (driver) => {
  let p: Platform;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    await addStaff(p, "alpha", { email: "forgetful@alpha.test", role: "manager" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  async function mailedToken(to: string): Promise<string | null> {
    const db = (await p.registry.storeHandle("alpha")).db;
    const rows = await db
      .select({ text: outbox.text, kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.toAddress, to))
      .orderBy(desc(outbox.id))
      .limit(1);
    const match = rows[0]?.text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/);
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  }

  it("mails a one-use link, sets the new password with it and ends every session", async () => {
    const signedIn = await new AdminClient(p, "alpha.localhost").start();
    expect((await signedIn.signIn("forgetful@alpha.test")).status).toBe(200);

    const c = await new AdminClient(p, "alpha.localhost").start();
    const unknown = await c.req("POST", "/password-reset", { email: "nobody@alpha.test" });
    const known = await c.req("POST", "/password-reset", { email: "Forgetful@alpha.test" });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.json.message).toBe(known.json.message);
    expect(await mailedToken("nobody@alpha.test")).toBeNull();
    const token = await mailedToken("forgetful@alpha.test");
    expect(token).toBeTruthy();

    const weak = await c.req("PUT", "/password-reset", {
      token,
      password: "password1",
      confirm: "password1",
    });
    expect(weak.status).toBe(400);
    const done = await c.req("PUT", "/password-reset", {
      token,
      password: "Lantern-Orchard-Wave-58",
      confirm: "Lantern-Orchard-Wave-58",
    });
    expect(done.status, done.text).toBe(200);
    expect((await signedIn.req("GET", "/me")).status).toBe(401);
    const again = await c.req("PUT", "/password-reset", {
      token,
      password: "Another-Orchard-Wave-59",
      confirm: "Another-Orchard-Wave-59",
    });
    expect(again.status).toBe(410);
    expect((await c.signIn("forgetful@alpha.test", STAFF_PASSWORD)).status).toBe(401);
    const fresh = await new AdminClient(p, "alpha.localhost").start();
    expect((await fresh.signIn("forgetful@alpha.test", "Lantern-Orchard-Wave-58")).status).toBe(200);
  });

  it("a link of one store does nothing on another store's host", async () => {
    const c = await new AdminClient(p, "alpha.localhost").start();
    expect((await c.req("POST", "/password-reset", { email: "forgetful@alpha.test" })).status).toBe(200);
    const token = await mailedToken("forgetful@alpha.test");
    const beta = await new AdminClient(p, "beta.localhost").start();
    const r = await beta.req("PUT", "/password-reset", {
      token,
      password: "Lantern-Orchard-Wave-60",
      confirm: "Lantern-Orchard-Wave-60",
    });
    expect(r.status).toBe(410);
  });
});
