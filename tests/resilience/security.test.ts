// Security: tenant isolation (a session, an order, a customer of one store is useless on another
// store's host), rate limits on sign-in, password reset, registration, contact and back-in-stock
// requests, CSRF rejection, security headers on real rendered pages, and no secret in the client
// bundle or in any response of a crawl of every store.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PAYMENT_SECRETS, demoApiKey } from "../../db/seed/demo-accounts";
import * as s from "../../db/store/schema";
import type { StoreDb } from "../../services/context";
import { type Endpoint, endpointsOf, type OpenApiDoc } from "./helpers/fuzz";
import { Client, leaksInternals } from "./helpers/http";
import { type DemoPlatform, openDemoPlatform } from "./helpers/platform";
import { BUILD_DIR } from "./helpers/server";
import { prepareShop } from "./helpers/store-data";

process.env.TRUST_PROXY = "1";

const MAIN = "localhost";
const CY = "cy.localhost";
const WHOLESALE = "wholesale.localhost";
const password = (username: string) => DEMO_ACCOUNTS.find((a) => a.username === username)?.password ?? "";

/** Strings that must never reach a browser. */
const SECRETS = [
  ...Object.values(DEMO_PAYMENT_SECRETS).flatMap((x) => [x.auth, x.sourceCode, x.altAuth]),
  "demo-erp-key-",
  "postgres://",
  "postgresql://",
  "$argon2",
  "password_hash",
  "passwordHash",
  "apiKeyHash",
];

function secretsIn(text: string): string[] {
  return SECRETS.filter((x) => text.includes(x));
}

