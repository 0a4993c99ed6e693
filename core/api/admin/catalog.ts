// The back office's catalog endpoints (contract): the product list, one product with everything
// its form edits, create/update/soft delete/restore, stock per warehouse, and pictures (upload,
// order, delete). Reading needs catalog.read (every role); writing catalog.write.

import { z } from "zod";
import {
  BulkEditInput,
  ImageOrderInput,
  PRODUCT_SORTS,
  PRODUCT_STATES,
  ProductCreateInput,
  ProductIdParam,
  ProductImageParam,
  ProductListQuery,
  ProductStateInput,
  ProductUpdateInput,
  StockInput,
} from "../../admin/catalog";
import { translationsOutput } from "../../admin/translations";
import { REGULATORY_CLASSES, WARNING_CODES } from "../../regulatory";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { catalogRoutes as routes } from "./catalog.routes";
import { adminEndpoint } from "./endpoint";

export const AdminProductRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  priceCents: z.number().int(),
  salePriceCents: z.number().int().nullable(),
  stock: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Stock of the store's warehouse (all warehouses when none is set)" }),
  brandName: z.string().nullable(),
  picture: z.string().nullable().meta({ description: "The first picture's thumbnail" }),
  isNew: z.boolean(),
  isTop: z.boolean(),
  isHot: z.boolean(),
  popupAd: z.boolean(),
  deleted: z.boolean(),
  state: z.enum(PRODUCT_STATES),
  updatedAt: z.string(),
});

export const AdminProductListSchema = z.object({
  products: z.array(AdminProductRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  sort: z.enum(PRODUCT_SORTS),
  dir: z.enum(["asc", "desc"]),
});

export const AdminImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  smUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  seq: z.number().int(),
});

export const AdminStockLineSchema = z.object({
  warehouseId: z.number().int(),
  warehouse: z.string(),
  qty: z.number().int().nullable().meta({ description: "null: no stock row in this warehouse yet" }),
  web: z.boolean().meta({ description: "The warehouse the storefront shows and sells from" }),
});

export const AdminProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  priceCents: z.number().int(),
  salePriceCents: z.number().int().nullable(),
  vatRate: z.number().int(),
  /** Grams per unit; null: made before weights and not weighed since. */
  weightGrams: z.number().int().nullable(),
  isNew: z.boolean(),
  isTop: z.boolean(),
  isHot: z.boolean(),
  popupAd: z.boolean(),
  shortDesc: z.string(),
  longDescHtml: z.string(),
  videoUrl: z.string().nullable(),
  categoryIds: z.array(z.number().int()),
  brandId: z.number().int().nullable(),
  variantGroup: z.string().nullable(),
  variantLabel: z.string().nullable(),
  variants: z.array(
    z.object({
      id: z.number().int(),
      color: z.string(),
      colorName: z.string(),
      size: z.string(),
      priceCents: z.number().int().nullable().meta({
        description: "The variant's own price; null: it sells at the product's price and sale price",
      }),
    }),
  ),
  priceNotice: z.string().nullable().meta({
    description:
      "Set when colour/size variants have prices of their own that the product's prices do not reach",
  }),
  priceListPrices: z.array(z.object({ priceListId: z.number().int(), priceCents: z.number().int() })),
  regulatoryClass: z.enum(REGULATORY_CLASSES),
  nicotineMgPerMl: z.number().nullable(),
  volumeMl: z.number().nullable(),
  tankCapacityMl: z.number().nullable(),
  ecId: z.string().nullable(),
  manufacturerId: z.number().int().nullable().meta({ description: "null: the brand's manufacturer" }),
  responsiblePersonId: z
    .number()
    .int()
    .nullable()
    .meta({ description: "null: the brand's responsible person" }),
  warnings: z.array(z.enum(WARNING_CODES)),
  deleted: z.boolean(),
  state: z.enum(PRODUCT_STATES).meta({
    description: "published: the shop shows it; draft: never published; inactive: withdrawn",
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.string().meta({ description: "Send it back with the save; a changed record answers 409" }),
  images: z.array(AdminImageSchema),
  stock: z.array(AdminStockLineSchema),
  storefrontUrl: z.string().meta({ description: "The product page's path on the storefront" }),
  translations: translationsOutput(["name", "shortDesc", "longDescHtml", "variantLabel"]),
});

