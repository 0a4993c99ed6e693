// Catalogue structure: master, popular and menu categories, brands, hero slides and reviews.
import { createRoute, z } from "@hono/zod-openapi";
import {
  listBrands,
  listCategoryMenu,
  listMasterCategories,
  listPopularCategories,
  listSlides,
} from "../../services/catalog";
import { listReviews } from "../../services/reviews";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

const SubCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
});
const MasterSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    slug: z.string(),
    seq: z.number().int(),
    image: z.string().nullable(),
  })
  .openapi("MasterCategory");

const categoriesRoute = createRoute({
  method: "get",
  path: "/categories/{kind}",
  tags: ["catalog"],
  summary:
    "Master categories, popular sub-categories, or the category menu (masters with their sub-categories)",
  request: {
    params: z.object({
      kind: z
        .enum(["master", "popular", "menu"])
        .openapi({ param: { name: "kind", in: "path" }, example: "menu" }),
    }),
  },
  responses: {
    200: {
      content: {
        "application/json": {
          schema: z.object({
            categories: z.union([
              z.array(MasterSchema.extend({ subcategories: z.array(SubCategorySchema) })),
              z.array(MasterSchema),
              z.array(
                SubCategorySchema.extend({ masterId: z.number().int(), popularOrder: z.number().int() }),
              ),
            ]),
          }),
        },
      },
      description: "The categories",
    },
    400: errorResponse("Unknown kind"),
  },
});

const BrandSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    seq: z.number().int(),
    showHome: z.boolean(),
    image: z.string().nullable(),
  })
  .openapi("Brand");

const brandsRoute = createRoute({
  method: "get",
  path: "/brands",
  tags: ["catalog"],
  summary: "Brands in order; `home=true` gives only those shown on the home page",
  request: {
    query: z.object({
      home: z
        .enum(["true", "false", "1", "0"])
        .transform((v) => v === "true" || v === "1")
        .optional()
        .openapi({ param: { name: "home", in: "query" } }),
    }),
  },
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ brands: z.array(BrandSchema) }) } },
      description: "Brands",
    },
    400: errorResponse("Invalid query"),
  },
});

const SlideSchema = z
  .object({
    id: z.number().int(),
    imageSrc: z.string(),
    display: z.boolean(),
    introSubtitle: z.string().nullable(),
    introTitle1: z.string().nullable(),
    introTitle2: z.string().nullable(),
    introTitle3: z.string().nullable(),
    price: z.string().nullable(),
    priceDecimal: z.string().nullable(),
    link: z.string().nullable(),
    linkTitle: z.string().nullable(),
  })
  .openapi("Slide");

const slidesRoute = createRoute({
  method: "get",
  path: "/slides",
  tags: ["catalog"],
  summary: "The home page hero slides (display flag set), in order",
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ slides: z.array(SlideSchema) }) } },
      description: "Slides",
    },
  },
});

const ReviewSchema = z
  .object({
    id: z.number().int(),
    authorName: z.string(),
    profilePhotoUrl: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    time: z.string().nullable(),
  })
  .openapi("Review");

const reviewsRoute = createRoute({
  method: "get",
  path: "/reviews",
  tags: ["catalog"],
  summary: "The store's reviews (empty when the store has no place id)",
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ reviews: z.array(ReviewSchema) }) } },
      description: "Reviews",
    },
  },
});

export function registerCatalogRoutes(api: ApiRouter) {
  api.openapi(categoriesRoute, async (c) => {
    const { kind } = c.req.valid("param");
    const store = c.get("store");
    const categories =
      kind === "master"
        ? await listMasterCategories(store)
        : kind === "popular"
          ? await listPopularCategories(store)
          : await listCategoryMenu(store);
    return c.json({ categories }, 200);
  });

  api.openapi(brandsRoute, async (c) => {
    const { home } = c.req.valid("query");
    return c.json({ brands: await listBrands(c.get("store"), { homeOnly: home === true }) }, 200);
  });

  api.openapi(slidesRoute, async (c) => c.json({ slides: await listSlides(c.get("store")) }, 200));

  api.openapi(reviewsRoute, async (c) => {
    const store = c.get("store");
    const reviews = store.config.googlePlaceId ? await listReviews(store) : [];
    return c.json({ reviews }, 200);
  });
}
