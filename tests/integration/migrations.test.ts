import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, queryRows } from "../../db/client";
import { cardDifferences } from "../helpers/cards";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

async function tableNames(db: TestDb<"store">["handle"]["db"]): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function appliedCount(db: TestDb<"store">["handle"]["db"]): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.n);
}

const STORE_MIGRATIONS = fileURLToPath(new URL("../../db/migrations/store/", import.meta.url));

/** Migrates a store database up to and including migration `last` (a copy of the folder, its journal cut there). */
async function migrateUpTo(store: TestDb<"store">, last: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "migrations-"));
  try {
    await cp(STORE_MIGRATIONS, dir, { recursive: true });
    const journalPath = join(dir, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx <= last);
    await writeFile(journalPath, JSON.stringify(journal));
    // biome-ignore lint/suspicious/noExplicitAny: the migrators want their concrete driver types.
    const db = store.handle.db as any;
    if (store.handle.driver === "pg") await migratePg(db, { migrationsFolder: dir });
    else await migratePglite(db, { migrationsFolder: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(driversFor("both"))("migrations on %s", (driver) => {
  const opened: TestDb<"store" | "control">[] = [];
  afterAll(async () => {
    for (const d of opened) await d.dispose();
  });

  it("creates every store table on a fresh database, and a second run changes nothing", async () => {
    const store = await createTestDatabase(driver, "store", { migrate: false });
    opened.push(store);
    expect(await tableNames(store.handle.db)).toEqual([]);
    await migrateDatabase(store.handle, "store");
    const tables = await tableNames(store.handle.db);
    for (const t of [
      "settings",
      "customers",
      "page_content",
      "content_sections",
      "warehouses",
      "stock",
      "master_categories",
      "categories",
      "economic_operators",
      "brands",
      "products",
      "product_categories",
      "product_images",
      "product_variants",
      "price_lists",
      "price_list_lines",
      "slides",
      "reviews",
      "shipping_methods",
      "orders",
      "order_lines",
      "payments",
      "sessions",
      "password_reset_tokens",
      "notify_requests",
      "newsletter_subscribers",
      "inquiries",
      "outbox",
      "error_log",
      "rate_limits",
      "remote_cache",
      "carriers",
      "shipments",
      "shipment_lines",
    ]) {
      expect(tables).toContain(t);
    }
    const applied = await appliedCount(store.handle.db);
    expect(applied).toBeGreaterThan(0);
    await migrateDatabase(store.handle, "store");
    expect(await appliedCount(store.handle.db)).toBe(applied);
    expect(await tableNames(store.handle.db)).toEqual(tables);
  });

  it("creates the control tables and is repeatable", async () => {
    const control = await createTestDatabase(driver, "control", { migrate: false });
    opened.push(control);
    await migrateDatabase(control.handle, "control");
    await migrateDatabase(control.handle, "control");
    const tables = await tableNames(control.handle.db as never);
    expect(tables).toEqual(expect.arrayContaining(["stores", "store_domains", "control_meta"]));
  });

  it("enables trigram search and never lets stock go negative", async () => {
    const store = await createTestDatabase(driver, "store");
    opened.push(store);
    const db = store.handle.db;
    const sim = await queryRows<{ s: number }>(db, sql`select similarity('vaporizer', 'vaporiser') as s`);
    expect(Number(sim[0]?.s)).toBeGreaterThan(0.3);
    await db.execute(sql`insert into warehouses (code, web_description) values ('W1', 'Main')`);
    await db.execute(
      sql`insert into products (code, name, slug, price_cents) values ('P1', 'Pod', 'pod', 1000)`,
    );
    await db.execute(
      sql`insert into stock (product_id, warehouse_id, qty) select p.id, w.id, 1 from products p, warehouses w`,
    );
    await expect(db.execute(sql`update stock set qty = qty - 2`)).rejects.toThrow();
  });

  it("0017: colour/size rows priced as their product follow its prices; rows priced apart keep theirs", async () => {
    const store = await createTestDatabase(driver, "store", { migrate: false });
    opened.push(store);
    await migrateUpTo(store, 16);
    const db = store.handle.db;
    // As the back office left them: every row had a price, copied from the product or not.
    await db.execute(sql`insert into products (id, code, name, slug, price_cents, sale_price_cents)
                         values (1, 'KIT-1', 'Kit', 'kit', 2490, 2190), (2, 'KIT-2', 'Other', 'other', 1000, null)`);
    await db.execute(sql`insert into product_variants (product_id, color, color_name, size, price_cents)
                         values (1, '#000000', 'Black', '', 2490), (1, '#ff0000', 'Red', '', 2990),
                                (2, '#000000', 'Black', 'S', 1000)`);
    await migrateDatabase(store.handle, "store");
    const rows = await queryRows<{ color_name: string; product_id: number; price_cents: number | null }>(
      db,
      sql`select product_id, color_name, price_cents from product_variants order by id`,
    );
    expect(rows.map((r) => [r.product_id, r.color_name, r.price_cents])).toEqual([
      [1, "Black", null],
      [1, "Red", 2990],
      [2, "Black", null],
    ]);
    // The cards were refreshed by the rule: Black sells at the product's sale price.
    const cards = await queryRows<{
      product_id: number;
      on_sale: boolean;
      price_min: number;
      price_max: number;
    }>(db, sql`select product_id, on_sale, price_min, price_max from product_cards order by product_id`);
    expect(cards).toEqual([
      { product_id: 1, on_sale: true, price_min: 2190, price_max: 2990 },
      { product_id: 2, on_sale: false, price_min: 1000, price_max: 1000 },
    ]);
    expect(await cardDifferences(db)).toEqual([]);
  });

  it("0023: the price record starts with today's prices of products, rows priced apart and price lists", async () => {
    const store = await createTestDatabase(driver, "store", { migrate: false });
    opened.push(store);
    await migrateUpTo(store, 22);
    const db = store.handle.db;
    await db.execute(sql`insert into products (id, code, name, slug, price_cents, sale_price_cents)
                         values (1, 'KIT-1', 'Kit', 'kit', 2490, 2190), (2, 'KIT-2', 'Other', 'other', 1000, null)`);
    await db.execute(sql`insert into product_variants (product_id, color, color_name, size, price_cents)
                         values (1, '#000000', 'Black', '', null), (1, '#ff0000', 'Red', '', 2990)`);
    await db.execute(sql`insert into price_lists (id, code, name) values (7, 'WHS', 'Wholesale')`);
    await db.execute(
      sql`insert into price_list_lines (price_list_id, product_id, price_cents) values (7, 2, 800)`,
    );
    await migrateDatabase(store.handle, "store");
    const rows = await queryRows<{
      product_id: number;
      variant_id: number | null;
      price_list_id: number | null;
      price_cents: number;
      sale_price_cents: number | null;
    }>(
      db,
      sql`select product_id, variant_id, price_list_id, price_cents, sale_price_cents from price_history order by id`,
    );
    expect(
      rows.map((r) => [
        r.product_id,
        r.variant_id !== null,
        r.price_list_id,
        r.price_cents,
        r.sale_price_cents,
      ]),
    ).toEqual([
      [1, false, null, 2490, 2190],
      [2, false, null, 1000, null],
      [1, true, null, 2990, null],
      [2, false, 7, 800, null],
    ]);
    // Nothing was recorded before today: no prior price, so the sale is not announced as a reduction.
    const [prior] = await queryRows<{ p: number | null }>(db, sql`select prior_price_cents(1) as p`);
    expect(prior.p).toBeNull();
  });
});
