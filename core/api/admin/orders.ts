// The back office's orders endpoints (contract): the paged list, one order with everything the
// shop needs to handle it, the packing slip's data, and the three actions (complete, cancel,
// resend the customer's confirmation).
import { z } from "zod";
import { ORDER_EVENT_KINDS, OrderNoteInput } from "../../admin/order-timeline";
import { ORDER_SORTS, ORDER_STATUSES, OrderCodeParam, OrderListQuery } from "../../admin/orders";
import { ShipmentInput } from "../../shipments";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { adminEndpoint } from "./endpoint";
import { ordersRoutes as routes } from "./orders.routes";

const Status = z.enum(ORDER_STATUSES);

export const AdminOrderRowSchema = z.object({
  code: z.string(),
  createdAt: z.string(),
  status: Status,
  customerName: z.string(),
  customerEmail: z.string(),
  paymentMethod: z.string(),
  totalCents: z.number().int(),
  /** The consumer withdrew from (some of) the order (docs/decisions/0050). */
  withdrawn: z.boolean(),
});

export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  sort: z.enum(ORDER_SORTS),
  dir: z.enum(["asc", "desc"]),
});

const AdminShipmentSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  createdAt: z.string(),
  carrier: z.string(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** Who shipped it: a member of staff's name, or "ERP". */
  by: z.string(),
  lines: z.array(z.object({ orderLineId: z.number().int(), description: z.string(), qty: z.number().int() })),
});

const AdminOrderShippingSchema = z.object({
  /** Send it back with a shipment or a delivery: a change of the order since is refused. */
  version: z.string(),
  deliveredAt: z.string().nullable(),
  shipments: z.array(AdminShipmentSchema),
  lines: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      qty: z.number().int(),
      shippedQty: z.number().int(),
      remaining: z.number().int(),
    }),
  ),
  /** The store's active couriers, in their order. */
  carriers: z.array(z.object({ id: z.number().int(), name: z.string(), hasTracking: z.boolean() })),
  canShip: z.boolean(),
  canDeliver: z.boolean(),
});

export const AdminOrderSchema = z.object({
  code: z.string(),
  status: Status,
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  reservedUntil: z.string().nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      productCode: z.string().nullable(),
      description: z.string(),
      qty: z.number().int(),
      unitPriceCents: z.number().int(),
      vatRate: z.number().int(),
      lineTotalCents: z.number().int(),
    }),
  ),
  totals: z.object({
    goodsCents: z.number().int(),
    shippingCents: z.number().int(),
    pointsRedeemedCents: z.number().int(),
    pointsEarnedCents: z.number().int(),
    pointsUnrecoveredCents: z.number().int(),
    totalCents: z.number().int(),
    vatExcluded: z.boolean(),
  }),
  shipping: z.object({
    method: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
  }),
  notes: z.string().nullable(),
  payment: z.object({
    method: z.string(),
    reference: z.string().nullable(),
    payments: z.array(
      z.object({
        id: z.number().int(),
        provider: z.string(),
        providerOrderCode: z.string(),
        transactionId: z.string().nullable(),
        status: z.string(),
        amountCents: z.number().int(),
        createdAt: z.string(),
        verifiedAt: z.string().nullable(),
        /** Why money taken for this payment is due back, when it is. */
        refundDue: z.string().nullable(),
      }),
    ),
  }),
  customer: z.object({
    /** Null for a guest order (no account). */
    id: z.number().int().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /**
     * A guest order (no account), an account that still exists, or one deleted since (the order
     * keeps its own copy of the details either way).
     */
    account: z.enum(["guest", "active", "deleted"]),
  }),
  mails: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
    }),
  ),
  /** The consumer's withdrawals from the order, oldest first (docs/decisions/0050). */
  withdrawals: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      byKind: z.enum(["customer", "guest"]),
      byName: z.string(),
      email: z.string().nullable(),
      lines: z.array(z.object({ description: z.string(), qty: z.number().int() })),
    }),
  ),
  /** What happened to the order and who did it, newest first (core/admin/order-timeline.ts). */
  timeline: z.array(
    z.object({
      key: z.string(),
      at: z.string(),
      kind: z.enum([...ORDER_EVENT_KINDS, "payment_started", "mail"]),
      title: z.string(),
      detail: z.string().nullable(),
      by: z.string().nullable(),
      warning: z.boolean(),
    }),
  ),
  actions: z.object({ complete: z.boolean(), cancel: z.boolean(), resend: z.boolean() }),
  /** Shipments and what is left to ship (docs/decisions/0055). */
  fulfilment: AdminOrderShippingSchema,
});

export const PackingSlipSchema = z.object({
  store: z.object({
    name: z.string(),
    address: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    url: z.string(),
    /** The trader's legal name and address (Settings' trader identity), when saved. */
    trader: z.array(z.string()).nullable(),
  }),
  order: z.object({ code: z.string(), createdAt: z.string(), status: Status, paymentMethod: z.string() }),
  /** The one shipment this slip is for (?shipment=<n>), or null for the whole order. */
  shipment: z
    .object({
      seq: z.number().int(),
      createdAt: z.string(),
      carrier: z.string(),
      trackingNumber: z.string().nullable(),
    })
    .nullable(),
  shipTo: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    method: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      id: z.number().int(),
      productCode: z.string().nullable(),
      description: z.string(),
      qty: z.number().int(),
    }),
  ),
  notes: z.string().nullable(),
});