describe("security", () => {
  let demo: DemoPlatform;
  let mainDb: StoreDb;
  let maria: Client;
  let productId: number;
  let shippingId: number;

  beforeAll(async () => {
    demo = await openDemoPlatform("security", { pages: true });
    mainDb = (await demo.registry.storeHandle("main")).db;
    const fx = await prepareShop(await demo.registry.storeHandle("main"), {
      customers: 0,
      products: 1,
      stockEach: 50,
      prefix: "sec",
    });
    productId = fx.products[0].id;
    shippingId = fx.shippingId;
    maria = await new Client(demo.send, MAIN).signIn("maria@example.com", password("maria@example.com"));
  });
  afterAll(async () => demo?.dispose());

  describe("tenant isolation", () => {
    it("a session of one store is not signed in on another store's host", async () => {
      const me = await maria.json("GET", "/api/v1/auth/me");
      expect((me.json.customer as { username?: string } | null)?.username).toBe("maria@example.com");
      for (const host of [CY, WHOLESALE]) {
        const stolen = new Client(demo.send, host);
        stolen.cookies = new Map(maria.cookies);
        const there = await stolen.json("GET", "/api/v1/auth/me");
        expect(there.status).toBe(200);
        expect(there.json.customer, `main's session on ${host}`).toBeNull();
        expect((await stolen.json("GET", "/api/v1/orders")).status).toBe(401);
        // Nor does its CSRF token work there.
        stolen.csrf = maria.csrf;
        const post = await stolen.json("POST", "/api/v1/newsletter", { email: "x@example.com" });
        expect(post.status, `main's CSRF token on ${host}`).toBe(403);
      }
    });

    it("an order code of one store is not found on another store, even by a signed-in customer there", async () => {
      const placed = await maria.json("POST", "/api/v1/orders", {
        lines: [{ id: productId, qty: 1 }],
        shippingId,
        paymentMethod: "cod",
      });
      expect(placed.status, placed.text).toBe(201);
      const code = String(placed.json.code);
      expect((await maria.json("GET", `/api/v1/orders/${code}`)).status).toBe(200);
      const eleni = await new Client(demo.send, CY).signIn(
        "eleni@example.com",
        password("eleni@example.com"),
      );
      const other = await eleni.json("GET", `/api/v1/orders/${code}`);
      expect(other.status).toBe(404);
      expect(other.text).not.toContain(code.slice(1));
      // The ERP key of one store does not open another store's integration API.
      const erp = await demo.send(CY, "/api/v1/integration/orders", {
        headers: { "x-api-key": demoApiKey("main") },
      });
      expect(erp.status).toBe(401);
      const own = await demo.send(MAIN, "/api/v1/integration/orders", {
        headers: { "x-api-key": demoApiKey("main") },
      });
      expect(own.status).toBe(200);
      expect(await own.text()).toContain(code);
      const cyErp = await demo.send(CY, "/api/v1/integration/orders", {
        headers: { "x-api-key": demoApiKey("cy") },
      });
      expect(await cyErp.text()).not.toContain(code);
    });

    it("a password-reset link (customer id + token) of one store does nothing on another", async () => {
      const visitor = await new Client(demo.send, MAIN).start();
      const asked = await visitor.json("POST", "/api/v1/auth/forgot", { email: "vatfree@example.com" });
      expect(asked.status, asked.text).toBe(200);
      const [mail] = await mainDb
        .select()
        .from(s.outbox)
        .where(eq(s.outbox.kind, "password-reset"))
        .orderBy(desc(s.outbox.id))
        .limit(1);
      const link = /password-reset\?token=([^&"]+)&(?:amp;)?custid=(\d+)/.exec(mail.text + mail.html);
      expect(link).not.toBeNull();
      const token = decodeURIComponent(String(link?.[1]));
      const custid = Number(link?.[2]);
      const body = { token, custid, password: "NewPassw0rd!", confirm: "NewPassw0rd!" };
      for (const host of [CY, WHOLESALE]) {
        const elsewhere = await new Client(demo.send, host).start();
        const r = await elsewhere.json("POST", "/api/v1/auth/reset", body);
        expect(r.status, `${host}: ${r.text}`).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
      }
      // The same link still works once on its own store.
      const home = await new Client(demo.send, MAIN).start();
      expect((await home.json("POST", "/api/v1/auth/reset", body)).status).toBe(200);
      expect((await home.json("POST", "/api/v1/auth/reset", body)).status).toBe(410);
    });
  });

  describe("rate limits", () => {
    /** Repeats a request from one address until it is refused with 429; returns the attempt number. */
    async function attemptsUntil429(
      host: string,
      make: (i: number) => { path: string; body: unknown },
      max: number,
    ): Promise<{ at: number; retryAfter: string | null }> {
      const client = await new Client(demo.send, host).start();
      for (let i = 1; i <= max; i++) {
        const { path, body } = make(i);
        const r = await client.json("POST", path, body);
        expect(r.status, `${path} attempt ${i}: ${r.text}`).toBeLessThan(500);
        if (r.status === 429) return { at: i, retryAfter: r.res.headers.get("retry-after") };
      }
      return { at: -1, retryAfter: null };
    }

    it("sign-in: per address, and per account", async () => {
      const perIp = await attemptsUntil429(
        MAIN,
        (i) => ({
          path: "/api/v1/auth/login",
          body: { username: `nobody${i}@example.com`, password: "wrong" },
        }),
        40,
      );
      expect(perIp.at).toBe(31);
      expect(Number(perIp.retryAfter)).toBeGreaterThan(0);
      // One account attacked from many addresses is locked too.
      let locked = -1;
      for (let i = 1; i <= 12 && locked < 0; i++) {
        const c = await new Client(demo.send, MAIN).start();
        const r = await c.json("POST", "/api/v1/auth/login", { username: "99123456", password: `guess${i}` });
        expect(r.status).toBeLessThan(500);
        if (r.status === 429) locked = i;
      }
      expect(locked).toBeGreaterThan(1);
      expect(locked).toBeLessThanOrEqual(11);
    });

    it("password reset requests: per email and per address", async () => {
      const perEmail = await attemptsUntil429(
        MAIN,
        () => ({ path: "/api/v1/auth/forgot", body: { email: "maria@example.com" } }),
        10,
      );
      expect(perEmail.at).toBe(4);
      const perIp = await attemptsUntil429(
        CY,
        (i) => ({ path: "/api/v1/auth/forgot", body: { email: `someone${i}@example.com` } }),
        15,
      );
      expect(perIp.at).toBe(11);
    });

    it("registration: per address", async () => {
      const r = await attemptsUntil429(
        MAIN,
        (i) => ({
          path: "/api/v1/auth/register",
          body: {
            firstName: "Rate",
            lastName: `Limit ${i}`,
            company: "",
            country: "CY",
            street: "Street 1",
            city: "Limassol",
            postcode: "3000",
            phone: `9966${String(1000 + i)}`,
            email: `ratelimit${i}@example.com`,
            password: "Passw0rd!x",
            privacy: true,
          },
        }),
        15,
      );
      expect(r.at).toBe(11);
      expect(r.retryAfter).not.toBeNull();
    });

    it("contact form and back-in-stock requests: per address", async () => {
      const contact = await attemptsUntil429(
        MAIN,
        (i) => ({
          path: "/api/v1/contact",
          body: {
            name: "Rate",
            email: "rate@example.com",
            phone: "99123456",
            subject: `Hello ${i}`,
            message: "Hi there",
          },
        }),
        10,
      );
      expect(contact.at).toBe(6);
      const notify = await attemptsUntil429(
        MAIN,
        (i) => ({ path: "/api/v1/notify", body: { productId, email: `notify${i}@example.com` } }),
        15,
      );
      expect(notify.at).toBe(11);
    });
  });

  describe("CSRF", () => {
    it("refuses unsafe requests without the token, with another visitor's token, or from another origin", async () => {
      const a = await new Client(demo.send, MAIN).start();
      const b = await new Client(demo.send, MAIN).start();
      const body = { email: "csrf@example.com" };
      expect((await a.json("POST", "/api/v1/newsletter", body, { csrf: false })).status).toBe(403);
      a.csrf = b.csrf;
      expect((await a.json("POST", "/api/v1/newsletter", body)).status).toBe(403);
      await a.start();
      const evil = await a.raw("POST", "/api/v1/newsletter", {
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", origin: "https://evil.example" },
      });
      expect(evil.status).toBe(403);
      const crossSite = await a.raw("POST", "/api/v1/newsletter", {
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      });
      expect(crossSite.status).toBe(403);
      // Signed in, an order without the token is refused and nothing is written.
      const before = await mainDb.select({ id: s.orders.id }).from(s.orders);
      const noToken = await maria.json(
        "POST",
        "/api/v1/orders",
        { lines: [{ id: productId, qty: 1 }], shippingId, paymentMethod: "cod" },
        { csrf: false },
      );
      expect(noToken.status).toBe(403);
      expect(await mainDb.select({ id: s.orders.id }).from(s.orders)).toHaveLength(before.length);
      // A page form post without the token field is refused too.
      const form = await a.raw("POST", "/pages/contact", {
        body: new URLSearchParams({ name: "x", email: "x@example.com", message: "hi" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        csrf: false,
      });
      expect(form.status).toBe(403);
    });
  });

  describe("security headers", () => {
    it("pages carry a CSP whose nonce is on every script, frame-ancestors, referrer policy, nosniff", async () => {
      const visitor = new Client(demo.send, MAIN);
      for (const path of ["/", "/pages/contact", "/shop/cart"]) {
        const res = await visitor.raw("GET", path, { headers: { accept: "text/html" } });
        expect(res.status, path).toBe(200);
        const html = await res.text();
        const csp = res.headers.get("content-security-policy") ?? "";
        const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
        expect(nonce, `${path} CSP ${csp}`).toBeTruthy();
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp).toMatch(/frame-ancestors 'self'/);
        expect(csp).toMatch(/object-src 'none'/);
        const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
        expect(scripts.length).toBeGreaterThan(0);
        for (const attrs of scripts) {
          if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
          expect(attrs, `${path}: script without the nonce`).toContain(`nonce="${nonce}"`);
        }
        expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("strict-transport-security"), "no HSTS on a local host").toBeNull();
        // A fresh nonce per response.
        const again = await visitor.raw("GET", path, { headers: { accept: "text/html" } });
        await again.arrayBuffer();
        expect(again.headers.get("content-security-policy")).not.toBe(csp);
      }
    });

    it("a real domain gets HSTS and secure, host-only session cookies", async () => {
      const res = await demo.send("vapehaven.eu", "/", { headers: { accept: "text/html" } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const api = await demo.send("vapehaven.eu", "/api/v1/store");
      await api.arrayBuffer();
      expect(api.headers.get("strict-transport-security")).toMatch(/max-age=/);
    });
  });

  describe("secrets", () => {
    it("the client bundle holds no payment secret, API key, database URL or password hash", () => {
      const root = join(BUILD_DIR, "client");
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const f of readdirSync(dir)) {
          const p = join(dir, f);
          if (statSync(p).isDirectory()) walk(p);
          else if (/\.(js|css|html|json|map|txt|svg)$/.test(f)) files.push(p);
        }
      };
      walk(root);
      expect(files.length).toBeGreaterThan(3);
      const found = files.flatMap((f) => secretsIn(readFileSync(f, "utf8")).map((x) => `${f}: ${x}`));
      expect(found).toEqual([]);
    });

    it("no response of a crawl of every store (API and pages, visitor and signed in) shows a secret or an internal", async () => {
      const doc = (await (await demo.send(MAIN, "/api/docs")).json()) as OpenApiDoc;
      const gets = endpointsOf(doc).filter((e: Endpoint) => e.method === "GET");
      const paramValues: Record<string, string[]> = {
        id: [String(productId)],
        kind: ["master", "popular", "menu"],
        page: ["about", "contact", "terms", "privacy", "returns", "partner"],
        slug: ["no-such-product"],
        code: ["WNOSUCHORDER1"],
        provider: ["test"],
      };
      const urls: string[] = [];
      for (const e of gets) {
        const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        let paths = [e.path];
        for (const n of names) {
          paths = paths.flatMap((p) => (paramValues[n] ?? ["1"]).map((v) => p.replace(`{${n}}`, v)));
        }
        urls.push(...paths.map((p) => `/api/v1${p}`));
      }
      urls.push(
        "/api/docs",
        "/",
        "/pages/about",
        "/pages/contact",
        "/pages/terms",
        "/shop/cart",
        "/register",
        "/robots.txt",
        "/sitemap.xml",
      );
      const visitors = [
        new Client(demo.send, MAIN),
        maria,
        new Client(demo.send, CY),
        await new Client(demo.send, WHOLESALE).signIn(
          "buyer@wholesale.example",
          password("buyer@wholesale.example"),
        ),
      ];
      const problems: string[] = [];
      let checked = 0;
      for (const v of visitors) {
        for (const url of urls) {
          const r = await v.raw("GET", url, {
            headers: {
              accept: url.startsWith("/api") ? "application/json" : "text/html",
              "x-api-key": demoApiKey("main"),
            },
          });
          const text = await r.text();
          checked++;
          if (r.status >= 500) problems.push(`${v.host}${url}: ${r.status}`);
          for (const x of secretsIn(text)) problems.push(`${v.host}${url}: ${x}`);
          const leak = leaksInternals(text);
          if (leak) problems.push(`${v.host}${url}: ${leak}`);
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    });
  });
});
