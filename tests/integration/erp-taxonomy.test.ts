// The integration API's category groups, categories, brands, price lists and prices through the
// real app on both drivers: the API key per store, field paths of bad input, create-or-update by
// code with defaults, idempotence (a repeat writes nothing: no row, no audit entry), the
// storefront showing a rename at once and products' search text following it.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  type brands,
  categories,
  masterCategories,
  priceListLines,
  type priceLists,
  productCategories,
  products,
} from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-5e1f0c";

type Issues = { error: string; message: string; issues?: { path: string; message: string }[] };

describe.each(driversFor("both"))("integration API: categories, brands and price lists on %s", (driver) => {
  let p: Platform;
  let erp: ReturnType<typeof erpClient>;

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", KEY);
    await giveApiKey(p, "beta", "beta-erp-key-77aa31");
    erp = erpClient(p, HOST, KEY);
  });
  afterAll(async () => p?.dispose());

  const db = async () => (await p.registry.storeHandle("alpha")).db;
  const audits = async () => Number((await (await db()).select({ n: count() }).from(auditLog))[0]?.n);
  const rows = async (
    table: typeof masterCategories | typeof categories | typeof brands | typeof priceLists,
  ) => Number((await (await db()).select({ n: count() }).from(table))[0]?.n);

  it.each([
    ["PUT", "/category-groups/G1", { description: "x" }],
    ["PUT", "/categories/C1", { description: "x" }],
    ["PUT", "/brands/B1", { name: "x" }],
    ["PUT", "/price-lists/L1", { name: "x" }],
    ["PUT", "/price-lists/L1/prices", { prices: [{ productCode: "ALPHA-1", priceCents: 1 }] }],
  ])("%s %s: no key, a wrong key and another store's key are 401", async (method, path, body) => {
    for (const key of [null, "wrong-key", "beta-erp-key-77aa31"]) {
      const r = await erpClient(p, HOST, key)(method, path, body);
      expect(r.status, `${path} with ${key}`).toBe(401);
    }
    expect(await rows(masterCategories)).toBe(0);
  });

  it("answers bad input with the field's path, and writes nothing", async () => {
    const before = await audits();
    const neg = await erp<Issues>("PUT", "/category-groups/G1", { description: "Liquids", seq: -1 });
    expect(neg.status).toBe(400);
    expect(neg.json.issues?.map((i) => i.path)).toContain("seq");
    const missing = await erp<Issues>("PUT", "/category-groups/G1", { seq: 1 });
    expect(missing.status).toBe(400);
    expect(missing.json.issues).toEqual([{ path: "description", message: expect.any(String) }]);
    const typo = await erp<Issues>("PUT", "/brands/B1", { nmae: "Typo" });
    expect(typo.status).toBe(400);
    expect(typo.json.message).toContain("nmae");
    const noGroup = await erp<Issues>("PUT", "/categories/C1", { description: "Salts" });
    expect(noGroup.status).toBe(400);
    expect(noGroup.json.issues?.map((i) => i.path)).toEqual(["groupCode"]);
    const unknownGroup = await erp<Issues>("PUT", "/categories/C1", {
      groupCode: "NOPE",
      description: "Salts",
    });
    expect(unknownGroup.status).toBe(400);
    expect(unknownGroup.json.issues).toEqual([
      { path: "groupCode", message: expect.stringContaining("NOPE") },
    ]);
    const badSlug = await erp<Issues>("PUT", "/category-groups/G1", {
      description: "L",
      slug: "Not a slug!",
    });
    expect(badSlug.status).toBe(400);
    expect(badSlug.json.issues?.map((i) => i.path)).toEqual(["slug"]);
    const noLetters = await erp<Issues>("PUT", "/category-groups/%2B%2B", { description: "!!!" });
    expect(noLetters.status).toBe(400);
    expect(noLetters.json.issues?.map((i) => i.path)).toEqual(["slug"]);
    expect(await rows(masterCategories)).toBe(0);
    expect(await rows(categories)).toBe(0);
    expect(await audits()).toBe(before);
  });

  it("category groups: created with defaults and a derived slug; a repeat changes nothing; fields left out stay", async () => {
    const before = await audits();
    const first = await erp("PUT", "/category-groups/LIQ", { description: "E-Liquids & Salts" });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      id: expect.any(Number),
      code: "LIQ",
      description: "E-Liquids & Salts",
      slug: "e-liquids-and-salts",
      seq: 0,
      translations: {},
    });
    expect(await audits()).toBe(before + 1);
    const again = await erp("PUT", "/category-groups/LIQ", { description: "E-Liquids & Salts" });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await audits()).toBe(before + 1);
    expect(await rows(masterCategories)).toBe(1);

    const seq = await erp("PUT", "/category-groups/LIQ", { seq: 3 });
    expect(seq.json).toMatchObject({ id: first.json.id, description: "E-Liquids & Salts", seq: 3 });
    const [audit] = await (await db())
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "master_category.update"));
    expect(audit).toMatchObject({ staffId: null, staffEmail: "erp-api", entityId: String(first.json.id) });
    expect(audit?.before).toEqual({ seq: 0 });
    expect(audit?.after).toEqual({ seq: 3 });
    // A rename keeps the slug (stable links) unless the ERP sends one.
    const renamed = await erp("PUT", "/category-groups/LIQ", { description: "Liquids" });
    expect(renamed.json).toMatchObject({ description: "Liquids", slug: "e-liquids-and-salts", seq: 3 });
    const slugged = await erp("PUT", "/category-groups/LIQ", { slug: "liquids" });
    expect(slugged.json).toMatchObject({ slug: "liquids" });
    // Another group may not take that slug.
    const clash = await erp<Issues>("PUT", "/category-groups/OTHER", {
      description: "Other",
      slug: "liquids",
    });
    expect(clash.status).toBe(409);
    expect(clash.json.issues?.[0]?.path).toBe("slug");
    // A derived slug that is taken takes the code too.
    const twin = await erp("PUT", "/category-groups/LIQ2", { description: "Liquids" });
    expect(twin.json).toMatchObject({ slug: "liquids-liq2" });
  });

  it("categories: group required on create, defaults, idempotent, renamed at once on the storefront with products' search text", async () => {
    await erp("PUT", "/category-groups/KITS", { description: "Kits", seq: 1 });
    const created = await erp("PUT", "/categories/POD", { groupCode: "KITS", description: "Pod kits" });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      id: expect.any(Number),
      code: "POD",
      groupCode: "KITS",
      description: "Pod kits",
      slug: "pod-kits",
      seq: 0,
      popular: false,
      popularOrder: 0,
      translations: {},
    });
    const d = await db();
    const [product] = await d.select().from(products).where(eq(products.code, "ALPHA-1"));
    await d
      .insert(productCategories)
      .values({ productId: product?.id as number, categoryId: created.json.id as number });

    const audited = await audits();
    const rowCount = await rows(categories);
    const again = await erp("PUT", "/categories/POD", { groupCode: "KITS", description: "Pod kits" });
    expect(again.json).toEqual(created.json);
    expect(await audits()).toBe(audited);
    expect(await rows(categories)).toBe(rowCount);

    const menu1 = await (await p.request(HOST, "/api/v1/categories/menu")).json();
    expect(JSON.stringify(menu1)).toContain("Pod kits");

    const renamed = await erp("PUT", "/categories/POD", {
      description: "Pod systems",
      popular: true,
      popularOrder: 2,
    });
    expect(renamed.json).toMatchObject({
      id: created.json.id,
      groupCode: "KITS",
      slug: "pod-kits",
      popular: true,
      popularOrder: 2,
    });
    const menu2 = await (await p.request(HOST, "/api/v1/categories/menu")).json();
    expect(JSON.stringify(menu2)).toContain("Pod systems");
    expect(JSON.stringify(menu2)).not.toContain("Pod kits");
    const [after] = await d.select().from(products).where(eq(products.code, "ALPHA-1"));
    expect(after?.searchText).toContain("pod systems");
    expect(after?.searchText).toContain("kits");

    // Moving it to another group, and renaming the group, keep the search text in step.
    await erp("PUT", "/category-groups/DEV", { description: "Devices" });
    const moved = await erp("PUT", "/categories/POD", { groupCode: "DEV" });
    expect(moved.json).toMatchObject({ groupCode: "DEV", description: "Pod systems" });
    await erp("PUT", "/category-groups/DEV", { description: "Hardware" });
    const [last] = await d.select().from(products).where(eq(products.code, "ALPHA-1"));
    expect(last?.searchText).toContain("hardware");
    expect(last?.searchText).not.toContain("kits");
  });

  it("brands: defaults, idempotent, rename shows on the storefront at once and in the search text", async () => {
    const created = await erp("PUT", "/brands/VAPX", { name: "Vapx", showHome: true });
    expect(created.json).toEqual({
      id: expect.any(Number),
      code: "VAPX",
      name: "Vapx",
      seq: 0,
      showHome: true,
    });
    const d = await db();
    await d
      .update(products)
      .set({ brandId: created.json.id as number })
      .where(eq(products.code, "ALPHA-1"));
    const home1 = await (await p.request(HOST, "/api/v1/brands?home=true")).json();
    expect(JSON.stringify(home1)).toContain("Vapx");

    const audited = await audits();
    expect((await erp("PUT", "/brands/VAPX", { name: "Vapx", showHome: true })).json).toEqual(created.json);
    expect((await erp("PUT", "/brands/VAPX", {})).json).toEqual(created.json);
    expect(await audits()).toBe(audited);

    const renamed = await erp("PUT", "/brands/VAPX", { name: "Vaporex" });
    expect(renamed.json).toMatchObject({ id: created.json.id, name: "Vaporex", showHome: true });
    expect(await audits()).toBe(audited + 1);
    const home2 = await (await p.request(HOST, "/api/v1/brands?home=true")).json();
    expect(JSON.stringify(home2)).toContain("Vaporex");
    const [product] = await d.select().from(products).where(eq(products.code, "ALPHA-1"));
    expect(product?.searchText).toContain("vaporex");
  });

  it("price lists and prices: create, set, unknown codes refused with nothing written, null removes, repeats change nothing", async () => {
    const d = await db();
    await d
      .insert(products)
      .values({ code: "ALPHA-2", name: "Second", slug: "alpha-second", priceCents: 500 });
    const missingList = await erp("PUT", "/price-lists/WHOLE/prices", {
      prices: [{ productCode: "ALPHA-1", priceCents: 1500 }],
    });
    expect(missingList.status).toBe(404);
    const noName = await erp<Issues>("PUT", "/price-lists/WHOLE", {});
    expect(noName.status).toBe(400);
    expect(noName.json.issues?.map((i) => i.path)).toEqual(["name"]);

    const list = await erp("PUT", "/price-lists/WHOLE", { name: "Wholesale" });
    expect(list.json).toEqual({ id: expect.any(Number), code: "WHOLE", name: "Wholesale" });
    const audited = await audits();
    expect((await erp("PUT", "/price-lists/WHOLE", { name: "Wholesale" })).json).toEqual(list.json);
    expect(await audits()).toBe(audited);

    const dup = await erp<Issues>("PUT", "/price-lists/WHOLE/prices", {
      prices: [
        { productCode: "ALPHA-1", priceCents: 1 },
        { productCode: "ALPHA-1", priceCents: 2 },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.json.issues?.map((i) => i.path)).toEqual(["prices.1.productCode"]);

    const unknown = await erp<Issues & { details: { unknown: string[] } }>(
      "PUT",
      "/price-lists/WHOLE/prices",
      {
        prices: [
          { productCode: "ALPHA-1", priceCents: 1500 },
          { productCode: "NOPE-1", priceCents: 100 },
          { productCode: "NOPE-2", priceCents: null },
        ],
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe("unknown_product");
    expect(unknown.json.details.unknown).toEqual(["NOPE-1", "NOPE-2"]);
    expect(unknown.json.issues?.map((i) => i.path)).toEqual(["prices.1.productCode", "prices.2.productCode"]);
    expect(await d.select().from(priceListLines)).toEqual([]);

    const body = {
      prices: [
        { productCode: "ALPHA-1", priceCents: 1500 },
        { productCode: "ALPHA-2", priceCents: 400 },
      ],
    };
    const set = await erp("PUT", "/price-lists/WHOLE/prices", body);
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ code: "WHOLE", changed: 2, prices: body.prices });
    const afterSet = await audits();
    const again = await erp("PUT", "/price-lists/WHOLE/prices", body);
    expect(again.json).toEqual({ code: "WHOLE", changed: 0, prices: body.prices });
    expect(await audits()).toBe(afterSet);

    const cleared = await erp("PUT", "/price-lists/WHOLE/prices", {
      prices: [
        { productCode: "ALPHA-2", priceCents: null },
        { productCode: "ALPHA-1", priceCents: 1450 },
      ],
    });
    expect(cleared.json).toMatchObject({ changed: 2 });
    const lines = await d
      .select({ code: products.code, priceCents: priceListLines.priceCents })
      .from(priceListLines)
      .innerJoin(products, eq(products.id, priceListLines.productId));
    expect(lines).toEqual([{ code: "ALPHA-1", priceCents: 1450 }]);
    const [audit] = await d
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "price_list.prices"))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({ staffEmail: "erp-api", entity: "price_list" });
  });

  it("is in the OpenAPI document with its idempotence and defaults", async () => {
    const doc = (await (await p.request(HOST, "/api/docs")).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    const put = doc.paths["/integration/categories/{code}"]?.put;
    expect(put?.summary).toMatch(/idempotent/);
    expect(put?.summary).toMatch(/default/);
    expect(doc.paths["/integration/price-lists/{code}/prices"]?.put?.summary).toMatch(/unknown product/);
  });
});
