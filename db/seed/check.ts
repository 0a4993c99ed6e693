// Self-check of the demo seed: seeds the three stores into a temporary data folder, prints row
// counts and timings, checks the rules the storefront relies on, then adds synthetic products.
//
//   npx tsx db/seed/check.ts                          embedded (PGlite) databases
//   npx tsx db/seed/check.ts --pg postgres://postgres@127.0.0.1:5432
//                                                     store and control databases on PostgreSQL,
//                                                     named seedcheck_<random>_<store>, dropped after
//   options: --synthetic N (default 10000), --keep (keep the temporary folder and databases)
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { SETTING_KEYS } from "../../core/settings";
import { type DbHandle, dropPostgresDatabase, migrateDatabase, openDatabase } from "../client";
import * as controlSchema from "../control/schema";
import * as storeSchema from "../store/schema";
import { buildCatalogue } from "./catalog";
import { PAGE_POSITIONS } from "./content";
import { seedDemoStores } from "./demo";
import { DEMO_ACCOUNTS, DEMO_PAYMENT_SECRETS, DEMO_STORE_IDS, type DemoStoreId } from "./demo-accounts";
import { DEMO_STORES } from "./stores";
import { seedSyntheticCatalogue } from "./synthetic";

const args = process.argv.slice(2);
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const pgBase = argValue("--pg")?.replace(/\/+$/, "");
const syntheticCount = Number(argValue("--synthetic") ?? 10_000);
const keep = args.includes("--keep");

const TABLES = [
  "settings",
  "warehouses",
  "master_categories",
  "categories",
  "brands",
  "products",
  "product_categories",
  "product_images",
  "product_variants",
  "stock",
  "price_lists",
  "price_list_lines",
  "customers",
  "slides",
  "page_content",
  "content_sections",
  "reviews",
  "shipping_methods",
  "product_translations",
  "category_translations",
  "page_content_translations",
  "content_section_translations",
  "blog_post_translations",
] as const;

const failures: string[] = [];
function expect(ok: boolean, what: string): void {
  if (!ok) failures.push(what);
}

