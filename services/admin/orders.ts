// The back office's orders: the paged list (filters and sorting in SQL, on the indexes the
// migration made for it), one order with its payments and mails, the packing slip, and the shop's
// actions on an order. Complete and cancel are the order rules of services/orders/lifecycle.ts,
// run inside a transaction that also writes the audit entry; resending the confirmation queues
// the same customer mail again under a new dedupe key.

import { and, asc, count, desc, eq, gt, gte, inArray, like, lt, type SQL, sql } from "drizzle-orm";
import { type OrderActorKind, type OrderEventKind, orderTimeline } from "../../core/admin/order-timeline";
import {
  type AdminOrderStatus,
  CAN_CANCEL,
  CAN_COMPLETE,
  CAN_RESEND,
  DEFAULT_ORDER_PAGE_SIZE,
  nextDate,
  type OrderListQuery,
  type OrderSort,
  zonedDayStart,
} from "../../core/admin/orders";
import { csvLines } from "../../core/csv";
import { centsAsDecimal } from "../../core/money";
import { traderAddressLines, traderView } from "../../core/trader";
import type { Tx } from "../../db/client";
import {
  customers,
  orderEvents,
  orderLines,
  orders,
  outbox,
  payments,
  products,
  warehouses,
} from "../../db/store/schema";
import { afterStockChange } from "../catalog";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { recordOrderEvent } from "../orders/events";
import { cancelOrderIn, completeOrderIn, loadMailOrder } from "../orders/lifecycle";
import { queueCustomerOrderMail, queueOrderStatusMail } from "../orders/mail";
import { orderCustomer } from "../orders/queries";
import { withdrawalsOf } from "../orders/withdrawal-records";
import { type AuditActor, orderActorOf, recordAudit, recordExport, type StaffActor } from "./audit";
import { orderShipping, shipmentSlipLines } from "./shipments";

type ListQuery = import("zod").output<typeof OrderListQuery>;
type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The expression orders_search_trgm_idx is built on, word for word, so the planner uses it. */
const searchText = sql`lower(${orders.code} || ' ' || ${orders.customerName} || ' ' || ${orders.customerEmail})`;

/** Text for a LIKE pattern with LIKE's own wildcards taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A LIKE pattern that finds the text anywhere. */
function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

function listConditions(q: ListQuery): SQL[] {
  const where: SQL[] = [];
  if (q.status && q.status.length > 0) where.push(inArray(orders.status, q.status));
  if (q.payment) where.push(eq(orders.paymentMethod, q.payment));
  if (q.from) where.push(gte(orders.createdAt, zonedDayStart(q.from)));
  if (q.to) where.push(lt(orders.createdAt, zonedDayStart(nextDate(q.to))));
  if (q.q) where.push(sql`${searchText} like ${containsPattern(q.q)}`);
  return where;
}

function orderBy(sort: OrderSort, dir: "asc" | "desc"): SQL[] {
  const d = dir === "asc" ? asc : desc;
  switch (sort) {
    case "total":
      return [d(orders.totalCents), d(orders.id)];
    case "code":
      return [d(orders.code)];
    case "status":
      return [d(orders.status), desc(orders.createdAt), desc(orders.id)];
    default:
      // Exactly the order of orders_created_idx (created_at desc nulls last, id desc nulls last),
      // read forwards or backwards, so the planner reads the first page off the index: without
      // the nulls clause (columns that are never null anyway) it sorts the whole table instead.
      return dir === "asc"
        ? [sql`${orders.createdAt} asc nulls first`, sql`${orders.id} asc nulls first`]
        : [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];
  }
}

