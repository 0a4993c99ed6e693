// The search vocabulary (migration 0011: search_words, docs/decisions/0036) on both drivers: after
// every write path (the seeds, the back office's create, rename, soft delete and restore, a
// translation through refresh_search_text, the ERP batch, the CSV import, a hard delete) it equals
// the words recomputed from the live products; typo search corrects each word against it, two
// misspelt words at once too, and finds nothing for a word with no correction.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProductCreateInput, ProductUpdateInput } from "../../core/admin/catalog";
import { queryRows } from "../../db/client";
import { seedSyntheticCatalogue } from "../../db/seed/synthetic";
import { categories, products, productTranslations } from "../../db/store/schema";
import {
  createAdminProduct,
  getAdminProduct,
  setProductDeleted,
  updateAdminProduct,
} from "../../services/admin/catalog";
import { forgetStore } from "../../services/cache";
import { listProducts } from "../../services/catalog";
import { refreshSearchText } from "../../services/catalog/search-text";
import type { StoreContext, StoreDb } from "../../services/context";
import { importCatalogueText } from "../../services/integration/catalogue-import";
import { upsertProducts } from "../../services/integration/products";
import { createPlatform, type Platform } from "../fixtures/platform";
import { ownerActor } from "../helpers/admin";
import { vocabularyDifferences } from "../helpers/cards";
import { driversFor } from "../helpers/databases";

const staff = ownerActor("Word Tester", "words@example.test");