export const AdminProductOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), master: z.string() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Manufacturers and EU responsible persons (docs/decisions/0058). */
  operators: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
  priceLists: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string(), web: z.boolean() })),
  defaultVatRate: z.number().int(),
  lowStockThreshold: z.number().int(),
});

const productResponse = json(AdminProductSchema, "The product as its form shows it");
const fieldErrors = errorResponse("Invalid input: `details.fields` names the fields and what is wrong");

export const list = adminEndpoint(routes.list, {
  permission: "catalog.read",
  tags: ["admin"],
  summary: "Products, one page at a time, sorted and filtered",
  request: { query: ProductListQuery },
  responses: {
    200: json(AdminProductListSchema, "One page of products"),
    400: errorResponse("Invalid query"),
  },
});

export const options = adminEndpoint(routes.options, {
  permission: "catalog.read",
  tags: ["admin"],
  summary: "What the product form and filters choose from: categories, brands, price lists, warehouses",
  responses: { 200: json(AdminProductOptionsSchema, "The choices") },
});

export const AdminComplianceBreachSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  state: z.enum(PRODUCT_STATES),
  regulatoryClass: z.enum(REGULATORY_CLASSES),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type AdminComplianceBreach = z.output<typeof AdminComplianceBreachSchema>;

export const complianceBreaches = adminEndpoint(routes.complianceBreaches, {
  permission: "catalog.read",
  tags: ["admin"],
  summary:
    "Stored products that break a limit of Directive 2014/40/EU art. 20(3) (nicotine above 20 mg/ml, a nicotine refill above 10 ml, a tank above 2 ml), for the owner to fix",
  responses: {
    200: json(
      z.object({ items: z.array(AdminComplianceBreachSchema), total: z.number().int() }),
      "The products and what each breaks",
    ),
  },
});

export const one = adminEndpoint(routes.one, {
  permission: "catalog.read",
  tags: ["admin"],
  summary: "One product (deleted ones too) with its pictures, stock and version",
  request: { params: ProductIdParam },
  responses: {
    200: productResponse,
    400: errorResponse("Invalid id"),
    404: errorResponse("No such product"),
  },
});

export const create = adminEndpoint(routes.create, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Add a product",
  request: { body: jsonBody(ProductCreateInput) },
  responses: {
    201: json(AdminProductSchema, "The new product"),
    400: fieldErrors,
    409: errorResponse("The code or the web address is taken"),
  },
});

export const update = adminEndpoint(routes.update, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Save a product's details (with the version it was opened at)",
  request: { params: ProductIdParam, body: jsonBody(ProductUpdateInput) },
  responses: {
    200: productResponse,
    400: fieldErrors,
    404: errorResponse("No such product"),
    409: errorResponse(
      "edit_conflict: changed by someone else since it was opened; duplicate: code or address taken",
    ),
  },
});

export const remove = adminEndpoint(routes.remove, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Delete a product (soft: the shop stops showing it; it can be restored)",
  request: { params: ProductIdParam },
  responses: {
    200: productResponse,
    404: errorResponse("No such product"),
    409: errorResponse("Already deleted"),
  },
});

export const restore = adminEndpoint(routes.restore, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Restore a deleted product",
  request: { params: ProductIdParam },
  responses: {
    200: productResponse,
    404: errorResponse("No such product"),
    409: errorResponse("Not deleted"),
  },
});

export const state = adminEndpoint(routes.state, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Publish, deactivate, or keep as a draft (a product never published)",
  request: { params: ProductIdParam, body: jsonBody(ProductStateInput) },
  responses: {
    200: productResponse,
    400: errorResponse("Invalid state"),
    404: errorResponse("No such product"),
    409: errorResponse("A published product cannot become a draft again"),
  },
});

export const duplicate = adminEndpoint(routes.duplicate, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Copy a product as a draft: '(copy)' name, new code and address, no stock",
  request: { params: ProductIdParam },
  responses: {
    201: json(AdminProductSchema, "The copy"),
    404: errorResponse("No such product"),
  },
});

export const bulk = adminEndpoint(routes.bulk, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "One change (price, sale price, stock or state) to ticked products or every filter match",
  description:
    "One transaction: each product is checked by the product form's rules and audited; the first refused undoes all and is named in the message.",
  request: { body: jsonBody(BulkEditInput) },
  responses: {
    200: json(
      z.object({ matched: z.number().int(), changed: z.number().int() }),
      "How many products were named and how many changed",
    ),
    400: fieldErrors,
    404: errorResponse("A ticked product no longer exists"),
    409: errorResponse("A product's state cannot change so"),
  },
});

