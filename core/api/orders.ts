// Checkout and orders: the server's quote of a checkout, placing an order, and the signed-in
// customer's own orders and points. The request bodies are the checkout schemas the page action
// shares (core/validation/checkout.ts).
import { z } from "zod";
import { PAYMENT_METHODS } from "../checkout";
import { ClaimInput } from "../validation/account-schemas";
import { CheckoutQuoteSchema, CheckoutRequestSchema } from "../validation/checkout";
import { CustomerSchema } from "./auth";
import { errorResponse, OrderCustomerSchema, OrderLineSchema } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

export const OrderProblemSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    title: z.string().optional(),
    details: z.unknown().optional(),
  })
  .meta({ id: "OrderProblem" });
const problem = (description: string) => json(OrderProblemSchema, description);

export const OrderTotalsSchema = z
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
  .meta({ id: "OrderTotals" });

export const ShippingMethodSchema = z
  .object({
    id: z.number().int(),
    description: z.string(),
    costCents: z.number().int(),
    /** ["description"] where the name is shown in English for want of a translation; absent in English. */
    untranslated: z.array(z.string()).optional(),
  })
  .meta({ id: "ShippingMethod" });

const PricedLineSchema = z.object({
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  description: z.string(),
  qty: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
});
const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

export const CheckoutQuoteResponseSchema = z
  .object({
    lines: z.array(PricedLineSchema.extend({ available: z.number().int() })),
    shortages: z.array(
      z.object({ productId: z.number().int(), description: z.string(), available: z.number().int() }),
    ),
    shippingMethods: z.array(ShippingMethodSchema),
    shipping: ShippingMethodSchema.nullable(),
    weightGrams: z
      .number()
      .int()
      .meta({ description: "The basket's weight in grams (delivery is priced by it)" }),
    overweightMethods: z
      .array(
        z.object({
          id: z.number().int(),
          description: z.string(),
          maxGrams: z.number().int().meta({ description: "The heaviest basket the method carries" }),
          untranslated: z.array(z.string()).optional(),
        }),
      )
      .meta({ description: "Methods serving the country that cannot carry this basket (not offered)" }),
    totals: OrderTotalsSchema,
    pointsEnabled: z.boolean(),
    availablePointsCents: z.number().int(),
    paymentMethods: z.array(PaymentMethodSchema),
    freeDeliveryTotalCents: z.number().int().nullable(),
    /** The store's countries, for a guest's address. */
    countries: z.array(z.object({ code: z.string(), name: z.string() })),
    /** The signed-in customer's details; null for a guest, who types them on the checkout. */
    billing: z
      .object({
        name: z.string(),
        surname: z.string(),
        company: z.string().nullable(),
        email: z.string(),
        phone: z.string(),
        street: z.string(),
        postcode: z.string(),
        city: z.string(),
        country: z.string(),
      })
      .nullable(),
  })
  .meta({ id: "CheckoutQuote" });

export const PlacedOrderSchema = z
  .object({
    code: z.string(),
    status: z.enum(["placed", "pending_payment"]),
    paymentMethod: PaymentMethodSchema,
    totals: OrderTotalsSchema,
    shipping: ShippingMethodSchema,
    lines: z.array(PricedLineSchema),
    /** The store's bank details, for bank-transfer orders. */
    bankDetails: z.string().nullable(),
    redirectUrl: z.string().nullable().meta({ description: "Card and wallet: where the shopper pays" }),
    paymentCode: z
      .string()
      .nullable()
      .meta({ description: "Card and wallet: the provider's payment order code" }),
    orderUrl: z
      .string()
      .nullable()
      .meta({ description: "A guest order: the signed path of its page (also in the confirmation mail)" }),
  })
  .meta({ id: "PlacedOrder" });

export const ClaimedOrderSchema = z
  .object({
    customer: CustomerSchema,
    title: z.string(),
    button: z.string(),
    code: z.string(),
  })
  .meta({ id: "ClaimedOrder" });

/** Money the shop gave back on the order (docs/decisions/0056): only refunds that went through. */
export const OrderRefundSchema = z
  .object({
    id: z.number().int(),
    /** When it went through (ISO 8601). */
    at: z.string(),
    amountCents: z.number().int(),
    shippingCents: z.number().int(),
    extraCents: z.number().int(),
    pointsReturnedCents: z.number().int(),
    pointsTakenCents: z.number().int(),
    /** provider (back to the card), cash, bank_transfer, other. */
    method: z.string(),
    lines: z.array(
      z.object({ description: z.string(), qty: z.number().int(), amountCents: z.number().int() }),
    ),
  })
  .meta({ id: "OrderRefund" });

