// Crash: the real server is killed with SIGKILL while shoppers place orders. After a restart
// on the same data folder every order is whole or absent, stock matches the orders, and the
// outbox delivers every queued order mail.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import * as controlSchema from "../../db/control/schema";
import { StoreRegistry } from "../../server/tenancy/registry";
import { smtpTransport } from "../../services/mail/transport";
import { MailWorker } from "../../services/mail/worker";
import { Client } from "./helpers/http";
import { demoTemplate } from "./helpers/prereqs";
import { copyTemplate, type ServerProcess, startServer } from "./helpers/server";
import { createSmtp, type Smtp } from "./helpers/smtp";
import { openStore, prepareShop, rows, type ShopFixture } from "./helpers/store-data";

const STOCK = 400;

describe("crash: SIGKILL while orders are being written (embedded database)", () => {
  let dataDir = "";
  let server: ServerProcess | null = null;
  let smtp: Smtp | null = null;
  afterAll(async () => {
    await server?.kill();
    await smtp?.down();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    dataDir = copyTemplate(await demoTemplate(), "crash");
  });

  it("keeps every order whole or absent, stock consistent, and sends every queued mail after restart", async () => {
    let fx: ShopFixture;
    {
      const h = await openStore(dataDir);
      fx = await prepareShop(h, { customers: 6, products: 3, stockEach: STOCK, prefix: "crash" });
      await h.close();
    }
    smtp = await createSmtp();
    await smtp.up();
    const env = { SMTP_URL: smtp.url };
    const first = await startServer({ dataDir, env });
    server = first;
    const clients = await Promise.all(
      fx.customers.map((c) => new Client(first.send).signIn(c.username, c.password)),
    );

    const acknowledged = new Set<string>();
    let stop = false;
    let n = 0;
    const shopper = async (c: Client) => {
      while (!stop) {
        const i = n++;
        const lines = [{ id: fx.products[i % 3].id, qty: 1 + (i % 2) }];
        if (i % 3 === 0) lines.push({ id: fx.products[(i + 1) % 3].id, qty: 1 });
        try {
          const r = await c.json("POST", "/api/v1/orders", {
            lines,
            shippingId: fx.shippingId,
            paymentMethod: "cod",
          });
          if (r.status === 201) acknowledged.add(String(r.json.code));
          else if (r.status === 429) await new Promise((res) => setTimeout(res, 200));
          else expect.soft(r.status, r.text).toBe(201);
        } catch {
          // the connection dies with the server
          await new Promise((res) => setTimeout(res, 50));
        }
      }
    };
    const loops = clients.map(shopper);
    const enough = await new Promise<boolean>((resolve) => {
      const t0 = Date.now();
      const tick = setInterval(() => {
        if (acknowledged.size >= 25 || Date.now() - t0 > 60_000) {
          clearInterval(tick);
          resolve(acknowledged.size >= 25);
        }
      }, 20);
    });
    expect(enough, "orders were placed before the crash").toBe(true);
    await first.kill();
    stop = true;
    await Promise.all(loops);
    const ackedAtCrash = new Set(acknowledged);

    // Restart on the same data: the embedded database recovers from its write-ahead log.
    server = await startServer({ dataDir, env });
    const me = await new Client(server.send).start();
    expect(me.csrf).not.toBe("");
    // The restarted worker delivers the mail that was due; wait until deliveries settle.
    let last = -1;
    let stableSince = Date.now();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (smtp.received.length !== last) {
        last = smtp.received.length;
        stableSince = Date.now();
      } else if (Date.now() - stableSince > 4_000 && last > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await server.stop();
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    server = null;

    let h = await openStore(dataDir);
    try {
      const orders = await rows<{
        id: number;
        code: string;
        goods: number;
        lines: number;
        sum: number | null;
      }>(
        h,
        sql`select o.id, o.code, o.goods_total_cents as goods,
                   (select count(*)::int from order_lines l where l.order_id = o.id) as lines,
                   (select sum(l.line_total_cents)::int from order_lines l where l.order_id = o.id) as sum
              from orders o join customers c on c.id = o.customer_id where c.username like 'crash%'`,
      );
      // Whole or absent: every stored order has its lines and its totals add up.
      for (const o of orders) {
        expect(o.lines, `order ${o.code} has lines`).toBeGreaterThan(0);
        expect(Number(o.sum), `order ${o.code} lines add up`).toBe(Number(o.goods));
      }
      // Every order the shoppers were told about survived the crash.
      const codes = new Set(orders.map((o) => o.code));
      for (const code of ackedAtCrash) expect(codes.has(code), `acknowledged order ${code} kept`).toBe(true);
      expect(orders.length).toBeGreaterThanOrEqual(ackedAtCrash.size);

      // Stock matches the orders, product by product.
      for (const p of fx.products) {
        const [sold] = await rows<{ qty: number | null }>(
          h,
          sql`select sum(l.qty)::int as qty from order_lines l join orders o on o.id = l.order_id
               join customers c on c.id = o.customer_id where c.username like 'crash%' and l.product_id = ${p.id}`,
        );
        const [left] = await rows<{ qty: number }>(
          h,
          sql`select qty from stock where product_id = ${p.id} and warehouse_id = ${fx.warehouseId}`,
        );
        expect(Number(left.qty) + Number(sold?.qty ?? 0), `stock of ${p.name}`).toBe(STOCK);
      }

      // Each cash-on-delivery order queued its two mails in its own transaction.
      const codes0 = new Set(orders.map((o) => o.code));
      const mails = (
        await rows<{ id: number; dedupe_key: string; sent_at: string | null }>(
          h,
          sql`select id, dedupe_key, sent_at from outbox where dedupe_key like 'order:%'`,
        )
      ).filter((m) => codes0.has(m.dedupe_key.split(":")[1]));
      const byOrder = new Map<string, number>();
      for (const m of mails) {
        const code = m.dedupe_key.split(":")[1];
        byOrder.set(code, (byOrder.get(code) ?? 0) + 1);
      }
      for (const o of orders) expect(byOrder.get(o.code), `mails of ${o.code}`).toBe(2);

      // Mail claimed by the killed process stays leased until its lease runs out (5 minutes);
      // a worker whose clock is past the lease, as the server's is by then, sends it.
      const leased = mails.filter((m) => !m.sent_at);
      if (leased.length > 0) {
        await h.close();
        const control = await openDatabase(join(dataDir, "control"), controlSchema);
        const registry = new StoreRegistry(control, { dataDir, cacheMs: 60_000 });
        const worker = new MailWorker({
          stores: registry,
          transport: smtpTransport(smtp.url),
          log: pino({ level: "silent" }),
          now: () => new Date(Date.now() + 10 * 60_000),
        });
        await worker.runOnce();
        await worker.stop();
        await registry.close();
        await control.close();
        h = await openStore(dataDir);
      }
      const unsent = await rows<Record<string, unknown>>(
        h,
        sql`select id, dedupe_key, attempts, next_attempt_at, locked_until, last_error, created_at from outbox
             where dedupe_key like 'order:%' and sent_at is null`,
      );
      expect(unsent).toEqual([]);
      // Every queued mail reached the SMTP server; a mail being sent at the very moment of the
      // kill may arrive twice (at-least-once), never zero times.
      const ids = new Set(smtp.received.map((r) => r.messageId));
      for (const m of mails) {
        expect(
          [...ids].some((id) => id.startsWith(`<outbox-main-${m.id}@`)),
          `mail ${m.dedupe_key} delivered`,
        ).toBe(true);
      }
      const dup = smtp.received.length - ids.size;
      expect(dup).toBeLessThanOrEqual(20);
    } finally {
      await h.close();
    }
  });
});
