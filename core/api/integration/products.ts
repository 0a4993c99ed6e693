// The integration API's catalogue: a product created or updated by its ERP code, a batch of up
// to 1,000, one product read back, and pictures uploaded ahead of the products that show them.
import { z } from "zod";
import { ErpProductInput } from "../../integration/products";
import { REGULATORY_CLASSES, WARNING_CODES } from "../../regulatory";
import { endpoint, json, jsonBody } from "../endpoint";
import { routes } from "../routes";
import { ErpCodeParam, keyRefusals, problem, security } from "./common";

export const MAX_BATCH_PRODUCTS = 1000;

const IssueSchema = z.object({ path: z.string(), message: z.string() });

const ProductTranslationSchema = z
  .object({
    name: z.string().nullable(),
    shortDescription: z.string().nullable(),
    longDescriptionHtml: z.string().nullable(),
    variantLabel: z.string().nullable(),
    specs: z.array(z.object({ label: z.string(), value: z.string() })).nullable(),
  })
  .meta({
    id: "IntegrationProductTranslation",
    description: "One language's translation; a null field is not translated and shows the English",
  });

export const IntegrationProductSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    slug: z.string(),
    shortDescription: z.string(),
    longDescriptionHtml: z.string(),
    priceCents: z.number().int(),
    salePriceCents: z.number().int().nullable(),
    vatRate: z.number().int(),
    weightGrams: z.number().int().nullable().meta({ description: "Grams per unit; null: never weighed" }),
    categoryCodes: z.array(z.string()),
    brandCode: z.string().nullable(),
    isNew: z.boolean(),
    isTop: z.boolean(),
    isHot: z.boolean(),
    popupAd: z.boolean(),
    videoUrl: z.string().nullable(),
    active: z.boolean(),
    variantGroup: z.string().nullable(),
    variantLabel: z.string().nullable(),
    variants: z.array(
      z.object({
        id: z.number().int(),
        colorName: z.string(),
        color: z.string(),
        size: z.string(),
        priceCents: z.number().int().meta({
          description: "What the variant sells at: its own price, or the product's when it has none",
        }),
      }),
    ),
    pictures: z.array(
      z.object({
        url: z.string(),
        smUrl: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        source: z.string().nullable().meta({
          description:
            "url:<address> or upload:<token> for pictures the ERP sent; null for the back office's",
        }),
      }),
    ),
    priceListPrices: z.array(z.object({ priceListCode: z.string(), priceCents: z.number().int() })),
    stock: z.number().int().nullable().meta({ description: "In the store's warehouse; null: no stock row" }),
    regulatoryClass: z.enum(REGULATORY_CLASSES),
    nicotineMgPerMl: z.number().nullable(),
    volumeMl: z.number().nullable(),
    tankCapacityMl: z.number().nullable(),
    ecId: z.string().nullable(),
    manufacturerCode: z.string().nullable().meta({ description: "null: the brand's manufacturer" }),
    responsiblePersonCode: z
      .string()
      .nullable()
      .meta({ description: "null: the brand's responsible person" }),
    warnings: z.array(z.enum(WARNING_CODES)),
    translations: z.record(z.string(), ProductTranslationSchema).meta({
      description: "Every language the store offers besides English (e.g. el), translated or not",
    }),
    storefrontPath: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "IntegrationProduct" });

const ProductBody = ErpProductInput.omit({ code: true }).meta({
  id: "IntegrationProductInput",
  description:
    "Every field may be left out: an existing product keeps its stored value, a new one takes the default (name and priceCents are required for a new one (weightGrams, whole grams 0 to 100000, should be: a product without one counts as 0 g for delivery); vatRate defaults to the store's; flags false; active true). null clears a nullable field. variants, pictures, priceListPrices and categoryCodes are whole lists. Prices are VAT-inclusive cents; a variant without a priceCents (or with the product's) sells at the product's price and sale price and follows them. translations: { el: { name, shortDescription, longDescriptionHtml, variantLabel, specs } } for a language the store offers besides English, merged field by field with the stored translation (a field left out stays; null, an empty text or an empty list clears it, so the English shows); English or a language the store does not offer is refused (400, path translations.<lang>). Compliance (docs/decisions/0058): regulatoryClass, nicotineMgPerMl, volumeMl, tankCapacityMl, ecId, manufacturerCode, responsiblePersonCode, warnings; nicotine above 20 mg/ml, a nicotine refill container above 10 ml or a tank above 2 ml is refused naming the field.",
});

