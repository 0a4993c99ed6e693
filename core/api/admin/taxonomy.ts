// The back office's category and brand endpoints (contract): master categories, sub-categories
// and brands, each listed, read, created, edited (with the version it was read at), deleted
// when no product uses it, and reordered. `crudEndpoints` is shared with the content area.
import { z } from "zod";
import type { Permission } from "../../admin/permissions";
import {
  BrandInput,
  CategoryInput,
  MasterCategoryInput,
  ReorderInput,
  Versioned,
} from "../../admin/taxonomy";
import { translationsOutput } from "../../admin/translations";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import type { ApiRoute } from "../routes";
import { adminEndpoint } from "./endpoint";
import { taxonomyRoutes as routes } from "./taxonomy.routes";

export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const VersionQuery = z.object({ version: z.string().min(1).max(64).optional() });
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export const OkSchema = z.object({ ok: z.literal(true) });

export const Version = z
  .string()
  .meta({ description: "Send it back with an edit: a change since is refused" });

export function pageOf<S extends z.ZodType>(item: S) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

const WRITE_ERRORS = {
  400: errorResponse("Invalid input: `details.fields` names each field's problem"),
  404: errorResponse("No such record"),
  409: errorResponse("edit_conflict (changed since it was read), duplicate code, or still in use"),
};

/** list, get, create, update, delete and reorder of one kind of record. */
export function crudEndpoints<
  L extends ApiRoute,
  G extends ApiRoute,
  C extends ApiRoute,
  U extends ApiRoute,
  D extends ApiRoute,
  O extends ApiRoute,
  Item extends z.ZodType,
  Input extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodObject,
  Reorder extends z.ZodObject,
>(
  r: { list: L; get: G; create: C; update: U; remove: D; reorder: O },
  o: {
    tag: string;
    noun: string;
    read: Permission;
    write: Permission;
    item: Item;
    input: Input;
    /** The input with the version it was read at. */
    update: Update;
    query: Query;
    reorder: Reorder;
  },
) {
  const tags = ["admin", o.tag];
  return {
    list: adminEndpoint(r.list, {
      permission: o.read,
      tags,
      summary: `${o.noun}: a page, in display order`,
      request: { query: o.query },
      responses: { 200: json(pageOf(o.item), "A page"), 400: errorResponse("Invalid query") },
    }),
    get: adminEndpoint(r.get, {
      permission: o.read,
      tags,
      summary: `One ${o.noun} and its version`,
      request: { params: IdParams },
      responses: { 200: json(o.item, "The record"), 404: errorResponse("No such record") },
    }),
    create: adminEndpoint(r.create, {
      permission: o.write,
      tags,
      summary: `Add a ${o.noun}`,
      request: { body: jsonBody(o.input) },
      responses: { 201: json(o.item, "Added"), ...WRITE_ERRORS },
    }),
    update: adminEndpoint(r.update, {
      permission: o.write,
      tags,
      summary: `Edit a ${o.noun} (send the version it was read at)`,
      request: { params: IdParams, body: jsonBody(o.update) },
      responses: { 200: json(o.item, "Saved"), ...WRITE_ERRORS },
    }),
    remove: adminEndpoint(r.remove, {
      permission: o.write,
      tags,
      summary: `Delete a ${o.noun}`,
      request: { params: IdParams, query: VersionQuery },
      responses: {
        200: json(OkSchema, "Deleted"),
        404: errorResponse("No such record"),
        409: WRITE_ERRORS[409],
      },
    }),
    reorder: adminEndpoint(r.reorder, {
      permission: o.write,
      tags,
      summary: `Put the ${o.noun} records in a new order (every id, first to last)`,
      request: { body: jsonBody(o.reorder) },
      responses: { 200: json(OkSchema, "Saved"), 400: WRITE_ERRORS[400], 409: WRITE_ERRORS[409] },
    }),
  };
}

const Image = z.string().nullable();

export const AdminMasterCategory = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    slug: z.string(),
    seq: z.number().int(),
    image: Image,
    subcategories: z.number().int().meta({ description: "How many sub-categories it holds" }),
    translations: translationsOutput(["description"]),
    version: Version,
  })
  .meta({ id: "AdminMasterCategory" });
export type AdminMasterCategory = z.output<typeof AdminMasterCategory>;

