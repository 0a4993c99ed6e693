// Recorded consents (docs/decisions/0052) through the real Hono app on both drivers: the cookie
// banner's answers (recorded and changed under one consent id, no IP address stored, an old banner
// refused) and the newsletter's double opt-in (pending until the mailed link's POST, expired and
// forged links refused, confirmed addresses exported only, the mail's List-Unsubscribe headers,
// one-click unsubscribe by RFC 8058 POST and by the page's button, tenant isolation).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_BANNER_VERSION, parseConsentCookie } from "../../core/consent";
import { NEWSLETTER_CONSENT_VERSION } from "../../core/newsletter";
import * as s from "../../db/store/schema";
import { listSubscribers } from "../../services/admin/inbox";
import type { StoreContext, StoreDb } from "../../services/context";
import { BANNER_CHANGED } from "../../services/cookie-consent";
import { confirmNewsletter, subscribeNewsletter } from "../../services/newsletter";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { ShopperClient } from "../helpers/shopper";

const HOST = "alpha.localhost";

/** A browser-like client: keeps cookies, sends Origin and the CSRF token, has an address of its own. */

describe.each(driversFor("both"))("recorded consents on %s", (driver) => {
  let p: Platform;
  let db: StoreDb;
  let store: StoreContext;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    store = { ...(await p.registry.resolve(HOST)), lang: "en" } as StoreContext;
  }, 120_000);
  afterAll(async () => {
    delete process.env.TRUST_PROXY;
    await p?.dispose();
  });

  describe("cookie banner", () => {
    it("records each answer with its version and categories, and a change under the same consent id", async () => {
      const c = await new ShopperClient(p, HOST, 9).start();
      const first = await c.req("POST", "/api/v1/consent", {
        choice: "granted",
        version: CONSENT_BANNER_VERSION,
      });
      expect(first.status, first.text).toBe(200);
      const cookie = first.res.headers.getSetCookie().find((l) => l.startsWith("cookie_consent="));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Max-Age=15552000/);
      const kept = parseConsentCookie(c.cookies.get("cookie_consent"));
      expect(kept).toMatchObject({ choice: "granted", version: CONSENT_BANNER_VERSION });
      const consentId = kept?.consentId as string;

      // Withdrawing is the same one request.
      const second = await c.req("POST", "/api/v1/consent", {
        choice: "denied",
        version: CONSENT_BANNER_VERSION,
      });
      expect(second.status).toBe(200);
      expect(parseConsentCookie(c.cookies.get("cookie_consent"))).toEqual({
        choice: "denied",
        version: CONSENT_BANNER_VERSION,
        consentId,
      });
      const rows = await db
        .select()
        .from(s.cookieConsents)
        .where(eq(s.cookieConsents.consentId, consentId))
        .orderBy(s.cookieConsents.id);
      expect(rows.map((r) => [r.bannerVersion, r.choices])).toEqual([
        [CONSENT_BANNER_VERSION, { necessary: true, analytics: true }],
        [CONSENT_BANNER_VERSION, { necessary: true, analytics: false }],
      ]);

      // Another browser gets another id.
      const other = await new ShopperClient(p, HOST, 9).start();
      await other.req("POST", "/api/v1/consent", { choice: "denied", version: CONSENT_BANNER_VERSION });
      expect(parseConsentCookie(other.cookies.get("cookie_consent"))?.consentId).not.toBe(consentId);
    });

    it("stores no IP address or anything else about the visitor", async () => {
      const c = await new ShopperClient(p, HOST, 9).start();
      await c.req("POST", "/api/v1/consent", { choice: "denied", version: CONSENT_BANNER_VERSION });
      const columns = await db.execute(
        sql`select column_name from information_schema.columns where table_name = 'cookie_consents' order by column_name`,
      );
      const names = (columns as unknown as { rows: { column_name: string }[] }).rows.map(
        (r) => r.column_name,
      );
      expect(names).toEqual(["banner_version", "choices", "consent_id", "created_at", "id"]);
      const all = JSON.stringify(await db.select().from(s.cookieConsents));
      expect(all).not.toContain(c.ip);
      expect(all).not.toContain("10.9.");
    });

    it("refuses an answer to an older banner, a bad body and a request without the CSRF token", async () => {
      const c = await new ShopperClient(p, HOST, 9).start();
      const before = (await db.select().from(s.cookieConsents)).length;
      const old = await c.req("POST", "/api/v1/consent", {
        choice: "granted",
        version: CONSENT_BANNER_VERSION - 1,
      });
      expect(old.status).toBe(400);
      expect(old.json.message).toBe(BANNER_CHANGED);
      expect(
        (await c.req("POST", "/api/v1/consent", { choice: "maybe", version: CONSENT_BANNER_VERSION })).status,
      ).toBe(400);
      expect(
        (
          await c.req("POST", "/api/v1/consent", {
            choice: "denied",
            version: CONSENT_BANNER_VERSION,
            ip: "1.2.3.4",
          })
        ).status,
      ).toBe(400);
      const forged = await c.req(
        "POST",
        "/api/v1/consent",
        { choice: "granted", version: CONSENT_BANNER_VERSION },
        { "x-csrf-token": "nope" },
      );
      expect(forged.status).toBe(403);
      expect((await db.select().from(s.cookieConsents)).length).toBe(before);
    });
  });

  describe("newsletter double opt-in", () => {
    const outboxFor = (email: string) =>
      db.select().from(s.outbox).where(eq(s.outbox.toAddress, email)).orderBy(s.outbox.id);
    const rowOf = async (email: string) =>
      (await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, email)))[0];
    const linkIn = (text: string, path: string) => {
      const m = new RegExp(`https?://[^\\s"<>]+${path}\\?token=([A-Za-z0-9._-]+)`).exec(text);
      if (!m) throw new Error(`no ${path} link in the mail`);
      return { url: new URL(m[0]), token: m[1] as string };
    };

    it("is pending with its consent text until the mailed link's POST, then listed; the mail carries List-Unsubscribe", async () => {
      const c = await new ShopperClient(p, HOST, 9).start();
      const r = await c.req("POST", "/api/v1/newsletter", { email: "Ana@Example.com" });
      expect(r.status, r.text).toBe(200);
      const row = await rowOf("Ana@Example.com");
      expect(row).toMatchObject({
        status: "pending",
        lang: "en",
        consentVersion: NEWSLETTER_CONSENT_VERSION,
        confirmedAt: null,
      });
      expect(row?.consentText).toContain("newsletter by email: new arrivals, deals and offers");
      expect((await listSubscribers(store, { page: 1, limit: 50 })).items.map((i) => i.email)).not.toContain(
        "Ana@Example.com",
      );

      const [mail] = await outboxFor("Ana@Example.com");
      expect(mail?.kind).toBe("newsletter-confirm");
      expect(mail?.text).toContain(row?.consentText as string);
      const unsubscribe = linkIn(mail?.text ?? "", "/newsletter/unsubscribe");
      expect(mail?.headers).toEqual({
        "List-Unsubscribe": `<${unsubscribe.url.href}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(unsubscribe.url.protocol === "https:" || unsubscribe.url.hostname.endsWith("localhost")).toBe(
        true,
      );

      // The confirmation is a POST from the page, with the visitor's CSRF token.
      const { token } = linkIn(mail?.text ?? "", "/newsletter/confirm");
      const noToken = await new ShopperClient(p, HOST, 9).req("POST", `/newsletter/confirm?token=${token}`);
      expect(noToken.status).toBe(403);
      expect((await rowOf("Ana@Example.com"))?.status).toBe("pending");
      const ok = await c.req("POST", `/newsletter/confirm?token=${token}`);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.json.status).toBe("confirmed");
      expect((await rowOf("Ana@Example.com"))?.status).toBe("confirmed");
      const page = await listSubscribers(store, { page: 1, limit: 50 });
      expect(page.items.map((i) => i.email)).toContain("Ana@Example.com");

      // Signing up again once confirmed mails nothing more, and answers the same.
      const again = await c.req("POST", "/api/v1/newsletter", { email: "ana@example.com" });
      expect(again.json.message).toBe(r.json.message);
      expect(await outboxFor("Ana@Example.com")).toHaveLength(1);
    });

    it("refuses an expired, a forged and another store's confirmation link", async () => {
      const now = new Date("2026-06-01T10:00:00Z");
      await subscribeNewsletter(
        store,
        "late@example.com",
        { ip: "10.8.0.1", origin: "http://alpha.localhost" },
        now,
      );
      const [mail] = await outboxFor("late@example.com");
      const { token } = linkIn(mail?.text ?? "", "/newsletter/confirm");
      const eightDays = new Date(now.getTime() + 8 * 24 * 3600_000);
      expect(await confirmNewsletter(store, token, eightDays)).toBe("expired");
      const forged = token.replace(/.$/, (ch) => (ch === "A" ? "B" : "A"));
      expect(await confirmNewsletter(store, forged, now)).toBe("expired");
      const otherId = token.replace(/^\d+/, (id) => String(Number(id) + 1));
      expect(await confirmNewsletter(store, otherId, now)).toBe("expired");
      const beta = await new ShopperClient(p, "beta.localhost", 9).start();
      const elsewhere = await beta.req("POST", `/newsletter/confirm?token=${token}`);
      expect(elsewhere.status).toBe(400);
      expect((await rowOf("late@example.com"))?.status).toBe("pending");
      // Within its days it works.
      expect(await confirmNewsletter(store, token, new Date(now.getTime() + 6 * 24 * 3600_000))).toBe(
        "confirmed",
      );
    });

    it("unsubscribes in one click by the RFC 8058 POST, with no cookie or CSRF token", async () => {
      const c = await new ShopperClient(p, HOST, 9).start();
      await c.req("POST", "/api/v1/newsletter", { email: "click@example.com" });
      const [mail] = await outboxFor("click@example.com");
      await c.req(
        "POST",
        `/newsletter/confirm?token=${linkIn(mail?.text ?? "", "/newsletter/confirm").token}`,
      );
      expect((await rowOf("click@example.com"))?.status).toBe("confirmed");
      const target = linkIn(mail?.text ?? "", "/newsletter/unsubscribe").url;

      // What a mail provider sends: the header's URI, the one-click body, nothing else.
      const forged = await p.request(HOST, `${target.pathname}?token=1.AAAAAAAAAAAAAAAAAAAAAA`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(forged.status).toBe(400);
      const res = await p.request(HOST, `${target.pathname}${target.search}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status).toBe(200);
      const row = await rowOf("click@example.com");
      expect(row?.status).toBe("unsubscribed");
      expect(row?.unsubscribedAt).toBeInstanceOf(Date);
      expect((await listSubscribers(store, { page: 1, limit: 50 })).items.map((i) => i.email)).not.toContain(
        "click@example.com",
      );
      // The confirmation link confirms nobody after that.
      expect(await confirmNewsletter(store, linkIn(mail?.text ?? "", "/newsletter/confirm").token)).toBe(
        "expired",
      );
    });

    it("unsubscribes by the page's button: a form POST that lands back on the page with the outcome", async () => {
      const c = await new ShopperClient(p, HOST, 9).start();
      await c.req("POST", "/api/v1/newsletter", { email: "button@example.com" });
      const [mail] = await outboxFor("button@example.com");
      const { token } = linkIn(mail?.text ?? "", "/newsletter/unsubscribe");
      const res = await p.request(HOST, "/newsletter/unsubscribe", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "text/html",
          "sec-fetch-mode": "navigate",
          origin: `http://${HOST}`,
        },
        body: `List-Unsubscribe=One-Click&token=${encodeURIComponent(token)}`,
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/newsletter/unsubscribe?done=unsubscribed");
      expect((await rowOf("button@example.com"))?.status).toBe("unsubscribed");

      // Subscribing again starts a new pending sign-up with a new confirmation mail.
      await c.req("POST", "/api/v1/newsletter", { email: "button@example.com" });
      expect((await rowOf("button@example.com"))?.status).toBe("pending");
      expect(await outboxFor("button@example.com")).toHaveLength(2);
    });

    it("limits confirmation mails to one address", async () => {
      const c = await new ShopperClient(p, HOST, 9).start();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await c.req("POST", "/api/v1/newsletter", { email: "victim@example.com" })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await outboxFor("victim@example.com")).toHaveLength(3);
    });
  });
});
