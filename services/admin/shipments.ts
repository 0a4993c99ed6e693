// The back office's and the ERP's side of shipments (docs/decisions/0055): the store's couriers
// (records edited with the version they were read at, audited), shipping an order and marking it
// delivered (the order rules of services/orders/shipments.ts, run inside a transaction that also
// writes the audit entry), and what the order page and the per-shipment packing slip show.
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AdminOrderStatus, CAN_DELIVER } from "../../core/admin/orders";
import {
  type CarrierInput,
  type ShipmentInputValue,
  trackingTemplateProblem,
  unshipped,
} from "../../core/shipments";
import type { Tx } from "../../db/client";
import { carriers, orderLines, orders, shipments } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { type ShipmentRecord, shipmentsOf, shippedQuantities } from "../orders/shipment-records";
import { deliverOrderIn, shipOrderIn, shipRefusal } from "../orders/shipments";
import {
  type AuditActor,
  assertVersion,
  orderActorOf,
  recordAudit,
  type StaffActor,
  versionOf,
} from "./audit";
import {
  countWhere,
  createRecord,
  deleteRecord,
  fieldError,
  type RecordKind,
  type Row,
  readRow,
  reorderRecords,
  updateRecord,
} from "./content-records";

type CarrierIn = z.output<typeof CarrierInput>;
type OrderRow = typeof orders.$inferSelect;

// ---- couriers

const CARRIER_KIND = {
  table: carriers,
  entity: "carrier",
  noun: "courier",
  label: (r: Row) => `"${r.name}"`,
  seq: carriers.seq,
  seqKey: "seq",
} satisfies RecordKind;

interface AdminCarrier {
  id: number;
  name: string;
  trackingUrl: string | null;
  seq: number;
  active: boolean;
  version: string;
}

const carrierView = (row: Row): AdminCarrier => ({
  id: row.id,
  name: row.name,
  trackingUrl: row.trackingUrl ?? null,
  seq: row.seq,
  active: row.active,
  version: versionOf(row),
});

export async function listCarriers(store: StoreContext, q: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    store.db
      .select()
      .from(carriers)
      .orderBy(asc(carriers.seq), asc(carriers.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    countWhere(store.db, carriers),
  ]);
  return { items: rows.map(carrierView), total, page: q.page, limit: q.limit };
}

export async function getCarrier(store: StoreContext, id: number) {
  return carrierView(await readRow(store, CARRIER_KIND, id));
}

/** The template's own check again: the service may be called with input no contract parsed. */
function carrierValues(input: CarrierIn) {
  const problem = input.trackingUrl ? trackingTemplateProblem(input.trackingUrl) : null;
  if (problem) throw fieldError("trackingUrl", problem);
  return { name: input.name, trackingUrl: input.trackingUrl, seq: input.seq, active: input.active };
}

export async function createCarrier(store: StoreContext, actor: StaffActor, input: CarrierIn) {
  return carrierView(await createRecord(store, actor, CARRIER_KIND, carrierValues(input)));
}

export async function updateCarrier(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: CarrierIn & { version: string },
) {
  return carrierView(await updateRecord(store, actor, CARRIER_KIND, id, input.version, carrierValues(input)));
}

/** A courier that carried a shipment stays (the shipment names it): switch it off instead. */
export async function deleteCarrier(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, CARRIER_KIND, id, version, async (tx) => {
    const used = await countWhere(tx, shipments, eq(shipments.carrierId, id) as SQL);
    if (used > 0)
      throw new ServiceError(
        "invalid_state",
        `This courier carried ${used} ${used === 1 ? "shipment" : "shipments"}: untick Active instead of deleting it.`,
      );
  });
}

export async function reorderCarriers(store: StoreContext, actor: StaffActor, ids: number[]) {
  await reorderRecords(store, actor, CARRIER_KIND, ids);
}

// ---- an order's shipments

/** The order's version for the back office's ship and deliver forms: any change since is refused. */
export function orderVersion(order: Pick<OrderRow, "code" | "status" | "updatedAt">): string {
  return versionOf({ code: order.code, status: order.status, updatedAt: order.updatedAt });
}

/** What the order page shows and needs to ship: shipments, lines left to ship, couriers, actions. */
export async function orderShipping(store: StoreContext, order: OrderRow) {
  const [records, lineRows, shipped, active] = await Promise.all([
    shipmentsOf(store.db, [order.id]),
    store.db
      .select({ id: orderLines.id, description: orderLines.description, qty: orderLines.qty })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    shippedQuantities(store.db, order.id),
    store.db
      .select({ id: carriers.id, name: carriers.name, trackingUrl: carriers.trackingUrl })
      .from(carriers)
      .where(eq(carriers.active, true))
      .orderBy(asc(carriers.seq), asc(carriers.id)),
  ]);
  const lines = lineRows.map((l) => ({ ...l, shippedQty: shipped.get(l.id) ?? 0 }));
  return {
    version: orderVersion(order),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    shipments: (records.get(order.id) ?? []).map(shipmentView),
    lines: lines.map((l) => ({ ...l, remaining: Math.max(0, l.qty - l.shippedQty) })),
    carriers: active.map((c) => ({ id: c.id, name: c.name, hasTracking: c.trackingUrl !== null })),
    canShip: shipRefusal(order) === null && unshipped(lines).length > 0,
    canDeliver: (CAN_DELIVER as readonly string[]).includes(order.status),
  };
}

