// Shipping an order (docs/decisions/0055): a shipment names lines and quantities, the courier and
// the tracking number. Recorded under the order's row lock, in the caller's transaction, with its
// step on the timeline, the order moved in the ERP's change feed, the `order.shipped` webhook and
// the customer's mail; the order becomes `shipped` when everything has left. Delivery is said by
// staff or the ERP and starts the withdrawal period (docs/decisions/0050).
// A repeat of the same request (its idempotency key) answers the first shipment again.
import { and, asc, count, eq } from "drizzle-orm";
import type { OrderActor } from "../../core/admin/order-timeline";
import { CAN_DELIVER, CAN_SHIP } from "../../core/admin/orders";
import {
  fullyShipped,
  type ShipmentInputValue,
  shipmentLinesProblem,
  trackingLink,
} from "../../core/shipments";
import type { Tx } from "../../db/client";
import { carriers, orderLines, orders, shipmentLines, shipments } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { enqueueOrderWebhook } from "../integration/webhook";
import { recordOrderEvent } from "./events";
import { loadMailOrder } from "./lifecycle";
import { queueShipmentMail } from "./shipment-mail";
import { type ShipmentRecord, shipmentsOf, shippedQuantities } from "./shipment-records";

type OrderRow = typeof orders.$inferSelect;

/** A 400 naming the field, as the back office's forms and the ERP read it. */
function fieldError(field: string, message: string): ServiceError {
  return new ServiceError("invalid", message, { details: { field, fields: { [field]: message } } });
}

interface ShipOutcome {
  order: OrderRow;
  shipment: ShipmentRecord;
  /** False when the request repeated an earlier one (its idempotency key): nothing was recorded. */
  created: boolean;
  /** Whether the customer's mail was queued (an order without an email address gets none). */
  mailed: boolean;
}

/** The order row, locked for this transaction, or 404. */
async function lockOrder(tx: Tx, code: string): Promise<OrderRow> {
  const order = (await tx.select().from(orders).where(eq(orders.code, code)).limit(1).for("update"))[0];
  if (!order) throw new ServiceError("not_found", `There is no order ${code}.`);
  return order;
}

/**
 * Why an order cannot be shipped in its state, or null. A cancelled (or unpaid, or lapsed) order
 * cannot; an order refunded in full will not either: the refunds work (issue 42 section 1) adds its
 * check here, the one place every path to a shipment goes through.
 */
export function shipRefusal(order: Pick<OrderRow, "code" | "status">): string | null {
  if ((CAN_SHIP as readonly string[]).includes(order.status)) return null;
  if (order.status === "shipped" || order.status === "delivered" || order.status === "completed")
    return `Order ${order.code} is ${order.status}: everything has already been shipped.`;
  return `Order ${order.code} is ${order.status.replace("_", " ")}, so it cannot be shipped.`;
}

async function byKey(tx: Tx, orderId: number, key: string): Promise<ShipmentRecord | null> {
  const [row] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  return (await shipmentsOf(tx, [orderId])).get(orderId)?.find((s) => s.id === row.id) ?? null;
}

/**
 * Records one shipment of an order inside the caller's transaction (the back office and the ERP
 * audit in the same one). `actor` is staff or the ERP.
 */
