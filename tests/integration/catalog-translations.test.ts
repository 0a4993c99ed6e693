// Catalogue content in the page's language (docs/decisions/0035-languages.md, step 3), on both
// drivers: a Greek read of products (cards, the product page, its details), listings, suggestions
// and the category menus takes each field from its translation, else the English, and names the
// fields that fell back in `untranslated`; an English read is as it was. Greek search finds a
// Greek name without accents, in capitals, with a final ς and misspelt, also on a PostgreSQL
// database under the C locale, where pg_trgm sees no Greek letters.
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../core/product-rules";
import { dropPostgresDatabase, migrateDatabase, openDatabase } from "../../db/client";
import * as storeSchema from "../../db/store/schema";
import {
  categories,
  categoryTranslations,
  masterCategoryTranslations,
  productCategories,
  products,
  productTranslations,
} from "../../db/store/schema";
import { csrfTokenFor } from "../../server/http/session";
import { storeChanged } from "../../services/cache";
import {
  getProduct,
  getProductDetails,
  layoutData,
  listCategoryMenu,
  listMasterCategories,
  listPopularCategories,
  listProducts,
  suggestProducts,
} from "../../services/catalog";
import { refreshSearchText } from "../../services/catalog/search-text";
import type { StoreContext } from "../../services/context";
import { newSessionToken } from "../../services/sessions";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor, runsOn, TEST_DATABASE_URL } from "../helpers/databases";

const GREEK_NAME = "Δοκιμαστικός Ατμός Πορτοκάλι";
const GREEK_LABEL = "Ελληνική ετικέτα";
const GREEK_LONG = "<p>Μακριά περιγραφή</p>";
const GREEK_CATEGORY = "Κατηγορία Δοκιμής";
const GREEK_MASTER = "Κύρια Κατηγορία";

/** The session secret the cart check's CSRF token is made with (a visitor's, no session row). */
const SECRET = "h37-catalog-translations-secret";

/** Every `untranslated` anywhere in a value (an English read must have none). */
const hasUntranslated = (value: unknown) => JSON.stringify(value).includes('"untranslated"');

