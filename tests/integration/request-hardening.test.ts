// Issue 19 (hardening) through the real Hono app on both drivers: request body limits (413 before
// the body is read on), NUL bytes and invalid UTF-8 refused at the boundary (400, nothing
// written), the built-in test checkout refused on public hosts unless the store allows it, and
// the 18+ 'No' answer enforced on every write of the session.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as controlSchema from "../../db/control/schema";
import * as s from "../../db/store/schema";
import { hashPassword } from "../../services/auth/password";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type CheckoutFixture, seedCheckoutFixture, stockOf } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";

// Rate limits are per client IP; in-process requests have no socket, so tests name the IP.
process.env.TRUST_PROXY = "1";

const LOCAL = "alpha.localhost";
/** The same store on a public domain: no local-host allowances. */
const PUBLIC = "alpha.example.com";
const PASSWORD = "Customer123!";
const KB = 1024;
const MB = 1024 * KB;

let nextIp = 1;

/** A browser-like client: keeps cookies, sends Origin and the CSRF token. */
class Client {
  cookies = new Map<string, string>();
  csrf = "";
  ip = `10.19.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;
  constructor(
    readonly p: Platform,
    readonly host = LOCAL,
  ) {}

  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const token = res.headers.get("x-csrf-token");
    if (token) this.csrf = token;
  }

  async start() {
    const me = await this.json("GET", "/api/v1/auth/me");
    this.csrf = me.json.csrfToken as string;
    return this;
  }

  async raw(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string>; duplex?: "half" } = {},
  ) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-forwarded-for": this.ip,
      ...init.headers,
    };
    if (method !== "GET") {
      headers.origin ??= `http://${this.host}`;
      if (this.csrf) headers["x-csrf-token"] ??= this.csrf;
    }
    const res = await this.p.request(this.host, path, {
      method,
      headers,
      body: init.body,
      redirect: "manual",
      ...(init.duplex ? { duplex: init.duplex } : {}),
    } as RequestInit);
    this.absorb(res);
    return res;
  }

  async json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.raw(method, path, {
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
    });
    return { status: res.status, json: await readJson(res), res };
  }

  async signIn(username: string) {
    await this.start();
    const r = await this.json("POST", "/api/v1/auth/login", {
      username,
      password: PASSWORD,
      remember: false,
    });
    expect(r.status).toBe(200);
    return this;
  }
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

/** A body of `size` bytes sent in 64 KB chunks with no Content-Length (chunked on the wire). */
function streamOf(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new Uint8Array(64 * KB).fill(0x61);
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk.length, size - sent);
      controller.enqueue(chunk.subarray(0, n));
      sent += n;
    },
  });
}

const inquiry = (extra: Record<string, string> = {}) => ({
  name: "Maria",
  email: "maria@example.com",
  phone: "99123456",
  subject: "Hello",
  message: "Are you open on Sunday?",
  ...extra,
});

