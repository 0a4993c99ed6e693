// A store's backup and restore, as docs/deployment.md tells an operator to do it: `pg_dump -Fc`
// of one store's database, later `pg_restore` into a new database and `npm run store -- database`
// pointing the store at it (the registry row changed and announced on the control database). The
// running server then serves the backed-up catalogue, orders and customers, and the other
// stores are untouched.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type Send } from "./helpers/http";
import { postgresBinDir } from "./helpers/private-pg";
import { CONTROL_DB, type SeededPostgres, seededPostgres } from "./helpers/seeded-postgres";
import { type ServerProcess, startServer } from "./helpers/server";
import { openStore, prepareShop, rows, type ShopFixture, type StoreHandle } from "./helpers/store-data";

const bin = postgresBinDir();
const required = process.env.REQUIRE_DATABASE === "1";
if (!bin)
  console.warn(
    "backup-restore: PostgreSQL binaries (pg_dump, pg_restore) not found; the scenario cannot run here.",
  );

const ERP = {
  "x-api-key": "demo-erp-key-main",
  "content-type": "application/json",
  accept: "application/json",
};
const RESTORED_DB = `${CONTROL_DB}_main_restored`;

/** A PostgreSQL client program of the server's own version, against the private server. */
function pgTool(tool: string, args: string[]): string {
  const r = spawnSync(join(bin as string, tool), args, { encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

interface Counts {
  products: number;
  orders: number;
  customers: number;
  orderCodes: string[];
}

async function counts(h: StoreHandle): Promise<Counts> {
  const [c] = await rows<{ products: number; orders: number; customers: number }>(
    h,
    sql`select (select count(*)::int from products) as products, (select count(*)::int from orders) as orders,
               (select count(*)::int from customers) as customers`,
  );
  const codes = await rows<{ code: string }>(h, sql`select code from orders order by code`);
  return { ...(c as Omit<Counts, "orderCodes">), orderCodes: codes.map((o) => o.code) };
}

async function getJson(send: Send, host: string, path: string) {
  const r = await send(host, path, { headers: { accept: "application/json" } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${host}${path} answered ${r.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

describe.skipIf(!bin && !required)("per-store backup and restore with pg_dump/pg_restore", () => {
  let seeded: SeededPostgres | null = null;
  let server: ServerProcess | null = null;
  let main: StoreHandle | null = null;
  let restored: StoreHandle | null = null;
  let control: pg.Client | null = null;
  let dumpDir = "";
  let fx: ShopFixture;

  afterAll(async () => {
    await server?.kill();
    await Promise.allSettled([main?.close(), restored?.close(), control?.end()]);
    seeded?.pg.destroy();
    if (seeded) rmSync(seeded.dataDir, { recursive: true, force: true });
    if (dumpDir) rmSync(dumpDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    seeded = await seededPostgres("backup");
    main = await openStore(seeded.storeUrl("main"));
    fx = await prepareShop(main, { customers: 1, products: 1, stockEach: 50, prefix: "backup" });
    control = new pg.Client({ connectionString: seeded.controlUrl });
    await control.connect();
    server = await startServer({
      dataDir: seeded.dataDir,
      env: { DATABASE_URL: seeded.controlUrl, STORE_CACHE_MS: "30000", OPERATOR_PORT: "0" },
    });
  });

  it("restores one store's database into a new database and the server serves it; other stores untouched", async () => {
    if (!server || !seeded || !main || !control) throw new Error("setup failed");
    const t0 = Date.now();
    const send = server.send;
    const [customer] = fx.customers;
    const [product] = fx.products;
    if (!customer || !product) throw new Error("fixture missing");
    const shopper = await new Client(send).signIn(customer.username, customer.password);
    const order = () =>
      shopper.json("POST", "/api/v1/orders", {
        lines: [{ id: product.id, qty: 1 }],
        shippingId: fx.shippingId,
        paymentMethod: "cod",
      });
    const kept = await order();
    expect(kept.status, kept.text).toBe(201);

    const before = await counts(main);
    const productOf = async () =>
      (await getJson(send, "localhost", `/api/v1/products/${product.id}`)).product;
    const known = await productOf();
    const mainTotal = (await getJson(send, "localhost", "/api/v1/products?page=1&perPage=1")).total;
    const cyTotal = (await getJson(send, "cy.localhost", "/api/v1/products?page=1&perPage=1")).total;
    const registryBefore = (await control.query("select id, db_conn_str from stores order by id")).rows;
    expect(registryBefore.find((r) => r.id === "main")?.db_conn_str).toBe(seeded.storeUrl("main"));

    // The backup, exactly as docs/deployment.md gives it.
    dumpDir = mkdtempSync(resolve(".tmp", "hc-dump-"));
    const dump = join(dumpDir, "main.dump");
    const conn = ["-h", "127.0.0.1", "-p", String(seeded.pg.port), "-U", "postgres"];
    const dumpStarted = Date.now();
    pgTool("pg_dump", [...conn, "-Fc", "-f", dump, `${CONTROL_DB}_main`]);
    const dumpMs = Date.now() - dumpStarted;

    // What the backup must undo: a wrong price sent by the ERP and an order placed after it.
    const damaged = await send(
      "localhost",
      `/api/v1/integration/products/${encodeURIComponent(known.code)}`,
      {
        method: "PUT",
        headers: ERP,
        body: JSON.stringify({ priceCents: 1 }),
      },
    );
    expect(damaged.status, await damaged.text()).toBe(200);
    const lost = await order();
    expect(lost.status, lost.text).toBe(201);
    expect((await productOf()).priceCents).toBe(1);

    // The restore: a new database, the dump into it, the store pointed at it by the store command.
    const restoreStarted = Date.now();
    pgTool("createdb", [...conn, RESTORED_DB]);
    pgTool("pg_restore", [...conn, "--exit-on-error", "--no-owner", "-d", RESTORED_DB, dump]);
    const restoredUrl = seeded.pg.url(RESTORED_DB);
    const moved = spawnSync(
      process.execPath,
      ["--import", "tsx", "server/cli/store.ts", "database", "--id", "main", "--database", restoredUrl],
      {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, DATABASE_URL: seeded.controlUrl, DATA_DIR: seeded.dataDir, LOG_LEVEL: "warn" },
      },
    );
    expect(moved.status, moved.stderr + moved.stdout).toBe(0);
    expect(moved.stdout).toContain("Store main now uses");
    const restoreMs = Date.now() - restoreStarted;

    // Served within a second or two of the announcement (the registry's TTL here is 30 s).
    const announcedAt = Date.now();
    let servedAfter = -1;
    while (Date.now() - announcedAt < 15_000) {
      const p = await productOf();
      if (p.priceCents === known.priceCents) {
        servedAfter = Date.now() - announcedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(servedAfter, "the restored database is served after the announcement").toBeGreaterThanOrEqual(0);
    expect(servedAfter).toBeLessThan(2_000);

    restored = await openStore(restoredUrl);
    expect(await counts(restored)).toEqual(before);
    expect(await productOf()).toEqual(known);
    expect((await getJson(send, "localhost", "/api/v1/products?page=1&perPage=1")).total).toBe(mainTotal);
    // The shopper's orders are the backed-up ones: the order placed after the backup is gone.
    const mine = await shopper.json("GET", "/api/v1/orders");
    expect(mine.status, mine.text).toBe(200);
    const listed = JSON.stringify(mine.json);
    expect(listed).toContain(String(kept.json.code));
    expect(listed).not.toContain(String(lost.json.code));
    // A new order lands in the restored database.
    const after = await order();
    expect(after.status, after.text).toBe(201);
    const [placed] = await rows<{ n: number }>(
      restored,
      sql`select count(*)::int as n from orders where code = ${String(after.json.code)}`,
    );
    expect(placed?.n).toBe(1);

    // The other stores: same registry rows, same catalogue.
    const registryAfter = (await control.query("select id, db_conn_str from stores order by id")).rows;
    expect(registryAfter.filter((r) => r.id !== "main")).toEqual(
      registryBefore.filter((r) => r.id !== "main"),
    );
    expect((await getJson(send, "cy.localhost", "/api/v1/products?page=1&perPage=1")).total).toBe(cyTotal);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    console.log(
      `backup-restore: dump ${dumpMs} ms (${statSync(dump).size} bytes), createdb + pg_restore + registry ${restoreMs} ms, served ${servedAfter} ms after the announcement, test ${Date.now() - t0} ms, seed ${seeded.seedMs} ms`,
    );
  });
});