export async function listAdminOrders(store: StoreContext, q: ListQuery) {
  const limit = q.limit ?? DEFAULT_ORDER_PAGE_SIZE;
  const page = q.page ?? 1;
  const sort = q.sort ?? "date";
  const dir = q.dir ?? (sort === "date" || sort === "total" ? "desc" : "asc");
  const where = listConditions(q);
  const filter = where.length > 0 ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    store.db
      .select({
        code: orders.code,
        createdAt: orders.createdAt,
        status: orders.status,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        paymentMethod: orders.paymentMethod,
        totalCents: orders.totalCents,
        // Qualified by hand: in a one-table select drizzle writes ${orders.id} as a bare "id", which
        // inside this subquery would be the withdrawal's own id.
        withdrawn: sql<boolean>`exists (select 1 from withdrawals w where w.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(filter)
      .orderBy(...orderBy(sort, dir))
      .limit(limit)
      .offset((page - 1) * limit),
    store.db.select({ n: count() }).from(orders).where(filter),
  ]);
  return {
    orders: rows.map((r) => ({
      ...r,
      // Both drivers answer a boolean; a driver handing back 't' would still read as true.
      withdrawn: r.withdrawn === true || (r.withdrawn as unknown) === "t",
      status: r.status as AdminOrderStatus,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(totals[0]?.n ?? 0),
    page,
    limit,
    sort,
    dir,
  };
}

/** The columns of the orders export: one row per order, amounts in euros with two decimals. */
const CSV_COLUMNS = [
  "code",
  "placed_at",
  "status",
  "customer_name",
  "customer_email",
  "customer_phone",
  "guest",
  "payment_method",
  "shipping_method",
  "ship_city",
  "ship_country",
  "goods_eur",
  "shipping_eur",
  "points_redeemed_eur",
  "total_eur",
  "vat_excluded",
  "paid_at",
];

/**
 * Every order the list's filters match, as CSV lines, oldest first, read in batches of 1,000 by
 * id so an export of years of orders never sits in memory. Cells a spreadsheet would run as a
 * formula are defused (core/csv.ts).
 */
export async function* ordersCsv(
  store: StoreContext,
  actor: StaffActor,
  q: ListQuery,
): AsyncGenerator<string> {
  await recordExport(store, actor, { entity: "order", summary: "Orders exported as CSV", filters: q });
  const where = listConditions(q);
  yield* csvLines(
    CSV_COLUMNS,
    (afterId, limit) =>
      store.db
        .select()
        .from(orders)
        .where(and(...where, gt(orders.id, afterId)))
        .orderBy(asc(orders.id))
        .limit(limit),
    (o) => [
      o.code,
      o.createdAt.toISOString(),
      o.status,
      o.customerName,
      o.customerEmail,
      o.customerPhone ?? "",
      o.customerId === null ? "yes" : "no",
      o.paymentMethod,
      o.shippingDescription ?? "",
      o.shipCity ?? "",
      o.shipCountry ?? "",
      centsAsDecimal(o.goodsTotalCents),
      centsAsDecimal(o.shippingCostCents),
      centsAsDecimal(o.pointsRedeemedCents),
      centsAsDecimal(o.totalCents),
      o.vatExcluded ? "yes" : "no",
      o.paidAt ? o.paidAt.toISOString() : "",
    ],
  );
}

async function findOrder(db: StoreContext["db"] | Tx, code: string): Promise<OrderRow> {
  const order = (await db.select().from(orders).where(eq(orders.code, code)).limit(1))[0];
  if (!order) throw new ServiceError("not_found", `There is no order ${code}.`);
  return order;
}

async function linesWithCodes(db: StoreContext["db"], orderId: number) {
  return db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      productCode: products.code,
      description: orderLines.description,
      qty: orderLines.qty,
      unitPriceCents: orderLines.unitPriceCents,
      vatRate: orderLines.vatRate,
      lineTotalCents: orderLines.lineTotalCents,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
}

export async function getAdminOrder(store: StoreContext, code: string) {
  const order = await findOrder(store.db, code);
  const [lines, pays, customer, mails, events] = await Promise.all([
    linesWithCodes(store.db, order.id),
    store.db
      .select({
        id: payments.id,
        provider: payments.provider,
        providerOrderCode: payments.providerOrderCode,
        transactionId: payments.transactionId,
        status: payments.status,
        amountCents: payments.amountCents,
        createdAt: payments.createdAt,
        verifiedAt: payments.verifiedAt,
        // Only the one field the shop needs from the provider's answer, never the answer itself.
        refundDue: sql<string | null>`${payments.raw} ->> 'refundDue'`,
      })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(payments.id),
    store.db
      .select({
        id: customers.id,
        name: customers.name,
        surname: customers.surname,
        email: customers.email,
        mobilePhone: customers.mobilePhone,
        deleted: customers.deleted,
      })
      .from(customers)
      .where(orderCustomer(order))
      .limit(1),
    store.db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        to: outbox.toAddress,
        subject: outbox.subject,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
      })
      .from(outbox)
      .where(like(outbox.dedupeKey, `${escapeLike(`order:${order.code}:`)}%`))
      .orderBy(outbox.id),
    store.db
      .select({
        id: orderEvents.id,
        kind: orderEvents.kind,
        actorKind: orderEvents.actorKind,
        actor: orderEvents.actor,
        body: orderEvents.body,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id),
  ]);
  const account = customer[0];
  const status = order.status as AdminOrderStatus;
  const mailRows = mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: iso(m.sentAt) }));
  return {
    code: order.code,
    status,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: iso(order.paidAt),
    reservedUntil: iso(order.reservedUntil),
    lines,
    totals: {
      goodsCents: order.goodsTotalCents,
      shippingCents: order.shippingCostCents,
      pointsRedeemedCents: order.pointsRedeemedCents,
      pointsEarnedCents: order.pointsEarnedCents,
      pointsUnrecoveredCents: order.pointsUnrecoveredCents,
      totalCents: order.totalCents,
      vatExcluded: order.vatExcluded,
    },
    shipping: {
      method: order.shippingDescription,
      address: order.shipAddress,
      city: order.shipCity,
      country: order.shipCountry,
    },
    notes: order.notes,
    payment: {
      method: order.paymentMethod,
      reference: order.paymentReference,
      payments: pays.map((p) => ({
        ...p,
        createdAt: p.createdAt.toISOString(),
        verifiedAt: iso(p.verifiedAt),
        refundDue: p.refundDue ?? null,
      })),
    },
    customer: {
      id: order.customerId,
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      account: (order.customerId === null ? "guest" : account && !account.deleted ? "active" : "deleted") as
        | "guest"
        | "active"
        | "deleted",
    },
    mails: mailRows,
    withdrawals: ((await withdrawalsOf(store.db, [order.id])).get(order.id) ?? []).map((w) => ({
      id: w.id,
      createdAt: w.createdAt,
      byKind: w.byKind,
      byName: w.byName,
      email: w.email,
      lines: w.lines.map(({ description, qty }) => ({ description, qty })),
    })),
    timeline: orderTimeline({
      events: events.map((e) => ({
        ...e,
        kind: e.kind as OrderEventKind,
        actorKind: e.actorKind as OrderActorKind,
        createdAt: e.createdAt.toISOString(),
      })),
      payments: pays.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
      mails: mailRows,
    }),
    actions: {
      complete: CAN_COMPLETE.includes(status),
      cancel: CAN_CANCEL.includes(status),
      resend: CAN_RESEND.includes(status) && order.customerEmail.includes("@"),
    },
    fulfilment: await orderShipping(store, order),
  };
}

export async function packingSlip(store: StoreContext, code: string, shipmentSeq?: number) {
  const order = await findOrder(store.db, code);
  const shipment = shipmentSeq === undefined ? null : await shipmentSlipLines(store, order.id, shipmentSeq);
  const trader = store.settings.trader;
  const [lines, wh] = await Promise.all([
    linesWithCodes(store.db, order.id),
    store.settings.warehouseId === null
      ? Promise.resolve([])
      : store.db
          .select({ address: warehouses.address, phone: warehouses.phone, email: warehouses.email })
          .from(warehouses)
          .where(eq(warehouses.id, store.settings.warehouseId))
          .limit(1),
  ]);
  const shop = wh[0];
  const orNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  return {
    store: {
      name: orNull(store.settings.companyName) ?? store.config.name,
      address: orNull(shop?.address),
      telephone: orNull(shop?.phone) ?? orNull(store.settings.telephone),
      email: orNull(shop?.email) ?? orNull(store.settings.email),
      url: store.config.url,
      trader: trader
        ? [trader.legalName, ...traderAddressLines(traderView(trader, "en-IE"))].filter(Boolean)
        : null,
    },
    shipment: shipment
      ? {
          seq: shipment.seq,
          createdAt: shipment.createdAt,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
        }
      : null,
    order: {
      code: order.code,
      createdAt: order.createdAt.toISOString(),
      status: order.status as AdminOrderStatus,
      paymentMethod: order.paymentMethod,
    },
    shipTo: {
      name: order.customerName,
      phone: order.customerPhone,
      email: order.customerEmail,
      address: order.shipAddress,
      city: order.shipCity,
      country: order.shipCountry,
      method: order.shippingDescription,
    },
    // A shipment's slip lists its own lines and quantities; the order's lists everything ordered.
    lines: lines.flatMap((l) => {
      const qty = shipment ? (shipment.lines.find((s) => s.orderLineId === l.id)?.qty ?? 0) : l.qty;
      return qty > 0 ? [{ id: l.id, productCode: l.productCode, description: l.description, qty }] : [];
    }),
    notes: order.notes,
  };
}

/** What an audit entry keeps of an order and its customer's points. */
async function pointsState(tx: Tx, order: OrderRow) {
  const c = (
    await tx
      .select({ balance: customers.pointsBalanceCents, onHold: customers.pointsOnHoldCents })
      .from(customers)
      .where(orderCustomer(order))
      .limit(1)
  )[0];
  return {
    status: order.status,
    pointsRedeemedCents: order.pointsRedeemedCents,
    pointsEarnedCents: order.pointsEarnedCents,
    pointsUnrecoveredCents: order.pointsUnrecoveredCents,
    customerPointsBalanceCents: c?.balance ?? null,
    customerPointsOnHoldCents: c?.onHold ?? null,
  };
}

/** The order row, locked for this transaction, or 404. */
async function lockOrder(tx: Tx, code: string): Promise<OrderRow> {
  const order = (await tx.select().from(orders).where(eq(orders.code, code)).limit(1).for("update"))[0];
  if (!order) throw new ServiceError("not_found", `There is no order ${code}.`);
  return order;
}

/** The toast's word on the customer's mail, when one was queued (an order may have no email address). */
function mailedNote(order: OrderRow, mailed: boolean): string {
  return mailed ? ` ${order.customerEmail} is told by mail.` : "";
}

function refuse(order: OrderRow, what: string): never {
  throw new ServiceError(
    "invalid_state",
    `Order ${order.code} is ${order.status.replace("_", " ")}, so it cannot be ${what}.`,
  );
}

/**
 * Completes an order for a member of staff or the ERP (`erp-api`), with its audit entry in the
 * same transaction: the back office's button and the integration API's complete call are one write.
 */
export async function completeAdminOrder(store: StoreContext, actor: AuditActor, code: string) {
  return store.db.transaction(async (tx) => {
    const current = await lockOrder(tx, code);
    if (!CAN_COMPLETE.includes(current.status as AdminOrderStatus)) refuse(current, "completed");
    const before = await pointsState(tx, current);
    const order = await completeOrderIn(tx, code, orderActorOf(actor));
    const mailed = await queueOrderStatusMail(tx, store, await loadMailOrder(tx, order), "completed");
    const after = await pointsState(tx, order);
    await recordAudit(tx, actor, {
      action: "order.complete",
      entity: "order",
      entityId: order.code,
      summary: `Order ${order.code} completed (was ${current.status})`,
      before,
      after,
    });
    return {
      code: order.code,
      status: order.status as AdminOrderStatus,
      message: `Order ${order.code} is completed.${mailedNote(order, mailed)}`,
    };
  });
}

/** Cancels an order for a member of staff or the ERP, audited like completeAdminOrder. */
export async function cancelAdminOrder(store: StoreContext, actor: AuditActor, code: string) {
  return afterStockChange(
    store,
    store.db.transaction(async (tx) => {
      const current = await lockOrder(tx, code);
      if (!CAN_CANCEL.includes(current.status as AdminOrderStatus)) refuse(current, "cancelled");
      const before = await pointsState(tx, current);
      const order = await cancelOrderIn(tx, store, code, orderActorOf(actor));
      const mailed = await queueOrderStatusMail(tx, store, await loadMailOrder(tx, order), "cancelled");
      const after = await pointsState(tx, order);
      await recordAudit(tx, actor, {
        action: "order.cancel",
        entity: "order",
        entityId: order.code,
        summary: `Order ${order.code} cancelled (was ${current.status})`,
        before,
        after,
      });
      const stockNote =
        current.status === "completed"
          ? " Its goods had left the shop, so the stock is not changed."
          : " Its stock is back on sale.";
      return {
        code: order.code,
        status: order.status as AdminOrderStatus,
        message: `Order ${order.code} is cancelled.${stockNote}${mailedNote(order, mailed)}`,
        pointsUnrecoveredCents: order.pointsUnrecoveredCents,
      };
    }),
  );
}

/** Adds a member of staff's internal note to an order's timeline (never shown to the customer). */
export async function addOrderNote(store: StoreContext, actor: StaffActor, code: string, body: string) {
  return store.db.transaction(async (tx) => {
    const order = await findOrder(tx, code);
    await recordOrderEvent(tx, order.id, "note", orderActorOf(actor), { body });
    await recordAudit(tx, actor, {
      action: "order.note",
      entity: "order",
      entityId: order.code,
      summary: `Note on order ${order.code}: ${body.length > 80 ? `${body.slice(0, 79)}…` : body}`,
      after: { note: body },
    });
    return {
      code: order.code,
      status: order.status as AdminOrderStatus,
      message: "The note is on the order's timeline.",
    };
  });
}

export async function resendOrderConfirmation(store: StoreContext, actor: StaffActor, code: string) {
  return store.db.transaction(async (tx) => {
    // Locked, so two resends at once count the earlier resends one after the other.
    const order = await lockOrder(tx, code);
    if (!CAN_RESEND.includes(order.status as AdminOrderStatus)) refuse(order, "confirmed again");
    if (!order.customerEmail.includes("@"))
      throw new ServiceError("invalid_state", `Order ${order.code} has no customer email to send to.`);
    const prefix = `order:${order.code}:customer:resend:`;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.dedupeKey, `${escapeLike(prefix)}%`));
    const dedupeKey = `${prefix}${Number(n) + 1}`;
    const queued = await queueCustomerOrderMail(tx, store, await loadMailOrder(tx, order), dedupeKey);
    if (!queued)
      throw new ServiceError("duplicate", "That mail was just queued; reload the order to see it.");
    await recordOrderEvent(tx, order.id, "confirmation_resent", orderActorOf(actor), {
      body: `To ${order.customerEmail}`,
    });
    await recordAudit(tx, actor, {
      action: "order.resend_confirmation",
      entity: "order",
      entityId: order.code,
      summary: `Confirmation of order ${order.code} sent again to ${order.customerEmail}`,
      after: { to: order.customerEmail, dedupeKey },
    });
    return {
      code: order.code,
      status: order.status as AdminOrderStatus,
      to: order.customerEmail,
      message: `The confirmation is on its way to ${order.customerEmail}.`,
    };
  });
}
