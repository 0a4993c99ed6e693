// The blog editor's FormData as the API's input, checked in the browser with the schema the
// server uses (core/admin/blog.ts): a wrong field is marked before anything is sent. The input
// is sent as typed (tags as comma text, the date as ISO); the server parses it again.
import {
  BLOG_TRANSLATED_FIELDS,
  type BlogPostInput,
  BlogPostInput as Schema,
} from "../../../core/admin/blog";
import { STORE_TIME_ZONE, zoneOffsetMs } from "../../../core/time-zone";
import { readTranslationsForm } from "../ui/translations";

export type BlogFormResult =
  | { ok: true; input: BlogPostInput & { productIds: number[] }; version: string }
  | { ok: false; fields: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

const zoneOffset = (at: number, timeZone: string) => zoneOffsetMs(new Date(at), timeZone);

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * "2026-12-01T09:30" as the shop's clock reads it (the back office shows every time in the shop's
 * time zone) -> an ISO date-time; "" stays "", anything else is left for the schema to refuse.
 */
export function isoFromLocal(value: string, timeZone = STORE_TIME_ZONE): string {
  const m = LOCAL.exec(value);
  if (!m) return value;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let at = wall - zoneOffset(wall, timeZone);
  // Across a change of summer time the first guess is an hour off: measure again where it landed.
  at = wall - zoneOffset(at, timeZone);
  return new Date(at).toISOString();
}

/** An ISO date-time -> "2026-12-01T09:30" for a datetime-local field, on the shop's clock. */
export function localFromIso(iso: string | null, timeZone = STORE_TIME_ZONE): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  return new Date(at + zoneOffset(at, timeZone)).toISOString().slice(0, 16);
}

export function readBlogForm(form: FormData): BlogFormResult {
  const input = {
    title: text(form, "title"),
    slug: text(form, "slug"),
    excerpt: text(form, "excerpt"),
    bodyHtml: String(form.get("bodyHtml") ?? ""),
    cover: text(form, "cover"),
    coverAlt: text(form, "coverAlt"),
    tags: text(form, "tags"),
    status: text(form, "status") === "published" ? ("published" as const) : ("draft" as const),
    publishedAt: isoFromLocal(text(form, "publishedAt")),
    author: text(form, "author"),
    seoTitle: text(form, "seoTitle"),
    seoDescription: text(form, "seoDescription"),
    productIds: form
      .getAll("productIds")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    translations: readTranslationsForm(form, BLOG_TRANSLATED_FIELDS),
  };
  const checked = Schema.safeParse(input);
  if (!checked.success) {
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      // A translation's field is named as its form field: el.title.
      const name =
        issue.path[0] === "translations" && issue.path.length >= 3
          ? issue.path.slice(1, 3).join(".")
          : String(issue.path[0] ?? "");
      if (name && !fields[name]) fields[name] = issue.message;
    }
    return { ok: false, fields };
  }
  return { ok: true, input, version: text(form, "version") };
}
