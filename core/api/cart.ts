// The server's view of a stored cart: the browser sends ids and quantities only.
import { z } from "zod";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

export const MAX_CHECK_LINES = 200;
export const MAX_LINE_QTY = 10_000;

export const CartCheckRequestSchema = z
  .object({
    items: z
      .array(
        z.object({
          id: z.number().int().positive().max(2_147_483_647),
          qty: z.number().int().min(1).max(MAX_LINE_QTY),
          /** Colour/size variant row, when the line is one. */
          variantId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
        }),
      )
      .max(MAX_CHECK_LINES),
  })
  .meta({ id: "CartCheckRequest" });

const CartCheckLineSchema = z.object({
  id: z.number().int(),
  variantId: z.number().int().nullable(),
  status: z.enum(["ok", "removed", "out-of-stock"]),
  name: z.string().nullable(),
  slug: z.string().nullable(),
  image: z.string().nullable(),
  price: z.number().int().nullable().meta({ description: "Regular price for this customer, cents" }),
  sale_price: z.number().int().nullable(),
  prior_price: z.number().int().nullable().meta({
    description:
      "The lowest price of the 30 days before the sale began (Directive 98/6/EC art. 6a), cents; null: no reduction may be shown",
  }),
  /** What one unit costs: the sale price if any, else the price. */
  unitPrice: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  qty: z.number().int().meta({ description: "The requested quantity lowered to the stock" }),
});

/** The delivery estimate of the basket (docs/decisions/0057), for the signed-in customer's or the visitor's country. */
const CartShippingEstimateSchema = z.object({
  weightGrams: z.number().int().meta({ description: "The basket's weight in grams (lines in stock)" }),
  country: z.string(),
  cheapestCents: z.number().int().nullable().meta({
    description:
      "The cheapest method's price for this weight before free delivery; null: no method can carry it",
  }),
  tooHeavy: z.boolean().meta({ description: "Methods serve the country but none carries this weight" }),
  methods: z
    .array(
      z.object({
        id: z.number().int(),
        description: z.string(),
        costCents: z.number().int(),
        untranslated: z.array(z.string()).optional(),
      }),
    )
    .meta({
      description: "Each method that carries this weight, with its band's price before free delivery",
    }),
});
export type CartShippingEstimate = z.output<typeof CartShippingEstimateSchema>;

/** Lines in the order sent. */
export const CartCheckResultSchema = z
  .object({
    lines: z.array(CartCheckLineSchema),
    vatText: z.string(),
    shipping: CartShippingEstimateSchema.optional(),
  })
  .meta({ id: "CartCheckResult" });

export const check = endpoint(routes.cart.check, {
  tags: ["cart"],
  summary: "Current prices (for the signed-in customer), stock and availability of a cart's lines",
  request: { body: jsonBody(CartCheckRequestSchema) },
  responses: {
    200: json(CartCheckResultSchema, "One entry per line, in order"),
    400: errorResponse("Invalid cart"),
    403: errorResponse("Missing or invalid CSRF token"),
  },
});

export type CartCheckLine = z.output<typeof CartCheckRequestSchema>["items"][number];
export type CartCheckResult = z.output<typeof CartCheckResultSchema>;
