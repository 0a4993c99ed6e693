// The shipments recorded for orders (docs/decisions/0055), as the order pages, the back office, the
// packing slip and the ERP (its orders, change feed and webhook) read them. Reads only: recording is
// shipments.ts.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderLines, shipmentLines, shipments } from "../../db/store/schema";
import type { StoreDb } from "../context";

export interface ShipmentRecord {
  id: number;
  /** 1, 2 ... within the order. */
  seq: number;
  createdAt: string;
  carrierId: number | null;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  byKind: "staff" | "erp" | "system";
  byName: string;
  lines: { orderLineId: number; productId: number; description: string; qty: number }[];
}

/** The shipments of some orders, oldest first, with their lines. */
export async function shipmentsOf(
  db: StoreDb | Tx,
  orderIds: number[],
): Promise<Map<number, ShipmentRecord[]>> {
  const out = new Map<number, ShipmentRecord[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.id));
  if (rows.length === 0) return out;
  const lines = await db
    .select({
      shipmentId: shipmentLines.shipmentId,
      orderLineId: shipmentLines.orderLineId,
      productId: orderLines.productId,
      description: orderLines.description,
      qty: shipmentLines.qty,
    })
    .from(shipmentLines)
    .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(shipmentLines.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      seq: r.seq,
      createdAt: r.createdAt.toISOString(),
      carrierId: r.carrierId,
      carrier: r.carrierName,
      trackingNumber: r.trackingNumber,
      trackingUrl: r.trackingUrl,
      byKind: r.byKind === "erp" ? "erp" : r.byKind === "system" ? "system" : "staff",
      byName: r.byName,
      lines: lines
        .filter((l) => l.shipmentId === r.id)
        .map(({ orderLineId, productId, description, qty }) => ({
          orderLineId,
          productId,
          description,
          qty,
        })),
    });
    out.set(r.orderId, list);
  }
  return out;
}

/** How many of each order line have been shipped (order line id -> quantity). */
export async function shippedQuantities(db: StoreDb | Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      orderLineId: shipmentLines.orderLineId,
      qty: sql<number>`sum(${shipmentLines.qty})::int`,
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(eq(shipments.orderId, orderId))
    .groupBy(shipmentLines.orderLineId);
  return new Map(rows.map((r) => [r.orderLineId, Number(r.qty)]));
}
