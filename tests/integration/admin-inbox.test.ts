// The back office's inbox: messages (kind filter, search, detail), newsletter subscribers (list,
// search, CSV export with escaping and formula-injection protection), back-in-stock requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, newsletterSubscribers, notifyRequests, products } from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";

describe.each(driversFor("either"))("back-office inbox on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let productId = 0;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    const { db } = await p.registry.storeHandle("alpha");
    productId = (await db.query.products.findFirst())?.id ?? 0;
    await db.insert(inquiries).values([
      {
        kind: "contact",
        name: "Maria",
        email: "maria@example.com",
        subject: "Opening hours",
        message: "Are you open on Sunday?",
        createdAt: new Date("2026-03-01T10:00:00Z"),
      },
      {
        kind: "partner",
        name: "Vape Distributors Ltd",
        email: "sales@vd.example",
        phone: "22000000",
        message: "We would like to supply you. ".repeat(20),
        createdAt: new Date("2026-03-02T10:00:00Z"),
      },
    ]);
    await db.insert(newsletterSubscribers).values(
      [
        { email: "plain@example.com", createdAt: new Date("2026-01-01T00:00:00Z") },
        { email: '=HYPERLINK("http://evil","x")@example.com', createdAt: new Date("2026-01-02T00:00:00Z") },
        { email: "+1@example.com" },
        { email: "-minus@example.com" },
        { email: "@at@example.com" },
        { email: 'comma,"quote"@example.com' },
      ].map((r) => ({
        ...r,
        status: "confirmed",
        confirmedAt: r.createdAt ?? new Date(),
        consentVersion: 1,
        consentText: "I agree",
      })),
    );
    // Double opt-in (docs/decisions/0052): sign-ups not confirmed, or withdrawn, are no subscribers.
    await db.insert(newsletterSubscribers).values([
      { email: "waiting@example.com", status: "pending" },
      { email: "gone@example.com", status: "unsubscribed", unsubscribedAt: new Date() },
    ]);
    const [other] = await db
      .insert(products)
      .values({ code: "ALPHA-2", name: "Alpha Mesh Coil", slug: "alpha-mesh-coil", priceCents: 599 })
      .returning();
    await db.insert(notifyRequests).values([
      { productId, email: "waiting@example.com", createdAt: new Date("2026-03-01T00:00:00Z") },
      {
        productId: other?.id ?? productId,
        email: "told@example.com",
        createdAt: new Date("2026-02-01T00:00:00Z"),
        notifiedAt: new Date("2026-02-10T00:00:00Z"),
      },
    ]);
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  it("lists messages newest first, filters by kind, searches, and shows one", async () => {
    type Page = { items: { id: number; kind: string; excerpt: string }[]; total: number };
    const all = await owner.req<Page>("GET", "/inbox/inquiries");
    expect(all.status, all.text).toBe(200);
    expect(all.json.items.map((i) => i.kind)).toEqual(["partner", "contact"]);
    expect(all.json.items[0]?.excerpt.length).toBeLessThanOrEqual(160);
    const partners = await owner.req<Page>("GET", "/inbox/inquiries?kind=partner");
    expect(partners.json.total).toBe(1);
    const found = await owner.req<Page>("GET", "/inbox/inquiries?q=sunday");
    expect(found.json.items.map((i) => i.kind)).toEqual(["contact"]);
    const id = found.json.items[0]?.id;
    const one = await owner.req<{ message: string; subject: string }>("GET", `/inbox/inquiries/${id}`);
    expect(one.json).toMatchObject({ message: "Are you open on Sunday?", subject: "Opening hours" });
    expect((await owner.req("GET", "/inbox/inquiries/424242")).status).toBe(404);
    expect((await owner.req("GET", "/inbox/inquiries?kind=spam")).status).toBe(400);
    expect((await owner.req("GET", "/inbox/inquiries?limit=500")).status).toBe(400);
  });

  it("lists and searches confirmed newsletter subscribers, and counts those waiting", async () => {
    const r = await owner.req<{ items: { email: string }[]; total: number; waiting: number }>(
      "GET",
      "/inbox/newsletter?limit=2",
    );
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(6);
    expect(r.json.waiting).toBe(1);
    expect(r.json.items).toHaveLength(2);
    const s = await owner.req<{ items: { email: string }[] }>("GET", "/inbox/newsletter?q=PLAIN");
    expect(s.json.items.map((i) => i.email)).toEqual(["plain@example.com"]);
  });

  it("exports confirmed subscribers only as CSV with a header, quoting, and formulas neutralised", async () => {
    const r = await owner.req("GET", "/inbox/newsletter.csv");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-type")).toContain("text/csv");
    expect(r.res.headers.get("content-disposition")).toMatch(
      /attachment; filename="newsletter-alpha-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = r.text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe('"email","language","confirmed_at","consent_version","consent_text"');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toBe('"plain@example.com","en","2026-01-01T00:00:00.000Z","1","I agree"');
    expect(r.text).not.toContain("waiting@example.com");
    expect(r.text).not.toContain("gone@example.com");
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil"",""x""\)@example.com",/);
    expect(r.text).toContain(`"'+1@example.com"`);
    expect(r.text).toContain(`"'-minus@example.com"`);
    expect(r.text).toContain(`"'@at@example.com"`);
    expect(r.text).toContain(`"comma,""quote""@example.com"`);
    // No cell starts with a formula sign once the quotes are read.
    for (const line of lines) expect(line).not.toMatch(/(^|,)"[=+\-@]/);

    const filtered = await owner.req("GET", "/inbox/newsletter.csv?q=plain");
    expect(filtered.text.split("\r\n").filter(Boolean)).toHaveLength(2);
  });

  it("exports more subscribers than one batch, each once", async () => {
    const { db } = await p.registry.storeHandle("alpha");
    await db
      .insert(newsletterSubscribers)
      .values(
        Array.from({ length: 2100 }, (_, i) => ({ email: `bulk${i}@example.com`, status: "confirmed" })),
      );
    const r = await owner.req("GET", "/inbox/newsletter.csv?q=bulk");
    const lines = r.text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2101);
    expect(new Set(lines).size).toBe(2101);
  });

  it("lists back-in-stock requests, pending by default, with the product's name", async () => {
    type Page = { items: { email: string; productName: string; notifiedAt: string | null }[]; total: number };
    const pending = await owner.req<Page>("GET", "/inbox/notify-requests");
    expect(pending.status, pending.text).toBe(200);
    expect(pending.json.items).toEqual([
      expect.objectContaining({
        email: "waiting@example.com",
        productName: "Alpha Vapes Signature Pod",
        notifiedAt: null,
      }),
    ]);
    const told = await owner.req<Page>("GET", "/inbox/notify-requests?status=notified");
    expect(told.json.items).toEqual([
      expect.objectContaining({
        email: "told@example.com",
        productName: "Alpha Mesh Coil",
        notifiedAt: "2026-02-10T00:00:00.000Z",
      }),
    ]);
    const all = await owner.req<Page>("GET", "/inbox/notify-requests?status=all&q=coil");
    expect(all.json.total).toBe(1);
    expect((await owner.req("GET", "/inbox/notify-requests?status=maybe")).status).toBe(400);
  });

  it("is refused to staff without the inbox permission", async () => {
    const clerk = await signedInStaff(p, HOST, "alpha", { email: "clerk@alpha.test", role: "staff" });
    expect((await clerk.req("GET", "/inbox/inquiries")).status).toBe(403);
    expect((await clerk.req("GET", "/inbox/newsletter.csv")).status).toBe(403);
  });
});
