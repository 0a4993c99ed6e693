// POST /api/v1/cart/check: the server's view of a stored cart (prices for this customer,
// stock of the store's warehouse, products gone). The browser sends ids and quantities only.
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/cart";
import { checkCart } from "../../services/cart-check";
import { visitorCountryOf } from "../http/visitor";
import type { ApiRouter } from "./router";

const check = createRoute(contract.check);

export function registerCartRoutes(api: ApiRouter) {
  api.openapi(check, async (c) => {
    const { items } = c.req.valid("json");
    const customer = c.get("customer");
    const result = await checkCart(
      c.get("store"),
      items,
      customer ? { priceListId: customer.priceListId, excludeVat: customer.excludeVat } : null,
      // The delivery estimate goes where the checkout would send it first.
      customer?.country || visitorCountryOf(c),
    );
    return c.json(result, 200);
  });
}
