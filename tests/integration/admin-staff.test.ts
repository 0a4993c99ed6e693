// Owners manage staff: invite by mail → accept with the link → sign in; a used or expired link
// answers 410; role changes and disabling are versioned and audited, disabling ends sessions,
// and the last active owner can be neither demoted nor disabled.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, outbox, staff, staffTokens } from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";
const NEW_PASSWORD = "Copper-Kettle-Dawn-88";

interface Member {
  id: number;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  invited: boolean;
  inviteExpiresAt: string | null;
  version: string;
}

describe.each(driversFor("both"))("back-office staff on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const db = async () => (await p.registry.storeHandle("alpha")).db;

  /** The token of the newest invitation mail to this address. */
  async function mailedToken(to: string): Promise<string> {
    const rows = await (await db())
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.kind, "staff-invite")))
      .orderBy(desc(outbox.id))
      .limit(1);
    const text = rows[0]?.text ?? "";
    expect(text).toContain("https://alpha.example.com/admin/accept-invite?token=");
    const token = /accept-invite\?token=([\w-]+)/.exec(text)?.[1];
    if (!token) throw new Error("no token in the mail");
    return token;
  }

  async function member(email: string): Promise<Member> {
    const r = await owner.req<{ items: Member[] }>("GET", "/staff?limit=100");
    expect(r.status).toBe(200);
    const m = r.json.items.find((i) => i.email === email);
    if (!m) throw new Error(`${email} not listed`);
    return m;
  }

  it("invites by mail, the link is accepted once, and the new member signs in", async () => {
    const r = await owner.req<Member>("POST", "/staff", {
      email: "nina@alpha.test",
      name: "Nina",
      role: "manager",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ invited: true, role: "manager", disabled: false });

    const token = await mailedToken("nina@alpha.test");
    const stored = await (await db()).select().from(staffTokens).where(eq(staffTokens.staffId, r.json.id));
    expect(stored[0]?.tokenHash).not.toContain(token);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // The list shows the open link's expiry (a subquery on the member's own id).
    expect((await member("nina@alpha.test")).inviteExpiresAt).toBe(stored[0]?.expiresAt.toISOString());

    // Not signed in yet: the invitation cannot sign in.
    const guest = await new AdminClient(p, HOST).start();
    expect((await guest.signIn("nina@alpha.test", NEW_PASSWORD)).status).toBe(401);

    const info = await guest.req("GET", `/invitation?token=${token}`);
    expect(info.status, info.text).toBe(200);
    expect(info.json).toMatchObject({ email: "nina@alpha.test", role: "manager" });

    const weak = await guest.req("POST", "/invitation", {
      token,
      name: "Nina K",
      password: "short",
      confirm: "short",
    });
    expect(weak.status).toBe(400);
    expect(weak.json.details).toMatchObject({ field: "password" });
    const mismatch = await guest.req("POST", "/invitation", {
      token,
      name: "Nina K",
      password: NEW_PASSWORD,
      confirm: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.status).toBe(400);

    const ok = await guest.req("POST", "/invitation", {
      token,
      name: "Nina K",
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(ok.status, ok.text).toBe(200);
    const again = await guest.req("POST", "/invitation", {
      token,
      name: "Nina K",
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(again.status).toBe(410);
    expect((await guest.req("GET", `/invitation?token=${token}`)).status).toBe(410);

    const signIn = await guest.signIn("nina@alpha.test", NEW_PASSWORD);
    expect(signIn.status, signIn.text).toBe(200);
    expect(signIn.json.staff).toMatchObject({ name: "Nina K", role: "manager" });

    const actions = (
      await (
        await db()
      )
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(r.json.id)))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["staff.invite", "staff.accept_invite"]));
    const all = JSON.stringify(await (await db()).select().from(auditLog));
    expect(all).not.toContain(token);
    expect(all).not.toContain("argon2");
  });

  it("refuses a duplicate email (409 on the field) and bad input (400)", async () => {
    const dup = await owner.req("POST", "/staff", {
      email: "OWNER@alpha.test",
      name: "Again",
      role: "staff",
    });
    expect(dup.status).toBe(409);
    expect(dup.json.details).toMatchObject({ fields: { email: expect.any(String) } });
    expect((await owner.req("POST", "/staff", { email: "nope", name: "X", role: "staff" })).status).toBe(400);
    expect((await owner.req("POST", "/staff", { email: "a@b.test", name: "X", role: "admin" })).status).toBe(
      400,
    );
  });

  it("answers 410 for an expired link and for one replaced by a newer invitation", async () => {
    const r = await owner.req<Member>("POST", "/staff", {
      email: "omar@alpha.test",
      name: "Omar",
      role: "staff",
    });
    const oldToken = await mailedToken("omar@alpha.test");
    const resent = await owner.req("POST", `/staff/${r.json.id}/invite`);
    expect(resent.status, resent.text).toBe(200);
    const newToken = await mailedToken("omar@alpha.test");
    expect(newToken).not.toBe(oldToken);
    const guest = await new AdminClient(p, HOST).start();
    const body = (token: string) => ({ token, name: "Omar", password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect((await guest.req("POST", "/invitation", body(oldToken))).status).toBe(410);

    await (await db())
      .update(staffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffTokens.staffId, r.json.id));
    expect((await guest.req("POST", "/invitation", body(newToken))).status).toBe(410);
    expect((await guest.req("POST", "/invitation", body("a-token-that-never-existed"))).status).toBe(410);
  });

  it("changes a role (versioned: a stale change answers 409) and audits it", async () => {
    const clerk = await signedInStaff(p, HOST, "alpha", { email: "clerk@alpha.test", role: "staff" });
    expect((await clerk.req("GET", "/staff")).status).toBe(403);
    const m = await member("clerk@alpha.test");
    const r = await owner.req<Member>("PUT", `/staff/${m.id}/role`, { role: "manager", version: m.version });
    expect(r.status, r.text).toBe(200);
    expect(r.json.role).toBe("manager");
    const stale = await owner.req("PUT", `/staff/${m.id}/role`, { role: "owner", version: m.version });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe("edit_conflict");
    expect(
      (await owner.req("PUT", `/staff/${m.id}/role`, { role: "boss", version: r.json.version })).status,
    ).toBe(400);
    expect(
      (await owner.req("PUT", "/staff/999999/role", { role: "staff", version: r.json.version })).status,
    ).toBe(404);
    const entry = (
      await (
        await db()
      )
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "staff.role"))
        .orderBy(desc(auditLog.id))
    )[0];
    expect(entry).toMatchObject({
      before: { role: "staff" },
      after: { role: "manager" },
      entityId: String(m.id),
    });
  });

  it("disabling ends the member's sessions; enabling lets them back in", async () => {
    const temp = await signedInStaff(p, HOST, "alpha", { email: "temp@alpha.test", role: "staff" });
    expect((await temp.req("GET", "/me")).status).toBe(200);
    const m = await member("temp@alpha.test");
    const off = await owner.req<Member>("PUT", `/staff/${m.id}/disabled`, {
      disabled: true,
      version: m.version,
    });
    expect(off.status, off.text).toBe(200);
    expect(off.json.disabled).toBe(true);
    expect((await temp.req("GET", "/me")).status).toBe(401);
    const on = await owner.req<Member>("PUT", `/staff/${m.id}/disabled`, {
      disabled: false,
      version: off.json.version,
    });
    expect(on.status).toBe(200);
    const back = await new AdminClient(p, HOST).start();
    expect((await back.signIn("temp@alpha.test")).status).toBe(200);
    const actions = (
      await (
        await db()
      )
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(m.id)))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["staff.disable", "staff.enable"]));
  });

  it("never demotes or disables the last active owner (409), but does once another owner exists", async () => {
    const me = await member("owner@alpha.test");
    const demote = await owner.req("PUT", `/staff/${me.id}/role`, { role: "manager", version: me.version });
    expect(demote.status).toBe(409);
    expect(demote.json.error).toBe("invalid_state");
    expect(demote.json.message).toMatch(/last active owner/);
    const disable = await owner.req("PUT", `/staff/${me.id}/disabled`, {
      disabled: true,
      version: me.version,
    });
    expect(disable.status).toBe(409);

    // An invited owner who has not accepted yet does not count.
    await owner.req("POST", "/staff", { email: "pending-owner@alpha.test", name: "Pending", role: "owner" });
    expect(
      (await owner.req("PUT", `/staff/${me.id}/role`, { role: "manager", version: me.version })).status,
    ).toBe(409);

    const second = await signedInStaff(p, HOST, "alpha", { email: "owner2@alpha.test", role: "owner" });
    const other = await member("owner2@alpha.test");
    // Two owners demoting each other at once: exactly one succeeds.
    const [a, b] = await Promise.all([
      owner.req("PUT", `/staff/${other.id}/role`, { role: "manager", version: other.version }),
      second.req("PUT", `/staff/${me.id}/role`, { role: "manager", version: me.version }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const owners = await (await db()).select().from(staff).where(eq(staff.role, "owner"));
    expect(owners.filter((o) => o.passwordHash !== null && o.disabledAt === null)).toHaveLength(1);
  });
});
