// The back office's sales report (docs/decisions/0046): sales of a range of the shop's calendar
// days split by day, ISO week or month in the shop's time zone, compared with the range of equal
// length before it, and broken down by product, category, brand and payment method. Every figure is
// a sum the database makes over the orders that are sales (core/admin/orders.ts SALE_STATUSES),
// read through orders_status_idx (status, created_at); nothing is summed in JavaScript but the rows.
import { type SQL, sql } from "drizzle-orm";
import { nextDate, SALE_STATUSES, zonedDayStart } from "../../core/admin/orders";
import {
  NO_SALES,
  periodsOf,
  previousRange,
  REPORT_TOP_ROWS,
  type ReportCsvQuery,
  type ReportGroup,
  type ReportQuery,
  type SalesFigures,
  type SalesSums,
  salesFigures,
} from "../../core/admin/reports";
import { csvRows } from "../../core/csv";
import { centsAsDecimal } from "../../core/money";
import { STORE_TIME_ZONE } from "../../core/time-zone";
import { queryRows } from "../../db/client";
import type { StoreContext } from "../context";
import { recordExport, type StaffActor } from "./audit";

type Db = StoreContext["db"];

/** The UTC instants a range of the shop's days starts and ends at (the end excluded). */
function bounds(from: string, to: string): [string, string] {
  return [zonedDayStart(from).toISOString(), zonedDayStart(nextDate(to)).toISOString()];
}

/**
 * The orders of [from, to) that are sales, as `orders o`. Plain conditions on one table, so each
 * query is one scan of orders_status_idx or orders (a CTE shared by two joins made the planner
 * guess 38 million rows and spend a second compiling it: decision 0046).
 */
function salesWhere(from: string, to: string): SQL {
  const statuses = sql.join(
    SALE_STATUSES.map((st) => sql`${st}`),
    sql`, `,
  );
  return sql`o.status in (${statuses})
    and o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz`;
}

/**
 * The money of the sales, summed per group. `refunded` is the money the order's refunds that went
 * through gave back (docs/decisions/0056), counted with the order it belongs to, so every figure
 * below nets it (decision 0046). A cancelled order is no sale, so its refund is not netted twice.
 */
const moneyColumns = sql`count(*)::int as orders,
  sum(o.goods_total_cents)::text as gross, sum(o.points_redeemed_cents)::text as discount,
  sum(o.shipping_cost_cents)::text as shipping,
  coalesce(sum((select sum(r.amount_cents) from order_refunds r
    where r.order_id = o.id and r.status = 'succeeded')), 0)::text as refunded`;

interface SumsRow {
  orders: number;
  gross: string | null;
  discount: string | null;
  shipping: string | null;
  refunded: string | null;
}

function sumsOf(r: SumsRow | undefined, units: number): SalesSums {
  if (!r) return { ...NO_SALES, units };
  return {
    orders: Number(r.orders),
    units,
    grossCents: Number(r.gross ?? 0),
    discountCents: Number(r.discount ?? 0),
    shippingCents: Number(r.shipping ?? 0),
    refundedCents: Number(r.refunded ?? 0),
  };
}

const UNIT: Record<ReportGroup, string> = { day: "day", week: "week", month: "month" };

/**
 * Money and units grouped by `key` (an expression over `o`), as two queries run side by side: the
 * orders alone, and their lines' quantities.
 */
async function grouped(db: Db, from: string, to: string, key: SQL): Promise<Map<string, SalesSums>> {
  const where = salesWhere(from, to);
  const [money, units] = await Promise.all([
    queryRows<SumsRow & { key: string }>(
      db,
      sql`select ${key} as key, ${moneyColumns} from orders o where ${where} group by 1`,
    ),
    queryRows<{ key: string; units: string }>(
      db,
      sql`select ${key} as key, sum(l.qty)::text as units
        from orders o join order_lines l on l.order_id = o.id where ${where} group by 1`,
    ),
  ]);
  const unitsOf = new Map(units.map((u) => [String(u.key), Number(u.units)]));
  return new Map(money.map((r) => [String(r.key), sumsOf(r, unitsOf.get(String(r.key)) ?? 0)]));
}

/**
 * Sums per period over the current range and the previous one at once: each order's local time
 * in the shop's zone, cut to its day, ISO week (date_trunc's weeks start on Monday) or month, and
 * marked current or previous (a week can straddle the two ranges).
 */
async function byPeriod(db: Db, q: ReportQuery, previousFrom: string) {
  const [start, end] = bounds(previousFrom, q.to);
  const [currentStart] = bounds(q.from, q.to);
  const key = sql`(case when o.created_at >= ${currentStart}::timestamptz then 'c' else 'p' end)
    || to_char(date_trunc(${UNIT[q.group]}, o.created_at at time zone ${STORE_TIME_ZONE}), 'YYYY-MM-DD')`;
  const sums = await grouped(db, start, end, key);
  let previous: SalesSums = NO_SALES;
  for (const [k, v] of sums) if (k.startsWith("p")) previous = addSums(previous, v);
  return {
    periods: periodsOf(q.from, q.to, q.group).map((period) => ({
      period,
      ...salesFigures(sums.get(`c${period}`) ?? NO_SALES),
    })),
    previous,
  };
}

function addSums(a: SalesSums, b: SalesSums): SalesSums {
  return {
    orders: a.orders + b.orders,
    units: a.units + b.units,
    grossCents: a.grossCents + b.grossCents,
    discountCents: a.discountCents + b.discountCents,
    shippingCents: a.shippingCents + b.shippingCents,
    refundedCents: a.refundedCents + b.refundedCents,
  };
}

