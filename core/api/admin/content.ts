// The back office's content endpoints (contract): the about and contact page texts and
// pictures, the terms / privacy / returns sections, hero slides, the store's SEO text, shipping
// methods, warehouses and stored reviews.
import { z } from "zod";
import {
  LegalPageSchema,
  NewWarehouseInput,
  PAGE_CONTENT_POSITIONS,
  PageContentInput,
  ReviewInput,
  SEO_FIELDS,
  SectionInput,
  SeoInput,
  ShippingInput,
  SlideInput,
  WarehouseInput,
} from "../../admin/content";
import { ReorderInput, Versioned } from "../../admin/taxonomy";
import { translationsOutput } from "../../admin/translations";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { contentRoutes as routes } from "./content.routes";
import { adminEndpoint } from "./endpoint";
import { crudEndpoints, IdParams, OkSchema, PageQuery, pageOf, UploadedImage, Version } from "./taxonomy";

const tags = ["admin", "admin-content"];
const WRITE_ERRORS = {
  400: errorResponse("Invalid input: `details.fields` names each field's problem"),
  404: errorResponse("No such record"),
  409: errorResponse("edit_conflict: changed since it was read"),
};

// ---- page content (about, contact)

export const AdminPageContent = z
  .object({
    position: z.string(),
    group: z.enum(["about", "contact"]),
    label: z.string(),
    image: z.boolean().meta({ description: "The position holds a picture (its text describes it)" }),
    text: z.string(),
    img: z.string().nullable(),
    translations: translationsOutput(["text"]),
    version: Version,
  })
  .meta({ id: "AdminPageContent" });
export type AdminPageContent = z.output<typeof AdminPageContent>;

export const listPageContent = adminEndpoint(routes.listPageContent, {
  permission: "content.read",
  tags,
  summary: "The about and contact pages' texts and pictures, by position",
  responses: { 200: json(z.object({ items: z.array(AdminPageContent) }), "Every position") },
});

export const updatePageContent = adminEndpoint(routes.updatePageContent, {
  permission: "content.write",
  tags,
  summary: "Change one position's text and picture",
  request: {
    params: z.object({ position: z.enum(PAGE_CONTENT_POSITIONS as [string, ...string[]]) }),
    body: jsonBody(PageContentInput.extend(Versioned.shape)),
  },
  responses: { 200: json(AdminPageContent, "Saved"), ...WRITE_ERRORS },
});

// ---- terms / privacy / returns sections

export const AdminSection = z
  .object({
    id: z.number().int(),
    page: LegalPageSchema,
    seq: z.number().int(),
    title: z.string(),
    bodyHtml: z.string(),
    translations: translationsOutput(["title", "bodyHtml"]),
    version: Version,
  })
  .meta({ id: "AdminSection" });
export type AdminSection = z.output<typeof AdminSection>;

const sections = crudEndpoints(
  {
    list: routes.listSections,
    get: routes.getSection,
    create: routes.createSection,
    update: routes.updateSection,
    remove: routes.deleteSection,
    reorder: routes.reorderSections,
  },
  {
    tag: "admin-content",
    noun: "page section",
    read: "content.read",
    write: "content.write",
    item: AdminSection,
    input: SectionInput,
    update: SectionInput.extend(Versioned.shape),
    query: PageQuery.extend({ legal: LegalPageSchema.optional() }),
    reorder: ReorderInput.extend({ page: LegalPageSchema }),
  },
);
export const listSections = sections.list;
export const getSection = sections.get;
export const createSection = sections.create;
export const updateSection = sections.update;
export const deleteSection = sections.remove;
export const reorderSections = sections.reorder;

// ---- hero slides

export const AdminSlide = z
  .object({
    id: z.number().int(),
    seq: z.number().int(),
    imageSrc: z.string(),
    display: z.boolean(),
    introSubtitle: z.string().nullable(),
    introTitle1: z.string().nullable(),
    introTitle2: z.string().nullable(),
    introTitle3: z.string().nullable(),
    price: z.string().meta({ description: "Euros, e.g. 19.99; empty: no price" }),
    link: z.string(),
    linkTitle: z.string().nullable(),
    translations: translationsOutput([
      "introSubtitle",
      "introTitle1",
      "introTitle2",
      "introTitle3",
      "linkTitle",
    ]),
    version: Version,
  })
  .meta({ id: "AdminSlide" });
