// The back office's dashboard: a handful of small queries on indexed columns. "Today" and the last
// 7 days are days in the shop's time zone (Cyprus); sales are placed, paid and completed orders
// (not awaiting payment, expired or cancelled), revenue the sum of their totals.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import {
  type AdminOrderStatus,
  nextDate,
  SALE_STATUSES,
  WAITING_STATUSES,
  zonedDate,
  zonedDayStart,
} from "../../core/admin/orders";
import { can } from "../../core/admin/permissions";
import { unrestrictedParts } from "../../core/advertising";
import { STORE_TIME_ZONE } from "../../core/time-zone";
import { inquiries, orders, products, stock, warehouses } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { restrictedProductCount } from "./advertising";
import type { StaffActor } from "./audit";

export const LOW_STOCK_THRESHOLD = 3;
const WEEK_DAYS = 7;

async function salesByDay(store: StoreContext, days: string[]) {
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const bounds = days.map((d) => [zonedDayStart(d).toISOString(), zonedDayStart(nextDate(d)).toISOString()]);
  const columns = Object.fromEntries(
    bounds.flatMap(([from, to], i) => {
      const within = sql`${orders.createdAt} >= ${from}::timestamptz and ${orders.createdAt} < ${to}::timestamptz`;
      return [
        [`n${i}`, sql<number>`(count(*) filter (where ${within}))::int`],
        [`r${i}`, sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${within}), 0)::text`],
      ];
    }),
  );
  const [row] = await store.db
    .select(columns)
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...SALE_STATUSES]),
        gte(orders.createdAt, zonedDayStart(first)),
        lt(orders.createdAt, zonedDayStart(nextDate(last))),
      ),
    );
  const r = (row ?? {}) as Record<string, unknown>;
  return days.map((date, i) => ({
    date,
    orders: Number(r[`n${i}`] ?? 0),
    revenueCents: Number(r[`r${i}`] ?? 0),
  }));
}

export async function dashboardSummary(store: StoreContext, actor: StaffActor, now = new Date()) {
  const today = zonedDate(now);
  const days = Array.from({ length: WEEK_DAYS }, (_, i) => nextDate(today, i - (WEEK_DAYS - 1)));
  const warehouseId = store.settings.warehouseId;
  const unrestricted = unrestrictedParts(store.settings.advertising);
  const [perDay, waitingCount, waitingOrders, warehouse, low, newest, restricted] = await Promise.all([
    salesByDay(store, days),
    store.db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.status, [...WAITING_STATUSES])),
    store.db
      .select({
        code: orders.code,
        createdAt: orders.createdAt,
        status: orders.status,
        customerName: orders.customerName,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(inArray(orders.status, [...WAITING_STATUSES]))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(10),
    warehouseId === null
      ? Promise.resolve([])
      : store.db
          .select({ id: warehouses.id, name: warehouses.webDescription })
          .from(warehouses)
          .where(eq(warehouses.id, warehouseId))
          .limit(1),
    warehouseId === null
      ? Promise.resolve([])
      : store.db
          .select({ id: products.id, code: products.code, name: products.name, qty: stock.qty })
          .from(stock)
          .innerJoin(products, eq(products.id, stock.productId))
          .where(
            and(
              eq(stock.warehouseId, warehouseId),
              lte(stock.qty, LOW_STOCK_THRESHOLD),
              eq(products.deleted, false),
            ),
          )
          .orderBy(asc(stock.qty), asc(products.name))
          .limit(10),
    can(actor.role, "inbox.read")
      ? store.db
          .select({
            id: inquiries.id,
            kind: inquiries.kind,
            name: inquiries.name,
            email: inquiries.email,
            subject: inquiries.subject,
            createdAt: inquiries.createdAt,
          })
          .from(inquiries)
          .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
          .limit(5)
      : Promise.resolve(null),
    unrestricted.length > 0 ? restrictedProductCount(store) : Promise.resolve(0),
  ]);
  const todaySales = perDay[perDay.length - 1] ?? { date: today, orders: 0, revenueCents: 0 };
  return {
    timeZone: STORE_TIME_ZONE,
    today: todaySales,
    week: {
      from: days[0] as string,
      to: today,
      orders: perDay.reduce((n, d) => n + d.orders, 0),
      revenueCents: perDay.reduce((n, d) => n + d.revenueCents, 0),
      days: perDay,
    },
    waiting: {
      count: Number(waitingCount[0]?.n ?? 0),
      orders: waitingOrders.map((o) => ({
        ...o,
        status: o.status as AdminOrderStatus,
        createdAt: o.createdAt.toISOString(),
      })),
    },
    lowStock: { threshold: LOW_STOCK_THRESHOLD, warehouse: warehouse[0] ?? null, products: low },
    advertising: restricted > 0 ? { restrictedProducts: restricted, unrestricted } : null,
    inquiries: newest ? newest.map((q) => ({ ...q, createdAt: q.createdAt.toISOString() })) : null,
  };
}
