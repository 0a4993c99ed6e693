// The back office's blog post form: what each field may hold, one zod schema for the editor and
// the contract. The storefront's rules are in core/blog.ts.
import { z } from "zod";
import { BLOG_MAX_PRODUCTS, BLOG_MAX_TAGS, BLOG_STATUSES, parseTags } from "../blog";
import { slugify } from "./catalog";
import { OptionalImage } from "./taxonomy";
import { translatedText, translationsInput } from "./translations";

/** A post's words that are translated: one list for the editor's form and the API's answer. */
export const BLOG_TRANSLATED_FIELDS = [
  "title",
  "excerpt",
  "bodyHtml",
  "coverAlt",
  "seoTitle",
  "seoDescription",
] as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TAG = /^[\p{L}\p{N}]+(?:[ -][\p{L}\p{N}]+)*$/u;

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters for the ${what}.`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null);

/** The back office's post form; the server fills the slug from the title when it is empty. */
export const BlogPostInput = z
  .object({
    title: z.string().trim().min(1, "Enter a title.").max(200, "Use at most 200 characters."),
    slug: z
      .string()
      .trim()
      .max(120, "Use at most 120 characters.")
      .refine((v) => v === "" || SLUG.test(v), "Use lower-case letters, digits and single hyphens.")
      .default(""),
    excerpt: z.string().trim().max(500, "Use at most 500 characters for the summary.").default(""),
    /** HTML; sanitised on the server before it is stored. */
    bodyHtml: z.string().trim().min(1, "Write the post.").max(200_000, "The post is too long."),
    cover: OptionalImage.default(null),
    coverAlt: z.string().trim().max(200, "Use at most 200 characters.").default(""),
    tags: z
      .string()
      .max(400, "Too many tags.")
      .default("")
      .transform(parseTags)
      .pipe(
        z
          .array(
            z
              .string()
              .max(40, "Keep each tag under 40 characters.")
              .regex(TAG, "Tags use letters and digits."),
          )
          .max(BLOG_MAX_TAGS, `Use at most ${BLOG_MAX_TAGS} tags.`),
      ),
    status: z.enum(BLOG_STATUSES, { error: "Choose draft or published." }).default("draft"),
    /** ISO date-time; empty: now, when the post is published. */
    publishedAt: z
      .union([
        z.literal("").transform(() => null),
        z.iso.datetime({ offset: true, error: "Enter a date and time." }),
      ])
      .nullable()
      .default(null),
    author: z.string().trim().max(100, "Use at most 100 characters.").default(""),
    seoTitle: optionalText(70, "search title"),
    seoDescription: optionalText(170, "search description"),
    productIds: z
      .array(z.number().int().positive())
      .max(BLOG_MAX_PRODUCTS, `Recommend at most ${BLOG_MAX_PRODUCTS} products.`)
      .default([]),
    /** The post's words in the store's other languages (one slug for all); absent: left as they are. */
    translations: translationsInput({
      title: translatedText(200, "The title"),
      excerpt: translatedText(500, "The summary"),
      bodyHtml: translatedText(200_000, "The post"),
      coverAlt: translatedText(200, "The cover's description"),
      seoTitle: translatedText(70, "The search title"),
      seoDescription: translatedText(170, "The search description"),
    }),
  })
  .transform((v) => ({ ...v, slug: v.slug || slugify(v.title), productIds: [...new Set(v.productIds)] }))
  .refine((v) => v.slug !== "", { path: ["slug"], message: "Enter a web address for the post." })
  .refine((v) => v.cover === null || v.coverAlt !== "", {
    path: ["coverAlt"],
    message: "Describe the cover picture for visitors who cannot see it.",
  });
export type BlogPostInput = z.input<typeof BlogPostInput>;
export type BlogPostValues = z.output<typeof BlogPostInput>;
