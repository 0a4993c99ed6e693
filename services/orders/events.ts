// Writes an order's timeline (table order_events, docs/decisions/0045): each lifecycle step records
// itself, with who took it, in the transaction that takes it, so the timeline never tells of a step
// that was rolled back nor misses one that happened.
import type { OrderActor, OrderEventKind } from "../../core/admin/order-timeline";
import type { Tx } from "../../db/client";
import { orderEvents } from "../../db/store/schema";

/** The shop itself: a lapsed reservation, a sweep. */
export const SHOP_ACTOR: OrderActor = { kind: "system", name: "the shop" };

/** The customer (or guest) an order was placed by, from the order's own copy of their name. */
export function buyerActor(order: { customerId: number | null; customerName: string }): OrderActor {
  return { kind: order.customerId === null ? "guest" : "customer", name: order.customerName };
}

export async function recordOrderEvent(
  tx: Tx,
  orderId: number,
  kind: OrderEventKind,
  actor: OrderActor,
  opts: { body?: string | null; at?: Date } = {},
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    kind,
    actorKind: actor.kind,
    actor: actor.name,
    body: opts.body ?? null,
    createdAt: opts.at ?? new Date(),
  });
}
