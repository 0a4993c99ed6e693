// Products: listing and search (the old FindShopProducts), suggestions, one product (by id or
// slug) with its variants and related variant products, and its stock per warehouse.
// Prices are the signed-in customer's (price list, VAT exclusion).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { customerVatText, type PricingCustomer } from "../../core/pricing";
import { SEARCH_MAX_LENGTH, SUGGEST_LIMIT } from "../../core/search";
import {
  getProduct,
  getProductBySlug,
  listProducts,
  MAX_PER_PAGE,
  ORDER_BY,
  productWarehouses,
  suggestProducts,
} from "../../services/catalog";
import type { AppEnv } from "../http/env";
import { fail } from "./failure";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

const MAX_ID = 2_147_483_647;

const PictureSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
const CategoryRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const ProductSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    slug: z.string(),
    priceCents: z
      .number()
      .int()
      .openapi({ description: "Price for this customer in cents (VAT-inclusive unless VAT-excluded)" }),
    salePriceCents: z.number().int().nullable(),
    vatRate: z.number().int(),
    stock: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Stock of the store's warehouse; null when unknown" }),
    isNew: z.boolean(),
    isTop: z.boolean(),
    isHot: z.boolean(),
    shortDesc: z.string(),
    ratings: z.number().openapi({ description: "0 to 5" }),
    reviewCount: z.number().int(),
    brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    categories: z.array(CategoryRefSchema),
    pictures: z.array(PictureSchema),
    smPictures: z.array(z.string()),
    videoUrl: z.string().nullable(),
    variants: z
      .array(
        z.object({
          id: z.number().int(),
          color: z.string(),
          colorName: z.string(),
          size: z.string(),
          priceCents: z.number().int(),
        }),
      )
      .openapi({ description: "Colour/size variants of this product" }),
    varRel: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          label: z.string(),
          priceCents: z.number().int(),
          salePriceCents: z.number().int().nullable(),
          stock: z.number().int().nullable(),
          pictures: z.array(PictureSchema),
        }),
      )
      .openapi({ description: "Related variant products (same variant group), this product included" }),
  })
  .openapi("Product");

const boolParam = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

const ListQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .openapi({ param: { name: "page", in: "query" }, example: 1 }),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PER_PAGE)
    .default(12)
    .openapi({ param: { name: "perPage", in: "query" }, example: 12 }),
  searchTerm: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .optional()
    .openapi({ param: { name: "searchTerm", in: "query" } }),
  hot: boolParam.openapi({ param: { name: "hot", in: "query" }, description: "Hot deals only" }),
  new: boolParam.openapi({ param: { name: "new", in: "query" }, description: "New products only" }),
  orderby: z
    .enum(ORDER_BY)
    .default("default")
    .openapi({ param: { name: "orderby", in: "query" } }),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/i, "must be a category id or slug")
    .optional()
    .openapi({
      param: { name: "category", in: "query" },
      description: "Master category id, or a category slug",
    }),
  subcategory: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/i, "must be a sub-category id or slug")
    .optional()
    .openapi({ param: { name: "subcategory", in: "query" }, description: "Sub-category id or slug" }),
  brand: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .optional()
    .openapi({ param: { name: "brand", in: "query" } }),
});

const ListResponse = z
  .object({ products: z.array(ProductSchema), total: z.number().int(), vatText: z.string() })
  .openapi("ProductList");

const list = createRoute({
  method: "get",
  path: "/products",
  tags: ["products"],
  summary: "List and search products (one card per variant group), with filters, sorting and paging",
  request: { query: ListQuery },
  responses: {
    200: {
      content: { "application/json": { schema: ListResponse } },
      description: "A page of products and the total",
    },
    400: errorResponse("Invalid query"),
  },
});

const SuggestQuery = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .openapi({ param: { name: "q", in: "query" }, description: "3 characters or more" }),
  category: ListQuery.shape.category,
});

const suggest = createRoute({
  method: "get",
  path: "/products/suggest",
  tags: ["products"],
  summary: `Header search suggestions: at most ${SUGGEST_LIMIT} products (none for terms under 3 characters)`,
  request: { query: SuggestQuery },
  responses: {
    200: {
      content: {
        "application/json": { schema: z.object({ products: z.array(ProductSchema), vatText: z.string() }) },
      },
      description: "Suggestions",
    },
    400: errorResponse("Invalid query"),
  },
});

const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

const one = createRoute({
  method: "get",
  path: "/products/{id}",
  tags: ["products"],
  summary: "One product with its variants and related variant products",
  request: { params: IdParams },
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ product: ProductSchema, vatText: z.string() }) } },
      description: "The product",
    },
    400: errorResponse("Invalid id"),
    404: errorResponse("No such product"),
  },
});

const bySlug = createRoute({
  method: "get",
  path: "/products/slug/{slug}",
  tags: ["products"],
  summary: "One product by slug (the quick view by slug)",
  request: {
    params: z.object({
      slug: z
        .string()
        .regex(/^[a-z0-9-]{1,200}$/, "must be a product slug")
        .openapi({ param: { name: "slug", in: "path" } }),
    }),
  },
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ product: ProductSchema, vatText: z.string() }) } },
      description: "The product",
    },
    400: errorResponse("Invalid slug"),
    404: errorResponse("No such product"),
  },
});

const WarehouseSchema = z
  .object({
    warehouseId: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
    qty: z.number().int(),
    main: z.boolean().openapi({ description: "The warehouse the storefront sells from" }),
  })
  .openapi("WarehouseStock");

const warehouses = createRoute({
  method: "get",
  path: "/products/{id}/warehouses",
  tags: ["products"],
  summary: "Stock of a product in each of the store's warehouses",
  request: { params: IdParams },
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ warehouses: z.array(WarehouseSchema) }) } },
      description: "Stock per warehouse",
    },
    400: errorResponse("Invalid id"),
    404: errorResponse("No such product"),
  },
});

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
    const product = await getProduct(c.get("store"), id, customer);
    if (!product) return notFound(c);
    return c.json({ product, vatText: customerVatText(customer) }, 200);
  });

  api.openapi(warehouses, async (c) => {
    const { id } = c.req.valid("param");
    const rows = await productWarehouses(c.get("store"), id);
    if (!rows) return notFound(c);
    return c.json({ warehouses: rows }, 200);
  });
}