interface BreakdownRow {
  id: number | null;
  code: string | null;
  name: string | null;
  orders: number;
  units: string;
  gross: string;
  /** How many groups there are in all (before the limit). */
  groups: number;
}

/** What a breakdown groups the order lines by: the product, each of its categories, its brand. */
const BREAKDOWNS = {
  product: {
    join: sql`join products p on p.id = l.product_id`,
    key: sql`p.id, p.code, p.name`,
    select: sql`p.id, p.code, p.name`,
  },
  // A product in two categories counts in both: each category's row is what it sold.
  category: {
    join: sql`left join product_categories pc on pc.product_id = l.product_id
      left join categories c on c.id = pc.category_id`,
    key: sql`c.id, c.code, c.description`,
    select: sql`c.id, c.code, c.description as name`,
  },
  brand: {
    join: sql`join products p on p.id = l.product_id left join brands b on b.id = p.brand_id`,
    key: sql`b.id, b.code, b.name`,
    select: sql`b.id, b.code, b.name`,
  },
} as const;
type BreakdownKind = keyof typeof BREAKDOWNS;

async function breakdown(db: Db, q: ReportQuery, kind: BreakdownKind, limit: number | null) {
  const [start, end] = bounds(q.from, q.to);
  const b = BREAKDOWNS[kind];
  const rows = await queryRows<BreakdownRow>(
    db,
    sql`select ${b.select}, count(*) over ()::int as groups, count(distinct l.order_id)::int as orders,
        sum(l.qty)::text as units, sum(l.line_total_cents)::text as gross
      from orders o join order_lines l on l.order_id = o.id ${b.join}
      where ${salesWhere(start, end)}
      group by ${b.key}
      order by sum(l.line_total_cents) desc, 3 nulls last
      ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
  const list = rows.map((r) => ({
    id: r.id === null ? null : Number(r.id),
    code: r.code,
    name: r.name,
    orders: Number(r.orders),
    units: Number(r.units),
    grossCents: Number(r.gross),
  }));
  return { rows: list, total: Number(rows[0]?.groups ?? 0) };
}

async function byPayment(db: Db, q: ReportQuery) {
  const [start, end] = bounds(q.from, q.to);
  const sums = await grouped(db, start, end, sql`o.payment_method`);
  return [...sums]
    .map(([method, v]) => ({ method, ...salesFigures(v) }))
    .sort((x, y) => y.netCents - x.netCents || x.method.localeCompare(y.method));
}

/** The report: totals against the previous period, each period, and the four breakdowns. */
export async function salesReport(store: StoreContext, q: ReportQuery) {
  const previous = previousRange(q.from, q.to);
  const [periods, products, categories, brands, payments] = await Promise.all([
    byPeriod(store.db, q, previous.from),
    breakdown(store.db, q, "product", REPORT_TOP_ROWS),
    breakdown(store.db, q, "category", null),
    breakdown(store.db, q, "brand", null),
    byPayment(store.db, q),
  ]);
  const totals = periods.periods.reduce<SalesSums>((sum, p) => addSums(sum, p), NO_SALES);
  return {
    timeZone: STORE_TIME_ZONE,
    from: q.from,
    to: q.to,
    group: q.group,
    totals: salesFigures(totals),
    previous: { ...previous, totals: salesFigures(periods.previous) },
    periods: periods.periods,
    products,
    categories: categories.rows,
    brands: brands.rows,
    payments,
  };
}

const euros = centsAsDecimal;

/** The CSV cells of one row's figures, in the order of the header's `figures` and average order. */
function figureCells(p: SalesFigures): string[] {
  return [
    String(p.orders),
    String(p.units),
    euros(p.grossCents),
    euros(p.discountCents),
    euros(p.shippingCents),
    euros(p.refundedCents),
    euros(p.netCents),
    euros(p.averageOrderCents),
  ];
}

/** One table of the report as CSV lines (the whole table: every product, not the screen's top rows). */
export async function* salesReportCsv(
  store: StoreContext,
  actor: StaffActor,
  q: ReportCsvQuery,
): AsyncGenerator<string> {
  // No personal data, but a download of the shop's sales is a record the owner may be asked about.
  await recordExport(store, actor, {
    entity: "report",
    summary: `Sales report (${q.view}) exported as CSV`,
    filters: q,
  });
  const figures = ["orders", "units", "gross_eur", "discounts_eur", "shipping_eur", "refunds_eur", "net_eur"];
  if (q.view === "period") {
    const { periods } = await byPeriod(store.db, q, previousRange(q.from, q.to).from);
    yield* csvRows(
      ["period_start", ...figures, "average_order_eur"],
      periods.map((p) => [p.period, ...figureCells(p)]),
    );
  } else if (q.view === "payment") {
    const rows = await byPayment(store.db, q);
    yield* csvRows(
      ["payment_method", ...figures, "average_order_eur"],
      rows.map((p) => [p.method, ...figureCells(p)]),
    );
  } else {
    const { rows } = await breakdown(store.db, q, q.view, null);
    yield* csvRows(
      [`${q.view}_code`, `${q.view}_name`, "orders", "units", "gross_eur"],
      rows.map((r) => [r.code ?? "", r.name ?? "", String(r.orders), String(r.units), euros(r.grossCents)]),
    );
  }
}