export const AdminCategory = z
  .object({
    id: z.number().int(),
    masterId: z.number().int(),
    masterDescription: z.string(),
    code: z.string(),
    description: z.string(),
    slug: z.string(),
    seq: z.number().int(),
    popular: z.boolean(),
    popularOrder: z.number().int(),
    image: Image,
    products: z.number().int().meta({ description: "How many products (deleted ones included) sit in it" }),
    translations: translationsOutput(["description"]),
    version: Version,
  })
  .meta({ id: "AdminCategory" });
export type AdminCategory = z.output<typeof AdminCategory>;

export const AdminBrand = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    seq: z.number().int(),
    showHome: z.boolean(),
    image: Image,
    products: z.number().int(),
    version: Version,
  })
  .meta({ id: "AdminBrand" });
export type AdminBrand = z.output<typeof AdminBrand>;

const masters = crudEndpoints(
  {
    list: routes.listMasters,
    get: routes.getMaster,
    create: routes.createMaster,
    update: routes.updateMaster,
    remove: routes.deleteMaster,
    reorder: routes.reorderMasters,
  },
  {
    tag: "admin-taxonomy",
    noun: "master category",
    read: "catalog.read",
    write: "catalog.write",
    item: AdminMasterCategory,
    input: MasterCategoryInput,
    update: MasterCategoryInput.extend(Versioned.shape),
    query: PageQuery,
    reorder: ReorderInput,
  },
);
export const listMasters = masters.list;
export const getMaster = masters.get;
export const createMaster = masters.create;
export const updateMaster = masters.update;
export const deleteMaster = masters.remove;
export const reorderMasters = masters.reorder;

const categories = crudEndpoints(
  {
    list: routes.listCategories,
    get: routes.getCategory,
    create: routes.createCategory,
    update: routes.updateCategory,
    remove: routes.deleteCategory,
    reorder: routes.reorderCategories,
  },
  {
    tag: "admin-taxonomy",
    noun: "sub-category",
    read: "catalog.read",
    write: "catalog.write",
    item: AdminCategory,
    input: CategoryInput,
    update: CategoryInput.extend(Versioned.shape),
    query: PageQuery.extend({
      masterId: z.coerce.number().int().positive().optional(),
      popular: z.enum(["true", "false"]).optional(),
    }),
    reorder: ReorderInput.extend({ masterId: z.number().int().positive() }),
  },
);
export const listCategories = categories.list;
export const getCategory = categories.get;
export const createCategory = categories.create;
export const updateCategory = categories.update;
export const deleteCategory = categories.remove;
export const reorderCategories = categories.reorder;

const brandEndpoints = crudEndpoints(
  {
    list: routes.listBrands,
    get: routes.getBrand,
    create: routes.createBrand,
    update: routes.updateBrand,
    remove: routes.deleteBrand,
    reorder: routes.reorderBrands,
  },
  {
    tag: "admin-taxonomy",
    noun: "brand",
    read: "catalog.read",
    write: "catalog.write",
    item: AdminBrand,
    input: BrandInput,
    update: BrandInput.extend(Versioned.shape),
    query: PageQuery,
    reorder: ReorderInput,
  },
);
export const listBrands = brandEndpoints.list;
export const getBrand = brandEndpoints.get;
export const createBrand = brandEndpoints.create;
export const updateBrand = brandEndpoints.update;
export const deleteBrand = brandEndpoints.remove;
export const reorderBrands = brandEndpoints.reorder;

export const UploadedImage = z
  .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: "AdminUploadedImage" });

export const TAXONOMY_IMAGE_KINDS = ["brand", "category"] as const;

export const uploadImage = adminEndpoint(routes.uploadImage, {
  permission: "catalog.write",
  tags: ["admin", "admin-taxonomy"],
  summary:
    "Upload a brand logo or a category picture (multipart/form-data, field `file`: JPEG, PNG or WebP up to 10 MB)",
  description:
    "Answers the stored WebP's URL; save it as the record's `image`. Brand logos fit 400x200, category pictures fill 600x400.",
  request: { query: z.object({ kind: z.enum(TAXONOMY_IMAGE_KINDS) }) },
  responses: {
    201: json(UploadedImage, "The stored picture"),
    400: errorResponse("Not a JPEG, PNG or WebP picture, or too large"),
    409: errorResponse("The store's pictures would go over its quota (UPLOAD_QUOTA_MB)"),
    413: errorResponse("The request is too large"),
    429: errorResponse("Too many uploads from this member of staff or address in ten minutes"),
  },
});
