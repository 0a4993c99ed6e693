// How long the sales report takes for a year at 100k orders (decision 0046). Makes a store
// database, fills it with a catalogue (500 products, 20 brands, 30 categories) and N orders spread
// over the last 365 days (about 2.5 lines each, 12% not sales), runs the report for the year by day,
// week and month (the first run cold, then the median of five), and prints the plans.
//
//   npm run bench:reports -- postgres://postgres@127.0.0.1:5432/bench_reports [orders]
//   npm run bench:reports -- .tmp/bench-reports [orders]     # PGlite folder
//
// The database is made again on every run (a postgres:// one is dropped first; a folder must not exist).
import { sql } from "drizzle-orm";
import { nextDate, zonedDate } from "../core/admin/orders";
import type { ReportGroup } from "../core/admin/reports";
import { dropPostgresDatabase, isPostgresUrl, migrateDatabase, openDatabase, queryRows } from "../db/client";
import * as storeSchema from "../db/store/schema";
import { salesReport } from "../services/admin/reports";
import type { StoreContext } from "../services/context";

const target = process.argv[2];
const total = Number(process.argv[3] ?? 100_000);
if (!target) {
  console.error("usage: npx tsx bench/reports.ts <postgres://... | folder> [orders]");
  process.exit(2);
}

if (isPostgresUrl(target)) await dropPostgresDatabase(target);
const handle = await openDatabase(target, storeSchema, { createIfMissing: true });
await migrateDatabase(handle, "store");
const { db } = handle;

let t = performance.now();
await db.execute(
  sql`insert into brands (name, code) select 'Brand ' || g, 'B' || g from generate_series(1, 20) g`,
);
await db.execute(sql`insert into master_categories (code, description, slug) values ('M', 'Master', 'm')`);
await db.execute(
  sql`insert into categories (master_id, code, description, slug)
      select 1, 'C' || g, 'Category ' || g, 'c-' || g from generate_series(1, 30) g`,
);
await db.execute(
  sql`insert into products (code, name, slug, price_cents, brand_id)
      select 'P' || g, 'Product ' || g, 'p-' || g, 300 + (g * 37) % 4000, 1 + g % 20 from generate_series(1, 500) g`,
);
await db.execute(
  sql`insert into product_categories (product_id, category_id, seq)
      select g, 1 + g % 30, 0 from generate_series(1, 500) g
      union all select g, 1 + (g * 7) % 30, 1 from generate_series(1, 500, 3) g where (g * 7) % 30 <> g % 30`,
);
// Orders: spread evenly over the last 365 days, deterministic (no random()).
await db.execute(
  sql`insert into orders (code, status, goods_total_cents, shipping_cost_cents, points_redeemed_cents,
        total_cents, payment_method, customer_name, customer_email, created_at, updated_at)
      select 'B' || g,
        (array['completed','completed','completed','completed','completed','paid','placed','completed',
               'cancelled','expired','completed','completed','completed','completed','completed','pending_payment',
               'completed','completed','completed','completed','completed','completed','completed','completed','completed'])[1 + g % 25],
        0, case when g % 3 = 0 then 0 else 450 end, case when g % 11 = 0 then 200 else 0 end, 0,
        case when g % 2 = 0 then 'card' else 'cod' end, 'Buyer ' || g, 'b' || g || '@example.org',
        now() - (g::float / ${total} * interval '365 days'), now()
      from generate_series(1, ${total}) g`,
);
await db.execute(
  sql`insert into order_lines (order_id, product_id, description, qty, unit_price_cents, vat_rate, line_total_cents)
      select o.id, p.id, p.name, 1 + (o.id + k) % 3, p.price_cents, 19, (1 + (o.id + k) % 3) * p.price_cents
      from orders o
      cross join lateral generate_series(1, 1 + o.id % 3 + (o.id % 7) / 6) k
      join products p on p.id = 1 + (o.id * 13 + k * 101) % 500`,
);
await db.execute(
  sql`update orders o set goods_total_cents = l.s, total_cents = l.s + o.shipping_cost_cents - least(o.points_redeemed_cents, l.s)
      from (select order_id, sum(line_total_cents) s from order_lines group by order_id) l where l.order_id = o.id`,
);
await db.execute(sql`analyze`);
const counts = await queryRows<{ orders: number; lines: number }>(
  db,
  sql`select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines`,
);
console.log(
  `filled in ${((performance.now() - t) / 1000).toFixed(1)} s: ${counts[0]?.orders} orders, ${counts[0]?.lines} lines (${handle.driver})`,
);

const store = { db } as unknown as StoreContext;
const today = zonedDate(new Date());
const year = { from: nextDate(today, -364), to: today };
for (const group of ["day", "week", "month"] as ReportGroup[]) {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    t = performance.now();
    const r = await salesReport(store, { ...year, group });
    times.push(performance.now() - t);
    if (i === 0)
      console.log(
        `${group}: ${r.periods.length} periods, ${r.totals.orders} sale orders, net ${r.totals.netCents}`,
      );
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  console.log(`${group}: first ${times[0]?.toFixed(0)} ms, median of 5 after ${warm[2]?.toFixed(0)} ms`);
}

const from = new Date(Date.now() - 365 * 86_400_000).toISOString();
const sales = sql`o.status in ('placed','paid','completed') and o.created_at >= ${from}::timestamptz`;
const plans = {
  "periods (money)": sql`explain analyze select date_trunc('day', o.created_at at time zone 'Europe/Nicosia'),
      count(*), sum(o.goods_total_cents) from orders o where ${sales} group by 1`,
  "periods (units)": sql`explain analyze select date_trunc('day', o.created_at at time zone 'Europe/Nicosia'),
      sum(l.qty) from orders o join order_lines l on l.order_id = o.id where ${sales} group by 1`,
  categories: sql`explain analyze select c.id, sum(l.line_total_cents) from orders o
      join order_lines l on l.order_id = o.id
      left join product_categories pc on pc.product_id = l.product_id left join categories c on c.id = pc.category_id
      where ${sales} group by c.id`,
};
for (const [name, q] of Object.entries(plans)) {
  const rows = await queryRows<Record<string, string>>(db, q);
  console.log(`\n-- plan: ${name}\n${rows.map((r) => Object.values(r)[0]).join("\n")}`);
}
await handle.close();
if (isPostgresUrl(target)) await dropPostgresDatabase(target);
