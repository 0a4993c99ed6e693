// Checkout and orders over /api/v1: quote (the server's summary of a checkout), place an order,
// and the signed-in customer's own orders. Prices, shipping, points and stock are always the
// server's; the body carries ids, quantities and choices only.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ACCOUNT_TEXT, passwordChangeRequired } from "../../core/validation/account";
import { CheckoutQuoteSchema, CheckoutRequestSchema } from "../../core/validation/checkout";
import {
  cancelUnpaid,
  customerPoints,
  getCustomerOrder,
  listCustomerOrders,
  OrderError,
  payNow,
  placeOrder,
  quoteCheckout,
} from "../../services/orders";
import { hitRateLimit } from "../../services/rate-limit";
import type { AppEnv } from "../http/env";
import type { ApiRouter } from "./router";
import { errorResponse, OrderCustomerSchema, OrderLineSchema } from "./schemas";

type C = Context<AppEnv>;

const Problem = z
  .object({
    error: z.string(),
    message: z.string(),
    title: z.string().optional(),
    details: z.unknown().optional(),
  })
  .openapi("OrderProblem");
const problem = (description: string) => ({
  content: { "application/json": { schema: Problem } },
  description,
});
const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

const Totals = z
  .object({
    goodsTotalCents: z.number().int(),
    shippingCostCents: z.number().int(),
    freeShipping: z.boolean(),
    maxRedeemCents: z.number().int(),
    pointsRedeemedCents: z.number().int(),
    pointsEarnedCents: z.number().int(),
    totalCents: z.number().int(),
    vatText: z.string(),
  })
  .openapi("OrderTotals");
const Shipping = z
  .object({ id: z.number().int(), description: z.string(), costCents: z.number().int() })
  .openapi("ShippingMethod");
const PricedLine = z.object({
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  description: z.string(),
  qty: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
});
const PaymentMethodSchema = z.enum(["cod", "card", "bank", "wallet"]);

const QuoteResponse = z
  .object({
    lines: z.array(PricedLine.extend({ available: z.number().int() })),
    shortages: z.array(
      z.object({ productId: z.number().int(), description: z.string(), available: z.number().int() }),
    ),
    shippingMethods: z.array(Shipping),
    shipping: Shipping.nullable(),
    totals: Totals,
    pointsEnabled: z.boolean(),
    availablePointsCents: z.number().int(),
    paymentMethods: z.array(PaymentMethodSchema),
    freeDeliveryTotalCents: z.number().int().nullable(),
    billing: z.object({
      name: z.string(),
      surname: z.string(),
      company: z.string().nullable(),
      email: z.string(),
      phone: z.string(),
      street: z.string(),
      postcode: z.string(),
      city: z.string(),
      country: z.string(),
    }),
  })
  .openapi("CheckoutQuote");

const PlacedResponse = z
  .object({
    code: z.string(),
    status: z.enum(["placed", "pending_payment"]),
    paymentMethod: PaymentMethodSchema,
    totals: Totals,
    shipping: Shipping,
    lines: z.array(PricedLine),
    bankDetails: z.string().nullable(),
    redirectUrl: z.string().nullable().openapi({ description: "Card and wallet: where the shopper pays" }),
    paymentCode: z
      .string()
      .nullable()
      .openapi({ description: "Card and wallet: the provider's payment order code" }),
  })
  .openapi("PlacedOrder");

const OrderDetailSchema = z
  .object({
    code: z.string(),
    status: z.string(),
    createdAt: z.string(),
    totalCents: z.number().int(),
    goodsTotalCents: z.number().int(),
    shippingCostCents: z.number().int(),
    pointsRedeemedCents: z.number().int(),
    pointsEarnedCents: z.number().int(),
    paymentMethod: z.string(),
    paymentReference: z.string().nullable(),
    shippingDescription: z.string().nullable(),
    itemCount: z.number().int(),
    payableUntil: z.string().nullable().openapi({
      description: "An unpaid card or wallet order: until when it can be paid (POST /orders/{code}/pay)",
    }),
    notes: z.string().nullable(),
    vatExcluded: z.boolean(),
    paidAt: z.string().nullable(),
    customer: OrderCustomerSchema,
    lines: z.array(OrderLineSchema),
  })
  .openapi("Order");

