// Catalogue structure: master, popular and menu categories, brands, hero slides and reviews.
import { z } from "zod";
import { errorResponse } from "./common";
import { endpoint, json } from "./endpoint";
import { routes } from "./routes";

/** Fields of a category read in another language that fell back to English (core/translation.ts). */
const CategoryUntranslated = z
  .array(z.string())
  .readonly()
  .optional()
  .meta({ description: 'Holds "name" where the name is shown in English for want of a translation' });

const SubCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  untranslated: CategoryUntranslated,
});
const MasterSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    slug: z.string(),
    seq: z.number().int(),
    image: z.string().nullable(),
    untranslated: CategoryUntranslated,
  })
  .meta({ id: "MasterCategory" });

// An intersection, not .extend: the document shows it as allOf with a reference to
// MasterCategory (plain zod's .extend would repeat its fields inline).
const MenuCategorySchema = z.intersection(
  MasterSchema,
  z.object({ subcategories: z.array(SubCategorySchema) }),
);
const PopularCategorySchema = SubCategorySchema.extend({
  masterId: z.number().int(),
  popularOrder: z.number().int(),
});

export const categories = endpoint(routes.catalog.categories, {
  tags: ["catalog"],
  summary:
    "Master categories, popular sub-categories, or the category menu (masters with their sub-categories)",
  request: {
    params: z.object({
      kind: z
        .enum(["master", "popular", "menu"])
        .meta({ param: { name: "kind", in: "path" }, example: "menu" }),
    }),
  },
  responses: {
    200: json(
      z.object({
        categories: z.union([
          z.array(MenuCategorySchema),
          z.array(MasterSchema),
          z.array(PopularCategorySchema),
        ]),
      }),
      "The categories",
    ),
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
  .meta({ id: "Brand" });

export const brands = endpoint(routes.catalog.brands, {
  tags: ["catalog"],
  summary: "Brands in order; `home=true` gives only those shown on the home page",
  request: {
    query: z.object({
      home: z
        .enum(["true", "false", "1", "0"])
        .transform((v) => v === "true" || v === "1")
        .optional()
        .meta({ param: { name: "home", in: "query" } }),
    }),
  },
  responses: {
    200: json(z.object({ brands: z.array(BrandSchema) }), "Brands"),
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
    /** Its words shown in English for want of a translation (core/translation.ts); absent in English. */
    untranslated: z.array(z.string()).optional(),
  })
  .meta({ id: "Slide" });

export const slides = endpoint(routes.catalog.slides, {
  tags: ["catalog"],
  summary: "The home page hero slides (display flag set), in order",
  responses: { 200: json(z.object({ slides: z.array(SlideSchema) }), "Slides") },
});

const ReviewSchema = z
  .object({
    id: z.number().int(),
    authorName: z.string(),
    profilePhotoUrl: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    time: z.string().nullable(),
    source: z.enum(["stored", "google"]).meta({
      description: "stored: entered by the shop's staff (not checked against orders); google: from Google",
    }),
  })
  .meta({ id: "Review" });

export const reviews = endpoint(routes.catalog.reviews, {
  tags: ["catalog"],
  summary: "The store's reviews (empty when the store has no place id)",
  responses: { 200: json(z.object({ reviews: z.array(ReviewSchema) }), "Reviews") },
});

export type MasterCategory = z.output<typeof MasterSchema>;
export type MenuCategory = z.output<typeof MenuCategorySchema>;
export type PopularCategory = z.output<typeof PopularCategorySchema>;
export type Brand = z.output<typeof BrandSchema>;
export type Slide = z.output<typeof SlideSchema>;
export type Review = z.output<typeof ReviewSchema>;
