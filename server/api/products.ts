// Products: listing and search (the old FindShopProducts), suggestions, one product (by id or
// slug) with its variants and related variant products, and its stock per warehouse.
// Prices are the signed-in customer's (price list, VAT exclusion).
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import * as contract from "../../core/api/products";
import { customerVatText, type PricingCustomer } from "../../core/pricing";
import {
  getProduct,
  getProductBySlug,
  getProductDetails,
  listProductReviews,
  listProducts,
  productWarehouses,
  suggestProducts,
} from "../../services/catalog";
import type { AppEnv } from "../http/env";
import { fail } from "./failure";
import type { ApiRouter } from "./router";

const list = createRoute(contract.list);
const suggest = createRoute(contract.suggest);
const one = createRoute(contract.one);
const bySlug = createRoute(contract.bySlug);
const warehouses = createRoute(contract.warehouses);
const reviews = createRoute(contract.reviews);

/** The signed-in customer as pricing needs it (null for visitors). */
export function pricingCustomer(c: Context<AppEnv>): PricingCustomer {
  const customer = c.get("customer");
  return customer ? { priceListId: customer.priceListId, excludeVat: customer.excludeVat } : null;
}

const notFound = (c: Context<AppEnv>) => fail(c, "not_found", "Product not found");

export function registerProductRoutes(api: ApiRouter) {
  api.openapi(list, async (c) => {
    const q = c.req.valid("query");
    const customer = pricingCustomer(c);
    const result = await listProducts(c.get("store"), q, customer);
    return c.json({ ...result, vatText: customerVatText(customer) }, 200);
  });

  api.openapi(suggest, async (c) => {
    const { q, category } = c.req.valid("query");
    const customer = pricingCustomer(c);
    const products = await suggestProducts(c.get("store"), q, customer, category);
    return c.json({ products, vatText: customerVatText(customer) }, 200);
  });

  api.openapi(bySlug, async (c) => {
    const { slug } = c.req.valid("param");
    const customer = pricingCustomer(c);
    const product = await getProductBySlug(c.get("store"), slug, customer);
    if (!product) return notFound(c);
    return c.json({ product, vatText: customerVatText(customer) }, 200);
  });

  api.openapi(one, async (c) => {
    const { id } = c.req.valid("param");
    const customer = pricingCustomer(c);
    const store = c.get("store");
    const [product, details] = await Promise.all([
      getProduct(store, id, customer),
      getProductDetails(store, id),
    ]);
    if (!product || !details) return notFound(c);
    return c.json({ product, details, vatText: customerVatText(customer) }, 200);
  });

  api.openapi(warehouses, async (c) => {
    const { id } = c.req.valid("param");
    const rows = await productWarehouses(c.get("store"), id);
    if (!rows) return notFound(c);
    return c.json({ warehouses: rows }, 200);
  });

  api.openapi(reviews, async (c) => {
    const { id } = c.req.valid("param");
    const { page } = c.req.valid("query");
    const store = c.get("store");
    if (!(await getProductDetails(store, id))) return notFound(c);
    return c.json(await listProductReviews(store, id, page), 200);
  });
}
