// Translations through the integration API (decision 0035 step 3) on both databases: a product's
// Greek fields set, merged field by field, cleared by null (the English shows), refused for English
// and for a language the store does not offer; an unchanged repeat writes nothing (no row change,
// updatedAt untouched, no audit entry); a change touches the product (updatedAt, audit); the Greek
// long description is sanitised as the English one; the Greek name is searchable; the batch fails
// only the item with a bad language; category groups and categories take a Greek description the
// same way, and it reaches their products' search text.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as controlSchema from "../../db/control/schema";
import * as s from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { addCatalogueCodes, erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
type Json = Record<string, unknown>;
interface Translation {
  name: string | null;
  shortDescription: string | null;
  longDescriptionHtml: string | null;
  variantLabel: string | null;
  specs: { label: string; value: string }[] | null;
}
interface Product extends Json {
  id: number;
  code: string;
  updatedAt: string;
  longDescriptionHtml: string;
  translations: Record<string, Translation>;
}
type Issues = { error: string; message: string; issues?: { path: string; message: string }[] };

const HTML = '<p>Long <strong>text</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p>';

describe.each(driversFor("both"))("integration API translations on %s", (driver) => {
  let p: Platform;
  const erp = () => erpClient(p, HOST, "alpha-key");

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", "alpha-key");
    await giveApiKey(p, "beta", "beta-key");
    await addCatalogueCodes(p, "alpha");
    // alpha speaks English and Greek; beta only English.
    await p.registry.control.db
      .update(controlSchema.stores)
      .set({ languages: ["en", "el"] })
      .where(eq(controlSchema.stores.id, "alpha"));
    p.registry.invalidate();
  });
  afterAll(async () => p?.dispose());

  const db = async () => (await p.registry.storeHandle("alpha")).db;
  const audits = async () => Number((await (await db()).select({ n: count() }).from(s.auditLog))[0]?.n);
  const translationRows = async () => (await db()).select().from(s.productTranslations);
  const row = async (code: string) =>
    (await (await db()).select().from(s.products).where(eq(s.products.code, code)))[0];

  it("sets a product's Greek fields, sanitises the Greek HTML as the English, and reads them back", async () => {
    const put = await erp()<Product>("PUT", "/products/TR-1", {
      name: "Mango Ice",
      priceCents: 590,
      longDescriptionHtml: HTML,
      variantGroup: "mango",
      variantLabel: "6 mg",
      categoryCodes: ["POD"],
      translations: {
        el: {
          name: "Μάνγκο Πάγος",
          shortDescription: "Ώριμο μάνγκο.",
          longDescriptionHtml: HTML,
          variantLabel: "6 mg νικοτίνη",
          specs: [{ label: "Χωρητικότητα", value: "10 ml" }],
        },
      },
    });
    expect(put.status).toBe(200);
    expect(put.json.translations).toEqual({
      el: {
        name: "Μάνγκο Πάγος",
        shortDescription: "Ώριμο μάνγκο.",
        longDescriptionHtml: put.json.longDescriptionHtml,
        variantLabel: "6 mg νικοτίνη",
        specs: [{ label: "Χωρητικότητα", value: "10 ml" }],
      },
    });
    expect(put.json.longDescriptionHtml).not.toContain("script");
    expect(put.json.longDescriptionHtml).not.toContain("onerror");
    const got = await erp()<Product>("GET", "/products/TR-1");
    expect(got.json.translations).toEqual(put.json.translations);
    const stored = await translationRows();
    expect(stored).toEqual([
      expect.objectContaining({ productId: put.json.id, lang: "el", name: "Μάνγκο Πάγος" }),
    ]);
    // A product without a translation shows every offered language, all null.
    const plain = await erp()<Product>("PUT", "/products/TR-0", { name: "Plain", priceCents: 100 });
    expect(plain.json.translations).toEqual({
      el: { name: null, shortDescription: null, longDescriptionHtml: null, variantLabel: null, specs: null },
    });
  });

  it("finds the product by its Greek name, typed in any case and without accents", async () => {
    const r = await row("TR-1");
    expect(r?.searchText).toContain("μανγκο παγοσ");
    for (const term of ["Μάνγκο", "μανγκο", "ΜΑΝΓΚΟ"]) {
      const res = await p.request(HOST, `/api/v1/products?searchTerm=${encodeURIComponent(term)}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { products: { code: string }[] };
      expect(
        body.products.map((x) => x.code),
        term,
      ).toContain("TR-1");
    }
  });

  it("writes nothing for an unchanged repeat: same row, updatedAt untouched, no audit entry", async () => {
    const before = await erp()<Product>("GET", "/products/TR-1");
    const auditCount = await audits();
    const rowsBefore = await translationRows();
    const same = await erp()<Product>("PUT", "/products/TR-1", {
      translations: {
        el: {
          name: "Μάνγκο Πάγος",
          shortDescription: "Ώριμο μάνγκο.",
          longDescriptionHtml: HTML,
          variantLabel: "6 mg νικοτίνη",
          specs: [{ label: "Χωρητικότητα", value: "10 ml" }],
        },
      },
    });
    expect(same.status).toBe(200);
    expect(same.json.updatedAt).toBe(before.json.updatedAt);
    expect(same.json.translations).toEqual(before.json.translations);
    expect(await audits()).toBe(auditCount);
    expect(await translationRows()).toEqual(rowsBefore);
    // The batch says so too.
    const batch = await erp()<{ results: { status: string }[] }>("POST", "/products/batch", {
      products: [{ code: "TR-1", translations: { el: { name: "Μάνγκο Πάγος" } } }],
    });
    expect(batch.json.results[0]?.status).toBe("unchanged");
    expect(await audits()).toBe(auditCount);
  });

  it("merges field by field: a field left out stays, a change touches the product and is audited", async () => {
    const before = await erp()<Product>("GET", "/products/TR-1");
    const auditCount = await audits();
    await new Promise((r) => setTimeout(r, 5));
    const put = await erp()<Product>("PUT", "/products/TR-1", {
      translations: { el: { shortDescription: "Γλυκό μάνγκο με δροσιά." } },
    });
    expect(put.status).toBe(200);
    expect(put.json.translations.el).toEqual({
      ...before.json.translations.el,
      shortDescription: "Γλυκό μάνγκο με δροσιά.",
    });
    expect(new Date(put.json.updatedAt).getTime()).toBeGreaterThan(new Date(before.json.updatedAt).getTime());
    expect(await audits()).toBe(auditCount + 1);
    const [audit] = await (await db())
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "product.update"), eq(s.auditLog.entityId, String(put.json.id))));
    expect(audit?.summary).toContain("translations.el");
  });

  it("clears a field with null or an empty text (the English shows), and drops a translation left empty", async () => {
    const cleared = await erp()<Product>("PUT", "/products/TR-1", {
      translations: { el: { name: null, variantLabel: "", specs: [] } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.translations.el).toMatchObject({
      name: null,
      variantLabel: null,
      specs: null,
      shortDescription: "Γλυκό μάνγκο με δροσιά.",
    });
    // The Greek name left the search text with its translation.
    expect((await row("TR-1"))?.searchText).not.toContain("μανγκο παγοσ");
    const res = await p.request(HOST, `/api/v1/products?searchTerm=${encodeURIComponent("Πάγος")}`);
    const body = (await res.json()) as { products: { code: string }[] };
    expect(body.products.map((x) => x.code)).not.toContain("TR-1");

    const empty = await erp()<Product>("PUT", "/products/TR-1", {
      translations: { el: { shortDescription: null, longDescriptionHtml: null } },
    });
    expect(empty.json.translations.el).toEqual({
      name: null,
      shortDescription: null,
      longDescriptionHtml: null,
      variantLabel: null,
      specs: null,
    });
    expect(await translationRows()).toEqual([]);
  });

  it("refuses English and a language the store does not offer with a 400 naming it, and writes nothing", async () => {
    const auditCount = await audits();
    const english = await erp()<Issues>("PUT", "/products/TR-1", { translations: { en: { name: "Mango" } } });
    expect(english.status).toBe(400);
    expect(english.json.issues).toEqual([
      { path: "translations.en", message: expect.stringMatching(/English/) },
    ]);
    const french = await erp()<Issues>("PUT", "/products/TR-1", {
      name: "Renamed",
      translations: { fr: { name: "Mangue" } },
    });
    expect(french.status).toBe(400);
    expect(french.json.issues?.[0]).toEqual({
      path: "translations.fr",
      message: "This store does not offer the language fr; it offers el besides English.",
    });
    const malformed = await erp()<Issues>("PUT", "/products/TR-1", {
      translations: { greek: { name: "x" } },
    });
    expect(malformed.status).toBe(400);
    const typo = await erp()<Issues>("PUT", "/products/TR-1", { translations: { el: { title: "x" } } });
    expect(typo.status).toBe(400);
    expect(typo.json.issues?.[0]?.path).toBe("translations.el");
    expect((await row("TR-1"))?.name).toBe("Mango Ice");
    expect(await audits()).toBe(auditCount);

    // beta speaks English only.
    const beta = await erpClient(p, "beta.localhost", "beta-key")<Issues>("PUT", "/products/B-1", {
      name: "Coil",
      priceCents: 300,
      translations: { el: { name: "Αντίσταση" } },
    });
    expect(beta.status).toBe(400);
    expect(beta.json.issues?.[0]).toEqual({
      path: "translations.el",
      message: "This store offers English only, so it takes no translations (el was sent).",
    });
  });

  it("fails only the batch item with a bad language", async () => {
    const batch = await erp()<{ results: { code: string; status: string; issues?: { path: string }[] }[] }>(
      "POST",
      "/products/batch",
      {
        products: [
          { code: "TR-2", name: "Lemon", priceCents: 500, translations: { el: { name: "Λεμόνι" } } },
          { code: "TR-3", name: "Lime", priceCents: 500, translations: { de: { name: "Limette" } } },
        ],
      },
    );
    expect(batch.status).toBe(200);
    expect(batch.json.results.map((r) => r.status)).toEqual(["created", "failed"]);
    expect(batch.json.results[1]?.issues?.[0]?.path).toBe("translations.de");
    const lemon = await erp()<Product>("GET", "/products/TR-2");
    expect(lemon.json.translations.el?.name).toBe("Λεμόνι");
    expect((await row("TR-2"))?.searchText).toContain("λεμονι");
    expect(await row("TR-3")).toBeUndefined();
  });

  it("category groups and categories take a Greek description: set, repeat, merge, clear, refuse, searchable", async () => {
    // TR-1 is in POD (group KITS).
    const put = await erp()<Json>("PUT", "/categories/POD", {
      translations: { el: { description: "Συσκευές pod" } },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      code: "POD",
      description: "Pod Kits",
      translations: { el: { description: "Συσκευές pod" } },
    });
    expect((await row("TR-1"))?.searchText).toContain("συσκευεσ pod");

    const auditCount = await audits();
    const again = await erp()<Json>("PUT", "/categories/POD", {
      translations: { el: { description: "Συσκευές pod" } },
    });
    expect(again.json).toEqual(put.json);
    expect(await audits()).toBe(auditCount);
    // A field left out stays; another field changes alone.
    const seq = await erp()<Json>("PUT", "/categories/POD", { seq: 4, translations: { el: {} } });
    expect(seq.json).toMatchObject({ seq: 4, translations: { el: { description: "Συσκευές pod" } } });

    const group = await erp()<Json>("PUT", "/category-groups/KITS", {
      translations: { el: { description: "Κιτ" } },
    });
    expect(group.json).toMatchObject({
      code: "KITS",
      description: "Kits",
      translations: { el: { description: "Κιτ" } },
    });
    expect((await row("TR-1"))?.searchText).toContain("κιτ");
    const [audit] = await (await db())
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.action, "master_category.update"));
    expect(audit?.summary).toContain("translations.el");
    expect(audit?.after).toEqual({ "translations.el": { description: "Κιτ" } });

    const cleared = await erp()<Json>("PUT", "/categories/POD", {
      translations: { el: { description: null } },
    });
    expect(cleared.json).toMatchObject({ translations: { el: { description: null } } });
    expect(await (await db()).select().from(s.categoryTranslations)).toEqual([]);
    expect((await row("TR-1"))?.searchText).not.toContain("συσκευεσ");

    const before = await audits();
    const refused = await erp()<Issues>("PUT", "/category-groups/KITS", {
      description: "Kits renamed",
      translations: { it: { description: "Kit" } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.issues?.[0]?.path).toBe("translations.it");
    const english = await erp()<Issues>("PUT", "/categories/POD", {
      translations: { en: { description: "x" } },
    });
    expect(english.status).toBe(400);
    expect(await audits()).toBe(before);
    const [kits] = await (await db())
      .select()
      .from(s.masterCategories)
      .where(eq(s.masterCategories.code, "KITS"));
    expect(kits?.description).toBe("Kits");

    // A new category with its translation in the same request.
    const fresh = await erp()<Json>("PUT", "/categories/SALT", {
      groupCode: "KITS",
      description: "Salts",
      translations: { el: { description: "Άλατα" } },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.json).toMatchObject({ translations: { el: { description: "Άλατα" } } });
  });
});
