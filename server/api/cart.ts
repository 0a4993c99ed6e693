// POST /api/v1/cart/check: the server's view of a stored cart (prices for this customer,
// stock of the store's warehouse, products gone). The browser sends ids and quantities only.
import { createRoute, z } from "@hono/zod-openapi";
import { checkCart, MAX_CHECK_LINES, MAX_LINE_QTY } from "../../services/cart-check";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

const CheckRequest = z
  .object({
    items: z
      .array(
        z.object({
          id: z.number().int().positive().max(2_147_483_647),
          qty: z.number().int().min(1).max(MAX_LINE_QTY),
          variantId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
        }),
      )
      .max(MAX_CHECK_LINES),
  })
  .openapi("CartCheckRequest");

const CheckLine = z.object({
  id: z.number().int(),
  variantId: z.number().int().nullable(),
  status: z.enum(["ok", "removed", "out-of-stock"]),
  name: z.string().nullable(),
  slug: z.string().nullable(),
  image: z.string().nullable(),
  price: z.number().int().nullable().openapi({ description: "Regular price for this customer, cents" }),
  sale_price: z.number().int().nullable(),
  unitPrice: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  qty: z.number().int().openapi({ description: "The requested quantity lowered to the stock" }),
});

const CheckResponse = z.object({ lines: z.array(CheckLine), vatText: z.string() }).openapi("CartCheckResult");

const check = createRoute({
  method: "post",
  path: "/cart/check",
  tags: ["cart"],
  summary: "Current prices (for the signed-in customer), stock and availability of a cart's lines",
  request: { body: { content: { "application/json": { schema: CheckRequest } }, required: true } },
  responses: {
    200: {
      content: { "application/json": { schema: CheckResponse } },
      description: "One entry per line, in order",
    },
    400: errorResponse("Invalid cart"),
    403: errorResponse("Missing or invalid CSRF token"),
  },
});

export function registerCartRoutes(api: ApiRouter) {
  api.openapi(check, async (c) => {
    const { items } = c.req.valid("json");
    const customer = c.get("customer");
    const result = await checkCart(
      c.get("store"),
      items,
      customer ? { priceListId: customer.priceListId, excludeVat: customer.excludeVat } : null,
    );
    return c.json(result, 200);
  });
}
