import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { UNTRANSLATED_POST } from "../../db/seed/blog-el";
import { DEMO_ACCOUNTS, DEMO_PAYMENT_SECRETS } from "../../db/seed/demo-accounts";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

const PAGE_POSITIONS = [
  "top image about",
  "about title 1",
  "about title 2",
  "about title 3",
  "our vision",
  "our mission",
  "who we are",
  "office phone",
  "office address",
  "office email",
  "working hours",
  "working days",
  "weekend",
  "contact info",
  "top image contact",
  "home page categories image",
  "delivery information",
  "returns cancellation policy",
];

const TRANSLATION_TABLES = [
  ["product_translations", "products", "product_id"],
  ["category_translations", "categories", "category_id"],
  ["master_category_translations", "master_categories", "master_id"],
  ["page_content_translations", "page_content", "page_content_id"],
  ["content_section_translations", "content_sections", "section_id"],
  ["slide_translations", "slides", "slide_id"],
  ["blog_post_translations", "blog_posts", "post_id"],
  ["shipping_method_translations", "shipping_methods", "shipping_method_id"],
] as const;

/** The tags of an HTML text in order, with the src of every picture: its structure, not its words. */
const htmlShape = (html: string) => html.match(/<\/?[a-z0-9]+|src="[^"]*"/g) ?? [];

async function storeOf(platform: Platform, storeId: string) {
  const store = await platform.registry.byId(storeId);
  if (!store) throw new Error(`no store ${storeId}`);
  return store;
}

async function storeDb(platform: Platform, storeId: string) {
  return (await storeOf(platform, storeId)).db;
}

async function count(platform: Platform, storeId: string, query: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows<{ n: number }>(await storeDb(platform, storeId), query);
  return Number(rows[0]?.n);
}