async function wordCount(db: StoreDb, word: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select n from search_words where word = ${word}`);
  return Number(rows[0]?.n ?? 0);
}

async function search(store: StoreContext, term: string) {
  forgetStore("store", store.config.id);
  return listProducts(store, { searchTerm: term, perPage: 50 }, null);
}

describe.each(driversFor("both"))("search vocabulary on %s", (driver) => {
  let platform: Platform;
  let main: StoreContext;

  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "demo" });
    main = (await platform.registry.byId("main")) as StoreContext;
  });
  afterAll(async () => platform?.dispose());

  it("is in step after the demo seed and the synthetic seed (which loads with triggers off)", async () => {
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "voltaforge")).toBeGreaterThan(0);
    await seedSyntheticCatalogue(await platform.registry.storeHandle("main"), 600);
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    // Codes and sizes (words with a digit) and words under 3 characters are not in it.
    const odd = await queryRows(
      main.db,
      sql`select word from search_words where length(word) < 3 or word ~ '[0-9]' limit 1`,
    );
    expect(odd).toEqual([]);
  });

  it("follows the back office: create, rename, a translation, soft delete, restore", async () => {
    const [cat] = await main.db.select().from(categories).limit(1);
    const created = await createAdminProduct(
      main,
      staff,
      ProductCreateInput.parse({
        weightGrams: 100,
        code: "WORDS-1",
        name: "Quorvalis Zephyrine Pod",
        priceCents: 2_500,
        vatRate: 19,
        categoryIds: [cat.id],
      }),
    );
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "quorvalis")).toBe(1);
    expect(await wordCount(main.db, "zephyrine")).toBe(1);

    const update = (patch: Record<string, unknown>) =>
      getAdminProduct(main, created.id).then((now) =>
        updateAdminProduct(
          main,
          staff,
          created.id,
          ProductUpdateInput.parse({ ...now, ...patch, version: now.version }),
        ),
      );
    await update({ name: "Quorvalis Marbelline Pod" });
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "zephyrine")).toBe(0);
    expect(await wordCount(main.db, "marbelline")).toBe(1);
    // A price change leaves the words alone.
    await update({ priceCents: 2_600 });
    expect(await vocabularyDifferences(main.db)).toEqual([]);

    // A translation reaches search_text through refresh_search_text().
    await main.db
      .insert(productTranslations)
      .values({ productId: created.id, lang: "el", name: "Ξυλόφωνο Δοκιμής" });
    await main.db.transaction((tx) => refreshSearchText(tx, sql`${created.id}`));
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "ξυλοφωνο")).toBe(1);
    await main.db
      .update(productTranslations)
      .set({ name: "Τύμπανο Δοκιμής" })
      .where(eq(productTranslations.productId, created.id));
    await main.db.transaction((tx) => refreshSearchText(tx, sql`${created.id}`));
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "ξυλοφωνο")).toBe(0);
    expect(await wordCount(main.db, "τυμπανο")).toBe(1);

    await setProductDeleted(main, staff, created.id, true);
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "quorvalis")).toBe(0);
    await setProductDeleted(main, staff, created.id, false);
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "quorvalis")).toBe(1);
  });

  it("follows the ERP batch, the CSV import and a hard delete", async () => {
    const [cat] = await main.db.select({ code: categories.code }).from(categories).limit(1);
    const erp = { id: null, email: "erp-api", ip: null };
    const items = [1, 2, 3].map((i) => ({
      code: `WORDS-ERP-${i}`,
      name: `Wordsmith Erpvane ${["Alder", "Birch", "Cedar"][i - 1]}`,
      priceCents: 1_000 + i,
      vatRate: 19,
      categoryCodes: [cat.code],
    }));
    const out = await upsertProducts(main, erp, items, { atomic: true, audit: "summary", summary: "words" });
    expect(out.map((r) => r.status)).toEqual(["created", "created", "created"]);
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "erpvane")).toBe(3);
    // Renamed and taken off the shop in one batch.
    const again = await upsertProducts(
      main,
      erp,
      [
        { code: "WORDS-ERP-1", name: "Wordsmith Erpvane Larch" },
        { code: "WORDS-ERP-2", active: false },
      ],
      { atomic: true, audit: "summary", summary: "words" },
    );
    expect(again.map((r) => r.status)).toEqual(["updated", "updated"]);
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "erpvane")).toBe(2);
    expect(await wordCount(main.db, "alder")).toBe(0);

    const text = [
      "code,name,price,sale_price,categories,new",
      `WORDS-CSV-1,Csvword Galloway One,12.50,,${cat.code},true`,
      `WORDS-CSV-2,Csvword Hebrides Two,13.50,9.00,${cat.code},false`,
    ].join("\n");
    const imported = await importCatalogueText(main, { id: null, email: "words", ip: null }, text);
    expect(imported.status, JSON.stringify(imported)).toBe("imported");
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "csvword")).toBe(2);
    const renamed = await importCatalogueText(
      main,
      { id: null, email: "words", ip: null },
      text.replace("Galloway", "Orkney"),
    );
    expect(renamed.status).toBe("imported");
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "galloway")).toBe(0);

    await main.db.delete(products).where(eq(products.code, "WORDS-CSV-2"));
    expect(await vocabularyDifferences(main.db)).toEqual([]);
    expect(await wordCount(main.db, "hebrides")).toBe(0);
    expect(await wordCount(main.db, "csvword")).toBe(1);
  });

  it("corrects two misspelt words at once, and finds nothing for a word with no correction", async () => {
    const [{ id }] = await queryRows<{ id: number }>(
      main.db,
      sql`select id from products where code = 'WORDS-1'`,
    );
    // Full text finds the right words; the typo phase corrects both.
    expect((await search(main, "quorvalis marbelline")).products.map((p) => p.id)).toEqual([id]);
    const typo = await search(main, "quorvlais marbeline");
    expect(typo.products.map((p) => p.id)).toEqual([id]);
    // A short word stays a prefix beside a corrected one.
    expect((await search(main, "po quorvlais")).products.map((p) => p.id)).toEqual([id]);
    // Each word must match: a correction of one word alone is not enough.
    expect((await search(main, "quorvlais zzqxwv")).total).toBe(0);
    expect((await search(main, "quorvlais erpvane")).total).toBe(0);
  });
});
