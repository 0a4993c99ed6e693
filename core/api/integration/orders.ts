// The integration API's orders and stock: new web orders, completing or cancelling them, and
// setting stock.
import { z } from "zod";
import { ShipmentInput } from "../../shipments";
import { OrderCustomerSchema, OrderLineSchema } from "../common";
import { endpoint, json, jsonBody } from "../endpoint";
import { ShipmentSchema } from "../orders";
import { routes } from "../routes";
import { keyRefusals, problem, security } from "./common";

/** The `status` filter of the order list; the server maps each to order statuses. */
export const ORDER_FILTERS = [
  "new",
  "pending_payment",
  "placed",
  "paid",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
  "expired",
] as const;

/** A consumer's withdrawal from an order (docs/decisions/0050): recorded once, never changed. */
export const IntegrationWithdrawalSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string().meta({ description: "When the consumer confirmed it (ISO 8601)" }),
    by: z.enum(["customer", "guest"]),
    lines: z.array(
      z.object({
        orderLineId: z.number().int(),
        productId: z.number().int(),
        description: z.string(),
        qty: z.number().int(),
      }),
    ),
  })
  .meta({ id: "IntegrationWithdrawal" });

export const IntegrationOrderSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    status: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** Null for a guest order. */
    customerId: z.number().int().nullable(),
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
    deliveredAt: z
      .string()
      .nullable()
      .meta({ description: "When the order was delivered (status delivered)" }),
    shipments: z.array(ShipmentSchema).meta({
      description:
        "The order's shipments, oldest first; a new one moves the order in the change feed and posts `order.shipped` to the webhook",
    }),
    withdrawals: z.array(IntegrationWithdrawalSchema).meta({
      description:
        "The consumer's withdrawals from the order (right of withdrawal), oldest first; a new one moves the order in the change feed and posts `order.withdrawn` to the webhook",
    }),
  })
  .meta({ id: "IntegrationOrder" });

export const orders = endpoint(routes.integration.orders, {
  tags: ["integration"],
  security,
  summary: "Web orders for the ERP/POS, oldest first; by default the new ones (placed or paid)",
  request: {
    query: z.object({
      status: z.enum(ORDER_FILTERS).default("new"),
      after: z.coerce
        .number()
        .int()
        .min(0)
        .default(0)
        .meta({ description: "Only orders with an id above this (paging)" }),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: {
    200: json(z.object({ orders: z.array(IntegrationOrderSchema) }), "Orders"),
    ...keyRefusals,
  },
});

const CodeParam = z.object({ code: z.string().min(1).max(40) });
const ChangedSchema = z.object({ code: z.string(), status: z.string() });

export const complete = endpoint(routes.integration.complete, {
  tags: ["integration"],
  security,
  summary:
    "Mark a placed or paid order completed: its earned points are credited, its redeemed points leave the customer's balance",
  request: { params: CodeParam },
  responses: {
    200: json(ChangedSchema, "Completed"),
    ...keyRefusals,
    404: problem("No such order"),
    409: problem("The order cannot be completed in its state"),
  },
});

export const cancel = endpoint(routes.integration.cancel, {
  tags: ["integration"],
  security,
  summary:
    "Cancel an order: redeemed points return; a completed order's earned points are taken back as far as they are unspent (the rest in pointsUnrecoveredCents), any other order's stock returns to the warehouse",
  request: { params: CodeParam },
  responses: {
    200: json(ChangedSchema.extend({ pointsUnrecoveredCents: z.number().int() }), "Cancelled"),
    ...keyRefusals,
    404: problem("No such order"),
    409: problem("The order cannot be cancelled in its state"),
  },
});

export const ship = endpoint(routes.integration.ship, {
  tags: ["integration"],
  security,
  summary:
    "Record a shipment: order lines and quantities, the courier (its id in the back office's Couriers) and the tracking number. Send a fresh idempotencyKey per shipment: a repeat answers the first one (200, created false). The order becomes shipped when everything has left; the customer is mailed the tracking link",
  request: { params: CodeParam, body: jsonBody(ShipmentInput) },
  responses: {
    200: json(
      z.object({
        code: z.string(),
        status: z.string(),
        created: z.boolean(),
        shipment: ShipmentSchema,
      }),
      "Recorded, or the earlier shipment of the same key",
    ),
    400: problem("Invalid input: the field is named (lines, carrierId, trackingNumber ...)"),
    ...keyRefusals,
    404: problem("No such order"),
    409: problem("The order cannot be shipped in its state (cancelled, unpaid, already shipped)"),
  },
});

export const deliver = endpoint(routes.integration.deliver, {
  tags: ["integration"],
  security,
  summary:
    "Mark a shipped order delivered (the courier confirmed it): the consumer's withdrawal period counts from now; posts `order.delivered`",
  request: { params: CodeParam },
  responses: {
    200: json(
      z.object({ code: z.string(), status: z.string(), deliveredAt: z.string().nullable() }),
      "Delivered",
    ),
    ...keyRefusals,
    404: problem("No such order"),
    409: problem("Not shipped in full, or already delivered"),
  },
});

const StockItemSchema = z
  .object({
    productId: z.number().int().positive().optional(),
    productCode: z.string().min(1).max(100).optional(),
    warehouseId: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: "Defaults to the store's warehouse" }),
    qty: z.number().int().min(0).max(10_000_000),
  })
  .refine(
    (i) => (i.productId === undefined) !== (i.productCode === undefined),
    "Give either productId or productCode",
  );

export const stock = endpoint(routes.integration.stock, {
  tags: ["integration"],
  security,
  summary:
    "Set stock quantities (a count from the ERP); products back in stock notify their waiting shoppers",
  request: { body: jsonBody(z.object({ items: z.array(StockItemSchema).min(1).max(1000) })) },
  responses: {
    200: json(
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
    ...keyRefusals,
  },
});
