import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimAttempt, clearAttempts, hitRateLimit } from "../../services/rate-limit";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

describe.each(driversFor("both"))("rate limits on %s", (driver) => {
  let store: TestDb<"store">;
  beforeAll(async () => {
    store = await createTestDatabase(driver, "store");
  });
  afterAll(async () => store?.dispose());

  it("allows the limit per window, blocks the next hit, and opens again in the next window", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const t0 = new Date("2026-01-01T10:00:05Z");
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await hitRateLimit(store.handle.db, "login:ip:1.2.3.4", rule, t0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBe(55);
    const other = await hitRateLimit(store.handle.db, "login:ip:5.6.7.8", rule, t0);
    expect(other.allowed).toBe(true);
    const later = await hitRateLimit(
      store.handle.db,
      "login:ip:1.2.3.4",
      rule,
      new Date("2026-01-01T10:01:01Z"),
    );
    expect(later).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts concurrent hits exactly", async () => {
    const rule = { limit: 5, windowMs: 60_000 };
    const now = new Date("2026-01-01T11:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(store.handle.db, "contact:ip:9", rule, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("claims attempts at once exactly up to the limit, in a window that opens at the first claim", async () => {
    const rule = { limit: 5, windowMs: 15 * 60_000 };
    // Near a clock boundary: a fixed window would start again at 12:15 and let five more through.
    const first = new Date("2026-01-01T12:14:59Z");
    const claims = await Promise.all(
      Array.from({ length: 30 }, () => claimAttempt(store.handle.db, "login:name:x", rule, first)),
    );
    expect(claims.filter((r) => r.allowed)).toHaveLength(5);
    const later = new Date("2026-01-01T12:15:30Z");
    const refused = await claimAttempt(store.handle.db, "login:name:x", rule, later);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 15 * 60 - 31 });
    const afterWindow = new Date("2026-01-01T12:30:00Z");
    expect(await claimAttempt(store.handle.db, "login:name:x", rule, afterWindow)).toMatchObject({
      allowed: true,
      remaining: 4,
    });
    // A success gives the claims back.
    await clearAttempts(store.handle.db, ["login:name:x"]);
    expect((await claimAttempt(store.handle.db, "login:name:x", rule, afterWindow)).remaining).toBe(4);
  });
});