export type AdminSlide = z.output<typeof AdminSlide>;

const slides = crudEndpoints(
  {
    list: routes.listSlides,
    get: routes.getSlide,
    create: routes.createSlide,
    update: routes.updateSlide,
    remove: routes.deleteSlide,
    reorder: routes.reorderSlides,
  },
  {
    tag: "admin-content",
    noun: "slide",
    read: "content.read",
    write: "content.write",
    item: AdminSlide,
    input: SlideInput,
    update: SlideInput.extend(Versioned.shape),
    query: PageQuery,
    reorder: ReorderInput,
  },
);
export const listSlides = slides.list;
export const getSlide = slides.get;
export const createSlide = slides.create;
export const updateSlide = slides.update;
export const deleteSlide = slides.remove;
export const reorderSlides = slides.reorder;

// ---- SEO text

const SeoPageText = z.object({ title: z.string(), description: z.string() });
export const AdminSeo = z
  .object({
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    pages: z.record(z.string(), SeoPageText),
    translations: translationsOutput(SEO_FIELDS),
    version: Version,
  })
  .meta({ id: "AdminSeo" });
export type AdminSeo = z.output<typeof AdminSeo>;

export const getSeo = adminEndpoint(routes.getSeo, {
  permission: "content.read",
  tags,
  summary: "The store's default title, description and keywords, and each page's title and description",
  responses: { 200: json(AdminSeo, "The SEO text") },
});

export const updateSeo = adminEndpoint(routes.updateSeo, {
  permission: "content.write",
  tags,
  summary: "Change the SEO text (a page with an empty title and description uses the defaults)",
  request: { body: jsonBody(SeoInput.extend(Versioned.shape)) },
  responses: { 200: json(AdminSeo, "Saved"), 400: WRITE_ERRORS[400], 409: WRITE_ERRORS[409] },
});

// ---- shipping methods

export const AdminShipping = z
  .object({
    id: z.number().int(),
    description: z.string(),
    costCents: z.number().int(),
    weightBands: z.array(z.object({ upToGrams: z.number().int(), costCents: z.number().int() })),
    countries: z.array(z.string()).nullable(),
    seq: z.number().int(),
    active: z.boolean(),
    translations: translationsOutput(["description"]),
    version: Version,
  })
  .meta({ id: "AdminShippingMethod" });
export type AdminShipping = z.output<typeof AdminShipping>;

const shipping = crudEndpoints(
  {
    list: routes.listShipping,
    get: routes.getShipping,
    create: routes.createShipping,
    update: routes.updateShipping,
    remove: routes.deleteShipping,
    reorder: routes.reorderShipping,
  },
  {
    tag: "admin-content",
    noun: "shipping method",
    read: "content.read",
    write: "content.write",
    item: AdminShipping,
    input: ShippingInput,
    update: ShippingInput.extend(Versioned.shape),
    query: PageQuery,
    reorder: ReorderInput,
  },
);
/** The shipping list also names the shop's countries, which a method may be limited to. */
export const listShipping = adminEndpoint(routes.listShipping, {
  permission: "content.read",
  tags,
  summary: "Shipping methods in display order, and the countries the shop ships to",
  request: { query: PageQuery },
  responses: {
    200: json(
      pageOf(AdminShipping).extend({
        storeCountries: z.array(z.object({ code: z.string(), name: z.string() })),
      }),
      "A page",
    ),
    400: errorResponse("Invalid query"),
  },
});
export const getShipping = shipping.get;
export const createShipping = shipping.create;
export const updateShipping = shipping.update;
export const deleteShipping = shipping.remove;
export const reorderShipping = shipping.reorder;

// ---- warehouses (no delete: stock and orders name them)

export const AdminWarehouse = z
  .object({
    id: z.number().int(),
    code: z.string(),
    webDescription: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    workingDays: z.string().nullable(),
    weekend: z.string().nullable(),
    address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    showOnWeb: z.boolean(),
    version: Version,
  })
  .meta({ id: "AdminWarehouse" });
export type AdminWarehouse = z.output<typeof AdminWarehouse>;