export const exportCsv = adminEndpoint(routes.exportCsv, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Every product as a catalogue file (the import's columns): importing it back changes nothing",
  responses: {
    200: {
      description: "text/csv with the header of docs/catalogue-import.md",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

export const stock = adminEndpoint(routes.stock, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Set stock per warehouse; back-in-stock mails go out when stock returns",
  request: { params: ProductIdParam, body: jsonBody(StockInput) },
  responses: {
    200: productResponse,
    400: fieldErrors,
    404: errorResponse("No such product"),
    409: errorResponse("edit_conflict: the stock changed since the form was opened"),
  },
});

export const uploadImage = adminEndpoint(routes.uploadImage, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Add a picture (multipart/form-data, field `file`: JPEG, PNG or WebP up to 10 MB)",
  description:
    "The picture is checked from its bytes, not its name, and stored as WebP at the storefront's sizes (600 px and a 150 px thumbnail).",
  request: { params: ProductIdParam },
  responses: {
    201: json(AdminImageSchema, "The stored picture"),
    400: errorResponse("Not a JPEG, PNG or WebP picture, or too large"),
    404: errorResponse("No such product"),
    409: errorResponse("The store's pictures would go over its quota (UPLOAD_QUOTA_MB)"),
    413: errorResponse("The request is too large"),
    429: errorResponse("Too many uploads from this member of staff or address in ten minutes"),
  },
});

export const orderImages = adminEndpoint(routes.orderImages, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Put the product's pictures in this order (the first is the main picture)",
  request: { params: ProductIdParam, body: jsonBody(ImageOrderInput) },
  responses: {
    200: json(z.object({ images: z.array(AdminImageSchema) }), "The pictures in their new order"),
    400: errorResponse("The list does not name exactly the product's pictures"),
    404: errorResponse("No such product"),
  },
});

export const removeImage = adminEndpoint(routes.removeImage, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Delete a picture (its files are removed after the record)",
  request: { params: ProductImageParam },
  responses: {
    200: json(z.object({ images: z.array(AdminImageSchema) }), "The pictures left"),
    404: errorResponse("No such picture on this product"),
  },
});

export const CatalogueImportResultSchema = z
  .object({
    status: z.enum(["invalid", "checked", "imported"]).meta({
      description:
        "invalid: nothing written, `errors` says why; checked: a dry run passed; imported: written",
    }),
    rowCount: z.number().int().meta({ description: "Data rows in the file (the header not counted)" }),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    ms: z.number().int().meta({ description: "How long the check or the import took" }),
    errors: z
      .array(
        z.object({
          line: z.number().int().meta({ description: "The file's line; the header is line 1" }),
          column: z.string().nullable().meta({ description: "The column; null: the whole line or file" }),
          message: z.string(),
        }),
      )
      .meta({ description: "The first 200 problems, in file order" }),
    errorCount: z.number().int().meta({ description: "Every problem, listed or not" }),
  })
  .meta({ id: "CatalogueImportResult" });

const csvUpload =
  "multipart/form-data, field `file`: a catalogue CSV (UTF-8, header row; columns in docs/catalogue-import.md), at most 10 MB.";

export const checkImport = adminEndpoint(routes.checkImport, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Check a catalogue file: every row, the database's checks too; nothing is written",
  description: `${csvUpload} Answers 200 with status \`checked\` and what would be created, updated or left unchanged, or status \`invalid\` and the problems.`,
  responses: {
    200: json(CatalogueImportResultSchema, "The check's result"),
    400: errorResponse("Not a multipart upload with a `file`"),
    413: errorResponse("The file is larger than 10 MB"),
  },
});

export const runImport = adminEndpoint(routes.runImport, {
  permission: "catalog.write",
  tags: ["admin"],
  summary: "Import a catalogue file: checked again, then written in one transaction",
  description: `${csvUpload} A file with any problem writes nothing and answers 400 with the result in \`details\`.`,
  responses: {
    200: json(CatalogueImportResultSchema, "Imported"),
    400: errorResponse("Problems in the file (`details` is a CatalogueImportResult), or no `file`"),
    413: errorResponse("The file is larger than 10 MB"),
  },
});
