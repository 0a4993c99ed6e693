// The authorization matrix: every back-office endpoint of the contract (core/api/admin) against
// every role, signed out, and from another store's host. A role without the endpoint's permission
// gets 403 before its input is read; a role with it never does; nobody gets a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, STAFF_ROLES, type StaffRole } from "../../core/admin/permissions";
import { allAdminEndpoints } from "../../core/api/admin";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, AdminClient as Client, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

const endpoints = allAdminEndpoints().filter((e) => e.permission !== "public");

/** A path with every parameter filled by a value that names nothing. */
const pathOf = (path: string) => path.replace(/\{(\w+)\}/g, "999999");

/** Writes that would end the caller's own session or change its sign-in are sent last or not at all. */
const SELF_ENDING = new Set(["put /me/password", "post /me/totp/disable"]);

describe.each(driversFor("either"))("back-office authorization matrix on %s", (driver) => {
  let p: Platform;
  const clients = new Map<StaffRole, AdminClient>();

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    for (const role of STAFF_ROLES)
      clients.set(
        role,
        await signedInStaff(p, "alpha.localhost", "alpha", { email: `${role}@matrix.test`, role }),
      );
  });
  afterAll(async () => {
    await p?.dispose();
  });

  it("covers every area of the contract", () => {
    expect(endpoints.length).toBeGreaterThan(5);
  });

  for (const role of STAFF_ROLES) {
    it(`${role}: 403 exactly where the role lacks the permission, never a 500`, async () => {
      const client = clients.get(role) as AdminClient;
      const wrong: string[] = [];
      for (const e of endpoints) {
        const key = `${e.method} ${e.path}`;
        if (SELF_ENDING.has(key)) continue;
        const r = await client.req(
          e.method.toUpperCase(),
          pathOf(e.path),
          e.method === "get" ? undefined : {},
        );
        const allowed = can(role, e.permission as Exclude<typeof e.permission, "public">);
        if (r.status >= 500) wrong.push(`${key}: ${r.status} ${r.text.slice(0, 120)}`);
        else if (allowed && (r.status === 403 || r.status === 401))
          wrong.push(`${key}: allowed but got ${r.status}`);
        else if (!allowed && r.status !== 403) wrong.push(`${key}: refused expected, got ${r.status}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it("signed out: every endpoint but sign-in answers 401", async () => {
    const anonymous = await new Client(p, "alpha.localhost").start();
    const wrong: string[] = [];
    for (const e of endpoints) {
      const r = await anonymous.req(
        e.method.toUpperCase(),
        pathOf(e.path),
        e.method === "get" ? undefined : {},
      );
      if (r.status !== 401) wrong.push(`${e.method} ${e.path}: ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("an owner's session of one store is useless on another store's host", async () => {
    const owner = clients.get("owner") as AdminClient;
    const beta = new Client(p, "beta.localhost");
    beta.cookies = new Map(owner.cookies);
    beta.csrf = owner.csrf;
    const wrong: string[] = [];
    for (const e of endpoints) {
      const r = await beta.req(e.method.toUpperCase(), pathOf(e.path), e.method === "get" ? undefined : {});
      // Writes fail the CSRF check (the token is bound to the store) or the session lookup; reads find no session.
      if (r.status !== 401 && r.status !== 403) wrong.push(`${e.method} ${e.path}: ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