describe.each(driversFor("both"))("demo stores on %s", (driver) => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "demo" });
  });
  afterAll(async () => platform?.dispose());

  it("serves three stores on their demo hosts with their country lists", async () => {
    const expected = [
      { host: "localhost", id: "main", name: "Vape Haven", minCountries: 40 },
      { host: "cy.localhost", id: "cy", name: "Cyprus Cloud Co.", codes: ["CY", "GR"] },
      { host: "wholesale.localhost", id: "wholesale", name: "Vape Haven Wholesale", codes: ["CY"] },
    ];
    for (const e of expected) {
      const body = await (await platform.request(e.host, "/api/v1/store")).json();
      expect(body.id).toBe(e.id);
      expect(body.name).toBe(e.name);
      const codes = body.countries.map((c: { code: string }) => c.code);
      if (e.codes) expect(codes.sort()).toEqual(e.codes);
      else expect(codes.length).toBeGreaterThanOrEqual(e.minCountries ?? 0);
    }
    const wholesale = await (await platform.request("wholesale.localhost", "/api/v1/store")).json();
    expect(wholesale.settings.showSignup).toBe(false);
    expect(wholesale.settings.pointsEnabled).toBe(false);
  });

  it("never exposes the demo payment secrets", async () => {
    for (const host of ["localhost", "cy.localhost", "wholesale.localhost", "vapehaven.eu"]) {
      const text = await (await platform.request(host, "/api/v1/store")).text();
      for (const secrets of Object.values(DEMO_PAYMENT_SECRETS)) {
        for (const value of Object.values(secrets)) if (value) expect(text).not.toContain(value);
      }
    }
  });

  it("has a believable main catalogue", async () => {
    expect(
      await count(platform, "main", sql`select count(*)::int n from products where not deleted`),
    ).toBeGreaterThanOrEqual(150);
    expect(
      await count(platform, "main", sql`select count(*)::int n from master_categories`),
    ).toBeGreaterThanOrEqual(4);
    expect(await count(platform, "main", sql`select count(*)::int n from categories`)).toBeGreaterThanOrEqual(
      12,
    );
    expect(await count(platform, "main", sql`select count(*)::int n from brands`)).toBeGreaterThanOrEqual(10);
    expect(await count(platform, "main", sql`select count(*)::int n from warehouses`)).toBeGreaterThanOrEqual(
      2,
    );
    // Related variant products: devices in colours, liquids in strengths.
    expect(
      await count(
        platform,
        "main",
        sql`select count(*)::int n from (select variant_group from products where variant_group is not null group by 1 having count(*) > 2) g`,
      ),
    ).toBeGreaterThan(5);
    expect(
      await count(
        platform,
        "main",
        sql`select count(*)::int n from products where sale_price_cents is not null`,
      ),
    ).toBeGreaterThan(5);
    expect(
      await count(platform, "main", sql`select count(*)::int n from products where is_new`),
    ).toBeGreaterThan(5);
    expect(
      await count(platform, "main", sql`select count(*)::int n from products where is_top`),
    ).toBeGreaterThan(5);
    expect(
      await count(platform, "main", sql`select count(*)::int n from products where video_url is not null`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        platform,
        "main",
        sql`select count(*)::int n from products p where not exists (select 1 from stock s where s.product_id = p.id and s.qty > 0)`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        platform,
        "main",
        sql`select count(*)::int n from products p where (select count(*) from product_images i where i.product_id = p.id) < 2`,
      ),
    ).toBe(0);
    expect(await count(platform, "main", sql`select count(*)::int n from products where popup_ad`)).toBe(1);
  });

  it("generates the image files the rows point at", async () => {
    const store = await storeOf(platform, "main");
    const rows = await queryRows<{ url: string; sm_url: string }>(
      store.db,
      sql`select url, sm_url from product_images limit 50`,
    );
    for (const r of rows) {
      expect(existsSync(join(store.imageDir, r.url.replace(/^\/images\//, "")))).toBe(true);
      expect(existsSync(join(store.imageDir, r.sm_url.replace(/^\/images\//, "")))).toBe(true);
    }
    const logo = await platform.request("cy.localhost", "/images/brand/logo.svg");
    expect(logo.status).toBe(200);
  });

  it("has a page-content record for every named position", async () => {
    for (const id of ["main", "cy", "wholesale"]) {
      const rows = await queryRows<{ position: string }>(
        await storeDb(platform, id),
        sql`select position from page_content`,
      );
      expect(rows.map((r) => r.position)).toEqual(expect.arrayContaining(PAGE_POSITIONS));
    }
  });

  it("creates the demo accounts with argon2id hashes in their own store only", async () => {
    for (const a of DEMO_ACCOUNTS) {
      for (const id of ["main", "cy", "wholesale"]) {
        const store = await storeOf(platform, id);
        const rows = await queryRows<{
          password_hash: string;
          legacy_account: boolean;
          exclude_vat: boolean;
          price_list_id: number | null;
        }>(
          store.db,
          sql`select password_hash, legacy_account, exclude_vat, price_list_id from customers where lower(username) = lower(${a.username})`,
        );
        if (id !== a.storeId) {
          expect(rows).toHaveLength(0);
          continue;
        }
        expect(rows).toHaveLength(1);
        const row = rows[0];
        expect(row.password_hash).toMatch(/^\$argon2id\$/);
        expect(row.password_hash).not.toContain(a.password);
        expect(row.legacy_account).toBe(a.legacyAccount);
        expect(row.exclude_vat).toBe(a.excludeVat);
        expect(row.price_list_id !== null).toBe(a.priceListCode !== null);
      }
    }
  });

  it("ships the latest history orders of main and cy through the shipments' rule, the oldest delivered", async () => {
    for (const id of ["main", "cy"]) {
      const rows = await queryRows<{
        status: string;
        delivered: boolean;
        shipments: number;
        tracking_url: string | null;
        unshipped: number;
        steps: string;
      }>(
        await storeDb(platform, id),
        sql`select o.status, o.delivered_at is not null delivered,
              (select count(*)::int from shipments s where s.order_id = o.id) shipments,
              (select s.tracking_url from shipments s where s.order_id = o.id limit 1) tracking_url,
              (select coalesce(sum(l.qty), 0)::int from order_lines l where l.order_id = o.id)
                - (select coalesce(sum(sl.qty), 0)::int from shipment_lines sl
                     join shipments s on s.id = sl.shipment_id where s.order_id = o.id) unshipped,
              (select string_agg(e.kind, ',' order by e.created_at, e.id) from order_events e
                where e.order_id = o.id and e.kind in ('shipped', 'delivered', 'completed')) steps
            from orders o where o.status in ('shipped', 'delivered') order by o.created_at`,
      );
      expect(
        rows.map((r) => r.status),
        id,
      ).toEqual(["delivered", "shipped", "shipped"]);
      for (const r of rows) {
        expect(r.shipments, id).toBe(1);
        expect(r.unshipped, id).toBe(0);
        expect(r.tracking_url, id).toMatch(/^https:\/\/www\.acscourier\.net\/.+tracking=\d{10}$/);
        expect(r.delivered, id).toBe(r.status === "delivered");
        expect(r.steps, id).toBe(r.status === "delivered" ? "shipped,delivered" : "shipped");
      }
      // Nobody waits for the demo's mails: the seed queues none for its shipments.
      const mails = await count(
        platform,
        id,
        sql`select count(*)::int n from outbox where kind = 'order-shipment'`,
      );
      expect(mails, id).toBe(0);
    }
  });

  it("has the content of main and cy in Greek as well, and none for the English-only wholesale", async () => {
    for (const id of ["main", "cy", "wholesale"]) {
      for (const [table, base, key] of TRANSLATION_TABLES) {
        const greek = await count(
          platform,
          id,
          sql`select count(*)::int n from ${sql.identifier(table)} where lang = 'el'`,
        );
        if (id === "wholesale") {
          expect(greek, `${id} ${table}`).toBe(0);
          continue;
        }
        expect(greek, `${id} ${table}`).toBeGreaterThan(0);
        // Every row has its Greek, except the one blog post left in English on purpose.
        const missing = await queryRows<{ id: number }>(
          await storeDb(platform, id),
          sql`select b.id from ${sql.identifier(base)} b where not exists (select 1 from ${sql.identifier(table)} t
                where t.${sql.identifier(key)} = b.id and t.lang = 'el')`,
        );
        expect(missing.length, `${id} ${table} rows without Greek`).toBe(
          table === "blog_post_translations" ? 1 : 0,
        );
      }
      if (id === "wholesale") continue;
      const untranslated = await queryRows<{ slug: string; status: string }>(
        await storeDb(platform, id),
        sql`select slug, status from blog_posts b where not exists (select 1 from blog_post_translations t where t.post_id = b.id)`,
      );
      expect(untranslated).toEqual([{ slug: UNTRANSLATED_POST, status: "published" }]);
    }
  });

  it("gives every demo product of main and cy a Greek name, descriptions and specifications", async () => {
    for (const id of ["main", "cy"]) {
      const rows = await queryRows<{
        code: string;
        name: string;
        name_el: string | null;
        short_el: string | null;
        long_en: string;
        long_el: string | null;
        specs_en: { label: string; value: string }[];
        specs_el: { label: string; value: string }[] | null;
        label_en: string | null;
        label_el: string | null;
      }>(
        await storeDb(platform, id),
        sql`select p.code, p.name, t.name name_el, t.short_desc short_el, p.long_desc_html long_en,
                   t.long_desc_html long_el, p.specs specs_en, t.specs specs_el,
                   p.variant_label label_en, t.variant_label label_el
              from products p left join product_translations t on t.product_id = p.id and t.lang = 'el'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(id === "main" ? 150 : 60);
      for (const r of rows) {
        const what = `${id} ${r.code} ${r.name}`;
        // Greek words around the Latin brand and model names.
        expect(r.name_el, what).toMatch(/[α-ωά-ώ]/);
        expect(r.short_el, what).toMatch(/[α-ωά-ώ]{3}/);
        expect(r.long_el, what).toMatch(/[α-ωά-ώ]{3}/);
        expect(htmlShape(r.long_el ?? ""), what).toEqual(htmlShape(r.long_en));
        expect(r.specs_el?.length, what).toBe(r.specs_en.length);
        expect(r.label_el === null, what).toBe(r.label_en === null);
      }
      // The specification labels are all Greek.
      expect(rows.flatMap((r) => r.specs_el ?? []).filter((s) => !/[α-ωά-ώ]/i.test(s.label))).toEqual([]);
      // Colours are words and are translated; strengths and sizes stay as they are.
      const black = rows.find((r) => r.label_en === "Black");
      expect(black?.label_el).toBe("Μαύρο");
      const strength = rows.find((r) => r.label_en === "10 ml / 6 mg");
      expect(strength?.label_el).toBe("10 ml / 6 mg");
      expect(rows.some((r) => r.specs_el?.some((s) => s.label === "Περιεκτικότητα σε νικοτίνη"))).toBe(true);
    }
  });

  it("puts the folded Greek names into search_text, so a Greek search finds the products", async () => {
    for (const id of ["main", "cy"]) {
      expect(
        await count(
          platform,
          id,
          sql`select count(*)::int n from products p join product_translations t on t.product_id = p.id and t.lang = 'el'
               where position(search_fold(t.name) in p.search_text) = 0`,
        ),
      ).toBe(0);
      // Folded: no accents, no capitals, no final sigma; and the Greek category names are in too.
      expect(
        await count(
          platform,
          id,
          sql`select count(*)::int n from products where search_text ~ '[άέήίόύώϊϋΐΰςΑ-Ω]' or search_text <> lower(search_text)`,
        ),
      ).toBe(0);
      expect(
        await count(
          platform,
          id,
          sql`select count(*)::int n from products where search_text like '%υγρο αναπληρωσησ%' and search_text like '%υγρα αναπληρωσησ%'`,
        ),
      ).toBeGreaterThan(10);
    }
    const search = await (
      await platform.request(
        "cy.localhost",
        `/api/v1/products?searchTerm=${encodeURIComponent("ΥΓΡΌ Αναπλήρωσης")}`,
      )
    ).json();
    expect(search.total).toBeGreaterThan(10);
    // The wholesale store's search_text is English only.
    expect(
      await count(
        platform,
        "wholesale",
        sql`select count(*)::int n from products where search_text ~ '[α-ω]'`,
      ),
    ).toBe(0);
  });

  it("keeps the Greek blog bodies in the English HTML structure, pictures captioned in Greek", async () => {
    for (const id of ["main", "cy"]) {
      const rows = await queryRows<{ slug: string; body_en: string; body_el: string; alt_el: string }>(
        await storeDb(platform, id),
        sql`select b.slug, b.body_html body_en, t.body_html body_el, t.cover_alt alt_el
              from blog_posts b join blog_post_translations t on t.post_id = b.id and t.lang = 'el'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const r of rows) {
        expect(htmlShape(r.body_el), `${id} ${r.slug}`).toEqual(htmlShape(r.body_en));
        expect(r.alt_el).toMatch(/[α-ωά-ώ]{3}/);
        for (const alt of r.body_el.match(/alt="[^"]*"/g) ?? []) expect(alt).toMatch(/[α-ωά-ώ]/);
      }
    }
  });
});