describe.each(driversFor("either"))("request hardening on %s", (driver) => {
  let p: Platform;
  let db: StoreContext["db"];
  let fx: CheckoutFixture;

  const rows = async (table: typeof s.inquiries | typeof s.orders | typeof s.newsletterSubscribers) =>
    Number((await db.select({ n: count() }).from(table))[0].n);

  const setSetting = async (key: string, value: string) => {
    await db
      .insert(s.settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: s.settings.key, set: { value } });
    p.registry.invalidate();
  };

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    fx = await seedCheckoutFixture(db);
    await db.update(s.customers).set({ passwordHash: await hashPassword(PASSWORD) });
    p.registry.invalidate();
  });
  afterAll(async () => p?.dispose());

  describe("body size limits", () => {
    it("a 2 MB webhook body gets 413 with a JSON message, refused on its Content-Length", async () => {
      const body = JSON.stringify({ EventTypeId: 1796, pad: "x".repeat(2 * MB) });
      const res = await p.request(LOCAL, "/api/v1/payments/webhook/test", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length) },
        body,
      });
      expect(res.status).toBe(413);
      const json = await readJson(res);
      expect(json.error).toBe("payload_too_large");
      expect(String(json.message)).toMatch(/too large/i);
    });

    it("a webhook body under its 1 MB limit is still read (larger than the 64 KB default)", async () => {
      const body = JSON.stringify({ EventTypeId: 1, pad: "x".repeat(500 * KB) });
      const res = await p.request(LOCAL, "/api/v1/payments/webhook/test", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length) },
        body,
      });
      expect(res.status).toBe(200);
      expect((await readJson(res)).status).toBe("ignored");
    });

    it("a 1 MB body to a JSON endpoint gets 413 with a JSON message; nothing is stored", async () => {
      const v = await new Client(p).start();
      const before = await rows(s.inquiries);
      const body = JSON.stringify(inquiry({ message: "x".repeat(MB) }));
      const r = await v.json("POST", "/api/v1/contact", body, { "content-length": String(body.length) });
      expect(r.status).toBe(413);
      expect(r.json.error).toBe("payload_too_large");
      expect(String(r.json.message)).toMatch(/64 KB/);
      expect(await rows(s.inquiries)).toBe(before);
    });

    it("a chunked body without Content-Length is cut off once it passes the limit", async () => {
      const res = await p.request(LOCAL, "/api/v1/payments/webhook/test", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: streamOf(3 * MB),
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await readJson(res)).error).toBe("payload_too_large");

      const v = await new Client(p).start();
      const api = await v.raw("POST", "/api/v1/newsletter", {
        body: streamOf(200 * KB),
        headers: { "content-type": "application/json", accept: "application/json" },
        duplex: "half",
      });
      expect(api.status).toBe(413);
      expect((await readJson(api)).error).toBe("payload_too_large");
    });

    it("page form posts are limited too (an HTML answer for a page)", async () => {
      const v = await new Client(p).start();
      const body = new URLSearchParams({ csrf: v.csrf, message: "x".repeat(100 * KB) }).toString();
      const res = await v.raw("POST", "/pages/contact", {
        body,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "text/html",
          "content-length": String(body.length),
        },
      });
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
    });
  });

  describe("NUL bytes and invalid UTF-8", () => {
    it("a NUL in the contact and the partner form: 400 with a message, nothing written", async () => {
      const v = await new Client(p).start();
      const before = await rows(s.inquiries);
      for (const path of ["/api/v1/contact", "/api/v1/partner"]) {
        const r = await v.json("POST", path, inquiry({ name: "Eve\u0000", message: "hi\u0000there" }));
        expect(r.status, path).toBe(400);
        expect(r.json.error).toBe("invalid_request");
        expect(String(r.json.message)).toMatch(/NUL|not valid text/i);
      }
      expect(await rows(s.inquiries)).toBe(before);
      // An escaped backslash before u0000 is ordinary text, not a NUL.
      const ok = await v.json("POST", "/api/v1/contact", inquiry({ message: "C:\\u0000 is a path" }));
      expect(ok.status).toBe(200);
      expect(await rows(s.inquiries)).toBe(before + 1);
    });

    it("a NUL in a query string or a path: 400 with a message", async () => {
      for (const path of [
        "/api/v1/store?ref=a%00b",
        "/api/v1/products?q=pod%00",
        "/api/v1/products/slug/x%00",
      ]) {
        const res = await p.request(LOCAL, path, { headers: { accept: "application/json" } });
        expect(res.status, path).toBe(400);
        const json = await readJson(res);
        expect(json.error, path).toBe("invalid_request");
        expect(String(json.message)).toMatch(/NUL/);
      }
      const bad = await p.request(LOCAL, "/api/v1/products?q=%FF%FE", {
        headers: { accept: "application/json" },
      });
      expect(bad.status).toBe(400);
      // A lone % is not an escape: still an ordinary search.
      expect((await p.request(LOCAL, "/api/v1/products?q=100%")).status).toBe(200);
    });

    it("invalid UTF-8 bytes in a JSON body: 400 with a message, nothing written", async () => {
      const v = await new Client(p).start();
      const before = await rows(s.inquiries);
      const text = JSON.stringify(inquiry({ name: "@@" }));
      const at = text.indexOf("@@");
      const bytes = new Uint8Array([
        ...new TextEncoder().encode(text.slice(0, at)),
        0xff,
        0xfe,
        ...new TextEncoder().encode(text.slice(at + 2)),
      ]);
      const r = await v.raw("POST", "/api/v1/contact", {
        body: bytes,
        headers: { "content-type": "application/json", accept: "application/json" },
      });
      expect(r.status).toBe(400);
      const json = await readJson(r);
      expect(json.error).toBe("invalid_request");
      expect(String(json.message)).toMatch(/UTF-8/);
      expect(await rows(s.inquiries)).toBe(before);
    });

    it("a NUL or invalid UTF-8 in a page form post: 400", async () => {
      const v = await new Client(p).start();
      for (const body of [`csrf=${v.csrf}&name=Eve%00`, `csrf=${v.csrf}&name=%C3%28`]) {
        const res = await v.raw("POST", "/pages/contact", {
          body,
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        });
        expect(res.status, body).toBe(400);
      }
    });
  });

  describe("test payments", () => {
    const cardOrder = (c: Client) =>
      c.json("POST", "/api/v1/orders", {
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
      });

    it("a store on the test provider refuses card payment on a public host; local hosts still pay", async () => {
      const local = await new Client(p, LOCAL).signIn("maria@example.com");
      const pending = await cardOrder(local);
      expect(pending.status).toBe(201);
      const redirect = String(pending.json.redirectUrl);

      const shopper = await new Client(p, PUBLIC).signIn("maria@example.com");
      const ordersBefore = await rows(s.orders);
      const stockBefore = await stockOf(db, fx.products.liquid, fx.warehouseId);
      const refused = await cardOrder(shopper);
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe("Card payment is not available at the moment.");
      expect(await rows(s.orders)).toBe(ordersBefore);
      expect(await stockOf(db, fx.products.liquid, fx.warehouseId)).toBe(stockBefore);

      const start = await shopper.json("POST", "/api/v1/payments/start", { orderCode: pending.json.code });
      expect(start.status).toBe(400);
      expect(start.json.message).toBe("Card payment is not available at the moment.");

      // The hosted test page itself refuses on the public host (nobody approves their own payment).
      const page = await shopper.raw("GET", redirect, { headers: { accept: "text/html" } });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("Card payment is not available at the moment.");
      expect((await local.raw("GET", redirect, { headers: { accept: "text/html" } })).status).toBe(200);
    });

    it("with allow_test_payments on, the public host takes card payment", async () => {
      await setSetting("allow_test_payments", "1");
      try {
        const shopper = await new Client(p, PUBLIC).signIn("maria@example.com");
        const placed = await cardOrder(shopper);
        expect(placed.status).toBe(201);
        expect(String(placed.json.redirectUrl)).toContain("/payments/test-checkout?");
      } finally {
        await setSetting("allow_test_payments", "0");
      }
    });

    it("the operator's /readyz lists the stores that take test payments and where", async () => {
      const ready = await readJson(await p.operator.request("http://127.0.0.1/readyz"));
      expect(ready.status).toBe("ready");
      const list = ready.testPayments as { store: string; hosts: string[] }[];
      expect(list.find((x) => x.store === "alpha")?.hosts).toEqual(["alpha.localhost"]);
      expect(list.map((x) => x.store).sort()).toEqual(["alpha", "beta", "gamma"]);

      await setSetting("allow_test_payments", "yes");
      try {
        const again = await readJson(await p.operator.request("http://127.0.0.1/readyz"));
        const alpha = (again.testPayments as { store: string; hosts: string[] }[]).find(
          (x) => x.store === "alpha",
        );
        expect(alpha?.hosts.sort()).toEqual(["alpha.example.com", "alpha.localhost"]);
      } finally {
        await setSetting("allow_test_payments", "0");
      }
    });

    it("a provider name other than viva or test is an error, not the test checkout", async () => {
      const control = p.registry.control.db;
      await control
        .update(controlSchema.stores)
        .set({ paymentProvider: "Viva " })
        .where(eq(controlSchema.stores.id, "alpha"));
      p.registry.invalidate();
      try {
        const shopper = await new Client(p, LOCAL).signIn("maria@example.com");
        const refused = await cardOrder(shopper);
        expect(refused.status).toBe(400);
        expect(refused.json.message).toBe("Card payment is not available at the moment.");
        const ready = await readJson(await p.operator.request("http://127.0.0.1/readyz"));
        expect((ready.testPayments as { store: string }[]).map((x) => x.store)).not.toContain("alpha");
        expect(ready.paymentErrors).toEqual([
          { store: "alpha", message: 'unknown payment provider "Viva "' },
        ]);
      } finally {
        await control
          .update(controlSchema.stores)
          .set({ paymentProvider: "test" })
          .where(eq(controlSchema.stores.id, "alpha"));
        p.registry.invalidate();
      }
    });
  });

  describe("the 18+ 'No' answer", () => {
    const writes: [string, string, unknown][] = [
      ["POST", "/api/v1/cart/check", { items: [{ id: 1, qty: 1 }] }],
      ["POST", "/api/v1/orders/quote", { lines: [{ id: 1, qty: 1 }] }],
      ["POST", "/api/v1/orders", { lines: [{ id: 1, qty: 1 }], shippingId: 1, paymentMethod: "cod" }],
      ["POST", "/api/v1/auth/register", { username: "kid@example.com" }],
      ["POST", "/api/v1/auth/login", { username: "maria@example.com", password: PASSWORD }],
      ["POST", "/api/v1/auth/forgot", { email: "maria@example.com" }],
      ["PUT", "/api/v1/account", { name: "Kid" }],
      ["POST", "/api/v1/notify", { productId: 1, email: "kid@example.com" }],
      ["POST", "/api/v1/newsletter", { email: "kid@example.com" }],
      ["POST", "/api/v1/contact", inquiry()],
      ["POST", "/api/v1/partner", inquiry()],
      ["POST", "/api/v1/payments/start", { orderCode: "X" }],
      ["POST", "/api/v1/errors", { message: "boom" }],
    ];

    const underAge = async (host = LOCAL) => {
      const c = await new Client(p, host).start();
      const answer = await c.json("POST", "/api/v1/session/age", { answer: "no" });
      expect(answer.status).toBe(200);
      expect(c.cookies.get("age_verified")).toBe("no");
      return c;
    };

    it("a session that answered 'No' gets 403 with a message on every write; nothing is written", async () => {
      await setSetting("show_18", "1");
      const kid = await underAge();
      const inquiriesBefore = await rows(s.inquiries);
      const subscribersBefore = await rows(s.newsletterSubscribers);
      for (const [method, path, body] of writes) {
        const r = await kid.json(method, path, body);
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.json.error, path).toBe("age_restricted");
        expect(String(r.json.message)).toMatch(/18/);
      }
      const page = await kid.raw("POST", "/pages/contact", {
        body: `csrf=${kid.csrf}&name=Kid`,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      });
      expect(page.status).toBe(403);
      expect(await rows(s.inquiries)).toBe(inquiriesBefore);
      expect(await rows(s.newsletterSubscribers)).toBe(subscribersBefore);
      // Reading still works, and so do the age answer itself and signing out.
      expect((await kid.json("GET", "/api/v1/store")).status).toBe(200);
      expect((await kid.json("POST", "/api/v1/session/age", { answer: "yes" })).json.age).toBe("under");
      expect((await kid.json("POST", "/api/v1/auth/logout")).status).toBe(200);
    });

    it("the payment webhook (no browser) is not affected", async () => {
      const kid = await underAge();
      const r = await kid.json("POST", "/api/v1/payments/webhook/test", { EventTypeId: 1 });
      expect(r.status).toBe(200);
      expect(r.json.status).toBe("ignored");
    });

    it("with 'Yes' the same writes behave as before", async () => {
      const adult = await new Client(p).start();
      expect((await adult.json("POST", "/api/v1/session/age", { answer: "yes" })).status).toBe(200);
      expect((await adult.json("POST", "/api/v1/newsletter", { email: "adult@example.com" })).status).toBe(
        200,
      );
      expect((await adult.json("POST", "/api/v1/contact", inquiry())).status).toBe(200);
      expect((await adult.json("POST", "/api/v1/cart/check", { items: [] })).status).toBe(200);
      const signIn = await adult.json("POST", "/api/v1/auth/login", {
        username: "maria@example.com",
        password: PASSWORD,
        remember: false,
      });
      expect(signIn.status).toBe(200);
    });

    it("stores without the 18+ gate ignore the answer", async () => {
      const kid = await underAge("beta.localhost");
      expect((await kid.json("POST", "/api/v1/newsletter", { email: "kid2@example.com" })).status).toBe(200);
    });
  });
});