type Rows = { rows: Record<string, unknown>[] };
async function query(
  h: DbHandle<Record<string, unknown>>,
  q: ReturnType<typeof sql>,
): Promise<Record<string, unknown>[]> {
  return ((await h.db.execute(q)) as unknown as Rows).rows;
}
async function num(h: DbHandle<Record<string, unknown>>, q: ReturnType<typeof sql>): Promise<number> {
  const rows = await query(h, q);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

async function counts(h: DbHandle<Record<string, unknown>>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = await num(h, sql`select count(*) from ${sql.identifier(t)}`);
  return out;
}

async function checkStore(
  id: DemoStoreId,
  h: DbHandle<typeof storeSchema>,
  dataDir: string,
  imgFolder: string,
) {
  const c = await counts(h);
  const where = (msg: string) => `${id}: ${msg}`;
  const minProducts = id === "main" ? 150 : 60;
  expect(c.products >= minProducts, where(`at least ${minProducts} products (got ${c.products})`));
  expect(c.brands >= 10, where("at least 10 brands"));
  expect(
    (await num(h, sql`select count(*) from brands where show_home`)) === 8,
    where("8 brands shown on home"),
  );
  expect(c.master_categories >= 4, where("at least 4 master categories"));
  expect(c.categories >= 12, where("at least 12 sub-categories"));
  expect(
    (await num(h, sql`select count(*) from categories where popular and popular_order > 0`)) >= 4,
    where("popular categories"),
  );
  expect(c.warehouses >= 2, where("at least two warehouses"));
  expect(c.stock === c.products * c.warehouses, where("a stock row per product and warehouse"));
  expect(
    (await num(h, sql`select min(n) from (select count(*) n from product_images group by product_id) x`)) >=
      2,
    where("two images per product"),
  );
  expect(
    (await num(
      h,
      sql`select count(*) from products p where not exists (select 1 from product_images i where i.product_id = p.id)`,
    )) === 0,
    where("every product has images"),
  );
  expect(
    (await num(
      h,
      sql`select count(*) from products p where not exists (select 1 from product_categories pc where pc.product_id = p.id)`,
    )) === 0,
    where("every product has a category"),
  );
  expect(
    (await num(
      h,
      sql`select count(*) from products where search_text <> lower(search_text) or search_text = ''`,
    )) === 0,
    where("search_text filled and lower-case"),
  );
  expect(
    (await num(
      h,
      sql`select count(*) from products p join brands b on b.id = p.brand_id where p.name like '%' || b.name || '%' || b.name || '%'`,
    )) === 0,
    where("no product name repeats its brand"),
  );
  const popups = await num(h, sql`select count(*) from products where popup_ad`);
  expect(popups === (id === "wholesale" ? 0 : 1), where(`pop-up ad count (got ${popups})`));
  const sale =
    (await num(h, sql`select count(*) from products where sale_price_cents is not null`)) / c.products;
  // About one in five drawn on sale, plus every hot deal (a hot deal always has a discount).
  expect(sale > 0.1 && sale < 0.45, where(`~30% on sale (got ${(sale * 100).toFixed(0)}%)`));
  expect(
    (await num(
      h,
      sql`select count(*) from products where is_hot and (sale_price_cents is null or sale_price_cents >= price_cents)`,
    )) === 0,
    where("every hot deal has a sale price below its price"),
  );
  const videos = await num(
    h,
    sql`select count(*) from products where video_url like 'https://www.youtube.com/embed/%'`,
  );
  expect(videos >= 3 && videos <= 8, where(`~5 videos (got ${videos})`));
  expect(
    (await num(
      h,
      sql`select count(*) from products p
           left join (select product_id, count(*)::int as n, round(avg(rating), 2) as mean
                        from product_reviews where status = 'published' group by product_id) r on r.product_id = p.id
          where p.review_count <> coalesce(r.n, 0) or p.ratings <> coalesce(r.mean, 0)`,
    )) === 0,
    where("ratings and review counts made from the product reviews"),
  );
  const reviewed = (await num(h, sql`select count(*) from products where review_count > 0`)) / c.products;
  expect(
    reviewed > 0.4 && reviewed < 0.9,
    where(`about two in three products reviewed (got ${(reviewed * 100).toFixed(0)}%)`),
  );
  expect(
    (await num(
      h,
      sql`select count(*) from products where jsonb_array_length(specs) = 0 or long_desc_html = ''`,
    )) === 0,
    where("every product has specifications and a long description"),
  );
  expect(c.product_variants > 0, where("product_variants rows"));
  const oos =
    (await num(
      h,
      sql`select count(*) from products p where not exists (select 1 from stock s where s.product_id = p.id and s.qty > 0)`,
    )) / c.products;
  expect(oos > 0.05 && oos < 0.12, where(`~8% out of stock (got ${(oos * 100).toFixed(1)}%)`));
  const webWarehouse = await num(h, sql`select value::int from settings where key = 'warehouse_id'`);
  expect(
    webWarehouse === (await num(h, sql`select min(id) from warehouses`)),
    where("warehouse_id is the first warehouse"),
  );
  const mixedGroups = await num(
    h,
    sql`
    select count(*) from (
      select p.variant_group from products p join stock s on s.product_id = p.id and s.warehouse_id = ${webWarehouse}
       where p.variant_group is not null group by p.variant_group
      having bool_or(s.qty = 0) and bool_or(s.qty > 0)) x`,
  );
  expect(mixedGroups >= 1, where("a variant group with one variant sold out"));
  expect(
    (await num(
      h,
      sql`select count(*) from products p join stock s on s.product_id = p.id and s.warehouse_id = ${webWarehouse} where s.qty = 0 and exists (select 1 from stock o where o.product_id = p.id and o.qty > 0)`,
    )) === 0,
    where("in-stock products have stock in the web warehouse"),
  );
  const settingKeys = new Set((await query(h, sql`select key from settings`)).map((r) => String(r.key)));
  for (const k of SETTING_KEYS) expect(settingKeys.has(k), where(`setting ${k}`));
  const positions = new Set(
    (await query(h, sql`select position from page_content`)).map((r) => String(r.position)),
  );
  for (const p of PAGE_POSITIONS) expect(positions.has(p), where(`page content '${p}'`));
  for (const page of ["terms", "privacy", "returns", "guarantee"]) {
    const n = await num(h, sql`select count(*) from content_sections where page = ${page}`);
    expect(n >= 4 && n <= 6, where(`${page}: 4-6 sections (got ${n})`));
  }
  expect(
    (await num(h, sql`select count(*) from slides where display`)) === 3 && c.slides === 4,
    where("3 shown + 1 hidden slide"),
  );
  expect(id === "wholesale" ? c.reviews === 0 : c.reviews >= 6 && c.reviews <= 8, where("stored reviews"));
  // One recorded withdrawal in each consumer store's history (docs/decisions/0050), with its step.
  const withdrawn = await num(
    h,
    sql`select count(*) from withdrawals w join withdrawal_lines l on l.withdrawal_id = w.id
         join order_events e on e.order_id = w.order_id and e.kind = 'withdrawn'
         where w.created_at < now() and w.created_at < w.deadline`,
  );
  expect(withdrawn === (id === "wholesale" ? 0 : 1), where(`a demo withdrawal (got ${withdrawn})`));
  expect(c.shipping_methods >= 2, where("shipping methods"));
  const greek = DEMO_STORES.find((s) => s.id === id)?.languages.includes("el") ?? false;
  const greekRows = await num(h, sql`select count(*) from product_translations where lang = 'el'`);
  if (greek) {
    expect(
      (await num(
        h,
        sql`select count(*) from products p left join product_translations t on t.product_id = p.id and t.lang = 'el'
             where t.name is null or t.short_desc is null or t.long_desc_html is null or t.name !~ '[α-ω]'`,
      )) === 0,
      where("every product has a Greek name and description"),
    );
    expect(
      (await num(
        h,
        sql`select count(*) from products p join product_translations t on t.product_id = p.id and t.lang = 'el'
             where position(search_fold(t.name) in p.search_text) = 0`,
      )) === 0,
      where("search_text holds the folded Greek name"),
    );
    for (const [table, translations, key] of [
      ["page_content", "page_content_translations", "page_content_id"],
      ["content_sections", "content_section_translations", "section_id"],
      ["slides", "slide_translations", "slide_id"],
      ["shipping_methods", "shipping_method_translations", "shipping_method_id"],
      ["categories", "category_translations", "category_id"],
      ["master_categories", "master_category_translations", "master_id"],
    ]) {
      expect(
        (await num(
          h,
          sql`select count(*) from ${sql.identifier(table)} b where not exists (select 1 from ${sql.identifier(translations)} t
               where t.${sql.identifier(key)} = b.id and t.lang = 'el')`,
        )) === 0,
        where(`every ${table} row has its Greek`),
      );
    }
    expect(
      (await num(
        h,
        sql`select count(*) from blog_posts b where not exists (select 1 from blog_post_translations t where t.post_id = b.id)`,
      )) === 1,
      where("one blog post left in English"),
    );
  } else {
    expect(greekRows === 0, where("no Greek in an English-only store"));
  }
  const secrets = Object.values(DEMO_PAYMENT_SECRETS).flatMap((s) => Object.values(s));
  const settingValues = (await query(h, sql`select value from settings`))
    .map((r) => String(r.value))
    .join("\n");
  expect(!secrets.some((s) => settingValues.includes(s)), where("no payment secret in store settings"));

  for (const a of DEMO_ACCOUNTS.filter((x) => x.storeId === id)) {
    const rows = await query(
      h,
      sql`select password_hash, price_list_id, exclude_vat from customers where lower(username) = lower(${a.username})`,
    );
    const row = rows[0];
    expect(!!row, where(`customer ${a.username}`));
    if (!row) continue;
    expect(String(row.password_hash).startsWith("$argon2id$"), where(`${a.username}: argon2id hash`));
    expect(await verify(String(row.password_hash), a.password), where(`${a.username}: password verifies`));
    if (a.priceListCode) {
      const listId = await num(h, sql`select id from price_lists where code = ${a.priceListCode}`);
      expect(Number(row.price_list_id) === listId, where(`${a.username}: price list ${a.priceListCode}`));
    }
  }

  // Every URL stored in the database points at a file the seed wrote.
  const urls = (
    await query(
      h,
      sql`
      select url from product_images union select sm_url from product_images
      union select image from brands union select image from categories union select image from master_categories
      union select image_src from slides union select img from page_content where img is not null
      union select profile_photo_url from reviews where profile_photo_url is not null`,
    )
  ).map((r) => String(r.url));
  const missing = urls.filter(
    (u) => !existsSync(join(dataDir, "images", imgFolder, u.replace(/^\/images\//, ""))),
  );
  expect(missing.length === 0, where(`image files exist (${missing.length} missing, e.g. ${missing[0]})`));
  for (const f of ["brand/logo.svg", "brand/favicon.svg"]) {
    expect(existsSync(join(dataDir, "images", imgFolder, f)), where(`${f} exists`));
  }
  return c;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "seedcheck-"));
  const run = randomBytes(4).toString("hex");
  const pgUrl = (name: string) => `${pgBase}/seedcheck_${run}_${name}`;
  const storeTarget = (id: string) => (pgBase ? pgUrl(id) : join(dataDir, "stores", id));
  const controlTarget = pgBase ? pgUrl("control") : join(dataDir, "control");
  const created = pgBase ? [controlTarget, ...DEMO_STORE_IDS.map(storeTarget)] : [];
  const log = (m: string) => console.log(m);
  console.log(`data folder: ${dataDir}`);
  console.log(`databases:   ${pgBase ? `PostgreSQL, seedcheck_${run}_*` : "embedded (PGlite)"}`);

  for (const store of DEMO_STORES) {
    const once = JSON.stringify(buildCatalogue(store.catalogue));
    expect(
      once === JSON.stringify(buildCatalogue(store.catalogue)),
      `${store.id}: catalogue is deterministic`,
    );
  }

  const control = await openDatabase(controlTarget, controlSchema, { createIfMissing: true });
  try {
    await migrateDatabase(control, "control");
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await seedDemoStores({ control, dataDir, storeTarget, log });
    const seedSeconds = (performance.now() - t0) / 1000;
    // CPU time (all threads, including sharp's) tells a slow machine from a busy one.
    const cpu = process.cpuUsage(cpu0);
    const seedCpu = (cpu.user + cpu.system) / 1e6;

    const storeRows = await control.db.select().from(controlSchema.stores);
    const domains = await control.db.select().from(controlSchema.storeDomains);
    expect(storeRows.length === 3, "control: three stores");
    expect(domains.length === 8, `control: eight domains (got ${domains.length})`);
    const perStore: Record<string, Record<string, number>> = {};
    for (const row of storeRows) {
      const id = row.id as DemoStoreId;
      expect(row.dbConnStr === (pgBase ? storeTarget(id) : null), `${id}: db_conn_str`);
      expect(
        row.paymentProvider === "test" && row.paymentAuth === DEMO_PAYMENT_SECRETS[id].auth,
        `${id}: payment settings`,
      );
      expect(/^[0-9a-f]{64}$/.test(row.apiKeyHash ?? ""), `${id}: api key hash`);
      expect(
        row.workingHours.every((h) => h.day !== 0) && row.workingHours.length === 6,
        `${id}: working hours`,
      );
      const h = await openDatabase(row.dbConnStr ?? storeTarget(id), storeSchema);
      try {
        perStore[id] = await checkStore(id, h, dataDir, row.imgFolder);
      } finally {
        await h.close();
      }
    }
    const mainCountries = storeRows.find((r) => r.id === "main")?.countries.length ?? 0;
    expect(mainCountries >= 45 && mainCountries <= 49, `main: about 47 countries (got ${mainCountries})`);

    console.log(`\nrows per table (${DEMO_STORE_IDS.join(" / ")})`);
    for (const t of TABLES) {
      console.log(
        `  ${t.padEnd(28)} ${DEMO_STORE_IDS.map((id) => String(perStore[id]?.[t] ?? "-").padStart(6)).join(" ")}`,
      );
    }
    console.log(`\nseed of three stores: ${seedSeconds.toFixed(1)} s (process CPU ${seedCpu.toFixed(1)} s)`);

    const t1 = performance.now();
    await seedDemoStores({ control, dataDir, storeTarget, log });
    console.log(`second run (idempotent, all skipped): ${((performance.now() - t1) / 1000).toFixed(2)} s`);
    expect((await control.db.select().from(controlSchema.stores)).length === 3, "second run adds no store");

    // A run that filled a store database but died before registering it: the next run must
    // register the existing database without inserting its data twice.
    await control.db.delete(controlSchema.stores).where(eq(controlSchema.stores.id, "wholesale"));
    await seedDemoStores({ control, dataDir, storeTarget, log });
    const again = await openDatabase(storeTarget("wholesale"), storeSchema);
    try {
      const n = await num(again, sql`select count(*) from products`);
      expect(
        n === perStore.wholesale?.products,
        `recovery: wholesale kept ${perStore.wholesale?.products} products (got ${n})`,
      );
    } finally {
      await again.close();
    }
    const domainsAfter = await control.db.select().from(controlSchema.storeDomains);
    expect(domainsAfter.length === 8, "recovery: wholesale domains registered again");

    if (syntheticCount > 0) {
      const main = await openDatabase(storeTarget("main"), storeSchema);
      try {
        const before = await counts(main);
        const t2 = performance.now();
        await seedSyntheticCatalogue(main, syntheticCount, log);
        const synSeconds = (performance.now() - t2) / 1000;
        const after = await counts(main);
        expect(after.products - before.products === syntheticCount, "synthetic: product count");
        expect(
          after.product_images - before.product_images === 2 * syntheticCount,
          "synthetic: two images each",
        );
        expect(
          after.stock - before.stock === syntheticCount * after.warehouses,
          "synthetic: stock per warehouse",
        );
        expect(
          after.product_categories - before.product_categories >= syntheticCount,
          "synthetic: categories",
        );
        expect(
          (await num(
            main,
            sql`select count(*) from products where code like 'SYN-%' and (search_text = '' or search_text <> lower(search_text))`,
          )) === 0,
          "synthetic: search_text",
        );
        const hits = await num(
          main,
          sql`select count(*) from products where search @@ to_tsquery('simple', 'aurora')`,
        );
        expect(hits > 4, "synthetic: full-text search finds synthetic products");
        console.log(
          `synthetic: +${syntheticCount} products into main in ${synSeconds.toFixed(1)} s (main now ${after.products})`,
        );
      } finally {
        await main.close();
      }
    }
  } finally {
    await control.close();
    if (!keep) {
      for (const url of created) await dropPostgresDatabase(url);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (failures.length > 0) {
    console.error(`\nFAILED (${failures.length}):\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nall checks passed");
  }
}

await main();