/** One parcel of an order (docs/decisions/0055): what it carried, the courier and its tracking link. */
export const ShipmentSchema = z
  .object({
    id: z.number().int(),
    seq: z.number().int().meta({ description: "1, 2 ... within the order" }),
    createdAt: z.string(),
    carrier: z.string(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z
      .string()
      .nullable()
      .meta({ description: "The courier's tracking page for it, when known" }),
    lines: z.array(
      z.object({
        orderLineId: z.number().int(),
        productId: z.number().int(),
        description: z.string(),
        qty: z.number().int(),
      }),
    ),
  })
  .meta({ id: "Shipment" });

export const OrderSchema = z
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
    payableUntil: z.string().nullable().meta({
      description: "An unpaid card or wallet order: until when it can be paid (POST /orders/{code}/pay)",
    }),
    notes: z.string().nullable(),
    vatExcluded: z.boolean(),
    paidAt: z.string().nullable(),
    customer: OrderCustomerSchema,
    lines: z.array(OrderLineSchema),
    refunds: z.array(OrderRefundSchema),
    deliveredAt: z
      .string()
      .nullable()
      .meta({ description: "When the order was delivered (status delivered); null before" }),
    shipments: z.array(ShipmentSchema).meta({ description: "The order's shipments, oldest first" }),
  })
  .meta({ id: "Order" });

export const PaymentStartSchema = z
  .object({ redirectUrl: z.string(), paymentCode: z.string() })
  .meta({ id: "PaymentStart" });

export const RewardPointsSchema = z
  .object({
    /** Balance less on hold: what can be redeemed now. */
    availableCents: z.number().int(),
    onHoldCents: z.number().int(),
    /** Earned by orders placed or paid but not yet completed: credited on completion. */
    pendingCents: z.number().int(),
  })
  .meta({ id: "RewardPoints" });

const CodeParam = z.object({ code: z.string().min(1).max(40) });
const csrf = errorResponse("Missing or invalid CSRF token");

export const quote = endpoint(routes.orders.quote, {
  tags: ["orders"],
  summary:
    "The checkout summary as the server computes it: lines, shipping methods for the customer's country (a guest's: `country`), points, total",
  request: { body: jsonBody(CheckoutQuoteSchema) },
  responses: {
    200: json(CheckoutQuoteResponseSchema, "The priced checkout"),
    400: problem("Invalid request or unknown product"),
    401: problem("Not signed in"),
    403: csrf,
  },
});

export const place = endpoint(routes.orders.place, {
  tags: ["orders"],
  summary:
    "Place an order for the signed-in customer, or for a guest (`guest`) where the store allows it (cash on delivery, bank transfer, card or wallet)",
  request: { body: jsonBody(CheckoutRequestSchema) },
  responses: {
    201: json(
      PlacedOrderSchema,
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

export const claim = endpoint(routes.orders.claim, {
  tags: ["orders"],
  summary:
    "Make an account from a guest order, through its signed link: the order's contact and address with the chosen password; the order (only it) joins the account and earns its points",
  request: { params: CodeParam, body: jsonBody(ClaimInput) },
  responses: {
    201: json(ClaimedOrderSchema, "The account, signed in"),
    400: problem("Invalid password or privacy not accepted (details.fields names the field)"),
    403: problem("Missing or invalid CSRF token, or sign-up is off"),
    404: problem("No such order, or the signature does not match"),
    409: problem(
      "The email or phone already has an account (details.fields), or the order belongs to an account",
    ),
    429: problem("Too many attempts"),
  },
});

export const list = endpoint(routes.orders.list, {
  tags: ["orders"],
  summary: "The signed-in customer's orders, newest first",
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }) },
  responses: {
    200: json(z.object({ orders: z.array(OrderSchema) }), "Orders"),
    401: problem("Not signed in"),
  },
});

export const one = endpoint(routes.orders.one, {
  tags: ["orders"],
  summary: "One of the signed-in customer's orders",
  request: { params: CodeParam },
  responses: {
    200: json(OrderSchema, "The order"),
    401: problem("Not signed in"),
    404: problem("No such order for this customer"),
  },
});

export const pay = endpoint(routes.orders.pay, {
  tags: ["orders"],
  summary:
    "Pay now: a new payment order with the store's provider for one of the customer's unpaid card or wallet orders, while its reservation lasts",
  request: { params: CodeParam },
  responses: {
    200: json(PaymentStartSchema, "Where to send the shopper"),
    400: problem("Card payment is not available at the moment"),
    401: problem("Not signed in"),
    403: csrf,
    404: problem("No such order for this customer"),
    409: problem("Already paid, cancelled, not paid online, or its reservation has ended"),
    502: problem("Something bad happened; please try again later."),
  },
});

export const cancel = endpoint(routes.orders.cancel, {
  tags: ["orders"],
  summary:
    "Cancel one of the customer's unpaid card or wallet orders: its stock and held reward points are released",
  request: { params: CodeParam },
  responses: {
    200: json(z.object({ code: z.string(), status: z.literal("cancelled") }), "Cancelled"),
    401: problem("Not signed in"),
    403: csrf,
    404: problem("No such order for this customer"),
    409: problem("Already paid or cancelled, or not waiting for a payment (the shop cancels those)"),
  },
});

export const points = endpoint(routes.orders.points, {
  tags: ["orders"],
  summary:
    "The signed-in customer's reward points in cents: available (balance less on hold), on hold, and pending (earned by orders not yet completed)",
  responses: {
    200: json(RewardPointsSchema, "Points"),
    401: problem("Not signed in"),
  },
});

export type CheckoutQuote = z.output<typeof CheckoutQuoteResponseSchema>;
export type PlacedOrder = z.output<typeof PlacedOrderSchema>;
export type ClaimedOrder = z.output<typeof ClaimedOrderSchema>;
export type Order = z.output<typeof OrderSchema>;
export type RewardPoints = z.output<typeof RewardPointsSchema>;