const quote = createRoute({
  method: "post",
  path: "/orders/quote",
  tags: ["orders"],
  summary:
    "The checkout summary as the server computes it: lines, shipping methods for the customer's country, points, total",
  request: { body: { content: { "application/json": { schema: CheckoutQuoteSchema } }, required: true } },
  responses: {
    200: ok(QuoteResponse, "The priced checkout"),
    400: problem("Invalid request or unknown product"),
    401: problem("Not signed in"),
    403: errorResponse("Missing or invalid CSRF token"),
  },
});

const place = createRoute({
  method: "post",
  path: "/orders",
  tags: ["orders"],
  summary: "Place an order for the signed-in customer (cash on delivery, bank transfer, card or wallet)",
  request: { body: { content: { "application/json": { schema: CheckoutRequestSchema } }, required: true } },
  responses: {
    201: ok(
      PlacedResponse,
      "Placed (cash, bank transfer) or waiting for payment (card, wallet: follow redirectUrl)",
    ),
    400: problem("Invalid request, payment method or shipping method"),
    401: problem("Not signed in"),
    403: problem(
      "Missing or invalid CSRF token, or password_change_required: a legacy account must choose a new password first",
    ),
    409: problem("Out of Stock, points changed or prices changed"),
    429: problem("Too many orders in a short time"),
    502: problem("The payment provider did not give a payment order code"),
  },
});

const list = createRoute({
  method: "get",
  path: "/orders",
  tags: ["orders"],
  summary: "The signed-in customer's orders, newest first",
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }) },
  responses: {
    200: ok(z.object({ orders: z.array(OrderDetailSchema) }), "Orders"),
    401: problem("Not signed in"),
  },
});

const one = createRoute({
  method: "get",
  path: "/orders/{code}",
  tags: ["orders"],
  summary: "One of the signed-in customer's orders",
  request: { params: z.object({ code: z.string().min(1).max(40) }) },
  responses: {
    200: ok(OrderDetailSchema, "The order"),
    401: problem("Not signed in"),
    404: problem("No such order for this customer"),
  },
});

const CodeParam = z.object({ code: z.string().min(1).max(40) });

const pay = createRoute({
  method: "post",
  path: "/orders/{code}/pay",
  tags: ["orders"],
  summary:
    "Pay now: a new payment order with the store's provider for one of the customer's unpaid card or wallet orders, while its reservation lasts",
  request: { params: CodeParam },
  responses: {
    200: ok(
      z.object({ redirectUrl: z.string(), paymentCode: z.string() }).openapi("PaymentStart"),
      "Where to send the shopper",
    ),
    400: problem("Card payment is not available at the moment"),
    401: problem("Not signed in"),
    403: errorResponse("Missing or invalid CSRF token"),
    404: problem("No such order for this customer"),
    409: problem("Already paid, cancelled, not paid online, or its reservation has ended"),
    502: problem("Something bad happened; please try again later."),
  },
});

const cancel = createRoute({
  method: "post",
  path: "/orders/{code}/cancel",
  tags: ["orders"],
  summary:
    "Cancel one of the customer's unpaid card or wallet orders: its stock and held reward points are released",
  request: { params: CodeParam },
  responses: {
    200: ok(z.object({ code: z.string(), status: z.literal("cancelled") }), "Cancelled"),
    401: problem("Not signed in"),
    403: errorResponse("Missing or invalid CSRF token"),
    404: problem("No such order for this customer"),
    409: problem("Already paid or cancelled, or not waiting for a payment (the shop cancels those)"),
  },
});

const points = createRoute({
  method: "get",
  path: "/points",
  tags: ["orders"],
  summary:
    "The signed-in customer's reward points in cents: available (balance less on hold), on hold, and pending (earned by orders not yet completed)",
  responses: {
    200: ok(
      z
        .object({
          availableCents: z.number().int(),
          onHoldCents: z.number().int(),
          pendingCents: z.number().int(),
        })
        .openapi("RewardPoints"),
      "Points",
    ),
    401: problem("Not signed in"),
  },
});

function notSignedIn(c: C) {
  return c.json(
    { error: "not_signed_in", message: "Please sign in or register to check out." },
    401,
  ) as never;
}

