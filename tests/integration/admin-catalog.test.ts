// The back office's products over HTTP, on both databases: the paged list and its filters,
// create/update with field errors, version conflicts and audit entries, soft delete and
// restore, stock per warehouse with back-in-stock mails, and pictures (a real PNG made with
// sharp: stored as WebP under the store's own folder, never reachable from another store).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Product as CatalogProduct,
  colourSizeState,
  priceRange,
  productLabels,
  variantName,
} from "../../core/product-rules";
import * as c from "../../db/control/schema";
import * as s from "../../db/store/schema";
import { checkCart } from "../../services/cart-check";
import type { StoreContext } from "../../services/context";
import { priceLines } from "../../services/orders/pricing";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

type Json = Record<string, unknown>;
interface Product extends Json {
  id: number;
  code: string;
  slug: string;
  version: string;
  priceCents: number;
  images: { id: number; url: string; smUrl: string; width: number; height: number; seq: number }[];
  stock: { warehouseId: number; qty: number | null; web: boolean }[];
  variants: { id: number; color: string; colorName: string; size: string; priceCents: number | null }[];
  priceNotice: string | null;
}

/** The product as the shop's API serves it. */
type ShopProduct = CatalogProduct;

interface Refs {
  categories: number[];
  brand: number;
  warehouses: number[];
  priceList: number;
}

