import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { DEMO_ACCOUNTS, DEMO_PAYMENT_SECRETS } from "../../db/seed/demo-accounts";
import { createPlatform, type Platform } from "../fixtures/platform";
import { drivers } from "../helpers/databases";

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

async function count(platform: Platform, storeId: string, query: ReturnType<typeof sql>): Promise<number> {
  const store = await platform.registry.byId(storeId);
  const rows = await queryRows<{ n: number }>(store!.db, query);
  return Number(rows[0]?.n);
}

describe.each(drivers)("demo stores on %s", (driver) => {
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
    const store = await platform.registry.byId("main");
    const rows = await queryRows<{ url: string; sm_url: string }>(
      store!.db,
      sql`select url, sm_url from product_images limit 50`,
    );
    for (const r of rows) {
      expect(existsSync(join(store!.imageDir, r.url.replace(/^\/images\//, "")))).toBe(true);
      expect(existsSync(join(store!.imageDir, r.sm_url.replace(/^\/images\//, "")))).toBe(true);
    }
    const logo = await platform.request("cy.localhost", "/images/brand/logo.svg");
    expect(logo.status).toBe(200);
  });

  it("has a page-content record for every named position", async () => {
    for (const id of ["main", "cy", "wholesale"]) {
      const store = await platform.registry.byId(id);
      const rows = await queryRows<{ position: string }>(store!.db, sql`select position from page_content`);
      expect(rows.map((r) => r.position)).toEqual(expect.arrayContaining(PAGE_POSITIONS));
    }
  });

  it("creates the demo accounts with argon2id hashes in their own store only", async () => {
    for (const a of DEMO_ACCOUNTS) {
      for (const id of ["main", "cy", "wholesale"]) {
        const store = await platform.registry.byId(id);
        const rows = await queryRows<{
          password_hash: string;
          legacy_account: boolean;
          exclude_vat: boolean;
          price_list_id: number | null;
        }>(
          store!.db,
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
});
