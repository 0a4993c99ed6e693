// Proving a customer's email over HTTP (on either database, decision 0038) (issue 38 item 3, decision 0041):
// registering mails a proof link; the link proves the address only in a browser signed in to that
// account (a stranger is sent to sign in, another account is told so, a forged or outdated link
// expires); a changed address is unproven again; My Account can ask for a new link.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import type { StoreDb } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";
let nextIp = 1;

/** A browser on the shop: its cookies, its CSRF token, its own address. */
function shopper(p: Platform) {
  const jar = new Map<string, string>();
  const ip = `10.38.3.${nextIp++}`;
  let csrf = "";
  async function go(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      accept: "application/json",
      "x-forwarded-for": ip,
    };
    if (method !== "GET") Object.assign(headers, { origin: `http://${HOST}`, "x-csrf-token": csrf });
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await p.request(HOST, path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    csrf = res.headers.get("x-csrf-token") ?? csrf;
    const text = await res.text();
    return {
      status: res.status,
      location: res.headers.get("location"),
      json: text.startsWith("{") ? JSON.parse(text) : {},
    };
  }
  /** First contact: the session cookie and the CSRF token; answers the request function. */
  async function start() {
    csrf = (await go("GET", "/api/v1/auth/me")).json.csrfToken;
    return go;
  }
  return { start };
}

const REGISTER = {
  firstName: "Anna",
  lastName: "Christou",
  company: "",
  country: "CY",
  street: "Ledras 10",
  city: "Nicosia",
  postcode: "1011",
  phone: "99038311",
  email: "anna.proof@example.com",
  password: "Sunny-Harbour-Day-42",
  privacy: true,
};

describe.each(driversFor("either"))("email proof on %s", (driver) => {
  let p: Platform;
  let db: StoreDb;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
  });
  afterAll(async () => {
    delete process.env.TRUST_PROXY;
    await p?.dispose();
  });

  const proofLinkTo = async (to: string) => {
    const [mail] = await db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "email-proof"), eq(s.outbox.toAddress, to)))
      .orderBy(desc(s.outbox.id))
      .limit(1);
    const url = /https?:\/\/[^\s"]+\/auth\/email\?token=[\w.-]+/.exec(mail?.text ?? "")?.[0];
    if (!url) throw new Error(`no proof mail to ${to}`);
    return new URL(url);
  };
  const provenAt = async (email: string) =>
    (
      await db
        .select({ at: s.customers.emailVerifiedAt })
        .from(s.customers)
        .where(eq(s.customers.email, email))
    )[0]?.at ?? null;

  it("proves the address only in the account's own browser; a changed address is unproven again", async () => {
    const anna = await shopper(p).start();
    const made = await anna("POST", "/api/v1/auth/register", REGISTER);
    expect(made.status).toBe(201);
    expect(await provenAt(REGISTER.email)).toBeNull();
    const link = await proofLinkTo(REGISTER.email);
    expect(link.origin).toBe(`http://${HOST}`);
    const path = `${link.pathname}${link.search}`;

    // A stranger opening it is sent to sign in, and comes back to the link afterwards.
    const stranger = await shopper(p).start();
    const away = await stranger("GET", path);
    expect(away.status).toBe(303);
    expect(away.location).toBe(`/pages/login?redirectTo=${encodeURIComponent(path)}`);
    expect(await provenAt(REGISTER.email)).toBeNull();

    // Another account signed in: told so, nothing proven.
    const other = await shopper(p).start();
    expect(
      (
        await other("POST", "/api/v1/auth/register", {
          ...REGISTER,
          email: "other.proof@example.com",
          phone: "99038312",
        })
      ).status,
    ).toBe(201);
    expect((await other("GET", path)).location).toBe("/shop/dashboard?email_proof=other_account");
    expect(await provenAt(REGISTER.email)).toBeNull();

    // A forged signature expires.
    const forged = path.replace(/\.[\w-]{22}$/, `.${"A".repeat(22)}`);
    expect((await anna("GET", forged)).location).toBe("/shop/dashboard?email_proof=expired");
    expect(await provenAt(REGISTER.email)).toBeNull();

    // Anna's own browser: proven.
    expect((await anna("GET", path)).location).toBe("/shop/dashboard?email_proof=proven");
    expect(await provenAt(REGISTER.email)).not.toBeNull();
    expect((await anna("POST", "/api/v1/account/email/proof")).json).toEqual({ sent: false });

    // A new address is nobody's until proven: the old link no longer works, a new one is mailed.
    const moved = await anna("PUT", "/api/v1/account/email", {
      email: "anna.new@example.com",
      password: REGISTER.password,
    });
    expect(moved.status).toBe(200);
    expect(await provenAt("anna.new@example.com")).toBeNull();
    expect((await anna("GET", path)).location).toBe("/shop/dashboard?email_proof=expired");
    expect((await anna("POST", "/api/v1/account/email/proof")).json).toEqual({ sent: true });
    const fresh = await proofLinkTo("anna.new@example.com");
    expect((await anna("GET", `${fresh.pathname}${fresh.search}`)).location).toBe(
      "/shop/dashboard?email_proof=proven",
    );
    expect(await provenAt("anna.new@example.com")).not.toBeNull();
    // Not signed in: refused with 401.
    expect((await (await shopper(p).start())("POST", "/api/v1/account/email/proof")).status).toBe(401);
  });
});
