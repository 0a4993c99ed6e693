// Duplicate phone numbers: ten registrations with one phone number at once (and a details change
// racing onto a taken number) leave exactly one live account with that number; the others are
// told 'Username or Phone number already exists!', never a 500.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import type { StoreDb } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { Client } from "./helpers/http";

// Each registration comes from an address of its own (the per-IP sign-up limit is not the subject).
process.env.TRUST_PROXY = "1";

const HOST = "alpha.localhost";
const RACERS = 10;
const DUPLICATE = "Username or Phone number already exists!";

const registration = (i: number, phone: string) => ({
  firstName: "Racer",
  lastName: String(i),
  company: "",
  country: "CY",
  street: "Ledras 10",
  city: "Nicosia",
  postcode: "1011",
  phone,
  email: `racer${i}-${phone}@phone-race.test`,
  password: "Sunny-Day-42-Racer",
  privacy: true,
});

describe.each(driversFor("both"))("one account per phone number on %s", (driver) => {
  let p: Platform;
  let db: StoreDb;
  const send = (host: string, path: string, init?: RequestInit) => p.request(host, path, init);

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
  });
  afterAll(async () => p?.dispose());

  const liveWithPhone = async (digits: string) =>
    (
      await db
        .select({ id: s.customers.id })
        .from(s.customers)
        .where(
          and(
            eq(s.customers.deleted, false),
            sql`regexp_replace(${s.customers.mobilePhone}, '[^0-9]', '', 'g') = ${digits}`,
          ),
        )
    ).length;

  it(`${RACERS} parallel registrations with one phone number create one account`, async () => {
    const clients = await Promise.all(Array.from({ length: RACERS }, () => new Client(send, HOST).start()));
    const answers = await Promise.all(
      clients.map((c, i) => c.json("POST", "/api/v1/auth/register", registration(i, "99770001"))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((st) => st === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status, a.text).toBe(409);
      expect(a.json.message).toBe(DUPLICATE);
    }
    expect(await liveWithPhone("99770001")).toBe(1);
  });

  it("a number stored with spaces counts as the same number", async () => {
    await db.insert(s.customers).values({
      username: "spaced@phone-race.test",
      name: "Spaced",
      surname: "Phone",
      passwordHash: "x",
      mobilePhone: "99 77 00 02",
      email: "spaced@phone-race.test",
    });
    const r = await new Client(send, HOST)
      .start()
      .then((c) => c.json("POST", "/api/v1/auth/register", registration(99, "99770002")));
    expect(r.status, r.text).toBe(409);
    expect(r.json.message).toBe(DUPLICATE);
    expect(await liveWithPhone("99770002")).toBe(1);
  });

  it("changing account details onto a number another account holds is refused in a race too", async () => {
    const [a, b] = await Promise.all([new Client(send, HOST).start(), new Client(send, HOST).start()]);
    const ra = await a.json("POST", "/api/v1/auth/register", registration(201, "99770011"));
    const rb = await b.json("POST", "/api/v1/auth/register", registration(202, "99770012"));
    expect([ra.status, rb.status]).toEqual([201, 201]);
    const details = (phone: string) => ({
      firstName: "Racer",
      lastName: "Moved",
      company: "",
      phone,
      street: "Ledras 10",
      postcode: "1011",
      city: "Nicosia",
      country: "CY",
    });
    // Both move onto one free number at once: one wins, the other hears the spec's text.
    const moves = await Promise.all([
      a.json("PUT", "/api/v1/account", details("99770013")),
      b.json("PUT", "/api/v1/account", details("99770013")),
    ]);
    expect(moves.map((m) => m.status).sort()).toEqual([200, 409]);
    expect(moves.find((m) => m.status === 409)?.json.message).toBe(DUPLICATE);
    expect(await liveWithPhone("99770013")).toBe(1);
  });
});
