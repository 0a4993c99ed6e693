// Dropped database connections while orders are written (issue 38, item 1): the real server on a
// private PostgreSQL takes cash-on-delivery and card orders, some redeeming points, while every
// connection of the server is ended with pg_terminate_backend (what each connection receives on
// a PostgreSQL restart, a failover or a pooler restart), then while the server restarts. A
// client checked out for a transaction used to have no 'error' listener, so the process died
// with an unhandled 'error' event (57P01). Afterwards: the process is alive, every acknowledged
// order is stored whole, stock and points add up, and the shop answers 200 within 5 s.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./helpers/http";
import { postgresBinDir } from "./helpers/private-pg";
import { type SeededPostgres, seededPostgres } from "./helpers/seeded-postgres";
import { type ServerProcess, startServer } from "./helpers/server";
import { openStore, prepareShop, rows, type ShopFixture } from "./helpers/store-data";

const binaries = postgresBinDir();
const required = process.env.REQUIRE_DATABASE === "1";
if (!binaries) {
  console.warn(
    "db-connection-drop: PostgreSQL server binaries (initdb, pg_ctl) not found; the scenario cannot run here.",
  );
}

const SHOPPERS = 8;
const STOCK = 2_000;
const POINTS = 100_000;
const REDEEM = 150;
const DROPS = 8;
/** The issue's bound from the last drop (or the restart) to a 200 again. */
const RECOVERED_WITHIN_MS = 5_000;

/** Ends every connection of the server's databases, as a restart does; how many it ended. */
async function dropConnections(adminUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: adminUrl });
  c.on("error", () => {});
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(
      `select count(*)::int as n from (
         select pg_terminate_backend(pid) from pg_stat_activity
          where pid <> pg_backend_pid() and backend_type = 'client backend' and datname like 'sf%') t`,
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end().catch(() => {});
  }
}

