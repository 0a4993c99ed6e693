// The back office's product screens of issue 45 over HTTP, on both databases (docs/decisions/0047):
// drafts (never shown in the shop until published; a published product is deactivated, not a draft
// again), stock given when creating, duplicating a product as a draft, bulk edits on ticked rows or
// on every filter match (one transaction: a refused product undoes all, one audit entry per
// product), and the catalogue export that imports back unchanged.
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as c from "../../db/control/schema";
import * as s from "../../db/store/schema";
import { checkCart } from "../../services/cart-check";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

type Json = Record<string, unknown>;
interface Product extends Json {
  id: number;
  code: string;
  name: string;
  slug: string;
  state: "published" | "draft" | "inactive";
  priceCents: number;
  salePriceCents: number | null;
  categoryIds: number[];
  variants: { id: number; colorName: string; priceCents: number | null }[];
  images: { id: number; url: string }[];
  stock: { warehouseId: number; qty: number | null; web: boolean }[];
  version: string;
}

function csvUpload(text: string, name = "catalogue.csv"): FormData {
  const form = new FormData();
  form.append("file", new Blob([new TextEncoder().encode(text)], { type: "text/csv" }), name);
  return form;
}

describe.each(driversFor("both"))("back-office product screens (issue 45) on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let clerk: AdminClient;
  let cats: number[] = [];
  let brand = 0;
  let web = 0;

  const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();
  const create = async (over: Json = {}) => {
    const r = await owner.req<Product>("POST", "/products", {
      code: `BULK-${tag()}`,
      name: "Bulk Pod Kit",
      priceCents: 2990,
      vatRate: 19,
      weightGrams: 200,
      categoryIds: [cats[0]],
      brandId: brand,
      ...over,
    });
    expect(r.status, r.text).toBe(201);
    return r.json;
  };
  const store = async () => (await p.registry.resolve("alpha.localhost")) as StoreContext;
  const db = async () => (await p.registry.storeHandle("alpha")).db;
  const shopStatus = async (id: number) =>
    (await p.request("alpha.localhost", `/api/v1/products/${id}`)).status;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    await p.registry.control.db
      .update(c.stores)
      .set({ languages: ["en", "el"] })
      .where(eq(c.stores.id, "alpha"));
    p.registry.invalidate();
    const d = await db();
    const [master] = await d
      .insert(s.masterCategories)
      .values({ code: "KITS", description: "Kits", slug: "kits" })
      .returning();
    cats = (
      await d
        .insert(s.categories)
        .values([
          { masterId: master?.id as number, code: "POD", description: "Pod Kits", slug: "pod-kits" },
          { masterId: master?.id as number, code: "MOD", description: "Mod Kits", slug: "mod-kits" },
        ])
        .returning()
    ).map((c) => c.id);
    brand = ((await d.insert(s.brands).values({ name: "Vaporesso", code: "VAP" }).returning())[0]?.id ??
      0) as number;
    const whs = await d
      .insert(s.warehouses)
      .values([
        { code: "WEB", webDescription: "Web shop" },
        { code: "NIC", webDescription: "Nicosia shop" },
      ])
      .returning();
    web = whs[0]?.id as number;
    await d.insert(s.settings).values({ key: "warehouse_id", value: String(web) });
    owner = await signedInStaff(p, "alpha.localhost", "alpha", { email: "owner@alpha.test", role: "owner" });
    clerk = await signedInStaff(p, "alpha.localhost", "alpha", { email: "clerk@alpha.test", role: "staff" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  it("a draft with stock is nowhere in the shop until published; published it cannot be a draft again", async () => {
    const name = `Quasar ${tag()} Kit`;
    const draft = await create({ name, state: "draft", stock: [{ warehouseId: web, qty: 7 }] });
    expect(draft.state).toBe("draft");
    expect(draft.stock.find((l) => l.web)?.qty).toBe(7);

    const word = name.split(" ")[1] as string;
    const hidden = async () => {
      expect(await shopStatus(draft.id)).toBe(404);
      const list = (await (await p.request("alpha.localhost", "/api/v1/products?perPage=100")).json()) as {
        products: { id: number }[];
      };
      expect(list.products.map((x) => x.id)).not.toContain(draft.id);
      const found = (await (
        await p.request("alpha.localhost", `/api/v1/products?search=${word}&perPage=100`)
      ).json()) as { products: { id: number }[] };
      expect(found.products.map((x) => x.id)).not.toContain(draft.id);
      const map = await (await p.request("alpha.localhost", "/sitemap.xml")).text();
      expect(map).not.toContain(`/${draft.slug}/`);
      const cart = await checkCart(await store(), [{ id: draft.id, qty: 1 }], null);
      expect(cart.lines[0]?.status).not.toBe("ok");
    };
    await hidden();
    const drafts = await owner.req<{ products: { id: number; state: string }[] }>(
      "GET",
      "/products?status=draft",
    );
    expect(drafts.json.products.find((x) => x.id === draft.id)?.state).toBe("draft");

    // Staff without catalog.write cannot publish.
    expect((await clerk.req("PUT", `/products/${draft.id}/state`, { state: "published" })).status).toBe(403);
    const pub = await owner.req<Product>("PUT", `/products/${draft.id}/state`, { state: "published" });
    expect(pub.status, pub.text).toBe(200);
    expect(pub.json.state).toBe("published");
    expect(await shopStatus(draft.id)).toBe(200);
    const found = (await (
      await p.request("alpha.localhost", `/api/v1/products?search=${word}&perPage=100`)
    ).json()) as { products: { id: number }[] };
    expect(found.products.map((x) => x.id)).toContain(draft.id);
    const cart = await checkCart(await store(), [{ id: draft.id, qty: 1 }], null);
    expect(cart.lines[0]?.status).toBe("ok");

    const back = await owner.req("PUT", `/products/${draft.id}/state`, { state: "draft" });
    expect(back.status).toBe(409);
    expect(back.text).toContain("cannot be a draft again: deactivate it instead");
    const off = await owner.req<Product>("PUT", `/products/${draft.id}/state`, { state: "inactive" });
    expect(off.json.state).toBe("inactive");
    expect(await shopStatus(draft.id)).toBe(404);
    const [audit] = await (await db())
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.entityId, String(draft.id)))
      .orderBy(desc(s.auditLog.id))
      .limit(1);
    expect(audit?.action).toBe("product.deactivate");

    // The ERP's writes follow the same rule: an active product gets its publication date.
    const [row] = await (await db()).select().from(s.products).where(eq(s.products.id, draft.id));
    expect(row?.publishedAt).not.toBeNull();
  });

  it("duplicates a product as a draft: (copy), new code and address, relations, pictures shared, no stock", async () => {
    const from = await create({
      name: "Origin Kit",
      categoryIds: cats,
      variants: [
        { color: "#000000", colorName: "Black", size: "" },
        { color: "#ff0000", colorName: "Red", size: "", priceCents: 3190 },
      ],
      translations: { el: { name: "Κιτ Origin" } },
      stock: [{ warehouseId: web, qty: 5 }],
    });
    const d = await db();
    await d
      .update(s.products)
      .set({ specs: [{ label: "Battery", value: "1000 mAh" }] })
      .where(eq(s.products.id, from.id));
    await d.insert(s.productImages).values({
      productId: from.id,
      seq: 0,
      url: "/images/a.webp",
      smUrl: "/images/a-sm.webp",
      width: 600,
      height: 600,
    });

    const r = await owner.req<Product>("POST", `/products/${from.id}/duplicate`);
    expect(r.status, r.text).toBe(201);
    const copy = r.json;
    expect(copy).toMatchObject({
      name: "Origin Kit (copy)",
      code: `${from.code}-COPY`,
      state: "draft",
      priceCents: from.priceCents,
      categoryIds: cats,
    });
    expect(copy.slug).not.toBe(from.slug);
    expect(copy.variants.map((v) => [v.colorName, v.priceCents])).toEqual([
      ["Black", null],
      ["Red", 3190],
    ]);
    expect(copy.variants.map((v) => v.id)).not.toEqual(from.variants.map((v) => v.id));
    expect(copy.images.map((i) => i.url)).toEqual(["/images/a.webp"]);
    expect(copy.stock.every((l) => l.qty === null)).toBe(true);
    expect((copy.translations as { el: { name: string } }).el.name).toBe("Κιτ Origin (αντίγραφο)");
    const [row] = await d.select().from(s.products).where(eq(s.products.id, copy.id));
    expect(row?.specs).toEqual([{ label: "Battery", value: "1000 mAh" }]);
    expect(await shopStatus(copy.id)).toBe(404);
    const [audit] = await d.select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "product.duplicate", entityId: String(copy.id) });

    // A second copy takes the next free code.
    const again = await owner.req<Product>("POST", `/products/${from.id}/duplicate`);
    expect(again.json.code).toBe(`${from.code}-COPY-2`);
    expect((await owner.req("POST", "/products/999999/duplicate")).status).toBe(404);
  });

  it("bulk edits price, sale price, stock and state in one transaction, audited per product", async () => {
    const brandTag = tag();
    const a = await create({ name: `Bulk ${brandTag} A`, priceCents: 3000 });
    const b = await create({
      name: `Bulk ${brandTag} B`,
      priceCents: 2000,
      variants: [{ color: "#000000", colorName: "Black", size: "" }],
    });
    const ids = [a.id, b.id];
    const d = await db();
    const auditsNow = async () =>
      (await d.select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1))[0]?.id ?? 0;

    // A sale price not below a product's price refuses the whole edit and names the product.
    const mark = await auditsNow();
    const bad = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "salePrice", salePriceCents: 2500 },
    });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.text).toContain(`${b.code}: The sale price must be lower than the price`);
    const rows = await d.select().from(s.products).where(eq(s.products.id, a.id));
    expect(rows[0]?.salePriceCents).toBeNull();
    expect(await auditsNow()).toBe(mark);

    const sale = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "salePrice", salePriceCents: 1500 },
    });
    expect(sale.status, sale.text).toBe(200);
    expect(sale.json).toEqual({ matched: 2, changed: 2 });
    const shop = (await (await p.request("alpha.localhost", `/api/v1/products/${b.id}`)).json()) as {
      product: { salePriceCents: number | null };
    };
    expect(shop.product.salePriceCents).toBe(1500);
    const cards = await d.select().from(s.productCards).where(eq(s.productCards.productId, b.id));
    expect(cards[0]).toMatchObject({ onSale: true, priceMin: 1500 });
    const audits = await d
      .select()
      .from(s.auditLog)
      .where(gt(s.auditLog.id, mark))
      .orderBy(asc(s.auditLog.id));
    expect(audits.map((x) => [x.action, x.entityId])).toEqual([
      ["product.bulk_price", String(a.id)],
      ["product.bulk_price", String(b.id)],
    ]);
    expect(audits[0]?.summary).toContain("sale price none → 15.00");

    // The price: a price at or below the sale refuses all.
    const low = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "price", priceCents: 1500 },
    });
    expect(low.status).toBe(400);
    const price = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "price", priceCents: 2600 },
    });
    expect(price.json).toEqual({ matched: 2, changed: 2 });
    const cleared = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "salePrice", salePriceCents: null },
    });
    expect(cleared.json).toEqual({ matched: 2, changed: 2 });
    const after = await d.select().from(s.products).where(eq(s.products.id, b.id));
    expect(after[0]).toMatchObject({ priceCents: 2600, salePriceCents: null });
    const [bv] = await d.select().from(s.productVariants).where(eq(s.productVariants.productId, b.id));
    expect(bv?.priceCents).toBeNull();

    // Stock: set, then adjust; going below 0 on one product undoes the others.
    expect(
      (await owner.req("POST", "/products/bulk", { ids, action: { kind: "stock", mode: "set", qty: 4 } }))
        .json,
    ).toEqual({ matched: 2, changed: 2 });
    await d
      .update(s.stock)
      .set({ qty: 1 })
      .where(and(eq(s.stock.productId, b.id), eq(s.stock.warehouseId, web)));
    const under = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "stock", mode: "adjust", qty: -2 },
    });
    expect(under.status).toBe(400);
    expect(under.text).toContain(`${b.code}: It has 1 in stock`);
    const qty = async (id: number) =>
      (
        await d
          .select()
          .from(s.stock)
          .where(and(eq(s.stock.productId, id), eq(s.stock.warehouseId, web)))
      )[0]?.qty;
    expect(await qty(a.id)).toBe(4);
    expect(
      (await owner.req("POST", "/products/bulk", { ids, action: { kind: "stock", mode: "adjust", qty: 3 } }))
        .status,
    ).toBe(200);
    expect([await qty(a.id), await qty(b.id)]).toEqual([7, 4]);
    // Two adjustments at once (two tabs, or an order beside the owner): neither is lost.
    const both = await Promise.all(
      [2, 5].map((n) =>
        owner.req("POST", "/products/bulk", { ids, action: { kind: "stock", mode: "adjust", qty: n } }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect([await qty(a.id), await qty(b.id)]).toEqual([14, 11]);
    const stockAudit = await d.select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1);
    expect(stockAudit[0]).toMatchObject({ action: "product.stock", entityId: String(b.id) });

    // Every product matching the filter (not only one page): the search names both.
    const off = await owner.req("POST", "/products/bulk", {
      filter: { q: `bulk ${brandTag.toLowerCase()}`, status: "active" },
      action: { kind: "state", state: "inactive" },
    });
    expect(off.json).toEqual({ matched: 2, changed: 2 });
    expect(await shopStatus(a.id)).toBe(404);
    const toDraft = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "state", state: "draft" },
    });
    expect(toDraft.status).toBe(409);
    const on = await owner.req("POST", "/products/bulk", {
      ids,
      action: { kind: "state", state: "published" },
    });
    expect(on.json).toEqual({ matched: 2, changed: 2 });
    expect(await shopStatus(a.id)).toBe(200);

    // Input checks: nothing named, both named, unknown ids, no permission.
    expect(
      (await owner.req("POST", "/products/bulk", { action: { kind: "price", priceCents: 100 } })).status,
    ).toBe(400);
    expect(
      (await owner.req("POST", "/products/bulk", { ids: [], action: { kind: "price", priceCents: 100 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await owner.req("POST", "/products/bulk", {
          ids: [999999],
          action: { kind: "price", priceCents: 100 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await owner.req("POST", "/products/bulk", { ids, action: { kind: "stock", mode: "adjust", qty: 0 } }))
        .status,
    ).toBe(400);
    expect(
      (await clerk.req("POST", "/products/bulk", { ids, action: { kind: "price", priceCents: 100 } })).status,
    ).toBe(403);
  });

  it("exports the catalogue as a file that imports back unchanged, formulas defused, audited", async () => {
    const d = await db();
    await create({
      name: '=HYPERLINK("x") Kit',
      shortDesc: '-10% off, "quoted", comma',
      longDescHtml: "<p>Line one</p>\n<p>Line two</p>",
      salePriceCents: 1990,
      categoryIds: cats,
      isNew: true,
      popupAd: true,
      videoUrl: "https://www.youtube.com/watch?v=abc",
      variantGroup: "G1",
      variantLabel: "Black",
      translations: { el: { name: "@Κιτ", shortDesc: "Ελληνικά" } },
      stock: [{ warehouseId: web, qty: 12 }],
    });
    await create({ name: "Draft Export", state: "draft", brandId: null });

    const snapshot = async () => {
      const rows = await d.select().from(s.products).orderBy(asc(s.products.id));
      const links = await d
        .select()
        .from(s.productCategories)
        .orderBy(asc(s.productCategories.productId), asc(s.productCategories.seq));
      const tr = await d.select().from(s.productTranslations).orderBy(asc(s.productTranslations.productId));
      const st = await d
        .select({ productId: s.stock.productId, qty: s.stock.qty, w: s.stock.warehouseId })
        .from(s.stock)
        .orderBy(asc(s.stock.productId), asc(s.stock.warehouseId));
      const vs = await d.select().from(s.productVariants).orderBy(asc(s.productVariants.id));
      return JSON.stringify({ rows, links, tr, st, vs });
    };
    const exported = await owner.req("GET", "/catalogue-export.csv");
    expect(exported.status).toBe(200);
    expect(exported.res.headers.get("content-type")).toContain("text/csv");
    expect(exported.res.headers.get("content-disposition")).toMatch(/catalogue-alpha-\d{4}-\d{2}-\d{2}\.csv/);
    const text = exported.text;
    expect(text.split("\r\n")[0]).toBe(
      '"code","name","slug","short_description","long_description_html","price","sale_price","vat_rate","weight_grams","categories","brand","new","top","hot","popup_ad","video_url","active","variant_group","variant_label","pictures","stock","name_el","short_description_el","long_description_html_el","regulatory_class","nicotine_mg_ml","volume_ml","tank_ml","ec_id","manufacturer","responsible_person","warnings"',
    );
    expect(text).toContain(`"'=HYPERLINK(""x"") Kit"`);
    expect(text).toContain(`"'-10% off, ""quoted"", comma"`);
    expect(text).toContain(`"'@Κιτ"`);
    const [audit] = await d.select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "product.export", entity: "product" });

    // Importing it back changes nothing: every product unchanged, every stored field the same.
    const before = await snapshot();
    const total = (await d.select().from(s.products)).length;
    const same = await owner.req<{ status: string; unchanged: number; updated: number; created: number }>(
      "POST",
      "/uploads/catalogue-import",
      csvUpload(text),
    );
    expect(same.status, same.text).toBe(200);
    expect(same.json).toMatchObject({ status: "imported", created: 0, updated: 0, unchanged: total });
    expect(await snapshot()).toBe(before);

    // And the file carries every field it names: changed in the shop, it puts them back.
    const [first] = await d.select().from(s.products).where(eq(s.products.name, '=HYPERLINK("x") Kit'));
    const id = first?.id as number;
    await d
      .update(s.products)
      .set({
        name: "Changed",
        priceCents: 100,
        salePriceCents: null,
        isNew: false,
        shortDesc: "",
        videoUrl: null,
        deleted: true,
      })
      .where(eq(s.products.id, id));
    await d.update(s.productTranslations).set({ name: null }).where(eq(s.productTranslations.productId, id));
    await d.delete(s.productCategories).where(eq(s.productCategories.productId, id));
    await d.update(s.stock).set({ qty: 0 }).where(eq(s.stock.productId, id));
    const back = await owner.req<{ updated: number }>("POST", "/uploads/catalogue-import", csvUpload(text));
    expect(back.json.updated).toBe(1);
    const strip = (j: string) => JSON.parse(j, (k, v) => (k === "updatedAt" ? undefined : v));
    expect(strip(await snapshot())).toEqual(strip(before));
    expect((await clerk.req("GET", "/catalogue-export.csv")).status).toBe(403);
  });
});
