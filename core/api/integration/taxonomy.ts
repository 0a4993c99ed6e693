// The integration API's catalogue structure: category groups (master categories), categories,
// brands, price lists and their prices, each created or updated by the ERP's code. Every PUT is
// idempotent: the same request twice answers 200 with the same stored record and the second one
// writes nothing (no audit entry, no change). Fields left out keep their stored value; a new
// record takes the defaults the schemas below describe.
import { z } from "zod";
import { SlugField } from "../../admin/taxonomy";
import { TranslationLang } from "../../integration/products";
import { endpoint, json, jsonBody } from "../endpoint";
import { routes } from "../routes";
import { ErpCodeParam, keyRefusals, problem, security } from "./common";

const Seq = z.number().int().min(0).max(1_000_000);
const Text = (max: number) => z.string().trim().min(1).max(max);
const Slug = SlugField.refine((s) => s !== "", "Give a slug, or leave the field out to have one made").meta({
  description:
    "Left out on create: made from the name (the name and code when that is taken); left out on update: the stored slug stays",
});

const DescriptionTranslations = z
  .record(
    TranslationLang,
    z.strictObject({
      description: z.string().trim().max(120).nullable().optional().meta({
        description: "Left out: kept; null or empty: not translated (the English shows)",
      }),
    }),
  )
  .optional()
  .meta({
    description:
      "Per language the store offers besides English, e.g. { el: { description } }, merged field by field; English or a language the store does not offer is refused",
  });

const DescriptionTranslationsOut = z
  .record(z.string(), z.object({ description: z.string().nullable() }))
  .meta({ description: "Every language the store offers besides English; null: the English shows" });

export const CategoryGroupInput = z
  .strictObject({
    description: Text(120).optional().meta({ description: "Required on create" }),
    seq: Seq.optional().meta({ description: "Order in menus; default 0" }),
    slug: Slug.optional(),
    translations: DescriptionTranslations,
  })
  .meta({ id: "IntegrationCategoryGroupInput" });

export const CategoryGroupSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    slug: z.string(),
    seq: z.number().int(),
    translations: DescriptionTranslationsOut,
  })
  .meta({ id: "IntegrationCategoryGroup" });

export const CategoryInput = z
  .strictObject({
    groupCode: z
      .string()
      .min(1)
      .max(40)
      .optional()
      .meta({ description: "The code of its category group; required on create, the group must exist" }),
    description: Text(120).optional().meta({ description: "Required on create" }),
    seq: Seq.optional().meta({ description: "Order within its group; default 0" }),
    popular: z
      .boolean()
      .optional()
      .meta({ description: "Shown among the popular categories; default false" }),
    popularOrder: Seq.optional().meta({ description: "Order among the popular categories; default 0" }),
    slug: Slug.optional(),
    translations: DescriptionTranslations,
  })
  .meta({ id: "IntegrationCategoryInput" });

export const CategorySchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    groupCode: z.string(),
    description: z.string(),
    slug: z.string(),
    seq: z.number().int(),
    popular: z.boolean(),
    popularOrder: z.number().int(),
    translations: DescriptionTranslationsOut,
  })
  .meta({ id: "IntegrationCategory" });

export const BrandInput = z
  .strictObject({
    name: Text(120).optional().meta({ description: "Required on create" }),
    seq: Seq.optional().meta({ description: "Order in brand lists; default 0" }),
    showHome: z.boolean().optional().meta({ description: "Shown on the home page; default false" }),
  })
  .meta({ id: "IntegrationBrandInput" });

export const BrandSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    seq: z.number().int(),
    showHome: z.boolean(),
  })
  .meta({ id: "IntegrationBrand" });

export const PriceListInput = z
  .strictObject({ name: Text(120).optional().meta({ description: "Required on create" }) })
  .meta({ id: "IntegrationPriceListInput" });

export const PriceListSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string() })
  .meta({ id: "IntegrationPriceList" });

export const MAX_PRICE_ITEMS = 1000;

export const PriceListPricesInput = z
  .strictObject({
    prices: z
      .array(
        z.strictObject({
          productCode: z.string().min(1).max(100),
          priceCents: z.number().int().min(0).max(100_000_000).nullable().meta({
            description: "VAT-inclusive price in cents; null removes the product's price from the list",
          }),
        }),
      )
      .min(1)
      .max(MAX_PRICE_ITEMS),
  })
  .superRefine((v, ctx) => {
    const seen = new Map<string, number>();
    v.prices.forEach((p, i) => {
      const first = seen.get(p.productCode);
      if (first !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["prices", i, "productCode"],
          message: `The product ${p.productCode} is already at prices.${first}`,
        });
      else seen.set(p.productCode, i);
    });
  })
  .meta({ id: "IntegrationPriceListPricesInput" });

export const PriceListPricesSchema = z
  .object({
    code: z.string(),
    /** How many of the given prices this request set, changed or removed. */
    changed: z.number().int(),
    prices: z.array(z.object({ productCode: z.string(), priceCents: z.number().int().nullable() })),
  })
  .meta({ id: "IntegrationPriceListPrices" });

const tags = ["integration"];
const common = {
  400: problem("Invalid input: `issues[].path` names each field (or the unknown code it refers to)"),
  ...keyRefusals,
  409: problem("The slug is taken by another record"),
};

export const putCategoryGroup = endpoint(routes.integration.putCategoryGroup, {
  tags,
  security,
  summary:
    "Create or update a category group (master category) by its code; idempotent (a repeat changes nothing), left-out fields keep their value, new groups default to seq 0 and a slug made from the description; a new name or translated name updates the search text of the products in its categories",
  request: { params: ErpCodeParam, body: jsonBody(CategoryGroupInput) },
  responses: { 200: json(CategoryGroupSchema, "The stored category group"), ...common },
});

export const putCategory = endpoint(routes.integration.putCategory, {
  tags,
  security,
  summary:
    "Create or update a category by its code in a category group (groupCode, required on create); idempotent, left-out fields keep their value, new categories default to seq 0, not popular, popularOrder 0 and a slug made from the description; a new name, translated name or group updates its products' search text",
  request: { params: ErpCodeParam, body: jsonBody(CategoryInput) },
  responses: { 200: json(CategorySchema, "The stored category"), ...common },
});

export const putBrand = endpoint(routes.integration.putBrand, {
  tags,
  security,
  summary:
    "Create or update a brand by its code; idempotent, left-out fields keep their value, new brands default to seq 0 and not on the home page; a new name updates its products' search text",
  request: { params: ErpCodeParam, body: jsonBody(BrandInput) },
  responses: {
    200: json(BrandSchema, "The stored brand"),
    400: common[400],
    ...keyRefusals,
  },
});

export const putPriceList = endpoint(routes.integration.putPriceList, {
  tags,
  security,
  summary: "Create or update a price list (its name, required on create) by its code; idempotent",
  request: { params: ErpCodeParam, body: jsonBody(PriceListInput) },
  responses: {
    200: json(PriceListSchema, "The stored price list"),
    400: common[400],
    ...keyRefusals,
  },
});

export const putPriceListPrices = endpoint(routes.integration.putPriceListPrices, {
  tags,
  security,
  summary:
    "Set or remove (priceCents null) the list's price of up to 1,000 products by product code; products not named keep their list price; idempotent. Any unknown product code fails the whole request (400 unknown_product naming every unknown code, nothing written)",
  request: { params: ErpCodeParam, body: jsonBody(PriceListPricesInput) },
  responses: {
    200: json(PriceListPricesSchema, "The list's stored price of each product named"),
    400: common[400],
    ...keyRefusals,
    404: problem("No price list has this code"),
  },
});