export const listWarehouses = adminEndpoint(routes.listWarehouses, {
  permission: "content.read",
  tags,
  summary: "Warehouses (the shops shown on the contact page)",
  request: { query: PageQuery },
  responses: { 200: json(pageOf(AdminWarehouse), "A page"), 400: errorResponse("Invalid query") },
});
export const getWarehouse = adminEndpoint(routes.getWarehouse, {
  permission: "content.read",
  tags,
  summary: "One warehouse and its version",
  request: { params: IdParams },
  responses: { 200: json(AdminWarehouse, "The record"), 404: errorResponse("No such record") },
});
export const createWarehouse = adminEndpoint(routes.createWarehouse, {
  permission: "content.write",
  tags,
  summary: "Add a warehouse",
  request: { body: jsonBody(NewWarehouseInput) },
  responses: { 201: json(AdminWarehouse, "Added"), ...WRITE_ERRORS },
});
export const updateWarehouse = adminEndpoint(routes.updateWarehouse, {
  permission: "content.write",
  tags,
  summary: "Edit a warehouse (send the version it was read at)",
  request: { params: IdParams, body: jsonBody(WarehouseInput.extend(Versioned.shape)) },
  responses: { 200: json(AdminWarehouse, "Saved"), ...WRITE_ERRORS },
});

// ---- stored reviews

export const AdminReview = z
  .object({
    id: z.number().int(),
    authorName: z.string(),
    rating: z.number().int(),
    text: z.string(),
    date: z.string().meta({ description: "YYYY-MM-DD" }),
    version: Version,
  })
  .meta({ id: "AdminReview" });
export type AdminReview = z.output<typeof AdminReview>;

export const listReviews = adminEndpoint(routes.listReviews, {
  permission: "content.read",
  tags,
  summary: "Stored reviews, newest first",
  request: { query: PageQuery },
  responses: { 200: json(pageOf(AdminReview), "A page"), 400: errorResponse("Invalid query") },
});
export const getReview = adminEndpoint(routes.getReview, {
  permission: "content.read",
  tags,
  summary: "One stored review and its version",
  request: { params: IdParams },
  responses: { 200: json(AdminReview, "The record"), 404: errorResponse("No such record") },
});
export const createReview = adminEndpoint(routes.createReview, {
  permission: "content.write",
  tags,
  summary: "Add a stored review",
  request: { body: jsonBody(ReviewInput) },
  responses: { 201: json(AdminReview, "Added"), ...WRITE_ERRORS },
});
export const updateReview = adminEndpoint(routes.updateReview, {
  permission: "content.write",
  tags,
  summary: "Edit a stored review (send the version it was read at)",
  request: { params: IdParams, body: jsonBody(ReviewInput.extend(Versioned.shape)) },
  responses: { 200: json(AdminReview, "Saved"), ...WRITE_ERRORS },
});
export const deleteReview = adminEndpoint(routes.deleteReview, {
  permission: "content.write",
  tags,
  summary: "Delete a stored review",
  request: { params: IdParams, query: z.object({ version: z.string().min(1).max(64).optional() }) },
  responses: { 200: json(OkSchema, "Deleted"), 404: errorResponse("No such record"), 409: WRITE_ERRORS[409] },
});

export const CONTENT_IMAGE_KINDS = ["slide", "page"] as const;

export const uploadImage = adminEndpoint(routes.uploadImage, {
  permission: "content.write",
  tags,
  summary:
    "Upload a slide or page picture (multipart/form-data, field `file`: JPEG, PNG or WebP up to 10 MB)",
  description:
    "Answers the stored WebP's URL; save it as the slide's `imageSrc` or the position's `img`. Slides fill 1920x500, page pictures fit 1600x800.",
  request: { query: z.object({ kind: z.enum(CONTENT_IMAGE_KINDS) }) },
  responses: {
    201: json(UploadedImage, "The stored picture"),
    400: errorResponse("Not a JPEG, PNG or WebP picture, or too large"),
    409: errorResponse("The store's pictures would go over its quota (UPLOAD_QUOTA_MB)"),
    413: errorResponse("The request is too large"),
    429: errorResponse("Too many uploads from this member of staff or address in ten minutes"),
  },
});