export async function shipOrderIn(
  tx: Tx,
  store: StoreContext,
  code: string,
  input: ShipmentInputValue,
  actor: OrderActor,
  now = new Date(),
): Promise<ShipOutcome> {
  // The lock makes shipments of one order wait for each other: the quantities shipped so far read
  // below are the ones the new shipment adds to.
  const locked = await lockOrder(tx, code);
  const repeated = await byKey(tx, locked.id, input.idempotencyKey);
  if (repeated) return { order: locked, shipment: repeated, created: false, mailed: false };
  const refusal = shipRefusal(locked);
  if (refusal) throw new ServiceError("invalid_state", refusal);

  const [carrier] = await tx.select().from(carriers).where(eq(carriers.id, input.carrierId)).limit(1);
  if (!carrier?.active) throw fieldError("carrierId", "Choose one of the shop's active couriers.");

  const [lineRows, shipped] = await Promise.all([
    tx
      .select({ id: orderLines.id, description: orderLines.description, qty: orderLines.qty })
      .from(orderLines)
      .where(eq(orderLines.orderId, locked.id))
      .orderBy(asc(orderLines.id)),
    shippedQuantities(tx, locked.id),
  ]);
  const lines = lineRows.map((l) => ({ ...l, shippedQty: shipped.get(l.id) ?? 0 }));
  const problem = shipmentLinesProblem(lines, input.lines);
  if (problem) throw fieldError("lines", problem);

  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(shipments)
    .where(eq(shipments.orderId, locked.id));
  const seq = Number(n) + 1;
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: locked.id,
      seq,
      idempotencyKey: input.idempotencyKey,
      carrierId: carrier.id,
      carrierName: carrier.name,
      trackingNumber: input.trackingNumber,
      trackingUrl: trackingLink(carrier.trackingUrl, input.trackingNumber),
      byKind: actor.kind === "erp" ? "erp" : actor.kind === "staff" ? "staff" : "system",
      byName: actor.name,
      createdAt: now,
    })
    .returning({ id: shipments.id });
  if (!row) throw new Error("insert into shipments returned nothing");
  await tx
    .insert(shipmentLines)
    .values(input.lines.map((l) => ({ shipmentId: row.id, orderLineId: l.orderLineId, qty: l.qty })));

  const all = fullyShipped(lines, input.lines);
  // The order row changes either way, so the ERP's change feed carries the new shipment.
  const [order] = await tx
    .update(orders)
    .set({ status: all ? "shipped" : locked.status, updatedAt: now })
    .where(eq(orders.id, locked.id))
    .returning();
  if (!order) throw new Error("order vanished under its lock");
  const units = input.lines.reduce((sum, l) => sum + l.qty, 0);
  await recordOrderEvent(tx, order.id, "shipped", actor, {
    at: now,
    body: [
      `Shipment ${seq}: ${units} ${units === 1 ? "item" : "items"} by ${carrier.name}`,
      input.trackingNumber ? `, tracking ${input.trackingNumber}` : "",
      all ? " (everything is shipped)" : " (part of the order)",
    ].join(""),
  });
  const shipment = (await shipmentsOf(tx, [order.id])).get(order.id)?.find((s) => s.id === row.id);
  if (!shipment) throw new Error("shipment vanished in its own transaction");
  await enqueueOrderWebhook(tx, store, "order.shipped", order, now, String(row.id));
  const mailed = await queueShipmentMail(tx, store, await loadMailOrder(tx, order), shipment);
  return { order, shipment, created: true, mailed };
}

/** Marks a shipped order delivered inside the caller's transaction (staff or the ERP say so). */
export async function deliverOrderIn(
  tx: Tx,
  store: StoreContext,
  code: string,
  actor: OrderActor,
  now = new Date(),
): Promise<{ order: OrderRow; before: OrderRow }> {
  const before = await lockOrder(tx, code);
  if (!(CAN_DELIVER as readonly string[]).includes(before.status))
    throw new ServiceError(
      "invalid_state",
      before.status === "delivered"
        ? `Order ${code} is already delivered.`
        : `Order ${code} is ${before.status.replace("_", " ")}: only an order shipped in full can be delivered.`,
    );
  const [order] = await tx
    .update(orders)
    .set({ status: "delivered", deliveredAt: now, updatedAt: now })
    .where(eq(orders.id, before.id))
    .returning();
  if (!order) throw new Error("order vanished under its lock");
  await recordOrderEvent(tx, order.id, "delivered", actor, { at: now });
  await enqueueOrderWebhook(tx, store, "order.delivered", order, now);
  return { order, before };
}