export function orderErrorResponse(c: C, err: unknown) {
  if (err instanceof OrderError) return c.json(err.toJSON(), err.status) as never;
  throw err;
}

/** 'Pay now' for one of the signed-in customer's orders: its own route and /payments/start. */
export async function payNowResponse(c: C, customerId: number, code: string) {
  try {
    const started = await payNow(c.get("store"), customerId, code, { log: c.var.log });
    return c.json({ redirectUrl: started.redirectUrl, paymentCode: started.providerOrderCode }, 200);
  } catch (err) {
    if (err instanceof OrderError && err.code === "payment_unavailable") {
      // The provider's details go to the log, not to the shopper.
      c.var.log.warn({ details: err.extra.details }, "payment order code could not be obtained");
      return c.json({ error: err.code, message: err.message }, 502);
    }
    return orderErrorResponse(c, err);
  }
}

export function registerOrderRoutes(api: ApiRouter) {
  api.openapi(quote, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const store = c.get("store");
    try {
      const q = await quoteCheckout(store, customer.id, c.req.valid("json"));
      const b = q.customer;
      return c.json(
        {
          lines: q.lines.map(
            ({ productId, variantId, description, qty, unitPriceCents, lineTotalCents, available }) => ({
              productId,
              variantId,
              description,
              qty,
              unitPriceCents,
              lineTotalCents,
              available,
            }),
          ),
          shortages: q.shortages,
          shippingMethods: q.shippingMethods,
          shipping: q.shipping,
          totals: q.totals,
          pointsEnabled: q.pointsEnabled,
          availablePointsCents: q.availablePointsCents,
          paymentMethods: q.paymentMethods,
          freeDeliveryTotalCents: store.settings.freeDeliveryTotalCents,
          billing: {
            name: b.name,
            surname: b.surname,
            company: b.company,
            email: b.email,
            phone: b.mobilePhone,
            street: b.street,
            postcode: b.postcode,
            city: b.city,
            country: b.country,
          },
        },
        200,
      );
    } catch (err) {
      return orderErrorResponse(c, err);
    }
  });

  api.openapi(place, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    if (passwordChangeRequired(customer)) {
      const message = ACCOUNT_TEXT.passwordChangeRequired;
      return c.json({ error: "password_change_required", message }, 403) as never;
    }
    const store = c.get("store");
    const limit = await hitRateLimit(store.db, `orders:customer:${customer.id}`, {
      limit: 20,
      windowMs: 10 * 60_000,
    });
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return c.json(
        { error: "rate_limited", message: "Too many orders in a short time. Please try again later." },
        429,
      );
    }
    try {
      const placed = await placeOrder(store, customer.id, c.req.valid("json"));
      if (placed.redirectUrl === null)
        c.var.log.info({ order: placed.code, method: placed.paymentMethod }, "order placed");
      return c.json(placed, 201);
    } catch (err) {
      if (err instanceof OrderError && err.code === "payment_unavailable") {
        c.var.log.warn({ details: err.extra.details }, "payment order code could not be obtained");
        return c.json({ error: err.code, message: err.message }, 502);
      }
      return orderErrorResponse(c, err);
    }
  });

  api.openapi(list, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const { limit } = c.req.valid("query");
    return c.json({ orders: await listCustomerOrders(c.get("store"), customer.id, limit) }, 200);
  });

  api.openapi(one, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const order = await getCustomerOrder(c.get("store"), customer.id, c.req.valid("param").code);
    if (!order) return c.json({ error: "not_found", message: "Order not found" }, 404);
    return c.json(order, 200);
  });

  api.openapi(pay, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    return payNowResponse(c, customer.id, c.req.valid("param").code);
  });

  api.openapi(cancel, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    try {
      const order = await cancelUnpaid(c.get("store"), customer.id, c.req.valid("param").code, {
        log: c.var.log,
      });
      c.var.log.info({ order: order.code }, "unpaid order cancelled by the shopper");
      return c.json({ code: order.code, status: "cancelled" as const }, 200);
    } catch (err) {
      return orderErrorResponse(c, err);
    }
  });

  api.openapi(points, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    return c.json(await customerPoints(c.get("store"), customer.id), 200);
  });
}