async function addCatalogData(p: Platform, storeId: string): Promise<Refs> {
  const { db } = await p.registry.storeHandle(storeId);
  const [master] = await db
    .insert(s.masterCategories)
    .values({ code: "KITS", description: "Kits", slug: "kits" })
    .returning();
  const cats = await db
    .insert(s.categories)
    .values([
      { masterId: master?.id as number, code: "POD", description: "Pod Kits", slug: "pod-kits" },
      { masterId: master?.id as number, code: "MOD", description: "Mod Kits", slug: "mod-kits" },
    ])
    .returning();
  const [brand] = await db.insert(s.brands).values({ name: "Vaporesso", code: "VAP" }).returning();
  const whs = await db
    .insert(s.warehouses)
    .values([
      { code: "WEB", webDescription: "Web shop" },
      { code: "NIC", webDescription: "Nicosia shop" },
    ])
    .returning();
  const [list] = await db.insert(s.priceLists).values({ code: "WHS", name: "Wholesale" }).returning();
  await db.insert(s.settings).values({ key: "warehouse_id", value: String(whs[0]?.id) });
  return {
    categories: cats.map((c) => c.id),
    brand: brand?.id as number,
    warehouses: whs.map((w) => w.id),
    priceList: list?.id as number,
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

function upload(bytes: Buffer, name = "picture.png", type = "image/png"): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe.each(driversFor("both"))("back-office products on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let clerk: AdminClient;
  let refs: Refs;

  const newProduct = (over: Json = {}) => ({
    code: `KIT-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    name: "Xros 4 Pod Kit",
    priceCents: 2990,
    salePriceCents: null,
    vatRate: 19,
    weightGrams: 200,
    categoryIds: [refs.categories[0]],
    brandId: refs.brand,
    ...over,
  });

  const create = async (over: Json = {}) => {
    const r = await owner.req<Product>("POST", "/products", newProduct(over));
    expect(r.status, r.text).toBe(201);
    return r.json;
  };

  const editBody = (prod: Product, over: Json = {}) => ({
    code: prod.code,
    name: prod.name,
    slug: prod.slug,
    priceCents: prod.priceCents,
    salePriceCents: prod.salePriceCents,
    vatRate: prod.vatRate,
    weightGrams: prod.weightGrams,
    isNew: prod.isNew,
    isTop: prod.isTop,
    isHot: prod.isHot,
    popupAd: prod.popupAd,
    shortDesc: prod.shortDesc,
    longDescHtml: prod.longDescHtml,
    videoUrl: prod.videoUrl,
    categoryIds: prod.categoryIds,
    brandId: prod.brandId,
    variantGroup: prod.variantGroup,
    variantLabel: prod.variantLabel,
    variants: prod.variants,
    priceListPrices: prod.priceListPrices,
    version: prod.version,
    ...over,
  });

  const lastAudit = async (storeId = "alpha") => {
    const { db } = await p.registry.storeHandle(storeId);
    const [row] = await db.select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1);
    return row;
  };

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    refs = await addCatalogData(p, "alpha");
    owner = await signedInStaff(p, "alpha.localhost", "alpha", { email: "owner@alpha.test", role: "owner" });
    clerk = await signedInStaff(p, "alpha.localhost", "alpha", { email: "clerk@alpha.test", role: "staff" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  it("creates a product: slug from the name, sanitised long description, search text, relations, audit", async () => {
    const prod = await create({
      name: "Xros 4 Pod Kit",
      longDescHtml:
        '<p>Great <strong>kit</strong><script>alert(1)</script><a href="javascript:x()">x</a></p>',
      variants: [{ color: "#112233", colorName: "Black", size: "", priceCents: 2990 }],
      priceListPrices: [{ priceListId: refs.priceList, priceCents: 2100 }],
      isNew: true,
      videoUrl: "https://www.youtube.com/watch?v=abc",
    });
    expect(prod.slug).toBe("xros-4-pod-kit");
    expect(prod.longDescHtml).toBe(
      '<p>Great <strong>kit</strong><a rel="noopener noreferrer nofollow">x</a></p>',
    );
    expect(prod.variants).toHaveLength(1);
    expect(prod.priceListPrices).toEqual([{ priceListId: refs.priceList, priceCents: 2100 }]);
    expect(prod.stock.map((l) => l.qty)).toEqual([null, null]);
    expect(prod.storefrontUrl).toBe(`/product/default/${prod.id}`);

    const { db } = await p.registry.storeHandle("alpha");
    const [row] = await db.select().from(s.products).where(eq(s.products.id, prod.id));
    // The code's parts follow (search_parts, store migration 0015), so "1GJHT7" finds it too.
    const code = prod.code.toLowerCase();
    expect(row?.searchText).toBe(`xros 4 pod kit ${code} vaporesso pod kits kits ${code.replace(/-/g, " ")}`);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "product.create", entity: "product", entityId: String(prod.id) });
    expect(audit?.staffEmail).toBe("owner@alpha.test");

    // A second product of the same name gets the next free slug.
    const twin = await create({ name: "Xros 4 Pod Kit" });
    expect(twin.slug).toBe("xros-4-pod-kit-2");
  });

  it("answers bad input with 4xx and field messages, and writes nothing", async () => {
    const { db } = await p.registry.storeHandle("alpha");
    const before = (await db.select().from(s.products)).length;
    const sale = await owner.req("POST", "/products", newProduct({ salePriceCents: 2990 }));
    expect(sale.status).toBe(400);
    expect(JSON.stringify(sale.json)).toContain("The sale price must be lower than the price");
    const video = await owner.req("POST", "/products", newProduct({ videoUrl: "http://evil.example/x" }));
    expect(video.status).toBe(400);
    expect(video.text).toContain("YouTube or Vimeo");
    const brand = await owner.req("POST", "/products", newProduct({ brandId: 99999 }));
    expect(brand.status).toBe(400);
    expect(brand.json.details).toEqual({ fields: { brandId: "This brand does not exist." } });
    const cat = await owner.req("POST", "/products", newProduct({ categoryIds: [99999] }));
    expect(cat.status).toBe(400);
    const neg = await owner.req("POST", "/products", newProduct({ priceCents: -1 }));
    expect(neg.status).toBe(400);
    const notJson = await owner.req("POST", "/products", "not json");
    expect(notJson.status).toBe(400);

    const first = await create();
    const dup = await owner.req("POST", "/products", newProduct({ code: first.code }));
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({ error: "duplicate", details: { fields: { code: expect.any(String) } } });
    const dupSlug = await owner.req("POST", "/products", newProduct({ slug: first.slug }));
    expect(dupSlug.status).toBe(409);
    expect(dupSlug.json).toMatchObject({ details: { fields: { slug: expect.any(String) } } });
    expect((await db.select().from(s.products)).length).toBe(before + 1);
  });

  it("updates with the version, refuses a stale one with 409, and the storefront shows the new price at once", async () => {
    const prod = await create({ name: "Luxe Q Kit", priceCents: 3500 });
    const shop1 = await p.request("alpha.localhost", `/api/v1/products/${prod.id}`);
    expect(((await shop1.json()) as { product: Json }).product.priceCents).toBe(3500);

    const saved = await owner.req<Product>(
      "PUT",
      `/products/${prod.id}`,
      editBody(prod, { priceCents: 2990, salePriceCents: 2500 }),
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.priceCents).toBe(2990);
    expect(saved.json.version).not.toBe(prod.version);

    const shop2 = await p.request("alpha.localhost", `/api/v1/products/${prod.id}`);
    const shown = ((await shop2.json()) as { product: Json }).product;
    expect(shown.priceCents).toBe(2990);
    expect(shown.salePriceCents).toBe(2500);

    const audit = await lastAudit();
    expect(audit?.action).toBe("product.update");
    expect(audit?.summary).toContain("price 35.00 → 29.90");
    expect(audit?.before).toMatchObject({ priceCents: 3500 });
    expect(audit?.after).toMatchObject({ priceCents: 2990 });

    // A second editor who opened the first version is told, and nothing is overwritten.
    const stale = await owner.req("PUT", `/products/${prod.id}`, editBody(prod, { name: "Overwrite" }));
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe("edit_conflict");
    const now = await owner.req<Product>("GET", `/products/${prod.id}`);
    expect(now.json.name).toBe("Luxe Q Kit");

    // Two saves of the same version at once: exactly one wins.
    const both = await Promise.all([
      owner.req(
        "PUT",
        `/products/${prod.id}`,
        editBody(now.json, { priceCents: 1000, salePriceCents: null }),
      ),
      owner.req(
        "PUT",
        `/products/${prod.id}`,
        editBody(now.json, { priceCents: 2000, salePriceCents: null }),
      ),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    const missing = await owner.req("PUT", "/products/999999", editBody(prod));
    expect(missing.status).toBe(404);
  });

  it("saves the Greek texts in the product's audited, versioned save; an emptied field falls back to English", async () => {
    const setLanguages = async (languages: ("en" | "el")[]) => {
      await p.registry.control.db.update(c.stores).set({ languages }).where(eq(c.stores.id, "alpha"));
      p.registry.invalidate();
    };
    const { db } = await p.registry.storeHandle("alpha");
    const rows = (id: number) =>
      db.select().from(s.productTranslations).where(eq(s.productTranslations.productId, id));
    type WithEl = Product & { translations: { el?: Record<string, string | null> } };

    // An English-only store has nothing to translate into, and refuses a translation.
    const prod = await create({ name: "Nord 5 Kit", shortDesc: "A pod kit." });
    expect((prod as WithEl).translations).toEqual({});
    const english = await owner.req(
      "PUT",
      `/products/${prod.id}`,
      editBody(prod, { translations: { el: { name: "Κιτ Nord 5" } } }),
    );
    expect(english.status).toBe(400);
    expect(english.json.details).toMatchObject({ fields: { translations: expect.stringContaining("el") } });
    expect(await rows(prod.id)).toEqual([]);

    await setLanguages(["en", "el"]);
    try {
      const opened = (await owner.req<WithEl>("GET", `/products/${prod.id}`)).json;
      expect(opened.translations).toEqual({
        el: { name: null, shortDesc: null, longDescHtml: null, variantLabel: null },
      });
      // A language the back office does not know, or a field it does not translate: 400.
      const fr = await owner.req(
        "PUT",
        `/products/${prod.id}`,
        editBody(opened, { translations: { fr: { name: "Kit" } } }),
      );
      expect(fr.status).toBe(400);
      const odd = await owner.req(
        "PUT",
        `/products/${prod.id}`,
        editBody(opened, { translations: { el: { code: "X" } } }),
      );
      expect(odd.status).toBe(400);

      const saved = await owner.req<WithEl>(
        "PUT",
        `/products/${prod.id}`,
        editBody(opened, {
          translations: {
            el: {
              name: "  Κιτ Ταξιδιού Nord 5 ",
              shortDesc: "",
              longDescHtml:
                '<p>Μικρό <strong>κιτ</strong><script>alert(1)</script><img src=x onerror="y()"></p>',
              variantLabel: null,
            },
          },
        }),
      );
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.translations.el).toEqual({
        name: "Κιτ Ταξιδιού Nord 5",
        shortDesc: null,
        longDescHtml: "<p>Μικρό <strong>κιτ</strong></p>",
        variantLabel: null,
      });
      expect(saved.json.version).not.toBe(opened.version);
      expect(await rows(prod.id)).toMatchObject([
        {
          lang: "el",
          name: "Κιτ Ταξιδιού Nord 5",
          shortDesc: null,
          longDescHtml: "<p>Μικρό <strong>κιτ</strong></p>",
        },
      ]);
      // The Greek name is searchable: search_text is refreshed after the translation is written.
      const [row] = await db.select().from(s.products).where(eq(s.products.id, prod.id));
      expect(row?.searchText).toContain("κιτ ταξιδιου nord 5");

      const audit = await lastAudit();
      expect(audit?.action).toBe("product.update");
      expect(audit?.summary).toContain("translations");
      expect(audit?.before).toMatchObject({ translations: { el: { name: null } } });
      expect(audit?.after).toMatchObject({ translations: { el: { name: "Κιτ Ταξιδιού Nord 5" } } });

      // The version covers the translation: a save on the version opened before it is refused.
      const stale = await owner.req(
        "PUT",
        `/products/${prod.id}`,
        editBody(opened, { translations: { el: { name: "Άλλο" } } }),
      );
      expect(stale.status).toBe(409);
      expect(stale.json.error).toBe("edit_conflict");
      // A Greek-only change moves the version too, so the English editor's stale save is refused.
      const greekOnly = await owner.req<WithEl>(
        "PUT",
        `/products/${prod.id}`,
        editBody(saved.json, {
          translations: { el: { ...saved.json.translations.el, shortDesc: "Μικρό." } },
        }),
      );
      expect(greekOnly.status, greekOnly.text).toBe(200);
      expect(
        (await owner.req("PUT", `/products/${prod.id}`, editBody(saved.json, { priceCents: 100 }))).status,
      ).toBe(409);

      // A save without `translations` (an older client) leaves them as they are.
      const untouched = await owner.req<WithEl>("PUT", `/products/${prod.id}`, editBody(greekOnly.json));
      expect(untouched.json.translations.el?.name).toBe("Κιτ Ταξιδιού Nord 5");

      // Clearing a field makes it fall back: null in the record, English on the Greek page.
      const cleared = await owner.req<WithEl>(
        "PUT",
        `/products/${prod.id}`,
        editBody(untouched.json, {
          translations: {
            el: { name: "", shortDesc: "Μικρό.", longDescHtml: "<p><br></p>", variantLabel: "" },
          },
        }),
      );
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json.translations.el).toMatchObject({
        name: null,
        longDescHtml: null,
        shortDesc: "Μικρό.",
      });
      expect((await lastAudit())?.after).toMatchObject({ translations: { el: { name: null } } });
      const [afterClear] = await db.select().from(s.products).where(eq(s.products.id, prod.id));
      expect(afterClear?.searchText).not.toContain("ταξιδιου");
      const greekPage = await p.request("alpha.localhost", `/api/v1/products/${prod.id}?lang=el`);
      expect(((await greekPage.json()) as { product: Json }).product.name).toBe("Nord 5 Kit");
    } finally {
      await setLanguages(["en"]);
    }
  });

  it("keeps variant ids on edit, adds and removes variants, and replaces price-list prices", async () => {
    const prod = await create({
      variants: [
        { color: "#000000", colorName: "Black", size: "", priceCents: 2990 },
        { color: "#ff0000", colorName: "Red", size: "", priceCents: 2990 },
      ],
    });
    const [black] = prod.variants;
    const r = await owner.req<Product>(
      "PUT",
      `/products/${prod.id}`,
      editBody(prod, {
        variants: [
          { ...black, priceCents: 3100 },
          { color: "#0000FF", colorName: "Blue", size: "", priceCents: 2990 },
        ],
        priceListPrices: [{ priceListId: refs.priceList, priceCents: 1900 }],
      }),
    );
    expect(r.status, r.text).toBe(200);
    // Blue is priced as the product: it has no price of its own and follows the product's.
    expect(r.json.variants.map((v) => [v.colorName, v.priceCents])).toEqual([
      ["Black", 3100],
      ["Blue", null],
    ]);
    expect(r.json.variants[0]?.id).toBe(black?.id);
    expect(r.json.variants[1]?.color).toBe("#0000ff");
    const foreign = await owner.req(
      "PUT",
      `/products/${prod.id}`,
      editBody(r.json, { variants: [{ ...black, id: 999999 }] }),
    );
    expect(foreign.status).toBe(400);
  });

  // Issue 45: two defects that lost an owner's work.
  const shopProduct = async (id: number) =>
    (
      (await (await p.request("alpha.localhost", `/api/v1/products/${id}`)).json()) as {
        product: ShopProduct;
      }
    ).product;
  const retail = { priceListId: null, excludeVat: false };
  const colourRows = (priceCents: number | null) => [
    { color: "#000000", colorName: "Black", size: "", priceCents },
    { color: "#c92a2a", colorName: "Red", size: "", priceCents },
  ];

  it("a product made with colour rows and no size can be chosen by colour and bought (issue 45)", async () => {
    // As the owner did it: two colour rows, size left empty, the price copied from the product, stock 12.
    const prod = await create({ name: "Colour Pod Kit", priceCents: 2490, variants: colourRows(2490) });
    const [web] = refs.warehouses as [number];
    const stocked = await owner.req("PUT", `/products/${prod.id}/stock`, {
      lines: [{ warehouseId: web, qty: 12, was: null }],
    });
    expect(stocked.status, stocked.text).toBe(200);

    const shop = await shopProduct(prod.id);
    // No blank size to pick: the rows are chosen by their colour alone.
    const untouched = colourSizeState(shop.variants, null, null);
    expect(untouched.sizes).toEqual([]);
    expect(untouched.needsSize).toBe(false);
    expect(untouched.colours.map((c) => c.colorName)).toEqual(["Black", "Red"]);
    const red = colourSizeState(shop.variants, "#c92a2a", null).chosen;
    expect(red).toMatchObject({ colorName: "Red", size: "", priceCents: 2490, salePriceCents: null });
    if (!red) throw new Error("no row chosen");

    // The server checks and prices the line the page adds.
    const store = (await p.registry.resolve("alpha.localhost")) as StoreContext;
    const cart = await checkCart(store, [{ id: prod.id, qty: 2, variantId: red.id }], null);
    expect(cart.lines[0]).toMatchObject({ status: "ok", unitPrice: 2490, stock: 12, qty: 2 });
    const [line] = await priceLines(store.db, store, retail, [{ id: prod.id, qty: 2, variantId: red.id }]);
    expect(line).toMatchObject({ description: "Colour Pod Kit - Red", unitPriceCents: 2490 });
    expect(variantName(red)).toBe("Red");

    // Two rows of one colour and size could not both be chosen: the form is told.
    const twice = await owner.req(
      "POST",
      "/products",
      newProduct({ variants: [...colourRows(null), colourRows(null)[0]] }),
    );
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.json)).toContain("Two variants have the same colour and size.");
  });

  it("a price and sale-price edit reaches colour rows priced as the product; rows priced apart are named (issue 45)", async () => {
    const prod = await create({ name: "Sale Pod Kit", priceCents: 2490, variants: colourRows(2490) });
    expect(prod.priceNotice).toBeNull();
    const saved = await owner.req<Product>(
      "PUT",
      `/products/${prod.id}`,
      editBody(prod, { priceCents: 2690, salePriceCents: 2190 }),
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.priceNotice).toBeNull();

    // The shop sells every row at the new price's sale, with the Sale badge.
    const shop = await shopProduct(prod.id);
    expect(shop.variants.map((v) => [v.colorName, v.priceCents, v.salePriceCents])).toEqual([
      ["Black", 2690, 2190],
      ["Red", 2690, 2190],
    ]);
    expect(productLabels(shop, true)).toContain("Sale");
    expect(priceRange(shop)).toEqual({ minCents: 2190, maxCents: 2690 });
    const { db } = await p.registry.storeHandle("alpha");
    const [card] = await db.select().from(s.productCards).where(eq(s.productCards.productId, prod.id));
    expect(card).toMatchObject({ onSale: true, priceMin: 2190, priceMax: 2690 });
    const store = (await p.registry.resolve("alpha.localhost")) as StoreContext;
    const black = shop.variants[0]?.id as number;
    const [line] = await priceLines(store.db, store, retail, [{ id: prod.id, qty: 1, variantId: black }]);
    expect(line?.unitPriceCents).toBe(2190);
    const cart = await checkCart(store, [{ id: prod.id, qty: 1, variantId: black }], null);
    expect(cart.lines[0]).toMatchObject({ price: 2690, sale_price: 2190, unitPrice: 2190 });

    // A row the owner prices apart keeps its price, and the back office says so instead.
    const apart = await owner.req<Product>(
      "PUT",
      `/products/${prod.id}`,
      editBody(saved.json, {
        variants: saved.json.variants.map((v) => (v.colorName === "Black" ? { ...v, priceCents: 2990 } : v)),
      }),
    );
    expect(apart.status, apart.text).toBe(200);
    expect(apart.json.variants.map((v) => v.priceCents)).toEqual([2990, null]);
    expect(apart.json.priceNotice).toBe(
      "1 of 2 variants has its own price: the shop sells Black €29.90, not the product's price €26.90 and sale price €21.90. Empty a variant's price to sell it at the product's price.",
    );
    const after = await shopProduct(prod.id);
    expect(after.variants.map((v) => [v.colorName, v.priceCents, v.salePriceCents])).toEqual([
      ["Black", 2990, null],
      ["Red", 2690, 2190],
    ]);
    const [card2] = await db.select().from(s.productCards).where(eq(s.productCards.productId, prod.id));
    expect(card2).toMatchObject({ onSale: true, priceMin: 2190, priceMax: 2990 });
  });

  it("soft deletes and restores: the storefront stops and starts showing it, each step audited", async () => {
    const prod = await create({ name: "Gone Soon" });
    const del = await owner.req<Product>("DELETE", `/products/${prod.id}`);
    expect(del.status).toBe(200);
    expect(del.json.deleted).toBe(true);
    expect((await lastAudit())?.action).toBe("product.delete");
    expect((await p.request("alpha.localhost", `/api/v1/products/${prod.id}`)).status).toBe(404);
    expect((await owner.req("DELETE", `/products/${prod.id}`)).status).toBe(409);

    const deletedList = await owner.req<{ products: { id: number }[] }>("GET", "/products?status=deleted");
    expect(deletedList.json.products.map((x) => x.id)).toContain(prod.id);
    const activeList = await owner.req<{ products: { id: number }[] }>(
      "GET",
      "/products?status=active&limit=100",
    );
    expect(activeList.json.products.map((x) => x.id)).not.toContain(prod.id);

    const back = await owner.req<Product>("POST", `/products/${prod.id}/restore`);
    expect(back.status).toBe(200);
    expect(back.json.deleted).toBe(false);
    expect((await lastAudit())?.action).toBe("product.restore");
    expect((await p.request("alpha.localhost", `/api/v1/products/${prod.id}`)).status).toBe(200);
  });

  it("sets stock per warehouse through the stock service: back-in-stock mails go out; a stale count is refused", async () => {
    const prod = await create({ name: "Restock Kit" });
    const { db } = await p.registry.storeHandle("alpha");
    await db.insert(s.notifyRequests).values({ productId: prod.id, email: "waiting@example.com" });
    const [web, nic] = refs.warehouses as [number, number];
    const r = await owner.req<Product>("PUT", `/products/${prod.id}/stock`, {
      lines: [
        { warehouseId: web, qty: 7, was: null },
        { warehouseId: nic, qty: 2, was: null },
      ],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.stock.map((l) => l.qty)).toEqual([7, 2]);
    const mails = await db.select().from(s.outbox).where(eq(s.outbox.toAddress, "waiting@example.com"));
    expect(mails).toHaveLength(1);
    const audit = await lastAudit();
    expect(audit?.action).toBe("product.stock");
    expect(audit?.summary).toContain("1 back-in-stock mail");

    const shop = (await (await p.request("alpha.localhost", `/api/v1/products/${prod.id}`)).json()) as {
      product: Json;
    };
    expect(shop.product.stock).toBe(7);

    const stale = await owner.req("PUT", `/products/${prod.id}/stock`, {
      lines: [{ warehouseId: web, qty: 1, was: 3 }],
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe("edit_conflict");
    const neg = await owner.req("PUT", `/products/${prod.id}/stock`, {
      lines: [{ warehouseId: web, qty: -1, was: 7 }],
    });
    expect(neg.status).toBe(400);
    const unknown = await owner.req("PUT", `/products/${prod.id}/stock`, {
      lines: [{ warehouseId: 999, qty: 1, was: null }],
    });
    expect(unknown.status).toBe(400);
  });

  it("lists one page at a time, sorted and filtered in SQL", async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const a = await create({
      name: `Zeta ${tag} Alpha`,
      priceCents: 100,
      isHot: true,
      categoryIds: [refs.categories[1]],
    });
    const b = await create({ name: `Zeta ${tag} Beta`, priceCents: 300, brandId: null });
    const c = await create({ name: `Zeta ${tag} Gamma`, priceCents: 200 });
    await owner.req("PUT", `/products/${c.id}/stock`, {
      lines: [{ warehouseId: refs.warehouses[0], qty: 50, was: null }],
    });

    type List = {
      products: { id: number; name: string; stock: number | null }[];
      total: number;
      page: number;
    };
    const byPrice = await owner.req<List>("GET", `/products?q=${tag}&sort=price&dir=asc`);
    expect(byPrice.status).toBe(200);
    expect(byPrice.json.total).toBe(3);
    expect(byPrice.json.products.map((x) => x.id)).toEqual([a.id, c.id, b.id]);

    const paged = await owner.req<List>("GET", `/products?q=${tag}&sort=name&dir=desc&limit=2&page=2`);
    expect(paged.json.products.map((x) => x.id)).toEqual([a.id]);
    expect(paged.json.total).toBe(3);
    const past = await owner.req<List>("GET", `/products?q=${tag}&page=9`);
    expect(past.json).toMatchObject({ products: [], total: 3 });

    const hot = await owner.req<List>("GET", `/products?q=${tag}&flag=hot`);
    expect(hot.json.products.map((x) => x.id)).toEqual([a.id]);
    const inCat = await owner.req<List>("GET", `/products?q=${tag}&categoryId=${refs.categories[1]}`);
    expect(inCat.json.products.map((x) => x.id)).toEqual([a.id]);
    const byBrand = await owner.req<List>("GET", `/products?q=${tag}&brandId=${refs.brand}&sort=code`);
    expect(byBrand.json.total).toBe(2);
    const low = await owner.req<List>("GET", `/products?q=${tag}&lowStock=1`);
    expect(low.json.products.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    const byStock = await owner.req<List>("GET", `/products?q=${tag}&sort=stock&dir=desc`);
    expect(byStock.json.products[0]?.id).toBe(c.id);

    expect((await owner.req("GET", "/products?limit=101")).status).toBe(400);
    expect((await owner.req("GET", "/products?sort=evil")).status).toBe(400);
    expect((await owner.req("GET", `/products?q=${encodeURIComponent("%_\\'")}`)).status).toBe(200);
  });

  it("uploads a real PNG: stored as WebP at the storefront's sizes under this store's folder only", async () => {
    const prod = await create({ name: "Picture Kit" });
    const up = await owner.req<Product["images"][number]>(
      "POST",
      `/uploads/products/${prod.id}/images`,
      upload(await png(1200, 800)),
    );
    expect(up.status, up.text).toBe(201);
    expect(up.json).toMatchObject({ width: 600, height: 400, seq: 0 });
    expect(up.json.url).toMatch(/^\/images\/products\/picture-kit-[0-9a-f]{10}\.webp$/);
    expect(up.json.smUrl).toMatch(/-sm\.webp$/);
    expect((await lastAudit())?.action).toBe("product.image_add");

    const served = await p.request("alpha.localhost", up.json.url);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 600, height: 400 });
    const thumb = await sharp(
      Buffer.from(await (await p.request("alpha.localhost", up.json.smUrl)).arrayBuffer()),
    ).metadata();
    expect(thumb).toMatchObject({ width: 150, height: 100 });
    // Tenant isolation: the same path on another store's host is not this file.
    expect((await p.request("beta.localhost", up.json.url)).status).toBe(404);
    expect(existsSync(join(p.dataDir, "images", "alpha", up.json.url.replace("/images/", "")))).toBe(true);

    const { product: shop } = (await (
      await p.request("alpha.localhost", `/api/v1/products/${prod.id}`)
    ).json()) as {
      product: { pictures: { url: string; width: number; height: number }[]; smPictures: string[] };
    };
    expect(shop.pictures).toEqual([{ url: up.json.url, width: 600, height: 400 }]);
    expect(shop.smPictures).toEqual([up.json.smUrl]);

    // A small picture is not enlarged; a second one goes last.
    const small = await owner.req<Product["images"][number]>(
      "POST",
      `/uploads/products/${prod.id}/images`,
      upload(
        await sharp(await png(300, 300))
          .jpeg()
          .toBuffer(),
        "x.jpg",
        "image/jpeg",
      ),
    );
    expect(small.json).toMatchObject({ width: 300, height: 300, seq: 1 });

    const order = await owner.req<{ images: { id: number }[] }>("PUT", `/products/${prod.id}/images/order`, {
      ids: [small.json.id, up.json.id],
    });
    expect(order.status).toBe(200);
    expect(order.json.images.map((i) => i.id)).toEqual([small.json.id, up.json.id]);
    const badOrder = await owner.req("PUT", `/products/${prod.id}/images/order`, { ids: [small.json.id] });
    expect(badOrder.status).toBe(400);

    const file = join(p.dataDir, "images", "alpha", up.json.url.replace("/images/", ""));
    const del = await owner.req<{ images: { id: number }[] }>(
      "DELETE",
      `/products/${prod.id}/images/${up.json.id}`,
    );
    expect(del.status).toBe(200);
    expect(del.json.images.map((i) => i.id)).toEqual([small.json.id]);
    expect(existsSync(file)).toBe(false);
    expect((await lastAudit())?.action).toBe("product.image_delete");
    expect((await owner.req("DELETE", `/products/${prod.id}/images/${up.json.id}`)).status).toBe(404);
  });

  it("refuses what is not a JPEG, PNG or WebP picture, whatever its name says", async () => {
    const prod = await create({ name: "Refusing Kit" });
    const path = `/uploads/products/${prod.id}/images`;
    const text = await owner.req("POST", path, upload(Buffer.from("not a picture at all"), "evil.png"));
    expect(text.status).toBe(400);
    expect(text.json).toMatchObject({ error: "invalid", details: { fields: { file: expect.any(String) } } });
    const gif = await owner.req(
      "POST",
      path,
      upload(
        await sharp(await png(10, 10))
          .gif()
          .toBuffer(),
        "a.png",
      ),
    );
    expect(gif.status).toBe(400);
    const none = await owner.req("POST", path, new FormData());
    expect(none.status).toBe(400);
    const json = await owner.req("POST", path, { file: "x" });
    expect(json.status).toBe(400);
    const huge = await owner.req("POST", path, upload(Buffer.alloc(11 * 1024 * 1024, 1)));
    expect(huge.status).toBe(413);
    const missing = await owner.req("POST", "/uploads/products/999999/images", upload(await png(20, 20)));
    expect(missing.status).toBe(404);
    const { db } = await p.registry.storeHandle("alpha");
    expect(await db.select().from(s.productImages).where(eq(s.productImages.productId, prod.id))).toEqual([]);
  });

  it("keeps each store's pictures to itself: another store's host cannot reach them", async () => {
    const prod = await create({ name: "Alpha Only" });
    const up = await owner.req<{ id: number; url: string }>(
      "POST",
      `/uploads/products/${prod.id}/images`,
      upload(await png(100, 100)),
    );
    expect(up.status).toBe(201);
    const betaOwner = await signedInStaff(p, "beta.localhost", "beta", {
      email: "owner@beta.test",
      role: "owner",
    });
    // Beta's product of the same id (if any) has no such picture; alpha's row and file stay.
    const del = await betaOwner.req("DELETE", `/products/${prod.id}/images/${up.json.id}`);
    expect(del.status).toBe(404);
    const order = await betaOwner.req("PUT", `/products/${prod.id}/images/order`, { ids: [up.json.id] });
    expect([400, 404]).toContain(order.status);
    const { db } = await p.registry.storeHandle("alpha");
    const rows = await db
      .select()
      .from(s.productImages)
      .where(and(eq(s.productImages.id, up.json.id), eq(s.productImages.productId, prod.id)));
    expect(rows).toHaveLength(1);
    expect((await p.request("alpha.localhost", up.json.url)).status).toBe(200);
    // Alpha's cookie is nothing on beta's host.
    const beta = await p.request("beta.localhost", "/admin/api/products", {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(beta.status).toBe(401);
  });

  it("lets the staff role read the catalogue but not change it", async () => {
    const prod = await create({ name: "Read Only Kit" });
    expect((await clerk.req("GET", "/products")).status).toBe(200);
    const one = await clerk.req<Product>("GET", `/products/${prod.id}`);
    expect(one.status).toBe(200);
    expect((await clerk.req("GET", "/product-options")).status).toBe(200);
    expect(
      (await clerk.req("PUT", `/products/${prod.id}`, editBody(one.json, { priceCents: 1 }))).status,
    ).toBe(403);
    expect((await clerk.req("POST", "/products", newProduct())).status).toBe(403);
    expect((await clerk.req("DELETE", `/products/${prod.id}`)).status).toBe(403);
    expect(
      (await clerk.req("POST", `/uploads/products/${prod.id}/images`, upload(await png(10, 10)))).status,
    ).toBe(403);
  });

  it("answers the form's choices: categories with their master, brands, price lists, warehouses", async () => {
    const r = await owner.req<Json>("GET", "/product-options");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      categories: [
        { name: "Pod Kits", master: "Kits" },
        { name: "Mod Kits", master: "Kits" },
      ],
      brands: [{ id: refs.brand, name: "Vaporesso" }],
      priceLists: [{ id: refs.priceList, name: "Wholesale" }],
      warehouses: [
        { id: refs.warehouses[0], web: true },
        { id: refs.warehouses[1], web: false },
      ],
      defaultVatRate: 19,
    });
  });
});