describe.each(driversFor("both"))("catalogue translations on %s", (driver) => {
  let platform: Platform;
  let en: StoreContext;
  let el: StoreContext;
  /** A product of a variant group with labels, first card of its sub-category. */
  let product: Product;
  let english: { name: string; shortDesc: string; label: string | null; longDescHtml: string };
  let categoryId: number;
  let masterId: number;

  beforeAll(async () => {
    process.env.SESSION_SECRET = SECRET;
    platform = await createPlatform(driver, { seed: "demo" });
    en = (await platform.registry.byId("main")) as StoreContext;
    el = { ...en, lang: "el" };
    const [row] = await en.db
      .select({
        id: products.id,
        name: products.name,
        shortDesc: products.shortDesc,
        label: products.variantLabel,
        longDescHtml: products.longDescHtml,
        categoryId: productCategories.categoryId,
        masterId: categories.masterId,
      })
      .from(products)
      .innerJoin(productCategories, eq(productCategories.productId, products.id))
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(sql`not ${products.deleted} and ${products.variantLabel} is not null
                 and jsonb_array_length(${products.specs}) > 0 and ${products.shortDesc} <> ''`)
      .orderBy(products.id)
      .limit(1);
    if (!row) throw new Error("the demo catalogue has no labelled variant product");
    english = row;
    categoryId = row.categoryId;
    masterId = row.masterId;
    // The demo catalogue may carry Greek already: this test writes its own, and leaves the other
    // categories and the product's group untranslated so their fallback is known.
    await en.db.delete(categoryTranslations);
    await en.db.delete(masterCategoryTranslations);
    await en.db.execute(sql`delete from product_translations where product_id in (
      select g.id from products g where g.variant_group = (select variant_group from products where id = ${row.id}))`);
    // Name, label and long description translated; short description and specs fall back.
    await en.db.insert(productTranslations).values({
      productId: row.id,
      lang: "el",
      name: GREEK_NAME,
      variantLabel: GREEK_LABEL,
      longDescHtml: GREEK_LONG,
    });
    await en.db.insert(categoryTranslations).values({ categoryId, lang: "el", description: GREEK_CATEGORY });
    await en.db
      .insert(masterCategoryTranslations)
      .values({ masterId, lang: "el", description: GREEK_MASTER });
    await en.db.transaction((tx) => refreshSearchText(tx, sql`select id from products`));
    storeChanged(en.config.id);
    const found = await getProduct(en, row.id, null);
    if (!found) throw new Error("product missing");
    product = found;
  });
  afterAll(async () => platform?.dispose());

  it("reads a product in Greek field by field, naming the fields that fell back", async () => {
    const p = await getProduct(el, product.id, null);
    expect(p?.name).toBe(GREEK_NAME);
    expect(p?.shortDesc).toBe(english.shortDesc);
    expect(p?.untranslated).toEqual(["shortDesc"]);
    const own = p?.varRel.find((v) => v.id === product.id);
    expect(own).toMatchObject({ name: GREEK_NAME, label: GREEK_LABEL });
    // A variant carries its own short description (issue 44): untranslated here, as the product's.
    expect(own?.untranslated).toEqual(["shortDesc"]);
    const other = p?.varRel.find((v) => v.id !== product.id);
    expect(other, "the group has another member").toBeDefined();
    expect(other?.untranslated).toEqual(["name", "shortDesc", "label"]);
    const cat = p?.categories.find((c) => c.id === categoryId);
    expect(cat).toEqual({ id: categoryId, name: GREEK_CATEGORY, slug: cat?.slug });
    for (const c of p?.categories ?? []) if (c.id !== categoryId) expect(c.untranslated).toEqual(["name"]);
  });

  it("reads the same product in English as before, with no untranslated anywhere", async () => {
    const p = await getProduct(en, product.id, null);
    expect(p?.name).toBe(english.name);
    expect(p?.varRel.find((v) => v.id === product.id)?.label).toBe(english.label);
    expect(p?.categories.find((c) => c.id === categoryId)?.name).not.toBe(GREEK_CATEGORY);
    expect(hasUntranslated(p)).toBe(false);
    expect(p).toEqual(product);
  });

  it("reads the long description in Greek and the specifications in English", async () => {
    const greek = await getProductDetails(el, product.id);
    const source = await getProductDetails(en, product.id);
    expect(greek?.longDescHtml).toBe(GREEK_LONG);
    expect(greek?.specs).toEqual(source?.specs);
    expect(greek?.untranslated).toEqual(["specs"]);
    expect(source?.longDescHtml).toBe(english.longDescHtml);
    expect(source && "untranslated" in source).toBe(false);
    expect(await getProductDetails(el, 99_999_999)).toBeNull();
  });

  it("lists cards in the reading language, and the listing cache keeps the languages apart", async () => {
    const query = { subcategory: String(categoryId), perPage: 100 };
    // English first, then Greek, then English again, all within the caches' lifetime.
    const first = await listProducts(en, query, null);
    const greek = await listProducts(el, query, null);
    const again = await listProducts(en, query, null);
    const ids = (r: { products: Product[] }) => r.products.map((p) => p.id);
    expect(ids(greek)).toEqual(ids(first));
    const card = (r: { products: Product[] }) =>
      r.products.find((p) => p.id === product.id || p.varRel.some((v) => v.id === product.id));
    const greekCard = card(greek);
    expect(greekCard).toBeDefined();
    const greekText = JSON.stringify(greekCard);
    expect(greekText).toContain(GREEK_NAME);
    expect(greekText).toContain(GREEK_CATEGORY);
    expect(JSON.stringify(first)).not.toContain(GREEK_NAME);
    expect(JSON.stringify(again)).not.toContain(GREEK_NAME);
    expect(hasUntranslated(first) || hasUntranslated(again)).toBe(false);
    // The Greek read again (cached) is still Greek.
    expect(JSON.stringify(await listProducts(el, query, null))).toContain(GREEK_NAME);
  });

  it.each([
    ["as written", GREEK_NAME],
    ["without accents", "δοκιμαστικος ατμος"],
    ["in capitals", "ΔΟΚΙΜΑΣΤΙΚΟΣ"],
    ["with a final ς mid-word", "δοκιμαστικός πορτοκ"],
    ["misspelt (trigrams)", "δοκιμασικος"],
  ])("Greek search finds the product by its Greek name %s", async (_how, term) => {
    const { products: found } = await listProducts(el, { searchTerm: term, perPage: 50 }, null);
    const hit = found.find((p) => p.id === product.id || p.varRel.some((v) => v.id === product.id));
    expect(hit, term).toBeDefined();
    const suggested = await suggestProducts(el, term, null);
    const own = suggested.flatMap((p) => [p, ...p.varRel]).find((p) => p.id === product.id);
    expect(own?.name, term).toBe(GREEK_NAME);
    // An English page finds it by its Greek name too, and shows the English one.
    const enFound = await listProducts(en, { searchTerm: term, perPage: 50 }, null);
    const enOwn = enFound.products.flatMap((p) => [p, ...p.varRel]).find((p) => p.id === product.id);
    expect(enOwn?.name).toBe(english.name);
  });

  it("reads master, popular and menu categories in Greek, field by field, and caches the menu per language", async () => {
    const masters = await listMasterCategories(el);
    const master = masters.find((m) => m.id === masterId);
    expect(master?.name).toBe(GREEK_MASTER);
    expect(master && "untranslated" in master).toBe(false);
    for (const m of masters) if (m.id !== masterId) expect(m.untranslated).toEqual(["name"]);

    const menu = await listCategoryMenu(el);
    const sub = menu.flatMap((m) => m.subcategories).find((s) => s.id === categoryId);
    expect(sub?.name).toBe(GREEK_CATEGORY);
    expect(sub && "untranslated" in sub).toBe(false);
    const others = menu.flatMap((m) => m.subcategories).filter((s) => s.id !== categoryId);
    expect(others.length).toBeGreaterThan(0);
    for (const s of others) expect(s.untranslated).toEqual(["name"]);

    const englishMenu = await listCategoryMenu(en);
    expect(hasUntranslated(englishMenu)).toBe(false);
    expect(JSON.stringify(englishMenu)).not.toContain(GREEK_CATEGORY);
    expect(englishMenu.map((m) => m.subcategories.map((s) => s.id))).toEqual(
      menu.map((m) => m.subcategories.map((s) => s.id)),
    );

    const [layoutEn, layoutEl, layoutEn2] = [
      await layoutData(en),
      await layoutData(el),
      await layoutData(en),
    ];
    expect(JSON.stringify(layoutEl.menu)).toContain(GREEK_CATEGORY);
    expect(JSON.stringify(layoutEn.menu)).not.toContain(GREEK_CATEGORY);
    expect(JSON.stringify(layoutEn2.menu)).not.toContain(GREEK_CATEGORY);

    const popular = await listPopularCategories(el);
    const popularEn = await listPopularCategories(en);
    expect(popular.map((c) => c.id)).toEqual(popularEn.map((c) => c.id));
    expect(hasUntranslated(popularEn)).toBe(false);
    for (const c of popular) {
      if (c.id === categoryId) expect(c.name).toBe(GREEK_CATEGORY);
      else expect(c.untranslated).toEqual(["name"]);
    }
  });

  it("answers the storefront API in Greek with ?lang=el, and in English without", async () => {
    const greek = await platform.request("localhost", `/api/v1/products/${product.id}?lang=el`);
    expect(greek.status).toBe(200);
    const body = await greek.json();
    expect(body.product.name).toBe(GREEK_NAME);
    expect(body.product.untranslated).toEqual(["shortDesc"]);
    expect(body.details.longDescHtml).toBe(GREEK_LONG);
    expect(body.details.untranslated).toEqual(["specs"]);

    const source = await (await platform.request("localhost", `/api/v1/products/${product.id}`)).json();
    expect(source.product.name).toBe(english.name);
    expect(hasUntranslated(source)).toBe(false);

    const list = await platform.request(
      "localhost",
      `/api/v1/products?searchTerm=${encodeURIComponent("ΔΟΚΙΜΑΣΤΙΚΟΣ")}&lang=el`,
    );
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain(GREEK_NAME);

    // The cart check gives the wishlist and compare pages the name in the page's language.
    const sid = newSessionToken();
    const check = (lang: string) =>
      platform.request("localhost", `/api/v1/cart/check${lang}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `sid=${sid}`,
          origin: "http://localhost",
          "x-csrf-token": csrfTokenFor(SECRET, "main", sid),
        },
        body: JSON.stringify({ items: [{ id: product.id, qty: 1 }] }),
      });
    const checkedEl = await check("?lang=el");
    expect(checkedEl.status).toBe(200);
    expect((await checkedEl.json()).lines[0].name).toBe(GREEK_NAME);
    expect((await (await check("")).json()).lines[0].name).toBe(english.name);

    const menu = await platform.request("localhost", "/api/v1/categories/menu?lang=el");
    expect(menu.status).toBe(200);
    expect(JSON.stringify(await menu.json())).toContain(GREEK_CATEGORY);
  });
});

// A PostgreSQL database under the C locale (the server's default may be C): pg_trgm makes no
// trigrams of Greek letters there, so Greek typo search compares transliterations.
describe.runIf(runsOn("pg"))("Greek search on a PostgreSQL database under the C locale", () => {
  const url = new URL(TEST_DATABASE_URL ?? "postgres://unset");
  const base = url.pathname.replace(/^\//, "").slice(0, 30) || "test";
  url.pathname = `/${base}_clocale_${process.pid}`;
  const target = url.toString();
  let platform: Platform;
  let handle: Awaited<ReturnType<typeof openDatabase<typeof storeSchema>>>;
  let store: StoreContext;
  let id: number;

  beforeAll(async () => {
    const admin = new URL(target);
    admin.pathname = "/postgres";
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(
        `create database "${decodeURIComponent(url.pathname.slice(1))}" template template0 encoding 'UTF8' locale 'C'`,
      );
    } finally {
      await client.end();
    }
    handle = await openDatabase(target, storeSchema, { poolSize: 2 });
    await migrateDatabase(handle, "store");
    const [row] = await handle.db
      .insert(products)
      .values({ code: "C-1", name: "Orange Test Liquid", slug: "orange-test-liquid", priceCents: 999 })
      .returning({ id: products.id });
    id = row.id;
    await handle.db.insert(productTranslations).values({ productId: id, lang: "el", name: GREEK_NAME });
    await handle.db.transaction((tx) => refreshSearchText(tx, sql`${id}`));
    // Any store's settings will do; the database and the language are this test's.
    platform = await createPlatform("pglite", { seed: "minimal" });
    const alpha = (await platform.registry.byId("alpha")) as StoreContext;
    store = { ...alpha, db: handle.db, config: { ...alpha.config, id: "c-locale" }, lang: "el" };
  });
  afterAll(async () => {
    await platform?.dispose();
    await handle?.close();
    await dropPostgresDatabase(target);
  });

  it("has trigrams that ignore Greek letters (the case this covers)", async () => {
    const rows = await handle.db.execute(sql`select cardinality(show_trgm('αβγ')) as n`);
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);
  });

  it.each([
    ["without accents", "δοκιμαστικος"],
    ["in capitals", "ΔΟΚΙΜΑΣΤΙΚΟΣ"],
    ["misspelt", "δοκιμασικος"],
    ["misspelt, beside an English word", "δοκιμασικος orange"],
  ])("finds the product by its Greek name %s", async (_how, term) => {
    const { products: found } = await listProducts(store, { searchTerm: term }, null);
    expect(found.map((p) => p.id)).toEqual([id]);
    expect(found[0]?.name).toBe(GREEK_NAME);
  });

  it("finds nothing for a Greek word far from every name", async () => {
    const { products: found } = await listProducts(store, { searchTerm: "ψψψξξξ" }, null);
    expect(found).toEqual([]);
  });
});
