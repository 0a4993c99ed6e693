import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as controlSchema from "../../db/control/schema";
import { precompressAssets } from "../../scripts/precompress";
import { createPlatform, OPERATOR_TOKEN, type Platform } from "../fixtures/platform";
import { runsOn } from "../helpers/databases";

// Pinned to the embedded database (the default deployment); skipped in a TEST_DRIVER=pg run.
describe.runIf(runsOn("pglite"))("serving", () => {
  let platform: Platform;
  const clientDir = mkdtempSync(join(tmpdir(), "sf-client-"));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];\n`;
  beforeAll(async () => {
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "assets", "app-abc123.js"), script);
    writeFileSync(join(clientDir, "assets", "tiny-abc123.js"), "export {};\n");
    precompressAssets(clientDir);
    platform = await createPlatform("pglite", { seed: "minimal", clientDir });
    for (const id of ["alpha", "beta"]) {
      const dir = join(platform.dataDir, "images", id, "brand");
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "logo.svg"),
        `<svg xmlns="http://www.w3.org/2000/svg"><title>${id}</title></svg>`,
      );
    }
    writeFileSync(join(platform.dataDir, "secret.txt"), "do not serve");
  });
  afterAll(async () => platform?.dispose());

  it("serves each store's images from its own folder with cache headers", async () => {
    const alpha = await platform.request("alpha.localhost", "/images/brand/logo.svg");
    expect(alpha.status).toBe(200);
    expect(alpha.headers.get("content-type")).toContain("image/svg+xml");
    expect(alpha.headers.get("cache-control")).toContain("max-age=");
    expect(await alpha.text()).toContain("<title>alpha</title>");
    const beta = await platform.request("beta.localhost", "/images/brand/logo.svg");
    expect(await beta.text()).toContain("<title>beta</title>");
  });

  it("answers a missing image or a path escape with 404", async () => {
    expect((await platform.request("gamma.localhost", "/images/brand/logo.svg")).status).toBe(404);
    for (const path of [
      "/images/../secret.txt",
      "/images/%2e%2e/secret.txt",
      "/images/..%2f..%2fsecret.txt",
      "/images//etc/passwd",
    ]) {
      // URL parsing already resolves dot segments; whatever answers, it is not the file.
      const res = await platform.request("alpha.localhost", path);
      expect(res.status, path).not.toBe(200);
      expect(await res.text()).not.toContain("do not serve");
    }
  });

  it("serves the build's assets from their brotli or gzip copies, cached for a year", async () => {
    const get = (acceptEncoding: string, file = "app-abc123.js") =>
      platform.request("alpha.localhost", `/assets/${file}`, {
        headers: { "accept-encoding": acceptEncoding },
      });
    const br = await get("gzip, deflate, br, zstd");
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("content-type")).toContain("javascript");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBody.length);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await get("gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get("identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
    // A file too small to be worth a copy is sent as it is.
    const tiny = await get("gzip, br", "tiny-abc123.js");
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe(readFileSync(join(clientDir, "assets", "tiny-abc123.js"), "utf8"));
  });

  it("compresses a JSON answer in one piece, with its length, and keeps its cookies", async () => {
    const get = (acceptEncoding?: string, path = "/api/docs") =>
      platform.request("alpha.localhost", path, {
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
    const plain = await get();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");

    const gz = await get("gzip, deflate, br, zstd");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("content-type")).toContain("application/json");
    expect(gz.headers.get("vary")).toContain("Accept-Encoding");
    const gzBody = Buffer.from(await gz.arrayBuffer());
    expect(Number(gz.headers.get("content-length"))).toBe(gzBody.length);
    expect(gunzipSync(gzBody).toString()).toBe(text);
    // Headers set before compressing survive it: the session cookie, the CSP.
    expect(gz.headers.getSetCookie()).toHaveLength(1);
    expect(gz.headers.get("content-security-policy")).toContain("default-src 'self'");

    const deflated = await get("deflate");
    expect(deflated.headers.get("content-encoding")).toBe("deflate");
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).toBe(text);

    // Below the threshold the answer goes as it is, its length given.
    const small = await get("gzip", "/api/v1/no-such-endpoint");
    expect(small.status).toBe(404);
    expect(small.headers.get("content-encoding")).toBeNull();
    const smallText = await small.text();
    expect(Number(small.headers.get("content-length"))).toBe(Buffer.byteLength(smallText));
    expect(JSON.parse(smallText)).toMatchObject({ error: "not_found" });
  });

  it("still compresses other text as a stream", async () => {
    const res = await platform.request("alpha.localhost", "/sitemap.xml", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-length")).toBeNull();
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain("<urlset");
  });

  it("reports health and readiness on the shop port, without details", async () => {
    const health = await platform.app.request("http://x/healthz");
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await platform.app.request("http://x/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("keeps the metrics off the shops' hosts: they are on the operator listener", async () => {
    await platform.request("alpha.localhost", "/api/v1/store");
    const onShop = await platform.request("alpha.localhost", "/metrics", {
      headers: { accept: "text/plain" },
    });
    expect(await onShop.text()).not.toContain("http_requests_total");
    const onUnknownHost = await platform.app.request("http://x/metrics");
    expect(onUnknownHost.status).toBe(404);

    const operator = platform.operator;
    const metrics = await (await operator.request("http://127.0.0.1/metrics")).text();
    expect(metrics).toMatch(/http_requests_total\{store="alpha",kind="api",status="200"\} \d+/);
    const ready = await (await operator.request("http://127.0.0.1/readyz")).json();
    expect(ready.status).toBe("ready");
    expect(ready.problems).toEqual([]);
    expect(ready.testPayments.map((x: { store: string }) => x.store).sort()).toEqual([
      "alpha",
      "beta",
      "gamma",
    ]);
    expect((await operator.request("http://127.0.0.1/stores", { method: "POST" })).status).toBe(401);
    const wrong = await operator.request("http://127.0.0.1/stores", {
      method: "POST",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    // The right token passes (no store commands are mounted on this test platform).
    const right = await operator.request("http://127.0.0.1/stores", {
      method: "POST",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(right.status).toBe(404);
  });

  it("sends the security headers on every response: health, unknown hosts, errors, pages and API", async () => {
    const responses = [
      await platform.app.request("http://x/healthz"),
      await platform.app.request("http://x/readyz"),
      await platform.app.request("http://unknown.example/"),
      await platform.app.request("http://unknown.example/api/v1/store"),
      await platform.request("alpha.localhost", "/api/v1/store"),
      await platform.request("alpha.localhost", "/api/v1/nothing-here"),
      await platform.request("alpha.localhost", "/images/none.png"),
    ];
    for (const res of responses) {
      expect(res.headers.get("x-content-type-options"), res.url).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), res.url).toBe("SAMEORIGIN");
      expect(res.headers.get("referrer-policy"), res.url).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy"), res.url).toContain("frame-ancestors 'self'");
    }
    const unknown = await platform.app.request("http://unknown.example/");
    expect(unknown.status).toBe(404);
    const publicHost = await platform.request("alpha.example.com", "/api/v1/store");
    expect(publicHost.headers.get("strict-transport-security")).toContain("max-age=");
    const localHost = await platform.request("alpha.localhost", "/api/v1/store");
    expect(localHost.headers.get("strict-transport-security")).toBeNull();
  });

  it("answers a paused store's shoppers with a 503 page while its back office works", async () => {
    await platform.registry.control.db
      .update(controlSchema.stores)
      .set({ pausedAt: new Date() })
      .where(eq(controlSchema.stores.id, "beta"));
    platform.registry.invalidate();
    try {
      const page = await platform.request("beta.localhost", "/");
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("3600");
      expect(await page.text()).toContain("The shop is closed for a moment.");
      const api = await platform.request("beta.localhost", "/api/v1/store");
      expect(api.status).toBe(503);
      expect((await api.json()).error).toBe("store_paused");
      const admin = await platform.request("beta.localhost", "/admin/api/session");
      expect([200, 401]).toContain(admin.status);
      // Other stores are not affected.
      expect((await platform.request("alpha.localhost", "/api/v1/store")).status).toBe(200);
    } finally {
      await platform.registry.control.db
        .update(controlSchema.stores)
        .set({ pausedAt: null })
        .where(eq(controlSchema.stores.id, "beta"));
      platform.registry.invalidate();
    }
    expect((await platform.request("beta.localhost", "/api/v1/store")).status).toBe(200);
  });
});
