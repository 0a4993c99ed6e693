// The blog's rules, shared by the storefront, the back office and the server: how tags are
// written, when a post shows, how its date reads, the blog's URLs and what a post looks like on
// the storefront. The editor's form schema is in core/admin/blog.ts.
import type { Lang } from "./language";
import { STORE_TIME_ZONE } from "./time-zone";
import type { Untranslated } from "./translation";

/** Posts per page of /blog. */
export const BLOG_PAGE_SIZE = 9;
/** Related products a post may recommend. */
export const BLOG_MAX_PRODUCTS = 12;
export const BLOG_MAX_TAGS = 8;

export const BLOG_STATUSES = ["draft", "published"] as const;

/** A tag as stored and shown in URLs: trimmed, lower-case, single spaces. */
export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, " ");
}

/** "Guides, coils ,guides" -> ["guides", "coils"]: comma-separated, each once, in order. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(",").map(normaliseTag).filter(Boolean))];
}

/** A post shows on the storefront once published and its publish date has come. */
export function isPostVisible(post: { status: string; publishedAt: Date | null }, now: Date): boolean {
  return post.status === "published" && post.publishedAt !== null && post.publishedAt <= now;
}

const DATE_LOCALES: Record<Lang, string> = { en: "en-GB", el: "el-GR" };
const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

/**
 * "26 November 2026" ("26 Νοεμβρίου 2026" in Greek), the same on the server and in the browser
 * (the store's time zone). Made on first use: the blog is not a first-load page, but the module is.
 */
export function formatBlogDate(iso: string, lang: Lang = "en"): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: STORE_TIME_ZONE,
    });
    dateFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}

export const blogPostPath = (slug: string) => `/blog/${slug}`;

/** /blog, /blog?tag=coils, /blog?page=2 ... */
export function blogListPath(opts: { tag?: string | null; page?: number }): string {
  const q = new URLSearchParams();
  if (opts.tag) q.set("tag", opts.tag);
  if (opts.page && opts.page > 1) q.set("page", String(opts.page));
  return q.size ? `/blog?${q}` : "/blog";
}

/** A post's cover picture, always with its size (no layout shift). */
export interface BlogCover {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A post as the list shows it, in the page's language; `untranslated` names what is shown in
 * English ("title", "excerpt", "coverAlt"; on a post's page also "html").
 */
export interface BlogPostSummary extends Untranslated {
  slug: string;
  title: string;
  excerpt: string;
  cover: BlogCover | null;
  tags: string[];
  /** ISO date-time. */
  publishedAt: string;
  author: string;
}

/** The older or newer post a post's page links to. */
export interface BlogNeighbour extends Untranslated {
  slug: string;
  title: string;
}

/** A post's page: its sanitised body (pictures with width and height) and its neighbours. */
export interface BlogPostView extends BlogPostSummary {
  html: string;
  seoTitle: string | null;
  seoDescription: string | null;
  /** ISO date-time. */
  updatedAt: string;
  previous: BlogNeighbour | null;
  next: BlogNeighbour | null;
}
