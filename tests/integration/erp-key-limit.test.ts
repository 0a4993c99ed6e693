// Wrong ERP API keys are limited per client address (issue 38 item 9): 20 wrong keys in 10
// minutes answer 401, the next request from that address answers 429 with Retry-After (its right
// key too, or the limit would not stop guessing), while another address with the right key still
// passes and right keys count nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULES } from "../../services/auth/limits";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-limit-38";

describe.each(driversFor("either"))("wrong ERP API keys on %s", (driver) => {
  let p: Platform;
  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", KEY);
  });
  afterAll(async () => p?.dispose());

  const call = (ip: string, key: string) =>
    p.request(HOST, "/api/v1/integration/orders", { headers: { "x-api-key": key, "x-forwarded-for": ip } });

  it("answers 429 with Retry-After after 20 wrong keys from one address, its right key included", async () => {
    const limit = RULES.wrongApiKeyPerIp.limit;
    expect(limit).toBe(20);
    for (let i = 0; i < limit; i++) expect((await call("10.38.0.1", `guess-${i}`)).status).toBe(401);
    const over = await call("10.38.0.1", "guess-next");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await over.json()) as { error: string; message: string };
    expect(body.error).toBe("rate_limited");
    expect(body.message).toMatch(/^Too many wrong API keys from this address\. Try again in \d+ minutes?\.$/);
    expect((await call("10.38.0.1", KEY)).status).toBe(429);
    // Another address is not held back by it.
    expect((await call("10.38.0.2", KEY)).status).toBe(200);
    expect((await call("10.38.0.2", "guess-other")).status).toBe(401);
  });

  it("does not count requests with the right key", async () => {
    for (let i = 0; i < 30; i++) expect((await call("10.38.1.1", KEY)).status).toBe(200);
    for (let i = 0; i < 19; i++) expect((await call("10.38.1.1", `guess-${i}`)).status).toBe(401);
    expect((await call("10.38.1.1", KEY)).status).toBe(200);
  });
});
