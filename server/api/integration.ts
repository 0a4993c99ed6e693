// The ERP/POS integration API (ARCHITECTURE section 6): per-store API key in `x-api-key`, whose
// sha256 must equal the store's `apiKeyHash`. Lists new web orders, marks them completed or
// cancelled, and sets stock (through services/stock.ts, so back-in-stock mails go out).
import { createHash, timingSafeEqual } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { inArray, or } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { products, warehouses } from "../../db/store/schema";
import { cancelOrder, completeOrder, listWebOrders, type OrderStatus } from "../../services/orders";
import { setStock } from "../../services/stock";
import type { AppEnv } from "../http/env";
import { fail, failureResponse } from "./failure";
import type { ApiRouter } from "./router";
import { OrderCustomerSchema, OrderLineSchema } from "./schemas";

export const API_KEY_HEADER = "x-api-key";

const Problem = z.object({ error: z.string(), message: z.string() });
const problem = (description: string) => ({
  content: { "application/json": { schema: Problem } },
  description,
});
const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});
const security = [{ apiKey: [] }];

export function apiKeyMatches(presented: string | undefined, storedHash: string | null): boolean {
  if (!presented || !storedHash || presented.length > 512) return false;
  const digest = createHash("sha256").update(presented).digest();
  let stored: Buffer;
  try {
    stored = Buffer.from(storedHash.trim().toLowerCase(), "hex");
  } catch {
    return false;
  }
  return stored.length === digest.length && timingSafeEqual(stored, digest);
}

function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!apiKeyMatches(c.req.header(API_KEY_HEADER), c.var.store.secrets.apiKeyHash)) {
      c.header("WWW-Authenticate", 'ApiKey header="x-api-key"');
      return fail(c, "unauthorized", "A valid x-api-key header is required");
    }
    await next();
  };
}

const IntegrationOrder = z
  .object({
    id: z.number().int(),
    code: z.string(),
    status: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    customerId: z.number().int(),
    showOnPos: z.boolean(),
    totalCents: z.number().int(),
    goodsTotalCents: z.number().int(),
    shippingCostCents: z.number().int(),
    pointsRedeemedCents: z.number().int(),
    pointsEarnedCents: z.number().int(),
    vatExcluded: z.boolean(),
    paymentMethod: z.string(),
    paymentReference: z.string().nullable(),
    shippingDescription: z.string().nullable(),
    notes: z.string().nullable(),
    itemCount: z.number().int(),
    customer: OrderCustomerSchema,
    lines: z.array(OrderLineSchema),
  })
  .openapi("IntegrationOrder");

const STATUS_FILTERS = {
  new: ["placed", "paid"],
  pending_payment: ["pending_payment"],
  placed: ["placed"],
  paid: ["paid"],
  completed: ["completed"],
  cancelled: ["cancelled"],
  expired: ["expired"],
} as const satisfies Record<string, OrderStatus[]>;

const listOrders = createRoute({
  method: "get",
  path: "/integration/orders",
  tags: ["integration"],
  security,
  summary: "Web orders for the ERP/POS, oldest first; by default the new ones (placed or paid)",
  request: {
    query: z.object({
      status: z.enum(Object.keys(STATUS_FILTERS) as [keyof typeof STATUS_FILTERS]).default("new"),
      after: z.coerce
        .number()
        .int()
        .min(0)
        .default(0)
        .openapi({ description: "Only orders with an id above this (paging)" }),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: {
    200: ok(z.object({ orders: z.array(IntegrationOrder) }), "Orders"),
    401: problem("Missing or wrong API key"),
  },
});

const CodeParam = z.object({ code: z.string().min(1).max(40) });
const Changed = z.object({ code: z.string(), status: z.string() });

const complete = createRoute({
  method: "post",
  path: "/integration/orders/{code}/complete",
  tags: ["integration"],
  security,
  summary:
    "Mark a placed or paid order completed: its earned points are credited, its redeemed points leave the customer's balance",
  request: { params: CodeParam },
  responses: {
    200: ok(Changed, "Completed"),
    401: problem("Missing or wrong API key"),
    404: problem("No such order"),
    409: problem("The order cannot be completed in its state"),
  },
});

const cancel = createRoute({
  method: "post",
  path: "/integration/orders/{code}/cancel",
  tags: ["integration"],
  security,
  summary:
    "Cancel an order: redeemed points return; a completed order's earned points are taken back as far as they are unspent (the rest in pointsUnrecoveredCents), any other order's stock returns to the warehouse",
  request: { params: CodeParam },
  responses: {
    200: ok(Changed.extend({ pointsUnrecoveredCents: z.number().int() }), "Cancelled"),
    401: problem("Missing or wrong API key"),
    404: problem("No such order"),
    409: problem("The order cannot be cancelled in its state"),
  },
});

const StockItem = z
  .object({
    productId: z.number().int().positive().optional(),
    productCode: z.string().min(1).max(100).optional(),
    warehouseId: z
      .number()
      .int()
      .positive()
      .optional()
      .openapi({ description: "Defaults to the store's warehouse" }),
    qty: z.number().int().min(0).max(10_000_000),
  })
  .refine(
    (i) => (i.productId === undefined) !== (i.productCode === undefined),
    "Give either productId or productCode",
  );

const putStock = createRoute({
  method: "put",
  path: "/integration/stock",
  tags: ["integration"],
  security,
  summary:
    "Set stock quantities (a count from the ERP); products back in stock notify their waiting shoppers",
  request: {
    body: {
      content: { "application/json": { schema: z.object({ items: z.array(StockItem).min(1).max(1000) }) } },
      required: true,
    },
  },
  responses: {
    200: ok(
      z.object({
        items: z.array(
          z.object({
            productId: z.number().int(),
            warehouseId: z.number().int().nullable(),
            qty: z.number().int(),
            notified: z.number().int(),
          }),
        ),
      }),
      "Stock set",
    ),
    400: problem("Unknown product or warehouse"),
    401: problem("Missing or wrong API key"),
  },
});

export function registerIntegrationRoutes(api: ApiRouter) {
  api.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: API_KEY_HEADER,
  });
  api.use("/integration/*", requireApiKey());

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
      const order = await completeOrder(c.get("store"), c.req.valid("param").code);
      return c.json({ code: order.code, status: order.status }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(cancel, async (c) => {
    try {
      const order = await cancelOrder(c.get("store"), c.req.valid("param").code);
      return c.json(
        { code: order.code, status: order.status, pointsUnrecoveredCents: order.pointsUnrecoveredCents },
        200,
      );
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
      const out = await store.db.transaction(async (tx) => {
        const results = [];
        for (const r of resolved) {
          const res = await setStock(
            store,
            { productId: r.productId, warehouseId: r.warehouseId, qty: r.qty },
            tx,
          );
          results.push({ ...r, qty: res.qty, notified: res.notified });
        }
        return results;
      });
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