export const product = endpoint(routes.integration.product, {
  tags: ["integration"],
  security,
  summary: "One product by its ERP code, as the integration API stores it",
  request: { params: ErpCodeParam },
  responses: {
    200: json(IntegrationProductSchema, "The product"),
    ...keyRefusals,
    404: problem("No product has this code"),
  },
});

export const putProduct = endpoint(routes.integration.putProduct, {
  tags: ["integration"],
  security,
  summary:
    "Create or update a product by its ERP code (PRODCODE). Idempotent: the same request again changes nothing (same id, no new rows, updatedAt unchanged)",
  description:
    "Pictures named by `url` are fetched once (a picture keeps its source, so it is not fetched again); `upload` names a token from POST /integration/pictures. When `pictures` is given it is the whole list in order: pictures not named are removed. A variant is known by colour name and size and keeps its id. The storefront shows the change on its next request.",
  request: { params: ErpCodeParam, body: jsonBody(ProductBody) },
  responses: {
    200: json(IntegrationProductSchema, "The product as stored"),
    400: problem("Invalid input: `issues` names each field, e.g. `variants.0.priceCents`, `categoryCodes.1`"),
    ...keyRefusals,
    409: problem("Another write took the code or web address at the same moment"),
  },
});

const BatchResultSchema = z
  .object({
    code: z.string(),
    status: z.enum(["created", "updated", "unchanged", "failed"]),
    id: z.number().int().nullable(),
    issues: z.array(IssueSchema).optional(),
  })
  .meta({ id: "IntegrationBatchResult" });

export const productBatch = endpoint(routes.integration.productBatch, {
  tags: ["integration"],
  security,
  summary: "Create or update up to 1,000 products by code, with a result per item",
  description:
    "A bad item fails only itself: its result has status `failed` and the `issues` with field paths; every other item is written, all of them in one transaction. A code given twice fails its second item. The answer is 200 whenever the request itself is well formed; `failed` counts the items to send again.",
  request: {
    body: jsonBody(
      z.object({
        products: z
          // Each item is checked on its own (IntegrationProductInput plus its code), so that a
          // bad item fails alone.
          .array(z.record(z.string(), z.unknown()))
          .min(1)
          .max(MAX_BATCH_PRODUCTS, `At most ${MAX_BATCH_PRODUCTS} products per batch.`),
      }),
    ),
  },
  responses: {
    200: json(
      z.object({
        results: z.array(BatchResultSchema),
        created: z.number().int(),
        updated: z.number().int(),
        unchanged: z.number().int(),
        failed: z.number().int(),
      }),
      "A result per item, in the order sent",
    ),
    400: problem("The request is not a list of 1 to 1,000 products"),
    ...keyRefusals,
    409: problem("Another write took a code or web address at the same moment: send the batch again"),
  },
});

export const uploadPicture = endpoint(routes.integration.uploadPicture, {
  tags: ["integration"],
  security,
  summary:
    "Upload a picture (the request body is the JPEG, PNG or WebP file, at most 10 MB); name its token in a product's pictures as { upload: token }",
  responses: {
    201: json(
      z.object({
        token: z.string(),
        url: z.string(),
        smUrl: z.string(),
        width: z.number().int(),
        height: z.number().int(),
      }),
      "Stored as WebP at 600 px with a 150 px thumbnail",
    ),
    400: problem("Not a picture this shop can read"),
    409: problem("The store's pictures would go over its quota (UPLOAD_QUOTA_MB)"),
    ...keyRefusals,
    413: problem("Larger than 10 MB"),
  },
});
