// Reading orders: a customer's own (dashboard, API) and the back office's list of web orders.
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Order, RewardPoints } from "../../core/api/orders";
import { payableUntil } from "../../core/orders";
import type { Tx } from "../../db/client";
import { customers, orderLines, orders } from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../context";
import type { OrderStatus } from "./lifecycle";
import { type ShipmentRecord, shipmentsOf } from "./shipment-records";
import { withdrawalsOf } from "./withdrawal-records";

type OrderRow = typeof orders.$inferSelect;

async function linesFor(db: StoreDb | Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, Order["lines"]>();
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
  const out = new Map<number, Order["lines"]>();
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      lineId: r.id,
      productId: r.productId,
      description: r.description,
      qty: r.qty,
      unitPriceCents: r.unitPriceCents,
      vatRate: r.vatRate,
      lineTotalCents: r.lineTotalCents,
    });
    out.set(r.orderId, list);
  }
  return out;
}

function payNowUntil(o: OrderRow, now: Date): string | null {
  if (o.status !== "pending_payment") return null;
  const until = payableUntil(o.reservedUntil);
  return until && until.getTime() > now.getTime() ? until.toISOString() : null;
}

/** An order's shipments as the customer and the ERP read them. */
function shownShipments(records: ShipmentRecord[]): Order["shipments"] {
  return records.map((s) => ({
    id: s.id,
    seq: s.seq,
    createdAt: s.createdAt,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: s.trackingUrl,
    lines: s.lines,
  }));
}

function detail(o: OrderRow, lines: Order["lines"], shipped: ShipmentRecord[], now = new Date()): Order {
  return {
    code: o.code,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    totalCents: o.totalCents,
    goodsTotalCents: o.goodsTotalCents,
    shippingCostCents: o.shippingCostCents,
    pointsRedeemedCents: o.pointsRedeemedCents,
    pointsEarnedCents: o.pointsEarnedCents,
    paymentMethod: o.paymentMethod,
    paymentReference: o.paymentReference,
    shippingDescription: o.shippingDescription,
    itemCount: lines.reduce((n, l) => n + l.qty, 0),
    payableUntil: payNowUntil(o, now),
    notes: o.notes,
    vatExcluded: o.vatExcluded,
    paidAt: o.paidAt?.toISOString() ?? null,
    customer: {
      name: o.customerName,
      email: o.customerEmail,
      phone: o.customerPhone,
      address: o.shipAddress,
      city: o.shipCity,
      country: o.shipCountry,
    },
    lines,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    shipments: shownShipments(shipped),
  };
}

/** One order with its lines, as the customer's API and the guest order page show it. */
export async function orderDetail(db: StoreDb | Tx, row: OrderRow): Promise<Order> {
  const [lines, shipped] = await Promise.all([linesFor(db, [row.id]), shipmentsOf(db, [row.id])]);
  return detail(row, lines.get(row.id) ?? [], shipped.get(row.id) ?? []);
}

/**
 * The customer row an order's points belong to; a guest order has none, so the condition
 * matches nothing and a points update on it changes no row.
 */
export function orderCustomer(order: { customerId: number | null }) {
  return order.customerId === null ? sql`false` : eq(customers.id, order.customerId);
}

/** The row of one of the customer's own orders; another customer's code finds nothing. */
export async function customerOrderRow(store: StoreContext, customerId: number, code: string) {
  const rows = await store.db
    .select()
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customerId)))
    .limit(1);
  return rows[0] ?? null;
}

/** One of the customer's own orders; another customer's code is "not found", never "forbidden". */
export async function getCustomerOrder(
  store: StoreContext,
  customerId: number,
  code: string,
): Promise<Order | null> {
  const o = await customerOrderRow(store, customerId, code);
  if (!o) return null;
  return orderDetail(store.db, o);
}

/** The customer's orders, newest first (the dashboard's list). */
export async function listCustomerOrders(
  store: StoreContext,
  customerId: number,
  limit = 50,
): Promise<Order[]> {
  const rows = await store.db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(Math.min(Math.max(limit, 1), 200));
  const ids = rows.map((r) => r.id);
  const [lines, shipped] = await Promise.all([linesFor(store.db, ids), shipmentsOf(store.db, ids)]);
  return rows.map((r) => detail(r, lines.get(r.id) ?? [], shipped.get(r.id) ?? []));
}

export async function customerPoints(store: StoreContext, customerId: number): Promise<RewardPoints> {
  const [c] = await store.db
    .select({ balance: customers.pointsBalanceCents, onHold: customers.pointsOnHoldCents })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  const [p] = await store.db
    .select({ pending: sql<string | number | null>`sum(${orders.pointsEarnedCents})` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, ["placed", "paid", "shipped", "delivered"]),
      ),
    );
  return {
    availableCents: c ? Math.max(0, c.balance - c.onHold) : 0,
    onHoldCents: c?.onHold ?? 0,
    pendingCents: Number(p?.pending ?? 0),
  };
}

/**
 * Web orders for the ERP/POS, oldest first, paged by id: by default the new ones (placed or paid,
 * not yet completed or cancelled).
 */
export async function listWebOrders(
  store: StoreContext,
  opts: { statuses?: OrderStatus[]; afterId?: number; limit?: number } = {},
): Promise<WebOrder[]> {
  const statuses = opts.statuses ?? ["placed", "paid"];
  const rows = await store.db
    .select()
    .from(orders)
    .where(and(eq(orders.isWeb, true), inArray(orders.status, statuses), gt(orders.id, opts.afterId ?? 0)))
    .orderBy(asc(orders.id))
    .limit(Math.min(Math.max(opts.limit ?? 100, 1), 500));
  return webOrders(store.db, rows);
}

export type WebOrder = Order & {
  id: number;
  showOnPos: boolean;
  customerId: number | null;
  /** The consumer's withdrawals from the order, oldest first (docs/decisions/0050). */
  withdrawals: IntegrationWithdrawal[];
};

/** A withdrawal as the ERP reads it (IntegrationOrder.withdrawals). */
export interface IntegrationWithdrawal {
  id: number;
  createdAt: string;
  by: "customer" | "guest";
  lines: { orderLineId: number; productId: number; description: string; qty: number }[];
}

/** Order rows as the ERP sees them (GET /integration/orders), lines read through `db`. */
export async function webOrders(db: StoreDb | Tx, rows: OrderRow[]): Promise<WebOrder[]> {
  const ids = rows.map((r) => r.id);
  const [lines, withdrawn, shipped] = await Promise.all([
    linesFor(db, ids),
    withdrawalsOf(db, ids),
    shipmentsOf(db, ids),
  ]);
  return rows.map((r) => ({
    ...detail(r, lines.get(r.id) ?? [], shipped.get(r.id) ?? []),
    id: r.id,
    showOnPos: r.showOnPos,
    customerId: r.customerId,
    withdrawals: (withdrawn.get(r.id) ?? []).map((w) => ({
      id: w.id,
      createdAt: w.createdAt,
      by: w.byKind,
      lines: w.lines,
    })),
  }));
}

/**
 * One order as listWebOrders shows it, read inside the caller's transaction (the ERP webhook
 * queues it with the change that placed or paid it).
 */
export async function webOrderIn(tx: Tx, order: OrderRow): Promise<WebOrder> {
  const [shown] = await webOrders(tx, [order]);
  return shown as WebOrder;
}
