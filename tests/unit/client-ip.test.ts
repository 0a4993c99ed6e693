// Behind a proxy that appends to X-Forwarded-For, the client chooses every entry but the last.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp } from "../../server/http/client";

function appTrusting(trustProxy: boolean) {
  const app = new Hono<{ Variables: { trustProxy: boolean } }>();
  app.use(async (c, next) => {
    c.set("trustProxy", trustProxy);
    await next();
  });
  app.get("/", (c) => c.text(clientIp(c)));
  return app;
}

describe("clientIp", () => {
  it("takes the entry the proxy wrote, not one the client sent ahead of it", async () => {
    const res = await appTrusting(true).request("/", {
      headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.7" },
    });
    expect(await res.text()).toBe("203.0.113.7");
    const single = await appTrusting(true).request("/", { headers: { "x-forwarded-for": " 198.51.100.4 " } });
    expect(await single.text()).toBe("198.51.100.4");
  });

  it("ignores the header without TRUST_PROXY", async () => {
    const res = await appTrusting(false).request("/", { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(await res.text()).not.toBe("203.0.113.7");
  });
});
