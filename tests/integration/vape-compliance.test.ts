// Compliance data (issue 41 §1, docs/decisions/0058) on both databases: the legal limits refused,
// naming the field, from every write path (the back office's product API, the ERP's PUT and batch
// where a bad item fails alone, the catalogue file), the demo seed built by the same rules, the
// back office's list of stored products out of the limits (listed, never deleted), and the
// storefront API's GPSR block with the nicotine warning in the asked language.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceIssues, LIMITS } from "../../core/regulatory";
import * as c from "../../db/control/schema";
import { buildCatalogue } from "../../db/seed/catalog";
import { DEMO_STORES } from "../../db/seed/stores";
import * as s from "../../db/store/schema";
import { importCatalogueText } from "../../services/integration/catalogue-import";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";
import { addCatalogueCodes, erpClient, giveApiKey } from "../helpers/erp";

type Json = Record<string, unknown>;
const HOST = "alpha.localhost";
const actor = { id: null, email: "csv-import", ip: null };

describe.each(driversFor("both"))("vape compliance data on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let maker = 0;
  let rp = 0;
  const erp = () => erpClient(p, HOST, "alpha-key");
  const db = async () => (await p.registry.storeHandle("alpha")).db;

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", "alpha-key");
    await addCatalogueCodes(p, "alpha");
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
    const rows = await (await db())
      .insert(s.economicOperators)
      .values([
        {
          code: "MAKER-CN",
          name: "Far Vapour Co., Ltd.",
          postalAddress: "1 Export Road\nShenzhen",
          email: "safety@far.example",
          country: "CN",
        },
        {
          code: "RP-CY",
          name: "EU Rep Ltd",
          postalAddress: "2 Harbour Street\n3036 Limassol",
          email: "rp@eurep.example",
          country: "CY",
        },
      ])
      .returning({ id: s.economicOperators.id });
    maker = rows[0]?.id ?? 0;
    rp = rows[1]?.id ?? 0;
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const liquid = (over: Json = {}) => ({
    code: `LIQ-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    name: "Mango 10 ml / 6 mg",
    priceCents: 590,
    vatRate: 19,
    regulatoryClass: "nicotine_liquid",
    nicotineMgPerMl: 6,
    volumeMl: 10,
    ecId: "01234-16-00001",
    // The form asks every product's weight (delivery is priced by it, decision 0057).
    weightGrams: 40,
    ...over,
  });

  it("back office: refuses nicotine above 20 mg/ml, a nicotine refill above 10 ml and a tank above 2 ml, naming the field", async () => {
    const before = (await (await db()).select().from(s.products)).length;
    const strong = await owner.req("POST", "/products", liquid({ nicotineMgPerMl: 24 }));
    expect(strong.status).toBe(400);
    expect(strong.text).toContain("nicotineMgPerMl");
    expect(strong.text).toContain("at most 20 mg/ml");
    const big = await owner.req("POST", "/products", liquid({ volumeMl: 12 }));
    expect(big.status).toBe(400);
    expect(big.text).toContain("volumeMl");
    expect(big.text).toContain("at most 10 ml");
    const tank = await owner.req("POST", "/products", {
      ...liquid({ regulatoryClass: "tank", nicotineMgPerMl: null, volumeMl: null, ecId: null }),
      tankCapacityMl: 5,
    });
    expect(tank.status).toBe(400);
    expect(tank.text).toContain("tankCapacityMl");
    expect(tank.text).toContain("at most 2 ml");
    expect((await (await db()).select().from(s.products)).length).toBe(before);
    // At the limits: accepted, with its manufacturer and responsible person.
    const ok = await owner.req<Json>(
      "POST",
      "/products",
      liquid({ nicotineMgPerMl: LIMITS.nicotineMgPerMl, manufacturerId: maker, responsiblePersonId: rp }),
    );
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json).toMatchObject({ regulatoryClass: "nicotine_liquid", nicotineMgPerMl: 20, volumeMl: 10 });
  });

  it("ERP: a PUT over a limit is a 400 naming the field; in a batch the bad item fails alone", async () => {
    const put = await erp()("PUT", "/products/ERP-STRONG", {
      name: "Strong",
      priceCents: 500,
      regulatoryClass: "nicotine_liquid",
      nicotineMgPerMl: 25,
      volumeMl: 10,
      ecId: "01234-16-00002",
    });
    expect(put.status).toBe(400);
    expect(JSON.stringify(put.json)).toContain("nicotineMgPerMl");
    const batch = await erp()<{ results: { code: string; status: string; issues?: { path: string }[] }[] }>(
      "POST",
      "/products/batch",
      {
        products: [
          {
            code: "ERP-TANK-BIG",
            name: "Big tank",
            priceCents: 2000,
            regulatoryClass: "tank",
            tankCapacityMl: 4,
          },
          {
            code: "ERP-TANK-OK",
            name: "Lawful tank",
            priceCents: 2000,
            regulatoryClass: "tank",
            tankCapacityMl: 2,
          },
        ],
      },
    );
    expect(batch.status).toBe(200);
    const [bad, good] = batch.json.results;
    expect(bad).toMatchObject({ code: "ERP-TANK-BIG", status: "failed" });
    expect(bad?.issues?.map((i) => i.path)).toContain("tankCapacityMl");
    expect(good).toMatchObject({ code: "ERP-TANK-OK", status: "created" });
    const read = await erp()<Json>("GET", "/products/ERP-TANK-OK");
    expect(read.json).toMatchObject({ regulatoryClass: "tank", tankCapacityMl: 2 });
  });

  it("catalogue file: a nicotine refill above 10 ml is refused on its line and column", async () => {
    const store = await p.registry.byId("alpha", HOST);
    if (!store) throw new Error("no store alpha");
    const text = [
      "code,name,price,regulatory_class,nicotine_mg_ml,volume_ml,ec_id,manufacturer",
      "CSV-OK,Lawful,5.90,nicotine_liquid,12,10,01234-16-00003,MAKER-CN",
      "CSV-BIG,Too big,5.90,nicotine_liquid,12,15,01234-16-00004,MAKER-CN",
    ].join("\n");
    const out = await importCatalogueText(store, actor, text);
    expect(out.status).not.toBe("imported");
    expect("errors" in out ? out.errors : []).toContainEqual(
      expect.objectContaining({ line: 3, column: "volume_ml" }),
    );
    const [row] = await (await db()).select().from(s.products).where(eq(s.products.code, "CSV-OK"));
    expect(row).toBeUndefined();
  });

  it("the demo seed is lawful: every demo product of every store passes the same rules", () => {
    for (const store of DEMO_STORES) {
      const products = buildCatalogue(store.catalogue);
      for (const prod of products) expect(complianceIssues(prod.compliance), prod.name).toEqual([]);
      expect(products.some((x) => x.compliance.regulatoryClass === "nicotine_liquid")).toBe(true);
      expect(products.every((x) => (x.compliance.tankCapacityMl ?? 0) <= 2)).toBe(true);
    }
  });

  it("lists stored products out of the limits for the owner, and deletes none", async () => {
    const d = await db();
    const [legacy] = await d
      .insert(s.products)
      .values({
        code: "OLD-TANK",
        name: "Old 5 ml tank",
        slug: "old-5-ml-tank",
        priceCents: 1000,
        regulatoryClass: "tank",
        tankCapacityMl: 5,
      })
      .returning({ id: s.products.id });
    const list = await owner.req<{ items: { id: number; issues: { field: string }[] }[]; total: number }>(
      "GET",
      "/product-compliance",
    );
    expect(list.status, list.text).toBe(200);
    const hit = list.json.items.find((i) => i.id === legacy?.id);
    expect(hit?.issues.map((i) => i.field)).toEqual(["tankCapacityMl"]);
    expect(list.json.items.some((i) => i.issues.some((x) => x.field === "nicotineMgPerMl"))).toBe(false);
    const still = await d.select().from(s.products).where(eq(s.products.code, "OLD-TANK"));
    expect(still).toHaveLength(1);
  });

  it("storefront API: the GPSR block and the nicotine warning in the asked language", async () => {
    const [row] = await (await db())
      .select({ id: s.products.id })
      .from(s.products)
      .where(eq(s.products.regulatoryClass, "nicotine_liquid"));
    const en = (await (await p.request(HOST, `/api/v1/products/${row?.id}`)).json()) as {
      product: { compliance: Json };
    };
    expect(en.product.compliance).toMatchObject({
      nicotineWarning:
        "This product contains nicotine which is a highly addictive substance. It is not recommended for use by non-smokers.",
      manufacturer: { name: "Far Vapour Co., Ltd.", country: "CN" },
      responsiblePerson: { name: "EU Rep Ltd", email: "rp@eurep.example" },
      ecId: "01234-16-00001",
    });
    // A store that speaks Greek answers in Greek.
    await p.registry.control.db
      .update(c.stores)
      .set({ languages: ["en", "el"] })
      .where(eq(c.stores.id, "alpha"));
    p.registry.invalidate();
    const el = (await (await p.request(HOST, `/api/v1/products/${row?.id}?lang=el`)).json()) as {
      product: { compliance: Json };
    };
    expect(el.product.compliance.nicotineWarning).toMatch(/^Το προϊόν αυτό περιέχει νικοτίνη/);
  });
});
