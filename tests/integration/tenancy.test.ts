import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, MINIMAL_STORES, type Platform, secretOf } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

describe.each(driversFor("either"))("tenancy on %s", (driver) => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "minimal" });
  });
  afterAll(async () => {
    await platform?.dispose();
  });

  it("resolves each host to its own store, ignoring the port", async () => {
    for (const s of MINIMAL_STORES) {
      for (const host of [s.domains[0], `${s.domains[0]}:3000`, s.domains[0].toUpperCase()]) {
        const res = await platform.request(host, "/api/v1/store");
        expect(res.status).toBe(200);
        const body = await res.json();
        expect(body.id).toBe(s.id);
        expect(body.name).toBe(s.name);
        expect(body.countries).toEqual(s.countries);
        expect(body.settings.companyName).toBe(`${s.name} Ltd`);
      }
    }
  });

  it("answers an unknown host with 404, as JSON on the API and as a page elsewhere", async () => {
    const api = await platform.request("nobody.localhost", "/api/v1/store");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({
      error: "unknown_store",
      message: "No shop is served at this address.",
    });
    const page = await platform.request("evil.example.org", "/");
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("Store not found");
    for (const s of MINIMAL_STORES) expect(html).not.toContain(s.name);
    const images = await platform.request("evil.example.org", "/images/brand/logo.svg");
    expect(images.status).toBe(404);
    const noHost = await platform.app.request("http://x/api/v1/store", { headers: { host: "" } });
    expect(noHost.status).toBe(404);
  });

  it("never sends a payment secret, database URL or API key", async () => {
    for (const s of MINIMAL_STORES) {
      const res = await platform.request(s.domains[0], "/api/v1/store");
      const text = await res.text();
      for (const secret of Object.values(secretOf(s.id))) expect(text).not.toContain(secret);
      expect(text).not.toContain(`hash-${s.id}`);
      expect(text).not.toMatch(/postgres(ql)?:\/\//);
      expect(text).not.toMatch(/db_conn_str|dbConnStr|paymentAuth|apiKey/i);
    }
  });

  it("keeps each store's rows in its own database", async () => {
    const seen = new Map<string, string[]>();
    for (const s of MINIMAL_STORES) {
      const store = await platform.registry.resolve(s.domains[0]);
      expect(store?.config.id).toBe(s.id);
      if (!store) throw new Error(`${s.id} did not resolve`);
      const rows = await store.db.query.products.findMany();
      seen.set(
        s.id,
        rows.map((r) => r.name),
      );
    }
    expect(seen.get("alpha")).toEqual(["Alpha Vapes Signature Pod"]);
    expect(seen.get("beta")).toEqual(["Beta Clouds Signature Pod"]);
    expect(seen.get("gamma")).toEqual(["Gamma Trade Signature Pod"]);
  });

  it("derives the spec's setting names per store", async () => {
    const alpha = await (await platform.request("alpha.localhost", "/api/v1/store")).json();
    const gamma = await (await platform.request("gamma.localhost", "/api/v1/store")).json();
    expect(alpha.settings.showStock).toBe(true);
    expect(alpha.settings.pointsEnabled).toBe(true);
    expect(gamma.settings.pointsEnabled).toBe(false);
    expect(alpha.settings.vattext).toBe("*VAT Included");
    expect(alpha.settings.img_folder).toBe("alpha");
    expect(alpha.settings.call_info).toBe("+357 22 500000");
  });

  it("sends HSTS only on real domains and a CSP everywhere", async () => {
    const local = await platform.request("alpha.localhost", "/api/v1/store");
    const real = await platform.request("alpha.example.com", "/api/v1/store");
    expect(local.headers.get("strict-transport-security")).toBeNull();
    expect(real.headers.get("strict-transport-security")).toContain("max-age=");
    expect(local.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(local.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("documents the API as OpenAPI", async () => {
    const res = await platform.request("alpha.localhost", "/api/docs");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/store");
    const missing = await platform.request("alpha.localhost", "/api/v1/nope");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe("not_found");
  });
});
