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
 * The sales of [from, to): one row per order, its money and its units. `refunded` is 0 while the
 * schema has no refunds: a refunds table joins here (its sum per order, or per period of the refund)
 * and every figure below nets it without another change (decision 0046).
 */
function salesCte(from: string, to: string): SQL {
  const statuses = sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`sales as (
    select o.id, o.created_at, o.payment_method,
      o.goods_total_cents::bigint as gross, o.points_redeemed_cents::bigint as discount,
      o.shipping_cost_cents::bigint as shipping, 0::bigint as refunded
    from orders o
    where o.status in (${statuses})
      and o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz
  ), units as (
    select l.order_id, sum(l.qty)::bigint as units
    from order_lines l join sales s on s.id = l.order_id
    group by l.order_id
  )`;
}

interface SumsRow {
  orders: number;
  units: string | null;
  gross: string | null;
  discount: string | null;
  shipping: string | null;
  refunded: string | null;
}

const sumsColumns = sql`count(*)::int as orders, sum(coalesce(u.units, 0))::text as units,
  sum(s.gross)::text as gross, sum(s.discount)::text as discount,
  sum(s.shipping)::text as shipping, sum(s.refunded)::text as refunded`;

function sumsOf(r: SumsRow | undefined): SalesSums {
  if (!r) return NO_SALES;
  return {
    orders: Number(r.orders),
    units: Number(r.units ?? 0),
    grossCents: Number(r.gross ?? 0),
    discountCents: Number(r.discount ?? 0),
    shippingCents: Number(r.shipping ?? 0),
    refundedCents: Number(r.refunded ?? 0),
  };
}

const UNIT: Record<ReportGroup, string> = { day: "day", week: "week", month: "month" };

/**
 * Sums per period over the current range and the previous one at once: each order's local time
 * in the shop's zone, cut to its day, ISO week (date_trunc's weeks start on Monday) or month.
 */
async function byPeriod(db: Db, q: ReportQuery, previousFrom: string) {
  const [start, end] = bounds(previousFrom, q.to);
  const [currentStart] = bounds(q.from, q.to);
  const rows = await queryRows<SumsRow & { period: string; current: boolean }>(
    db,
    sql`with ${salesCte(start, end)}
      select s.created_at >= ${currentStart}::timestamptz as current,
        to_char(date_trunc(${UNIT[q.group]}, s.created_at at time zone ${STORE_TIME_ZONE}), 'YYYY-MM-DD') as period,
        ${sumsColumns}
      from sales s left join units u on u.order_id = s.id
      group by 1, 2`,
  );
  const current = new Map<string, SalesSums>();
  let previous: SalesSums = NO_SALES;
  for (const r of rows) {
    const sums = sumsOf(r);
    if (r.current) current.set(r.period, sums);
    else previous = addSums(previous, sums);
  }
  return {
    periods: periodsOf(q.from, q.to, q.group).map((period) => ({
      period,
      ...salesFigures(current.get(period) ?? NO_SALES),
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
    sql`with ${salesCte(start, end)}
      select ${b.select}, count(distinct l.order_id)::int as orders,
        sum(l.qty)::text as units, sum(l.line_total_cents)::text as gross
      from sales s join order_lines l on l.order_id = s.id ${b.join}
      group by ${b.key}
      order by sum(l.line_total_cents) desc, 3 nulls last
      ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
  return rows.map((r) => ({
    id: r.id === null ? null : Number(r.id),
    code: r.code,
    name: r.name,
    orders: Number(r.orders),
    units: Number(r.units),
    grossCents: Number(r.gross),
  }));
}

async function breakdownCount(db: Db, q: ReportQuery, kind: BreakdownKind): Promise<number> {
  const [start, end] = bounds(q.from, q.to);
  const b = BREAKDOWNS[kind];
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with ${salesCte(start, end)}
      select count(*)::int as n from (
        select 1 from sales s join order_lines l on l.order_id = s.id ${b.join} group by ${b.key}
      ) g`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function byPayment(db: Db, q: ReportQuery) {
  const [start, end] = bounds(q.from, q.to);
  const rows = await queryRows<SumsRow & { method: string }>(
    db,
    sql`with ${salesCte(start, end)}
      select s.payment_method as method, ${sumsColumns}
      from sales s left join units u on u.order_id = s.id
      group by 1 order by sum(s.gross - s.discount + s.shipping - s.refunded) desc, 1`,
  );
  return rows.map((r) => ({ method: r.method, ...salesFigures(sumsOf(r)) }));
}

/** The report: totals against the previous period, each period, and the four breakdowns. */
export async function salesReport(store: StoreContext, q: ReportQuery) {
  const previous = previousRange(q.from, q.to);
  const [periods, products, productCount, categories, brands, payments] = await Promise.all([
    byPeriod(store.db, q, previous.from),
    breakdown(store.db, q, "product", REPORT_TOP_ROWS),
    breakdownCount(store.db, q, "product"),
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
    products: { rows: products, total: productCount },
    categories,
    brands,
    payments,
  };
}

const euros = centsAsDecimal;

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
      periods.map((p) => [
        p.period,
        String(p.orders),
        String(p.units),
        euros(p.grossCents),
        euros(p.discountCents),
        euros(p.shippingCents),
        euros(p.refundedCents),
        euros(p.netCents),
        euros(p.averageOrderCents),
      ]),
    );
  } else if (q.view === "payment") {
    const rows = await byPayment(store.db, q);
    yield* csvRows(
      ["payment_method", ...figures, "average_order_eur"],
      rows.map((p) => [
        p.method,
        String(p.orders),
        String(p.units),
        euros(p.grossCents),
        euros(p.discountCents),
        euros(p.shippingCents),
        euros(p.refundedCents),
        euros(p.netCents),
        euros(p.averageOrderCents),
      ]),
    );
  } else {
    const rows = await breakdown(store.db, q, q.view, null);
    yield* csvRows(
      [`${q.view}_code`, `${q.view}_name`, "orders", "units", "gross_eur"],
      rows.map((r) => [r.code ?? "", r.name ?? "", String(r.orders), String(r.units), euros(r.grossCents)]),
    );
  }
}
