// Products: listing and search (the old FindShopProducts), suggestions, one product (by id or
// slug) with its variants and related variant products, and its stock per warehouse.
// Prices are the signed-in customer's (price list, VAT exclusion).

import { z } from "zod";
import { REGULATORY_CLASSES } from "../regulatory";
import { SEARCH_MAX_LENGTH, SUGGEST_LIMIT } from "../search";
import { errorResponse } from "./common";
import { endpoint, json } from "./endpoint";
import { routes } from "./routes";

export const ORDER_BY = ["default", "featured", "rating", "new", "price-asc", "price-desc"] as const;
export type OrderBy = (typeof ORDER_BY)[number];

export const MAX_PER_PAGE = 100;

const MAX_ID = 2_147_483_647;

const PictureSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
/** The fields of a record read in another language that fell back to English (core/translation.ts). */
const UntranslatedSchema = z
  .array(z.string())
  .readonly()
  .optional()
  .meta({ description: "Fields shown in English for want of a translation (absent in English)" });
const CategoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  untranslated: UntranslatedSchema,
});

const OperatorSchema = z.object({
  name: z.string(),
  postalAddress: z.string(),
  email: z.string(),
  country: z.string(),
});

const ComplianceSchema = z
  .object({
    regulatoryClass: z.enum(REGULATORY_CLASSES),
    nicotineMgPerMl: z.number().nullable(),
    volumeMl: z.number().nullable(),
    tankCapacityMl: z.number().nullable(),
    ecId: z
      .string()
      .nullable()
      .meta({ description: "EU notification number (Directive 2014/40/EU art. 20(2))" }),
    manufacturer: OperatorSchema.nullable(),
    responsiblePerson: OperatorSchema.nullable().meta({
      description: "The EU responsible person, given when the manufacturer is outside the EU",
    }),
    nicotineWarning: z
      .string()
      .nullable()
      .meta({ description: "The nicotine health warning in the answer's language" }),
    warnings: z.array(z.string()).meta({ description: "Other warnings, in the answer's language" }),
  })
  .meta({ id: "ProductCompliance" });

const ProductSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    slug: z.string(),
    priceCents: z
      .number()
      .int()
      .meta({ description: "Price for this customer in cents (VAT-inclusive unless VAT-excluded)" }),
    salePriceCents: z.number().int().nullable(),
    priorPriceCents: z.number().int().nullable().meta({
      description:
        "The lowest price of the 30 days before the current reduction began (Directive 98/6/EC art. 6a); null when not reduced or none is known, and then no reduction may be shown",
    }),
    vatRate: z.number().int(),
    stock: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Stock of the store's warehouse; null when unknown" }),
    isNew: z.boolean(),
    isTop: z.boolean(),
    isHot: z.boolean(),
    shortDesc: z.string(),
    ratings: z.number().meta({ description: "0 to 5" }),
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
          size: z.string().meta({ description: "Empty: the variant is chosen by its colour alone" }),
          priceCents: z.number().int(),
          salePriceCents: z.number().int().nullable(),
          priorPriceCents: z.number().int().nullable(),
        }),
      )
      .meta({
        description:
          "Colour/size variants of this product, priced as they sell: a variant without a price of its own has the product's price and sale price",
      }),
    varRel: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          label: z.string(),
          priceCents: z.number().int(),
          salePriceCents: z.number().int().nullable(),
          priorPriceCents: z.number().int().nullable(),
          stock: z.number().int().nullable(),
          shortDesc: z.string().meta({ description: "The variant's own short description; may be empty" }),
          pictures: z.array(PictureSchema),
          untranslated: UntranslatedSchema,
        }),
      )
      .meta({ description: "Related variant products (same variant group), this product included" }),
    compliance: ComplianceSchema.nullable().optional().meta({
      description: "On one product's answers only: GPSR information and warnings; null: none needed",
    }),
    untranslated: UntranslatedSchema,
  })
  .meta({ id: "Product" });

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
    .meta({ param: { name: "page", in: "query" }, example: 1 }),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PER_PAGE)
    .default(12)
    .meta({ param: { name: "perPage", in: "query" }, example: 12 }),
  searchTerm: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .optional()
    .meta({ param: { name: "searchTerm", in: "query" } }),
  hot: boolParam.meta({ param: { name: "hot", in: "query" }, description: "Hot deals only" }),
  new: boolParam.meta({ param: { name: "new", in: "query" }, description: "New products only" }),
  orderby: z
    .enum(ORDER_BY)
    .default("default")
    .meta({ param: { name: "orderby", in: "query" } }),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/i, "must be a category id or slug")
    .optional()
    .meta({
      param: { name: "category", in: "query" },
      description: "Master category id, or a category slug",
    }),
  subcategory: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/i, "must be a sub-category id or slug")
    .optional()
    .meta({ param: { name: "subcategory", in: "query" }, description: "Sub-category id or slug" }),
  brand: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .optional()
    .meta({ param: { name: "brand", in: "query" } }),
});

