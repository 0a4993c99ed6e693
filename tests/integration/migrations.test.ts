import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, queryRows } from "../../db/client";
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
});
