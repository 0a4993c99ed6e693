import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, type Platform } from "../fixtures/platform";

describe("serving", () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createPlatform("pglite", { seed: "minimal" });
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

  it("reports health, readiness and metrics", async () => {
    const health = await platform.app.request("http://x/healthz");
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await platform.app.request("http://x/readyz");
    expect(ready.status).toBe(200);
    await platform.request("alpha.localhost", "/api/v1/store");
    const metrics = await (await platform.app.request("http://x/metrics")).text();
    expect(metrics).toMatch(/http_requests_total\{store="alpha",kind="api",status="200"\} \d+/);
  });
});