describe.skipIf(!binaries && !required)("dropped database connections under order traffic", () => {
  let seeded: SeededPostgres | null = null;
  let server: ServerProcess | null = null;
  let fx: ShopFixture;

  afterAll(async () => {
    await server?.kill();
    seeded?.pg.destroy();
    if (seeded) rmSync(seeded.dataDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    seeded = await seededPostgres("drop");
    const main = await openStore(seeded.storeUrl("main"));
    try {
      fx = await prepareShop(main, { customers: SHOPPERS, products: 3, stockEach: STOCK, prefix: "drop" });
      const ids = fx.customers.map((c) => c.id);
      await main.db.execute(
        sql`update customers set points_balance_cents = ${POINTS}, points_on_hold_cents = 0
             where id in (${sql.join(ids, sql`, `)})`,
      );
    } finally {
      await main.close();
    }
    server = await startServer({
      dataDir: seeded.dataDir,
      env: { DATABASE_URL: seeded.controlUrl, RATE_LIMIT_FACTOR: "1000" },
    });
  });

  it("the process survives, every acknowledged order is kept, stock and points add up", async () => {
    const srv = server;
    const db = seeded;
    if (!srv || !db) throw new Error("the server did not start");
    const shoppers = await Promise.all(
      fx.customers.map((c) => new Client(srv.send).signIn(c.username, c.password)),
    );

    const acked = new Map<string, { method: string; redeemed: number }>();
    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    let stop = false;
    let n = 0;
    const shop = async (c: Client) => {
      while (!stop) {
        const i = n++;
        const method = i % 2 === 0 ? "cod" : "card";
        const redeem = i % 3 === 0 ? REDEEM : 0;
        const product = fx.products[i % fx.products.length] as { id: number };
        let status = 0;
        try {
          const r = await c.json("POST", "/api/v1/orders", {
            lines: [{ id: product.id, qty: 1 + (i % 2) }],
            shippingId: fx.shippingId,
            paymentMethod: method,
            redeemPointsCents: redeem,
          });
          status = r.status;
          if (r.status === 201) {
            const totals = r.json.totals as { pointsRedeemedCents: number };
            acked.set(String(r.json.code), { method, redeemed: totals.pointsRedeemedCents });
          } else if (r.status === 502 && method === "card") {
            // The order was written, then starting its payment met the outage: the shopper is
            // told to try again and the order's reservation is released (now, or by the sweep).
            expect(r.json.error).toBe("payment_unavailable");
          } else if (r.status !== 503) unexpected.push(`${r.status} ${r.text.slice(0, 200)}`);
        } catch (err) {
          // The process died (or the socket broke): counted, not acknowledged.
          unexpected.push(`no answer: ${String(err)}`);
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 201) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const loops = shoppers.map(shop);
    const waitFor = async (check: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return check();
    };
    expect(await waitFor(() => acked.size >= 20, 60_000), "orders placed before the drops").toBe(true);

    // Connections dropped again and again while orders are written, then a restart.
    const admin = db.pg.url("postgres");
    let ended = 0;
    for (let d = 0; d < DROPS && srv.alive(); d++) {
      const before = acked.size;
      ended += await dropConnections(admin);
      await waitFor(() => acked.size >= before + 3 || !srv.alive(), 5_000);
    }
    const aliveAfterDrops = srv.alive();
    if (aliveAfterDrops) {
      db.pg.stop("fast");
      await new Promise((r) => setTimeout(r, 500));
      db.pg.start();
    }
    const upAt = Date.now();
    // The shop answers 200 again within RECOVERED_WITHIN_MS.
    let recoveredMs: number | null = null;
    while (srv.alive() && Date.now() - upAt < RECOVERED_WITHIN_MS + 2_000) {
      const r = await srv
        .send("localhost", "/api/v1/products?page=1&perPage=12", { headers: { accept: "application/json" } })
        .catch(() => null);
      await r?.arrayBuffer();
      if (r?.status === 200) {
        recoveredMs = Date.now() - upAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // And orders are taken again.
    const ackedAtRestart = acked.size;
    const ordersAgain = await waitFor(() => acked.size >= ackedAtRestart + 5 || !srv.alive(), 20_000);
    stop = true;
    await Promise.all(loops);
    const summary = {
      ended,
      acked: acked.size,
      statuses: Object.fromEntries(statuses),
      recoveredMs,
      unexpected: unexpected.slice(0, 5),
    };
    console.log(`db-connection-drop: ${JSON.stringify(summary)}`);
    const fatal = srv
      .output()
      .split("\n")
      .filter((l) => /Unhandled 'error' event|"level":60|57P01/.test(l) && !/"level":(30|40)/.test(l))
      .slice(0, 3)
      .join("\n");
    expect(aliveAfterDrops, `the process survived the dropped connections:\n${fatal}`).toBe(true);
    expect(srv.alive(), `the process survived the restart:\n${fatal}`).toBe(true);
    expect(ended, "connections were dropped").toBeGreaterThan(DROPS);
    expect(recoveredMs, "answers 200 again after the restart").not.toBeNull();
    expect(recoveredMs as number).toBeLessThanOrEqual(RECOVERED_WITHIN_MS);
    expect(ordersAgain, "orders are taken again").toBe(true);
    // A refusal during the drops is a 503 (or a card payment that could not start), never a 500.
    expect(unexpected).toEqual([]);

    const main = await openStore(db.storeUrl("main"));
    try {
      const ids = fx.customers.map((c) => c.id);
      const inIds = sql.join(ids, sql`, `);
      const stored = await rows<{ code: string; status: string; goods: number; sum: number | null }>(
        main,
        sql`select o.code, o.status, o.goods_total_cents as goods,
                   (select sum(l.line_total_cents)::int from order_lines l where l.order_id = o.id) as sum
              from orders o where o.customer_id in (${inIds})`,
      );
      const byCode = new Map(stored.map((o) => [o.code, o]));
      for (const [code, a] of acked) {
        const o = byCode.get(code);
        expect(o, `acknowledged ${a.method} order ${code} stored`).toBeDefined();
        expect(Number(o?.sum), `order ${code} lines add up`).toBe(Number(o?.goods));
      }
      // Stock: what is left plus what the live orders hold is what there was.
      for (const p of fx.products) {
        const [sold] = await rows<{ qty: number | null }>(
          main,
          sql`select sum(l.qty)::int as qty from order_lines l join orders o on o.id = l.order_id
               where o.customer_id in (${inIds}) and o.status not in ('cancelled', 'expired')
                 and l.product_id = ${p.id}`,
        );
        const [left] = await rows<{ qty: number }>(
          main,
          sql`select qty from stock where product_id = ${p.id} and warehouse_id = ${fx.warehouseId}`,
        );
        expect(Number(left?.qty) + Number(sold?.qty ?? 0), `stock of ${p.name}`).toBe(STOCK);
      }
      // Points: the balance is untouched (nothing completed) and on hold is what live orders redeem.
      const points = await rows<{ id: number; balance: number; held: number; redeemed: number }>(
        main,
        sql`select c.id, c.points_balance_cents as balance, c.points_on_hold_cents as held,
                   coalesce((select sum(o.points_redeemed_cents)::int from orders o
                              where o.customer_id = c.id and o.status in ('pending_payment', 'placed', 'paid')), 0) as redeemed
              from customers c where c.id in (${inIds})`,
      );
      for (const p of points) {
        expect(Number(p.balance), `customer ${p.id} balance`).toBe(POINTS);
        expect(Number(p.held), `customer ${p.id} points on hold`).toBe(Number(p.redeemed));
      }
      expect(
        [...acked.values()].some((a) => a.redeemed > 0),
        "some acknowledged orders redeemed points",
      ).toBe(true);
      expect(new Set([...acked.values()].map((a) => a.method))).toEqual(new Set(["cod", "card"]));
    } finally {
      await main.close();
    }
  });
});
