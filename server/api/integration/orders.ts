// The integration API's orders and stock: lists new web orders, marks them completed or
// cancelled (the back office's audited writes, recorded for `erp-api`), and sets stock
// (services/integration/stock.ts: back-in-stock mails go out, each change audited).
import { createRoute } from "@hono/zod-openapi";
import { inArray, or } from "drizzle-orm";
import * as contract from "../../../core/api/integration";
import { products, warehouses } from "../../../db/store/schema";
import { cancelAdminOrder, completeAdminOrder } from "../../../services/admin/orders";
import { deliverAdminOrder, shipAdminOrder } from "../../../services/admin/shipments";
import { setErpStock } from "../../../services/integration/stock";
import { listWebOrders, type OrderStatus } from "../../../services/orders";
import { fail, failureResponse } from "../failure";
import type { ApiRouter } from "../router";
import { erpActor } from "./common";

const STATUS_FILTERS = {
  new: ["placed", "paid"],
  pending_payment: ["pending_payment"],
  placed: ["placed"],
  paid: ["paid"],
  shipped: ["shipped"],
  delivered: ["delivered"],
  completed: ["completed"],
  cancelled: ["cancelled"],
  expired: ["expired"],
} as const satisfies Record<(typeof contract.ORDER_FILTERS)[number], OrderStatus[]>;

const listOrders = createRoute(contract.orders);
const complete = createRoute(contract.complete);
const cancel = createRoute(contract.cancel);
const putStock = createRoute(contract.stock);
const ship = createRoute(contract.ship);
const deliver = createRoute(contract.deliver);

export function registerOrderIntegration(api: ApiRouter) {
  api.openapi(listOrders, async (c) => {
    const { status, after, limit } = c.req.valid("query");
    const list = await listWebOrders(c.get("store"), {
      statuses: [...STATUS_FILTERS[status]],
      afterId: after,
      limit,
    });
    return c.json({ orders: list }, 200);
  });

  api.openapi(complete, async (c) => {
    try {
      const order = await completeAdminOrder(c.get("store"), erpActor(c), c.req.valid("param").code);
      return c.json({ code: order.code, status: order.status }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(cancel, async (c) => {
    try {
      const order = await cancelAdminOrder(c.get("store"), erpActor(c), c.req.valid("param").code);
      return c.json(
        { code: order.code, status: order.status, pointsUnrecoveredCents: order.pointsUnrecoveredCents },
        200,
      );
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(ship, async (c) => {
    try {
      const out = await shipAdminOrder(
        c.get("store"),
        erpActor(c),
        c.req.valid("param").code,
        c.req.valid("json"),
      );
      const { id, seq, createdAt, carrier, trackingNumber, trackingUrl, lines } = out.record;
      const shipment = { id, seq, createdAt, carrier, trackingNumber, trackingUrl, lines };
      return c.json({ code: out.code, status: out.status, created: out.created, shipment }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(deliver, async (c) => {
    try {
      const out = await deliverAdminOrder(c.get("store"), erpActor(c), c.req.valid("param").code);
      return c.json({ code: out.code, status: out.status, deliveredAt: out.deliveredAt }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(putStock, async (c) => {
    const store = c.get("store");
    const { items } = c.req.valid("json");
    const ids = items.flatMap((i) => (i.productId !== undefined ? [i.productId] : []));
    const codes = items.flatMap((i) => (i.productCode !== undefined ? [i.productCode] : []));
    const found = await store.db
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(
        or(
          ids.length > 0 ? inArray(products.id, ids) : undefined,
          codes.length > 0 ? inArray(products.code, codes) : undefined,
        ),
      );
    const byCode = new Map(found.map((p) => [p.code, p.id]));
    const known = new Set(found.map((p) => p.id));
    const resolved: { productId: number; warehouseId: number | null; qty: number }[] = [];
    for (const i of items) {
      const productId = i.productId ?? byCode.get(i.productCode as string);
      if (productId === undefined || !known.has(productId)) {
        return fail(c, "unknown_product", `Unknown product ${i.productId ?? i.productCode}`);
      }
      resolved.push({ productId, warehouseId: i.warehouseId ?? store.settings.warehouseId, qty: i.qty });
    }
    const warehouseIds = [...new Set(resolved.map((r) => r.warehouseId))];
    if (warehouseIds.includes(null)) return fail(c, "no_warehouse", "The store has no warehouse set");
    const knownWarehouses = await store.db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(inArray(warehouses.id, warehouseIds as number[]));
    if (knownWarehouses.length !== warehouseIds.length)
      return fail(c, "unknown_warehouse", "Unknown warehouse");
    try {
      const out = await setErpStock(
        store,
        erpActor(c),
        resolved.map((r) => ({ ...r, warehouseId: r.warehouseId as number })),
      );
      return c.json({ items: out }, 200);
    } catch (err) {
      // A warehouse id that does not exist violates the foreign key: the caller's mistake.
      if (
        (err as { code?: string }).code === "23503" ||
        String((err as Error).message).includes("foreign key")
      ) {
        return fail(c, "unknown_warehouse", "Unknown warehouse");
      }
      return failureResponse(c, err);
    }
  });
}
