// The back office's blog endpoints (contract): the list of posts (by state, searched by title),
// one post with everything its editor shows, create/update/delete, a preview of the post as the
// storefront will show it (the body sanitised and its pictures sized), and picture uploads for
// the body and the cover. Reading needs content.read, writing content.write.
import { z } from "zod";
import { BLOG_TRANSLATED_FIELDS, BlogPostInput } from "../../admin/blog";
import { Versioned } from "../../admin/taxonomy";
import { translationsOutput } from "../../admin/translations";
import { BLOG_STATUSES } from "../../blog";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { blogRoutes as routes } from "./blog.routes";
import { adminEndpoint } from "./endpoint";
import { IdParams, OkSchema, pageOf, UploadedImage, Version, VersionQuery } from "./taxonomy";

const tags = ["admin", "admin-blog"];
const WRITE_ERRORS = {
  400: errorResponse("Invalid input: `details.fields` names each field's problem"),
  404: errorResponse("No such post"),
  409: errorResponse("edit_conflict (changed since it was read) or duplicate (the web address is taken)"),
};

/** What the list shows: draft, published (live) or scheduled (published, its date still to come). */
export const BLOG_POST_STATES = ["draft", "published", "scheduled"] as const;
export type BlogPostState = (typeof BLOG_POST_STATES)[number];

export const BlogListQuery = z.object({
  state: z
    .enum(["all", ...BLOG_POST_STATES], { error: "Choose all, draft, published or scheduled." })
    .default("all"),
  q: z.string().trim().max(100, "Search for at most 100 characters.").optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const State = z.enum(BLOG_POST_STATES);
const IsoDate = z.string().meta({ description: "ISO date-time" });

export const AdminBlogPostRow = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    status: z.enum(BLOG_STATUSES),
    state: State,
    publishedAt: IsoDate.nullable(),
    tags: z.array(z.string()),
    coverUrl: z.string().nullable(),
    updatedAt: IsoDate,
  })
  .meta({ id: "AdminBlogPostRow" });
export type AdminBlogPostRow = z.output<typeof AdminBlogPostRow>;

export const AdminBlogProduct = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    picture: z.string().nullable().meta({ description: "The first picture's thumbnail" }),
    deleted: z.boolean().meta({ description: "Deleted from the shop: the post does not show it" }),
  })
  .meta({ id: "AdminBlogProduct" });
export type AdminBlogProduct = z.output<typeof AdminBlogProduct>;

export const AdminBlogPost = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    bodyHtml: z.string().meta({ description: "Sanitised HTML; pictures carry their width and height" }),
    cover: z.string().nullable(),
    coverWidth: z.number().int().nullable(),
    coverHeight: z.number().int().nullable(),
    coverAlt: z.string(),
    tags: z.array(z.string()),
    status: z.enum(BLOG_STATUSES),
    state: State,
    publishedAt: IsoDate.nullable(),
    author: z.string(),
    seoTitle: z.string().nullable(),
    seoDescription: z.string().nullable(),
    products: z.array(AdminBlogProduct).meta({ description: "Related products, in the post's order" }),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    storefrontUrl: z.string().meta({ description: "The post's path on the storefront" }),
    translations: translationsOutput(BLOG_TRANSLATED_FIELDS),
    version: Version,
  })
  .meta({ id: "AdminBlogPost" });
export type AdminBlogPost = z.output<typeof AdminBlogPost>;

const BlogCover = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
const Neighbour = z.object({ slug: z.string(), title: z.string() }).nullable();

/** core/blog.ts BlogPostView: what the storefront's article renders. */
export const BlogPostPreview = z
  .object({
    post: z.object({
      slug: z.string(),
      title: z.string(),
      excerpt: z.string(),
      cover: BlogCover.nullable(),
      tags: z.array(z.string()),
      publishedAt: IsoDate,
      author: z.string(),
      html: z.string(),
      seoTitle: z.string().nullable(),
      seoDescription: z.string().nullable(),
      updatedAt: IsoDate,
      previous: Neighbour,
      next: Neighbour,
    }),
    products: z.array(AdminBlogProduct),
    /** The storefront's Blog texts (English, compiled for use-intl) that the article shows around the post. */
    messages: z.record(z.string(), z.record(z.string(), z.json())),
  })
  .meta({ id: "AdminBlogPreview" });
export type BlogPostPreview = z.output<typeof BlogPostPreview>;

export const list = adminEndpoint(routes.list, {
  permission: "content.read",
  tags,
  summary: "Blog posts, last changed first, by state and searched by title",
  request: { query: BlogListQuery },
  responses: { 200: json(pageOf(AdminBlogPostRow), "A page"), 400: errorResponse("Invalid query") },
});

export const get = adminEndpoint(routes.get, {
  permission: "content.read",
  tags,
  summary: "One post with its related products and its version",
  request: { params: IdParams },
  responses: { 200: json(AdminBlogPost, "The post"), 404: errorResponse("No such post") },
});

export const create = adminEndpoint(routes.create, {
  permission: "content.write",
  tags,
  summary: "Write a post (draft, published now, or scheduled by a future publish date)",
  description:
    "The body is sanitised and its pictures sized; the slug is made from the title when empty; related products are saved in the order given.",
  request: { body: jsonBody(BlogPostInput) },
  responses: { 201: json(AdminBlogPost, "Added"), ...WRITE_ERRORS },
});

export const update = adminEndpoint(routes.update, {
  permission: "content.write",
  tags,
  summary: "Edit a post (send the version it was read at)",
  request: { params: IdParams, body: jsonBody(BlogPostInput.and(Versioned)) },
  responses: { 200: json(AdminBlogPost, "Saved"), ...WRITE_ERRORS },
});

export const remove = adminEndpoint(routes.remove, {
  permission: "content.write",
  tags,
  summary: "Delete a post (its cover picture's file goes with it)",
  request: { params: IdParams, query: VersionQuery },
  responses: { 200: json(OkSchema, "Deleted"), 404: errorResponse("No such post"), 409: WRITE_ERRORS[409] },
});

export const preview = adminEndpoint(routes.preview, {
  permission: "content.read",
  tags,
  summary: "The post as the storefront will show it, without saving (the body sanitised, pictures sized)",
  request: { body: jsonBody(BlogPostInput) },
  responses: { 200: json(BlogPostPreview, "The post's article"), 400: WRITE_ERRORS[400] },
});

export const BLOG_IMAGE_KINDS = ["body", "cover"] as const;

export const uploadImage = adminEndpoint(routes.uploadImage, {
  permission: "content.write",
  tags,
  summary:
    "Upload a picture for a post's body or its cover (multipart/form-data, field `file`: JPEG, PNG or WebP up to 10 MB)",
  description:
    "Answers the stored WebP's URL and size. Body pictures fit 1200 px wide; covers fill 1200x630. Put a body picture in the body as <img src alt>; save a cover's URL as the post's `cover`.",
  request: { query: z.object({ kind: z.enum(BLOG_IMAGE_KINDS, { error: "Choose body or cover." }) }) },
  responses: {
    201: json(UploadedImage, "The stored picture"),
    400: errorResponse("Not a JPEG, PNG or WebP picture, or too large"),
    409: errorResponse("The store's pictures would go over its quota (UPLOAD_QUOTA_MB)"),
    413: errorResponse("The request is too large"),
    429: errorResponse("Too many uploads from this member of staff or address in ten minutes"),
  },
});