const ListResponseSchema = z
  .object({ products: z.array(ProductSchema), total: z.number().int(), vatText: z.string() })
  .meta({ id: "ProductList" });

export const list = endpoint(routes.products.list, {
  tags: ["products"],
  summary: "List and search products (one card per variant group), with filters, sorting and paging",
  request: { query: ListQuery },
  responses: {
    200: json(ListResponseSchema, "A page of products and the total"),
    400: errorResponse("Invalid query"),
  },
});

const SuggestQuery = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .meta({ param: { name: "q", in: "query" }, description: "3 characters or more" }),
  category: ListQuery.shape.category,
});

export const suggest = endpoint(routes.products.suggest, {
  tags: ["products"],
  summary: `Header search suggestions: at most ${SUGGEST_LIMIT} products (none for terms under 3 characters)`,
  request: { query: SuggestQuery },
  responses: {
    200: json(z.object({ products: z.array(ProductSchema), vatText: z.string() }), "Suggestions"),
    400: errorResponse("Invalid query"),
  },
});

const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .meta({ param: { name: "id", in: "path" }, example: 1 }),
});

const SpecSchema = z.object({ label: z.string(), value: z.string() }).meta({ id: "ProductSpec" });

const DetailsSchema = z
  .object({
    longDescHtml: z.string().meta({ description: "The long description, sanitised HTML" }),
    specs: z.array(SpecSchema).meta({ description: "The specifications table, in order" }),
    untranslated: UntranslatedSchema,
  })
  .meta({ id: "ProductDetails" });

export const one = endpoint(routes.products.one, {
  tags: ["products"],
  summary: "One product with its variants, related variant products, long description and specifications",
  request: { params: IdParams },
  responses: {
    200: json(
      z.object({ product: ProductSchema, details: DetailsSchema, vatText: z.string() }),
      "The product",
    ),
    400: errorResponse("Invalid id"),
    404: errorResponse("No such product"),
  },
});

export const bySlug = endpoint(routes.products.bySlug, {
  tags: ["products"],
  summary: "One product by slug (the quick view by slug)",
  request: {
    params: z.object({
      slug: z
        .string()
        .regex(/^[a-z0-9-]{1,200}$/, "must be a product slug")
        .meta({ param: { name: "slug", in: "path" } }),
    }),
  },
  responses: {
    200: json(z.object({ product: ProductSchema, vatText: z.string() }), "The product"),
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
    main: z.boolean().meta({ description: "The warehouse the storefront sells from" }),
  })
  .meta({ id: "WarehouseStock" });

export const warehouses = endpoint(routes.products.warehouses, {
  tags: ["products"],
  summary: "Stock of a product in each of the store's warehouses",
  request: { params: IdParams },
  responses: {
    200: json(z.object({ warehouses: z.array(WarehouseSchema) }), "Stock per warehouse"),
    400: errorResponse("Invalid id"),
    404: errorResponse("No such product"),
  },
});

export type WarehouseStock = z.output<typeof WarehouseSchema>;

const ReviewsQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .meta({ param: { name: "page", in: "query" }, example: 1 }),
});

const star = z.number().int();
const ReviewsPageSchema = z
  .object({
    reviews: z.array(
      z.object({
        id: z.number().int(),
        authorName: z.string(),
        rating: z.number().int().min(1).max(5),
        title: z.string(),
        body: z.string(),
        createdAt: z.string().meta({ description: "ISO 8601" }),
        source: z
          .enum(["customer", "staff"])
          .meta({ description: "customer: written from the customer's order; staff: entered by the shop" }),
        verified: z.boolean().meta({
          description:
            "Verified purchase: a customer's review tied to a paid or completed order line of the product",
        }),
      }),
    ),
    distribution: z
      .object({ 5: star, 4: star, 3: star, 2: star, 1: star })
      .meta({ description: "Published reviews per star count" }),
    total: z.number().int(),
    average: z.number(),
    page: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: "ProductReviews" });

export const reviews = endpoint(routes.products.reviews, {
  tags: ["products"],
  summary: "A product's published reviews, newest first, five a page, with the rating distribution",
  request: { params: IdParams, query: ReviewsQuery },
  responses: {
    200: json(ReviewsPageSchema, "One page of reviews"),
    400: errorResponse("Invalid id or page"),
    404: errorResponse("No such product"),
  },
});
