// Contact, partner, back-in-stock, error log, content and robots/sitemap through the real
// Hono app on both drivers: validation messages word for word, rate limits, honeypot, the rows
// written (inquiries, outbox, notify_requests, error_log) and the stock-rise notification.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentSections,
  errorLog,
  inquiries,
  notifyRequests,
  outbox,
  pageContent,
  products,
  settings,
  stock,
  warehouses,
} from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { adjustStock, setStock } from "../../services/stock";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

// Rate limits are per client IP; in-process requests have no socket, so tests name the IP.
process.env.TRUST_PROXY = "1";

const HOST = "alpha.localhost";

interface Visitor {
  cookie: string;
  csrf: string;
}

async function visitor(platform: Platform, host = HOST): Promise<Visitor> {
  const res = await platform.request(host, "/api/v1/store");
  const setCookie = res.headers.get("set-cookie") ?? "";
  const csrf = res.headers.get("x-csrf-token") ?? "";
  expect(csrf).not.toBe("");
  return { cookie: setCookie.split(";")[0], csrf };
}

function post(platform: Platform, v: Visitor, path: string, body: unknown, ip = "10.0.0.1", host = HOST) {
  return platform.request(host, `/api/v1${path}`, {
    method: "POST",
    headers: {
      cookie: v.cookie,
      "x-csrf-token": v.csrf,
      origin: `http://${host}`,
      "content-type": "application/json",
      "x-forwarded-for": ip,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe.each(driversFor("both"))("content, contact, notify and errors API on %s", (driver) => {
  let platform: Platform;
  let store: StoreContext;
  let v: Visitor;
  let productId: number;
  let warehouseId: number;

  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "minimal" });
    const handle = await platform.registry.storeHandle("alpha");
    const db = handle.db;
    const [wh] = await db
      .insert(warehouses)
      .values([
        {
          code: "A-1",
          webDescription: "Alpha Limassol",
          phone: "+357 25 000 001",
          email: "lim@alpha.example.com",
          workingDays: "Mon-Fri 09:00-19:00",
          weekend: "Sat 10:00-14:00",
          address: "Main street 1, Limassol",
        },
        { code: "A-2", webDescription: "Hidden depot", showOnWeb: false },
      ])
      .returning({ id: warehouses.id });
    warehouseId = wh.id;
    await db.insert(settings).values([
      { key: "email", value: "shop@alpha.example.com" },
      { key: "warehouse_id", value: String(warehouseId) },
      { key: "show_maps", value: "true" },
      { key: "client_latitude", value: "34.6752" },
      { key: "client_longitude", value: "33.0442" },
      { key: "map_tiles_url", value: "javascript:alert(1)" },
    ]);
    await db.insert(pageContent).values([
      { position: "about title 1", text: "Who we are" },
      { position: "our vision", text: "Clean air" },
      { position: "top image about", text: "Our team", img: "/images/pages/about.webp" },
      { position: "contact info", text: "Call us any time" },
    ]);
    await db.insert(contentSections).values([
      { page: "terms", seq: 1, title: "Second", bodyHtml: "<p>Two</p>" },
      {
        page: "terms",
        seq: 0,
        title: "First",
        bodyHtml:
          '<p onclick="x()">One <script>alert(1)</script><a href="javascript:evil()">bad</a> <a href="mailto:a@b.cy" target="_blank">mail</a></p>',
      },
    ]);
    const [p] = await db.select({ id: products.id }).from(products).limit(1);
    productId = p.id;
    await db.insert(stock).values({ productId, warehouseId, qty: 0 });
    platform.registry.invalidate();
    const s = await platform.registry.byId("alpha");
    if (!s) throw new Error("no store");
    store = s;
    v = await visitor(platform);
  });
  afterAll(async () => platform?.dispose());

  describe("contact form", () => {
    it("answers missing required fields with 'Required Fields Empty'", async () => {
      for (const body of [
        {},
        { name: "Maria", email: "m@example.com" },
        { name: " ", email: "m@example.com", message: "Hi" },
      ]) {
        const res = await post(platform, v, "/contact", body, "10.1.0.1");
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          error: "invalid",
          title: "Required Fields Empty",
          message: "Required fields (*) must not be left empty",
        });
      }
    });

    it("answers a malformed email with 'Wrong Email Format' and an example address", async () => {
      for (const email of ["maria", "maria@", "maria@example", "ma ria@example.com"]) {
        const res = await post(platform, v, "/contact", { name: "Maria", email, message: "Hi" }, "10.1.0.2");
        expect(res.status, email).toBe(400);
        expect(await res.json()).toEqual({
          error: "invalid",
          title: "Wrong Email Format",
          message: "Email format be like john.smith@example.com",
        });
      }
    });

    it("stores the message and queues one mail to the shop, replying to the sender", async () => {
      const res = await post(
        platform,
        v,
        "/contact",
        {
          name: "Maria <b>",
          email: "maria@example.com",
          phone: "99 123456",
          subject: "Paphos",
          message: "Do you ship?",
        },
        "10.1.0.3",
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        title: "Your email has been sent successfully",
        message: "We will get back to you as soon as possible",
      });
      const rows = await store.db.select().from(inquiries).where(eq(inquiries.email, "maria@example.com"));
      expect(rows).toMatchObject([
        {
          kind: "contact",
          name: "Maria <b>",
          phone: "99 123456",
          subject: "Paphos",
          message: "Do you ship?",
        },
      ]);
      const mails = await store.db.select().from(outbox).where(eq(outbox.kind, "contact"));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        toAddress: "shop@alpha.example.com",
        replyTo: "maria@example.com",
        sentAt: null,
      });
      expect(mails[0].subject).toContain("Paphos");
      expect(mails[0].html).toContain("Maria &#60;b&#62;");
      expect(mails[0].html).not.toContain("Maria <b>");
      expect(mails[0].text).toContain("Do you ship?");
    });

    it("pretends to accept a bot that fills the honeypot, and stores nothing", async () => {
      const before = (await store.db.select().from(inquiries)).length;
      const res = await post(
        platform,
        v,
        "/contact",
        { name: "Bot", email: "bot@example.com", message: "Buy now", website: "http://spam.example" },
        "10.1.0.4",
      );
      expect(res.status).toBe(200);
      expect((await store.db.select().from(inquiries)).length).toBe(before);
    });

    it("limits messages per visitor with 'Ooops something went wrong'", async () => {
      const body = { name: "Anna", email: "anna@example.com", message: "Hello" };
      for (let i = 0; i < 5; i++)
        expect((await post(platform, v, "/contact", body, "10.1.0.5")).status).toBe(200);
      const res = await post(platform, v, "/contact", body, "10.1.0.5");
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect(await res.json()).toMatchObject({
        title: "Ooops something went wrong",
        message: "Please try again later",
      });
      // Another visitor is not affected.
      expect((await post(platform, v, "/contact", body, "10.1.0.6")).status).toBe(200);
    });

    it("refuses a post without the CSRF token", async () => {
      const res = await platform.request(HOST, "/api/v1/contact", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: v.cookie, origin: `http://${HOST}` },
        body: JSON.stringify({ name: "X", email: "x@example.com", message: "Y" }),
      });
      expect(res.status).toBe(403);
    });
  });

  describe("partner form", () => {
    it("stores a partner application and mails it to the shop", async () => {
      const res = await post(
        platform,
        v,
        "/partner",
        {
          name: "Kiosk Ltd",
          email: "kiosk@example.com",
          phone: "22 000000",
          subject: "Stock",
          message: "We want to sell your liquids",
        },
        "10.2.0.1",
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ title: "Your email has been sent successfully" });
      const [row] = await store.db.select().from(inquiries).where(eq(inquiries.email, "kiosk@example.com"));
      expect(row.kind).toBe("partner");
      const mails = await store.db.select().from(outbox).where(eq(outbox.kind, "partner"));
      expect(mails).toHaveLength(1);
      expect(mails[0].toAddress).toBe("shop@alpha.example.com");
      expect(mails[0].subject).toContain("New partner application");
    });

    it("uses the same required-field message", async () => {
      const res = await post(platform, v, "/partner", { email: "kiosk@example.com" }, "10.2.0.2");
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ title: "Required Fields Empty" });
    });
  });

  describe("back in stock", () => {
    const pending = () =>
      store.db
        .select()
        .from(notifyRequests)
        .where(and(eq(notifyRequests.productId, productId), sql`${notifyRequests.notifiedAt} is null`));
    const notifyMails = () => store.db.select().from(outbox).where(eq(outbox.kind, "back-in-stock"));

    it("answers a blank email or one without @ with 'Wrong email'", async () => {
      for (const email of ["", "   ", "maria.example.com"]) {
        const res = await post(platform, v, "/notify", { productId, email }, "10.3.0.1");
        expect(res.status, email).toBe(400);
        expect(await res.json()).toEqual({
          error: "wrong_email",
          title: "Wrong email",
          message: "Please enter a valid email",
        });
      }
    });

    it("answers an unknown product with 404", async () => {
      const res = await post(
        platform,
        v,
        "/notify",
        { productId: 999999, email: "a@example.com" },
        "10.3.0.2",
      );
      expect(res.status).toBe(404);
    });

    it("stores one request per email and product", async () => {
      expect(
        (await post(platform, v, "/notify", { productId, email: "nick@example.com" }, "10.3.0.3")).status,
      ).toBe(200);
      const again = await post(platform, v, "/notify", { productId, email: "NICK@example.com " }, "10.3.0.3");
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ status: "stored" });
      expect(
        (await post(platform, v, "/notify", { productId, email: "eva@example.com" }, "10.3.0.3")).status,
      ).toBe(200);
      const rows = await pending();
      expect(rows.map((r) => r.email.toLowerCase()).sort()).toEqual(["eva@example.com", "nick@example.com"]);
      expect(await notifyMails()).toHaveLength(0);
    });

    it("queues one mail per request when a stock update makes the product available, once", async () => {
      // Still 0: nothing happens.
      expect(await setStock(store, { productId, qty: 0 })).toEqual({ qty: 0, notified: 0 });
      expect(await notifyMails()).toHaveLength(0);

      expect(await setStock(store, { productId, qty: 4 })).toEqual({ qty: 4, notified: 2 });
      const mails = await notifyMails();
      expect(mails.map((m) => m.toAddress.toLowerCase()).sort()).toEqual([
        "eva@example.com",
        "nick@example.com",
      ]);
      expect(mails[0].subject).toContain("is available again");
      expect(mails[0].html).toContain(`https://alpha.example.com/product/default/${productId}`);
      expect(await pending()).toHaveLength(0);

      // More stock later: no second mail.
      expect(await setStock(store, { productId, qty: 9 })).toEqual({ qty: 9, notified: 0 });
      expect(await notifyMails()).toHaveLength(2);
    });

    it("mails at once when the product is already in stock", async () => {
      const res = await post(platform, v, "/notify", { productId, email: "late@example.com" }, "10.3.0.4");
      expect(await res.json()).toMatchObject({ status: "notified" });
      expect((await notifyMails()).map((m) => m.toAddress)).toContain("late@example.com");
    });

    it("notifies again after stock returns by an adjustment (e.g. a cancelled order)", async () => {
      await setStock(store, { productId, qty: 0 });
      await post(platform, v, "/notify", { productId, email: "nick@example.com" }, "10.3.0.5");
      expect(await pending()).toHaveLength(1);
      await expect(adjustStock(store, { productId, delta: -1 })).rejects.toMatchObject({
        code: "insufficient_stock",
      });
      expect(await adjustStock(store, { productId, delta: 2 })).toEqual({ qty: 2, notified: 1 });
      const nick = (await notifyMails()).filter((m) => m.toAddress.toLowerCase() === "nick@example.com");
      expect(nick).toHaveLength(2);
      expect(await adjustStock(store, { productId, delta: -2 })).toEqual({ qty: 0, notified: 0 });
    });

    it("sends each mail once when two stock updates race", async () => {
      await post(platform, v, "/notify", { productId, email: "race@example.com" }, "10.3.0.6");
      const results = await Promise.all([
        adjustStock(store, { productId, delta: 1 }),
        adjustStock(store, { productId, delta: 1 }),
        setStock(store, { productId, qty: 5 }),
      ]);
      expect(results.reduce((n, r) => n + r.notified, 0)).toBe(1);
      expect((await notifyMails()).filter((m) => m.toAddress === "race@example.com")).toHaveLength(1);
    });

    it("limits requests per visitor", async () => {
      let last = 0;
      for (let i = 0; i < 11; i++) {
        last = (await post(platform, v, "/notify", { productId, email: `n${i}@example.com` }, "10.3.0.7"))
          .status;
      }
      expect(last).toBe(429);
    });
  });

  describe("error log", () => {
    it("stores a report without secrets and answers 202", async () => {
      const jwt =
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
      const res = await post(
        platform,
        v,
        "/errors",
        {
          message: "TypeError: x is undefined",
          stack: "at Cart (cart.tsx:10)",
          url: "http://alpha.localhost/shop/cart",
          source: "error",
          user: { username: "maria", password: "hunter2" },
          cart: [{ id: 1, qty: 2 }],
          storage: {
            "shop-state": JSON.stringify({ cart: { data: [{ id: 1 }] }, authToken: "abc" }),
            loginData: JSON.stringify([{ CUST_USERNAME: "maria", CUST_Password: "hunter2" }]),
            sessionToken: "whatever",
            random: jwt,
          },
        },
        "10.4.0.1",
      );
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ accepted: true });
      const [row] = await store.db
        .select()
        .from(errorLog)
        .where(eq(errorLog.url, "http://alpha.localhost/shop/cart"));
      expect(row.message).toContain("TypeError: x is undefined");
      expect(row.message).toContain("cart.tsx:10");
      expect(row.cart).toEqual([{ id: 1, qty: 2 }]);
      const dump = JSON.stringify(row);
      expect(dump).not.toContain("hunter2");
      expect(dump).not.toContain(jwt);
      expect(dump).not.toContain("whatever");
      expect(dump).not.toContain('"abc"');
      expect(JSON.parse((row.storage as Record<string, string>)["shop-state"])).toEqual({
        cart: { data: [{ id: 1 }] },
        authToken: "[redacted]",
      });
      expect(row.userRef).toContain("maria");
    });

    it("refuses malformed and oversized reports", async () => {
      expect((await post(platform, v, "/errors", { stack: "no message" }, "10.4.0.2")).status).toBe(400);
      expect((await post(platform, v, "/errors", "not json", "10.4.0.2")).status).toBe(400);
      const big = {
        message: "big",
        storage: { a: "x".repeat(7000), b: "y".repeat(7000), c: "z".repeat(4000) },
      };
      const res = await post(platform, v, "/errors", big, "10.4.0.2");
      expect(res.status).toBe(413);
    });

    it("limits reports per visitor", async () => {
      let last = 0;
      for (let i = 0; i < 31; i++)
        last = (await post(platform, v, "/errors", { message: `e${i}` }, "10.4.0.3")).status;
      expect(last).toBe(429);
    });
  });

  describe("content", () => {
    it("serves the about elements", async () => {
      const res = await platform.request(HOST, "/api/v1/content/about");
      expect(await res.json()).toMatchObject({
        title1: "Who we are",
        vision: "Clean air",
        topImage: { src: "/images/pages/about.webp", alt: "Our team" },
        mission: "",
      });
    });

    it("serves the contact elements: shown warehouses, map and working hours", async () => {
      const body = await (await platform.request(HOST, "/api/v1/content/contact")).json();
      expect(body.contactInfo).toBe("Call us any time");
      expect(body.stores.map((s: { webDescription: string }) => s.webDescription)).toEqual([
        "Alpha Limassol",
      ]);
      expect(body.map).toEqual({
        enabled: true,
        latitude: 34.6752,
        longitude: 33.0442,
        zoom: 16,
        tilesUrl: "",
      });
      expect(body.workingHours).toHaveLength(7);
    });

    it("serves terms sections in order with sanitised HTML", async () => {
      const body = await (await platform.request(HOST, "/api/v1/content/pages/terms")).json();
      expect(body.title).toBe("Terms and Conditions");
      expect(body.sections.map((s: { title: string }) => s.title)).toEqual(["First", "Second"]);
      const html = body.sections[0].html as string;
      expect(html).not.toMatch(/script|onclick|javascript:/);
      expect(html).toContain('<a href="mailto:a@b.cy" target="_blank" rel="noopener noreferrer">mail</a>');
      expect((await platform.request(HOST, "/api/v1/content/pages/secrets")).status).toBe(404);
    });
  });

  describe("robots.txt and sitemap.xml", () => {
    it("forbids crawling on a local host", async () => {
      const res = await platform.request(HOST, "/robots.txt");
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/User-agent: \*\nDisallow: \/\n/);
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    it("allows crawling on the real domain and points at the store's own sitemap", async () => {
      const text = await (await platform.request("alpha.example.com", "/robots.txt")).text();
      expect(text).toContain("Allow: /");
      expect(text).toContain("Disallow: /shop/cart");
      expect(text).toContain("Sitemap: https://alpha.example.com/sitemap.xml");
      expect(text).not.toMatch(/^Disallow: \/$/m);
    });

    it("lists pages, categories and products under the store's url", async () => {
      const res = await platform.request("alpha.example.com", "/sitemap.xml");
      expect(res.headers.get("content-type")).toContain("application/xml");
      const xml = await res.text();
      expect(xml).toContain("<loc>https://alpha.example.com/pages/about</loc>");
      expect(xml).toContain("<loc>https://alpha.example.com/pages/partner</loc>");
      expect(xml).toContain(`<loc>https://alpha.example.com/product/default/${productId}</loc>`);
      expect(xml).not.toContain("localhost");
      const beta = await (await platform.request("beta.localhost", "/sitemap.xml")).text();
      expect(beta).toContain("https://beta.localhost/");
      expect(beta).not.toContain("alpha");
    });
  });
});