const ActionResultSchema = z.object({
  code: z.string(),
  status: Status,
  message: z.string(),
});

const params = OrderCodeParam;

export const list = adminEndpoint(routes.list, {
  permission: "orders.read",
  tags: ["admin"],
  summary: "Orders, newest first by default: paged, sorted and filtered on the server",
  request: { query: OrderListQuery },
  responses: { 200: json(AdminOrderListSchema, "One page of orders"), 400: errorResponse("Bad filter") },
});

export const csv = adminEndpoint(routes.csv, {
  permission: "orders.read",
  tags: ["admin"],
  summary: "Every order the list's filters match (page and sort aside) as a CSV file, oldest first",
  request: { query: OrderListQuery },
  responses: {
    200: {
      description:
        "text/csv with a header row: code, placed_at, status, customer_name, customer_email, customer_phone, guest, payment_method, shipping_method, ship_city, ship_country, goods_eur, shipping_eur, points_redeemed_eur, total_eur, vat_excluded, paid_at",
      content: { "text/csv": { schema: z.string() } },
    },
    400: errorResponse("Bad filter"),
  },
});

export const detail = adminEndpoint(routes.detail, {
  permission: "orders.read",
  tags: ["admin"],
  summary: "One order: lines, totals, shipping, payments, customer and the mails sent for it",
  request: { params },
  responses: {
    200: json(AdminOrderSchema, "The order"),
    400: errorResponse("Not an order code"),
    404: errorResponse("No such order"),
  },
});

export const slip = adminEndpoint(routes.slip, {
  permission: "orders.read",
  tags: ["admin"],
  summary: "What the packing slip of an order prints, or of one of its shipments (?shipment=<n>)",
  request: {
    params,
    query: z.object({
      shipment: z.coerce.number().int().positive().max(10_000).optional().meta({
        description: "The shipment's number within the order: its lines and quantities only",
      }),
    }),
  },
  responses: {
    200: json(PackingSlipSchema, "The packing slip"),
    400: errorResponse("Not an order code"),
    404: errorResponse("No such order"),
  },
});

export const complete = adminEndpoint(routes.complete, {
  permission: "orders.write",
  tags: ["admin"],
  summary: "Complete a placed or paid order: the customer's points are credited",
  request: { params },
  responses: {
    200: json(ActionResultSchema, "Completed"),
    400: errorResponse("Not an order code"),
    404: errorResponse("No such order"),
    409: errorResponse("The order's status does not allow it"),
  },
});

export const cancel = adminEndpoint(routes.cancel, {
  permission: "orders.write",
  tags: ["admin"],
  summary: "Cancel an order: its stock and points go back as the order rules say",
  request: { params },
  responses: {
    200: json(ActionResultSchema, "Cancelled"),
    400: errorResponse("Not an order code"),
    404: errorResponse("No such order"),
    409: errorResponse("The order's status does not allow it"),
  },
});

export const resend = adminEndpoint(routes.resend, {
  permission: "orders.write",
  tags: ["admin"],
  summary: "Send the customer's order confirmation mail again",
  request: { params },
  responses: {
    200: json(ActionResultSchema.extend({ to: z.string() }), "Queued"),
    400: errorResponse("Not an order code"),
    404: errorResponse("No such order"),
    409: errorResponse("Not confirmed yet, or no customer email"),
  },
});

export const note = adminEndpoint(routes.note, {
  permission: "orders.write",
  tags: ["admin"],
  summary: "Add an internal note to an order's timeline (the customer never sees it)",
  request: { params, body: jsonBody(OrderNoteInput) },
  responses: {
    200: json(ActionResultSchema, "Added"),
    400: errorResponse("Not an order code, or an empty or too long note"),
    404: errorResponse("No such order"),
  },
});

const ShipResultSchema = ActionResultSchema.extend({
  created: z.boolean().meta({ description: "False when the idempotency key repeated an earlier shipment" }),
  shipment: AdminShipmentSchema,
});

export const ship = adminEndpoint(routes.ship, {
  permission: "orders.write",
  tags: ["admin"],
  summary:
    "Ship lines and quantities of an order with a courier and a tracking number; the order becomes shipped when everything has left",
  request: { params, body: jsonBody(ShipmentInput.extend({ version: z.string().min(1).max(64) })) },
  responses: {
    200: json(ShipResultSchema, "Recorded (or the earlier shipment of the same key)"),
    400: errorResponse("Invalid input: `details.fields` names the field (lines, carrierId ...)"),
    404: errorResponse("No such order"),
    409: errorResponse("The order's status does not allow it, or it changed since it was read"),
  },
});

export const deliver = adminEndpoint(routes.deliver, {
  permission: "orders.write",
  tags: ["admin"],
  summary: "Mark a shipped order delivered: the consumer's withdrawal period counts from now",
  request: { params, body: jsonBody(z.object({ version: z.string().min(1).max(64) })) },
  responses: {
    200: json(ActionResultSchema.extend({ deliveredAt: z.string().nullable() }), "Delivered"),
    400: errorResponse("Not an order code"),
    404: errorResponse("No such order"),
    409: errorResponse("Not shipped in full, already delivered, or changed since it was read"),
  },
});
