// Sign-in under a burst: 30 sign-ins for one account at once from one address (29 wrong
// passwords, 1 right) verify at most the lockout's 5 passwords; the others are refused with 429
// before any password is checked, the right one among them included. Password resets at once
// from one address are refused past their limit too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import { hashPassword } from "../../services/auth/password";
import type { StoreDb } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { Client, type JsonResult } from "./helpers/http";

process.env.TRUST_PROXY = "1";

const HOST = "alpha.localhost";
const BURST = 30;
const LOCKOUT = 5;
const RIGHT = "Right-Burst-Pass-7";

describe.each(driversFor("both"))("sign-in races on %s", (driver) => {
  let p: Platform;
  let db: StoreDb;
  const send = (host: string, path: string, init?: RequestInit) => p.request(host, path, init);

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    await db.insert(s.customers).values({
      username: "burst@auth-race.test",
      name: "Burst",
      surname: "Target",
      email: "burst@auth-race.test",
      mobilePhone: "99550001",
      street: "Ledras 10",
      postcode: "1011",
      city: "Nicosia",
      country: "CY",
      passwordHash: await hashPassword(RIGHT),
    });
  });
  afterAll(async () => p?.dispose());

  /** Visitors with sessions of their own, all behind one address. */
  async function visitors(n: number, ip: string): Promise<Client[]> {
    const clients = await Promise.all(Array.from({ length: n }, () => new Client(send, HOST).start()));
    for (const c of clients) c.ip = ip;
    return clients;
  }

  it(`${BURST} parallel sign-ins (29 wrong, 1 right) verify at most ${LOCKOUT} passwords`, async () => {
    const clients = await visitors(BURST, "10.77.0.1");
    // The right password goes last, as an attacker's successful guess would.
    const answers: JsonResult[] = await Promise.all(
      clients.map((c, i) =>
        c.json("POST", "/api/v1/auth/login", {
          username: "burst@auth-race.test",
          password: i === BURST - 1 ? RIGHT : `wrong-guess-${i}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => ![200, 401, 429].includes(st))).toEqual([]);
    // Only a verified password answers 200 or 401.
    const verified = statuses.filter((st) => st === 200 || st === 401).length;
    expect(verified, `statuses: ${statuses.join(",")}`).toBeLessThanOrEqual(LOCKOUT);
    expect(statuses.filter((st) => st === 429).length).toBeGreaterThanOrEqual(BURST - LOCKOUT);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.json.error).toBe("rate_limited");
      expect(Number(a.res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const right = clients[BURST - 1];
    const me = await right.json("GET", "/api/v1/auth/me");
    if (answers[BURST - 1].status === 429) expect(me.json.customer, "refused, yet signed in").toBeNull();
    else expect(answers[BURST - 1].status).toBe(200);
  });

  it("parallel password resets from one address are refused past the limit", async () => {
    const clients = await visitors(40, "10.77.0.2");
    const answers = await Promise.all(
      clients.map((c) =>
        c.json("POST", "/api/v1/auth/reset", {
          token: "not-a-real-token",
          custid: 1,
          password: "Burst-Reset-Pass-9",
          confirm: "Burst-Reset-Pass-9",
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
    expect(statuses.filter((st) => st === 429).length, statuses.join(",")).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.json).toMatchObject({ error: "rate_limited" });
      expect(Number(a.res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
