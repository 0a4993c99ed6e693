// The back office's categories and brands: create, edit with versions (a concurrent edit is
// refused), delete only when no product uses the record, reorder, audit entries, field messages,
// pictures, and the storefront API showing the change at once.
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "../../db/control/schema";
import { auditLog, categories, productCategories, products } from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

type Rec = Record<string, unknown> & { id: number; version: string };

describe.each(driversFor("both"))("back-office categories and brands on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let manager: AdminClient;
  let clerk: AdminClient;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    owner = await signedInStaff(p, "alpha.localhost", "alpha", { email: "owner@alpha.test", role: "owner" });
    manager = await signedInStaff(p, "alpha.localhost", "alpha", {
      email: "manager@alpha.test",
      role: "manager",
    });
    clerk = await signedInStaff(p, "alpha.localhost", "alpha", { email: "clerk@alpha.test", role: "staff" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const db = async () => (await p.registry.storeHandle("alpha")).db;
  const lastAudit = async () => {
    const [row] = await (await db()).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return row;
  };

  it("creates a master category, makes its slug from the name, and audits it", async () => {
    const r = await manager.req<Rec>("POST", "/taxonomy/masters", {
      code: "LIQ",
      description: "E-Liquids & Salts",
      seq: 2,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ code: "LIQ", slug: "e-liquids-and-salts", subcategories: 0 });
    expect(r.json.version).toMatch(/\w{8,}/);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "master_category.create",
      entity: "master_category",
      staffEmail: "manager@alpha.test",
    });
    expect(audit?.entityId).toBe(String(r.json.id));
  });

  it("answers bad input with field messages, and a taken code with 409 on the code field", async () => {
    const bad = await manager.req("POST", "/taxonomy/masters", { code: "bad code!", description: "" });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/code|description/);
    const dup = await manager.req<{ error: string; details: { fields: Record<string, string> } }>(
      "POST",
      "/taxonomy/masters",
      { code: "LIQ", description: "Another" },
    );
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("duplicate");
    expect(dup.json.details.fields.code).toMatch(/code/);
    const badImage = await manager.req("POST", "/taxonomy/masters", {
      code: "IMG",
      description: "Images",
      image: "https://evil.example/x.png",
    });
    expect(badImage.status).toBe(400);
  });

  it("edits with the version it was read at; a second editor on the old version gets 409", async () => {
    const created = await manager.req<Rec>("POST", "/taxonomy/masters", {
      code: "HW",
      description: "Hardware",
    });
    const { id, version } = created.json;
    const first = await manager.req<Rec>("PUT", `/taxonomy/masters/${id}`, {
      code: "HW",
      description: "Hardware and kits",
      slug: "hardware",
      seq: 1,
      version,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ description: "Hardware and kits", slug: "hardware" });
    expect(first.json.version).not.toBe(version);
    const second = await owner.req<{ error: string; message: string }>("PUT", `/taxonomy/masters/${id}`, {
      code: "HW",
      description: "Kits",
      version,
    });
    expect(second.status).toBe(409);
    expect(second.json.error).toBe("edit_conflict");
    expect(second.json.message).toMatch(/changed this record/);
    const audit = await lastAudit();
    expect(audit?.action).toBe("master_category.update");
    expect(audit?.before).toMatchObject({ description: "Hardware" });
    expect(audit?.after).toMatchObject({ description: "Hardware and kits" });
  });

  it("refuses writes to the staff role and lets it read", async () => {
    const list = await clerk.req("GET", "/taxonomy/masters");
    expect(list.status).toBe(200);
    const write = await clerk.req("POST", "/taxonomy/masters", { code: "X", description: "X" });
    expect(write.status).toBe(403);
  });

  it("creates sub-categories, refuses deleting one a product uses (naming how many), and deletes an empty one", async () => {
    const masters = await manager.req<{ items: Rec[] }>("GET", "/taxonomy/masters");
    const master = masters.json.items.find((m) => m.code === "LIQ") as Rec;
    const noMaster = await manager.req("POST", "/taxonomy/categories", {
      masterId: 999999,
      code: "NOPE",
      description: "Nope",
    });
    expect(noMaster.status).toBe(400);
    expect(
      (noMaster.json as { details: { fields: Record<string, string> } }).details.fields.masterId,
    ).toBeTruthy();

    const sub = await manager.req<Rec>("POST", "/taxonomy/categories", {
      masterId: master.id,
      code: "SALT",
      description: "Nic Salts",
      popular: true,
      popularOrder: 3,
    });
    expect(sub.status, sub.text).toBe(201);
    expect(sub.json).toMatchObject({
      slug: "nic-salts",
      masterDescription: "E-Liquids & Salts",
      products: 0,
    });

    const d = await db();
    const subs = await d
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.masterId, master.id));
    const masterList = await manager.req<{ items: Rec[] }>("GET", "/taxonomy/masters?limit=100");
    expect(masterList.json.items.find((m) => m.id === master.id)?.subcategories).toBe(subs.length);
    const [product] = await d.select({ id: products.id }).from(products).limit(1);
    await d.insert(productCategories).values({ productId: product?.id as number, categoryId: sub.json.id });

    const refused = await manager.req<{ error: string; message: string }>(
      "DELETE",
      `/taxonomy/categories/${sub.json.id}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/^1 product is in this sub-category/);

    const masterRefused = await manager.req<{ message: string }>("DELETE", `/taxonomy/masters/${master.id}`);
    expect(masterRefused.status).toBe(409);
    expect(masterRefused.json.message).toMatch(/1 sub-category/);

    // A renamed sub-category is found by its new name in the products' search text.
    const renamed = await manager.req<Rec>("PUT", `/taxonomy/categories/${sub.json.id}`, {
      masterId: master.id,
      code: "SALT",
      description: "Salt Nics Deluxe",
      slug: "nic-salts",
      popular: true,
      popularOrder: 3,
      version: sub.json.version,
    });
    expect(renamed.status, renamed.text).toBe(200);
    const [after] = await d
      .select({ t: products.searchText })
      .from(products)
      .where(eq(products.id, product?.id as number));
    expect(after?.t).toContain("salt nics deluxe");
    expect(after?.t).toContain("e-liquids & salts");

    const empty = await manager.req<Rec>("POST", "/taxonomy/categories", {
      masterId: master.id,
      code: "FREEBASE",
      description: "Freebase",
    });
    const stale = await manager.req("DELETE", `/taxonomy/categories/${empty.json.id}?version=stale`);
    expect(stale.status).toBe(409);
    const gone = await manager.req(
      "DELETE",
      `/taxonomy/categories/${empty.json.id}?version=${empty.json.version}`,
    );
    expect(gone.status, gone.text).toBe(200);
    expect((await lastAudit())?.action).toBe("category.delete");
    const again = await manager.req("GET", `/taxonomy/categories/${empty.json.id}`);
    expect(again.status).toBe(404);
  });

  it("saves a sub-category's and a master's Greek name, versioned and audited; the Greek name is searchable", async () => {
    type El = Rec & { translations: { el?: { description: string | null } } };
    const setLanguages = async (languages: ("en" | "el")[]) => {
      await p.registry.control.db.update(stores).set({ languages }).where(eq(stores.id, "alpha"));
      p.registry.invalidate();
    };
    const master = await manager.req<El>("POST", "/taxonomy/masters", { code: "GRK", description: "Coils" });
    expect(master.status, master.text).toBe(201);
    const sub = await manager.req<El>("POST", "/taxonomy/categories", {
      masterId: master.json.id,
      code: "MESH",
      description: "Mesh coils",
    });
    expect(sub.status, sub.text).toBe(201);
    expect(sub.json.translations).toEqual({});
    const [product] = await (await db()).select({ id: products.id }).from(products).limit(1);
    await (await db())
      .insert(productCategories)
      .values({ productId: product?.id as number, categoryId: sub.json.id });
    const body = (rec: El, over: Record<string, unknown>) => ({
      masterId: master.json.id,
      code: "MESH",
      description: "Mesh coils",
      version: rec.version,
      ...over,
    });
    // English only: refused.
    expect(
      (
        await manager.req("PUT", `/taxonomy/categories/${sub.json.id}`, {
          ...body(sub.json, {}),
          translations: { el: { description: "Αντιστάσεις" } },
        })
      ).status,
    ).toBe(400);

    await setLanguages(["en", "el"]);
    try {
      const opened = await manager.req<El>("GET", `/taxonomy/categories/${sub.json.id}`);
      expect(opened.json.translations).toEqual({ el: { description: null } });
      const listed = await manager.req<{ items: El[] }>(
        "GET",
        `/taxonomy/categories?masterId=${master.json.id}`,
      );
      expect(listed.json.items[0]?.version).toBe(opened.json.version);
      expect(
        (
          await manager.req(
            "PUT",
            `/taxonomy/categories/${sub.json.id}`,
            body(opened.json, { translations: { it: {} } }),
          )
        ).status,
      ).toBe(400);
      const saved = await manager.req<El>(
        "PUT",
        `/taxonomy/categories/${sub.json.id}`,
        body(opened.json, { translations: { el: { description: "Αντιστάσεις πλέγματος" } } }),
      );
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.translations.el?.description).toBe("Αντιστάσεις πλέγματος");
      expect(saved.json.version).not.toBe(opened.json.version);
      const audit = await lastAudit();
      expect(audit?.action).toBe("category.update");
      expect(audit?.before).toMatchObject({ translations: { el: { description: null } } });
      expect(audit?.after).toMatchObject({ translations: { el: { description: "Αντιστάσεις πλέγματος" } } });
      // The product in it is found by the Greek name (folded: no accents, final ς as σ).
      const [row] = await (await db())
        .select({ searchText: products.searchText })
        .from(products)
        .where(eq(products.id, product?.id as number));
      expect(row?.searchText).toContain("αντιστασεισ πλεγματοσ");
      const stale = await manager.req(
        "PUT",
        `/taxonomy/categories/${sub.json.id}`,
        body(opened.json, { translations: { el: { description: "Άλλο" } } }),
      );
      expect(stale.status).toBe(409);
      // Cleared: falls back to English, and leaves the search text.
      const cleared = await manager.req<El>(
        "PUT",
        `/taxonomy/categories/${sub.json.id}`,
        body(saved.json, { translations: { el: { description: "" } } }),
      );
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json.translations.el?.description).toBeNull();
      const [after] = await (await db())
        .select({ searchText: products.searchText })
        .from(products)
        .where(eq(products.id, product?.id as number));
      expect(after?.searchText).not.toContain("πλεγματοσ");

      // The master's Greek name.
      const m = await manager.req<El>("GET", `/taxonomy/masters/${master.json.id}`);
      const mSaved = await manager.req<El>("PUT", `/taxonomy/masters/${master.json.id}`, {
        code: "GRK",
        description: "Coils",
        version: m.json.version,
        translations: { el: { description: "Αντιστάσεις" } },
      });
      expect(mSaved.status, mSaved.text).toBe(200);
      expect(mSaved.json.translations.el?.description).toBe("Αντιστάσεις");
      expect((await lastAudit())?.after).toMatchObject({
        translations: { el: { description: "Αντιστάσεις" } },
      });
    } finally {
      await setLanguages(["en"]);
      await (await db()).delete(productCategories).where(eq(productCategories.categoryId, sub.json.id));
    }
  });

  it("reorders within a master and refuses a list that is no longer complete", async () => {
    const masters = await manager.req<{ items: Rec[] }>("GET", "/taxonomy/masters");
    const master = masters.json.items.find((m) => m.code === "LIQ") as Rec;
    const b = await manager.req<Rec>("POST", "/taxonomy/categories", {
      masterId: master.id,
      code: "B",
      description: "Bee",
    });
    const list = await manager.req<{ items: Rec[] }>("GET", `/taxonomy/categories?masterId=${master.id}`);
    const ids = list.json.items.map((c) => c.id);
    expect(ids).toEqual([ids[0], b.json.id]);
    const reversed = [...ids].reverse();
    const r = await manager.req("POST", "/taxonomy/categories/reorder", {
      masterId: master.id,
      ids: reversed,
    });
    expect(r.status, r.text).toBe(200);
    const after = await manager.req<{ items: Rec[] }>("GET", `/taxonomy/categories?masterId=${master.id}`);
    expect(after.json.items.map((c) => c.id)).toEqual(reversed);
    expect((await lastAudit())?.action).toBe("category.reorder");
    const partial = await manager.req("POST", "/taxonomy/categories/reorder", {
      masterId: master.id,
      ids: [b.json.id],
    });
    expect(partial.status).toBe(409);
  });

  it("brands: create, show on the storefront at once, rename, refuse deleting one a product has", async () => {
    const brand = await manager.req<Rec>("POST", "/taxonomy/brands", {
      name: "Cloud Nine",
      code: "C9",
      seq: 1,
      showHome: true,
    });
    expect(brand.status, brand.text).toBe(201);
    const shop = await p.request("alpha.localhost", "/api/v1/brands?home=true");
    const shopBody = (await shop.json()) as { brands: { name: string }[] };
    expect(shopBody.brands.map((b) => b.name)).toContain("Cloud Nine");

    const d = await db();
    const [product] = await d.select({ id: products.id }).from(products).limit(1);
    await d
      .update(products)
      .set({ brandId: brand.json.id })
      .where(eq(products.id, product?.id as number));
    const refused = await manager.req<{ message: string }>("DELETE", `/taxonomy/brands/${brand.json.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/^1 product has this brand/);

    const renamed = await manager.req<Rec>("PUT", `/taxonomy/brands/${brand.json.id}`, {
      name: "Cloud Ten",
      code: "C9",
      seq: 1,
      showHome: false,
      version: brand.json.version,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.products).toBe(1);
    const brandList = await manager.req<{ items: Rec[] }>("GET", "/taxonomy/brands?limit=100");
    expect(brandList.json.items.find((b) => b.id === brand.json.id)?.products).toBe(1);
    const [after] = await d
      .select({ t: products.searchText })
      .from(products)
      .where(eq(products.id, product?.id as number));
    expect(after?.t).toContain("cloud ten");
    const home = (await (await p.request("alpha.localhost", "/api/v1/brands?home=true")).json()) as {
      brands: { name: string }[];
    };
    expect(home.brands.map((b) => b.name)).not.toContain("Cloud Ten");
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "brand.update" });
    expect(audit?.after).toMatchObject({ name: "Cloud Ten", showHome: false });
  });

  it("uploads a brand logo as WebP in the store's folder and refuses a file that is not a picture", async () => {
    const png = await sharp({ create: { width: 800, height: 300, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    form.set("name", "Cloud Nine");
    const r = await manager.req<{ url: string; width: number; height: number }>(
      "POST",
      "/uploads/taxonomy?kind=brand",
      form,
    );
    expect(r.status, r.text).toBe(201);
    expect(r.json.url).toMatch(/^\/images\/brands\/cloud-nine-\w+\.webp$/);
    expect(r.json.width).toBeLessThanOrEqual(400);
    expect(r.json.height).toBeLessThanOrEqual(200);
    const served = await p.request("alpha.localhost", r.json.url);
    expect(served.status).toBe(200);
    const other = await p.request("beta.localhost", r.json.url);
    expect(other.status).toBe(404);

    const text = new FormData();
    text.set("file", new Blob(["not a picture"], { type: "image/png" }), "x.png");
    const bad = await manager.req("POST", "/uploads/taxonomy?kind=brand", text);
    expect(bad.status).toBe(400);
  });
});