function shipmentView(s: ShipmentRecord) {
  return {
    id: s.id,
    seq: s.seq,
    createdAt: s.createdAt,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: s.trackingUrl,
    by: s.byKind === "erp" ? "ERP" : s.byName,
    lines: s.lines.map(({ orderLineId, description, qty }) => ({ orderLineId, description, qty })),
  };
}

/** The order's row, locked, as its version covers it. */
async function lockedVersion(tx: Tx, code: string) {
  const [row] = await tx
    .select({ code: orders.code, status: orders.status, updatedAt: orders.updatedAt })
    .from(orders)
    .where(eq(orders.code, code))
    .limit(1)
    .for("update");
  if (!row) throw new ServiceError("not_found", `There is no order ${code}.`);
  return row;
}

/**
 * Ships part or all of an order for a member of staff or the ERP (`erp-api`), audited in the same
 * transaction. Staff send the order's version as read (a change since is refused); the ERP relies on
 * its idempotency key.
 */
export async function shipAdminOrder(
  store: StoreContext,
  actor: AuditActor,
  code: string,
  input: ShipmentInputValue & { version?: string },
) {
  return store.db.transaction(async (tx) => {
    if (input.version !== undefined) {
      const current = await lockedVersion(tx, code);
      // A repeat of a press that went through finds the order changed by itself: answered below.
      const [repeat] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(sql`${orders.code} = ${code} and ${shipments.idempotencyKey} = ${input.idempotencyKey}`)
        .limit(1);
      if (!repeat) assertVersion(current, input.version);
    }
    const before = (await tx.select().from(orders).where(eq(orders.code, code)).limit(1))[0];
    const out = await shipOrderIn(tx, store, code, input, orderActorOf(actor));
    if (out.created) {
      await recordAudit(tx, actor, {
        action: "order.ship",
        entity: "order",
        entityId: code,
        summary: `Order ${code}: shipment ${out.shipment.seq} by ${out.shipment.carrier}${
          out.shipment.trackingNumber ? ` (${out.shipment.trackingNumber})` : ""
        }${out.order.status === "shipped" ? ", everything shipped" : ""}`,
        before: { status: before?.status ?? null },
        after: {
          status: out.order.status,
          shipment: {
            id: out.shipment.id,
            seq: out.shipment.seq,
            carrier: out.shipment.carrier,
            trackingNumber: out.shipment.trackingNumber,
            lines: out.shipment.lines.map(({ orderLineId, qty }) => ({ orderLineId, qty })),
          },
        },
      });
    }
    const mailed = out.mailed ? ` ${out.order.customerEmail} is told by mail.` : "";
    return {
      code,
      status: out.order.status as AdminOrderStatus,
      created: out.created,
      shipment: shipmentView(out.shipment),
      /** The shipment as the ERP reads it (IntegrationOrder.shipments). */
      record: out.shipment,
      message: out.created
        ? `Shipment ${out.shipment.seq} of order ${code} is recorded${
            out.order.status === "shipped" ? "; everything is shipped" : ""
          }.${mailed}`
        : `Shipment ${out.shipment.seq} of order ${code} was already recorded.`,
    };
  });
}

/** Marks a shipped order delivered for staff (with the version read) or the ERP, audited. */
export async function deliverAdminOrder(
  store: StoreContext,
  actor: AuditActor,
  code: string,
  version?: string,
) {
  return store.db.transaction(async (tx) => {
    if (version !== undefined) assertVersion(await lockedVersion(tx, code), version);
    const { order, before } = await deliverOrderIn(tx, store, code, orderActorOf(actor));
    await recordAudit(tx, actor, {
      action: "order.deliver",
      entity: "order",
      entityId: code,
      summary: `Order ${code} delivered (was ${before.status})`,
      before: { status: before.status, deliveredAt: null },
      after: { status: order.status, deliveredAt: order.deliveredAt },
    });
    return {
      code,
      status: order.status as AdminOrderStatus,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      message: `Order ${code} is delivered; the withdrawal period counts from today.`,
    };
  });
}

/** The packing slip of one shipment: its lines and quantities, no prices. */
export async function shipmentSlipLines(store: StoreContext, orderId: number, seq: number) {
  const found = (await shipmentsOf(store.db, [orderId])).get(orderId)?.find((s) => s.seq === seq);
  if (!found) throw new ServiceError("not_found", `There is no shipment ${seq} of this order.`);
  return found;
}
