// The back office's blog: the list of posts (draft, published, scheduled), one post with its
// related products, create/update/delete, the preview of an unsaved post, and its pictures.
// A save is one transaction: the post and its related products (in order), the version check,
// the slug check and the audit entry. Bodies go through prepareBlogBody (sanitised, pictures
// sized) and the cover's size is read from its file, never taken from the browser. A replaced or
// deleted cover's file, and a picture taken out of the body, is removed after the commit when no
// post names it any more.
// Throws ServiceError: invalid (details.fields), duplicate (slug), not_found, edit_conflict.
import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { BlogPostValues } from "../../core/admin/blog";
import type {
  AdminBlogPost,
  AdminBlogPostRow,
  AdminBlogProduct,
  BlogPostPreview,
  BlogPostState,
} from "../../core/api/admin/blog";
import { blogPostPath, isPostVisible } from "../../core/blog";
import { queryRows, type Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { blogPostProducts, blogPosts, blogPostTranslations } from "../../db/store/schema";
import { prepareBlogBody } from "../blog-body";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { messagesFor } from "../messages";
import { assertVersion, recordAudit, type StaffActor, versionOf } from "./audit";
import { fieldError } from "./content-records";
import { type ImageRendition, removeImageFiles, storedPictureSize, storeUploadedPicture } from "./images";
import {
  readRecordTranslations,
  type TranslationTable,
  translatedHtml,
  writeTranslations,
} from "./translations";

type PostRow = typeof blogPosts.$inferSelect;

const SLUG_TAKEN = "Another post already uses this web address. Choose another one.";
const notFound = () => new ServiceError("not_found", "This post no longer exists. Reload the list.");

/** Draft, published (showing) or scheduled (published, its date still to come). */
function stateOf(row: { status: string; publishedAt: Date | null }, now = new Date()): BlogPostState {
  if (row.status !== "published") return "draft";
  return isPostVisible(row, now) ? "published" : "scheduled";
}

const STATE_WHERE: Record<BlogPostState, () => SQL> = {
  draft: () => sql`${blogPosts.status} = 'draft'`,
  published: () => sql`${blogPosts.status} = 'published' and ${blogPosts.publishedAt} <= now()`,
  scheduled: () => sql`${blogPosts.status} = 'published' and ${blogPosts.publishedAt} > now()`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listPosts(
  store: StoreContext,
  q: { state: "all" | BlogPostState; q?: string | undefined; page: number; limit: number },
): Promise<{ items: AdminBlogPostRow[]; total: number; page: number; limit: number }> {
  const conds: SQL[] = [];
  if (q.state !== "all") conds.push(STATE_WHERE[q.state]());
  if (q.q) conds.push(sql`${blogPosts.title} ilike ${`%${escapeLike(q.q)}%`}`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [count]] = await Promise.all([
    store.db
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        slug: blogPosts.slug,
        status: blogPosts.status,
        publishedAt: blogPosts.publishedAt,
        tags: blogPosts.tags,
        coverUrl: blogPosts.coverUrl,
        updatedAt: blogPosts.updatedAt,
      })
      .from(blogPosts)
      .where(where)
      // Posts changed together (an import, the seed) list drafts, then the newest publish date.
      .orderBy(desc(blogPosts.updatedAt), sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    store.db.select({ n: sql<number>`count(*)::int` }).from(blogPosts).where(where),
  ]);
  const now = new Date();
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status === "published" ? "published" : "draft",
      state: stateOf(r, now),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      tags: r.tags,
      coverUrl: r.coverUrl,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** Products by id, in the order given (ids that name nothing are left out). */
async function productsOf(db: StoreContext["db"] | Tx, ids: number[]): Promise<AdminBlogProduct[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{
    id: number;
    code: string;
    name: string;
    deleted: boolean;
    picture: string | null;
  }>(
    db,
    sql`select p.id, p.code, p.name, p.deleted,
               (select i.sm_url from product_images i where i.product_id = p.id order by i.seq, i.id limit 1) as picture
          from products p where p.id in ${ids}`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [{ id, code: r.code, name: r.name, picture: r.picture ?? null, deleted: Boolean(r.deleted) }]
      : [];
  });
}

async function relatedIds(db: StoreContext["db"] | Tx, postId: number): Promise<number[]> {
  const rows = await db
    .select({ id: blogPostProducts.productId })
    .from(blogPostProducts)
    .where(eq(blogPostProducts.postId, postId))
    .orderBy(asc(blogPostProducts.seq), asc(blogPostProducts.productId));
  return rows.map((r) => r.id);
}

type PostTranslations = AdminBlogPost["translations"];

const BLOG_TRANSLATIONS: TranslationTable<
  "title" | "excerpt" | "bodyHtml" | "coverAlt" | "seoTitle" | "seoDescription"
> = {
  table: "blog_post_translations",
  key: "post_id",
  columns: {
    title: "title",
    excerpt: "excerpt",
    bodyHtml: "body_html",
    coverAlt: "cover_alt",
    seoTitle: "seo_title",
    seoDescription: "seo_description",
  },
};

/** What a version covers: the stored post, its related products in order, and its translations. */
const versionedOf = (row: PostRow, productIds: number[], translations: PostTranslations) =>
  versionOf({ ...row, productIds, translations });

/** The translations as sent, the body prepared and sanitised exactly as the English one. */
async function writePostTranslations(store: StoreContext, tx: Tx, id: number, input: BlogPostValues) {
  const el = input.translations?.el;
  if (!input.translations) return;
  const body = el?.bodyHtml ? await prepareBlogBody(store, el.bodyHtml) : null;
  await writeTranslations(store, tx, BLOG_TRANSLATIONS, id, {
    ...input.translations,
    ...(el ? { el: { ...el, bodyHtml: translatedHtml(body, (h) => h) } } : {}),
  });
}

async function postView(
  store: StoreContext,
  db: StoreContext["db"] | Tx,
  row: PostRow,
  productIds?: number[],
): Promise<AdminBlogPost> {
  const ids = productIds ?? (await relatedIds(db, row.id));
  const translations = await readRecordTranslations(store, db, BLOG_TRANSLATIONS, row.id);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    bodyHtml: row.bodyHtml,
    cover: row.coverUrl,
    coverWidth: row.coverWidth,
    coverHeight: row.coverHeight,
    coverAlt: row.coverAlt,
    tags: row.tags,
    status: row.status === "published" ? "published" : "draft",
    state: stateOf(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    author: row.author,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    products: await productsOf(db, ids),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    storefrontUrl: blogPostPath(row.slug),
    translations,
    version: versionedOf(row, ids, translations),
  };
}

export async function getPost(store: StoreContext, id: number): Promise<AdminBlogPost> {
  const [row] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound();
  return postView(store, store.db, row);
}

// ---- what a save writes

/** The cover's size, read from its file in the store's folder. */
async function coverOf(
  store: StoreContext,
  url: string | null,
  alt: string,
): Promise<{ url: string; width: number; height: number; alt: string } | null> {
  if (!url) return null;
  const size = await storedPictureSize(store, url);
  if (!size)
    throw fieldError(
      "cover",
      "This cover picture is not among the shop's pictures any more. Upload it again.",
    );
  return { url, ...size, alt };
}

async function bodyOf(store: StoreContext, html: string): Promise<string> {
  const body = await prepareBlogBody(store, html);
  if (!body.replace(/<(?!img\b)[^>]*>/g, "").trim() && !/<img\b/.test(body))
    throw fieldError("bodyHtml", "Write the post (markup alone is not text).");
  return body;
}

/** The row's values from the form's, with the body sanitised and the cover sized. */
async function valuesOf(store: StoreContext, input: BlogPostValues, now: Date) {
  const [bodyHtml, cover] = await Promise.all([
    bodyOf(store, input.bodyHtml),
    coverOf(store, input.cover, input.coverAlt),
  ]);
  const publishedAt = input.publishedAt
    ? new Date(input.publishedAt)
    : input.status === "published"
      ? now
      : null;
  return {
    slug: input.slug,
    title: input.title,
    excerpt: input.excerpt,
    bodyHtml,
    coverUrl: cover?.url ?? null,
    coverWidth: cover?.width ?? null,
    coverHeight: cover?.height ?? null,
    coverAlt: cover ? cover.alt : "",
    tags: input.tags,
    status: input.status,
    publishedAt,
    author: input.author,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  };
}

async function assertSlugFree(tx: Tx, slug: string, exceptId: number | null) {
  const rows = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      exceptId === null
        ? eq(blogPosts.slug, slug)
        : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)),
    )
    .limit(1);
  if (rows.length > 0)
    throw new ServiceError("duplicate", SLUG_TAKEN, {
      details: { field: "slug", fields: { slug: SLUG_TAKEN } },
    });
}

async function assertProductsExist(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await queryRows<{ id: number }>(tx, sql`select id from products where id in ${ids}`);
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw fieldError(
      "productIds",
      "Some of the chosen products are no longer in the catalogue. Remove them and save again.",
    );
}

async function writeProducts(tx: Tx, postId: number, ids: number[]) {
  await tx.delete(blogPostProducts).where(eq(blogPostProducts.postId, postId));
  if (ids.length)
    await tx.insert(blogPostProducts).values(ids.map((productId, seq) => ({ postId, productId, seq })));
}

/** A concurrent save of the same slug that passed the pre-check answers like the pre-check. */
function slugRace(err: unknown): never {
  const hit = uniqueViolation(err);
  if (hit && /slug/.test(hit.constraint))
    throw new ServiceError("duplicate", SLUG_TAKEN, {
      details: { field: "slug", fields: { slug: SLUG_TAKEN } },
    });
  throw err;
}

const BLOG_PICTURE = /\/images\/blog\/[A-Za-z0-9][A-Za-z0-9_.-]*\.webp/g;

/**
 * The back office's own blog pictures a post names: its cover and the pictures in its body, in
 * every language (a picture may be placed in the Greek body only).
 */
function picturesOf(
  row: { coverUrl: string | null; bodyHtml: string },
  translations: PostTranslations,
): Set<string> {
  const bodies = [row.bodyHtml, ...Object.values(translations).map((t) => t?.bodyHtml ?? "")];
  const urls = new Set(bodies.flatMap((body) => body.match(BLOG_PICTURE) ?? []));
  if (row.coverUrl?.startsWith("/images/blog/")) urls.add(row.coverUrl);
  return urls;
}

/**
 * Removes the files of blog pictures a save or delete left unnamed, once no post names them
 * (in its cover or its body): only the back office's own folder, never another picture.
 */
async function forgetPictures(store: StoreContext, urls: string[]) {
  const unused: string[] = [];
  for (const url of urls) {
    const [used] = await store.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(sql`${blogPosts.coverUrl} = ${url} or strpos(${blogPosts.bodyHtml}, ${url}) > 0`)
      .limit(1);
    const [usedInTranslation] = used
      ? [used]
      : await store.db
          .select({ id: blogPostTranslations.postId })
          .from(blogPostTranslations)
          .where(sql`strpos(${blogPostTranslations.bodyHtml}, ${url}) > 0`)
          .limit(1);
    if (!usedInTranslation) unused.push(url);
  }
  await removeImageFiles(store, unused);
}

const label = (r: { title: string; slug: string }) => `"${r.title}" (${r.slug})`;

export async function createPost(
  store: StoreContext,
  actor: StaffActor,
  input: BlogPostValues,
): Promise<AdminBlogPost> {
  const now = new Date();
  const values = await valuesOf(store, input, now);
  try {
    return await store.db.transaction(async (tx) => {
      await assertSlugFree(tx, values.slug, null);
      await assertProductsExist(tx, input.productIds);
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("blog post insert returned nothing");
      await writeProducts(tx, row.id, input.productIds);
      await writePostTranslations(store, tx, row.id, input);
      const translations = await readRecordTranslations(store, tx, BLOG_TRANSLATIONS, row.id);
      await recordAudit(tx, actor, {
        action: "blog_post.create",
        entity: "blog_post",
        entityId: row.id,
        summary: `Added blog post ${label(row)}${row.status === "published" ? ` (${stateOf(row, now)})` : " as a draft"}`,
        after: { ...row, productIds: input.productIds, translations },
      });
      return postView(store, tx, row, input.productIds);
    });
  } catch (err) {
    return slugRace(err);
  }
}

export async function updatePost(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: BlogPostValues & { version: string },
): Promise<AdminBlogPost> {
  const now = new Date();
  const values = await valuesOf(store, input, now);
  let dropped: string[] = [];
  let view: AdminBlogPost;
  try {
    view = await store.db.transaction(async (tx) => {
      const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
      if (!before) throw notFound();
      const beforeIds = await relatedIds(tx, id);
      const beforeTranslations = await readRecordTranslations(store, tx, BLOG_TRANSLATIONS, id);
      assertVersion({ ...before, productIds: beforeIds, translations: beforeTranslations }, input.version);
      await assertSlugFree(tx, values.slug, id);
      await assertProductsExist(tx, input.productIds);
      const [after] = await tx
        .update(blogPosts)
        .set({ ...values, updatedAt: now })
        .where(eq(blogPosts.id, id))
        .returning();
      if (!after) throw notFound();
      await writeProducts(tx, id, input.productIds);
      await writePostTranslations(store, tx, id, input);
      const afterTranslations = await readRecordTranslations(store, tx, BLOG_TRANSLATIONS, id);
      const b: Record<string, unknown> = {
        ...before,
        productIds: beforeIds,
        translations: beforeTranslations,
      };
      const a: Record<string, unknown> = {
        ...after,
        productIds: input.productIds,
        translations: afterTranslations,
      };
      const changed = [...Object.keys(values), "productIds", "translations"].filter(
        (k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null),
      );
      await recordAudit(tx, actor, {
        action: "blog_post.update",
        entity: "blog_post",
        entityId: id,
        summary: changed.length
          ? `Changed blog post ${label(after)}: ${changed.join(", ")}`
          : `Saved blog post ${label(after)} unchanged`,
        before: Object.fromEntries(changed.map((k) => [k, b[k] ?? null])),
        after: Object.fromEntries(changed.map((k) => [k, a[k] ?? null])),
      });
      const kept = picturesOf(after, afterTranslations);
      dropped = [...picturesOf(before, beforeTranslations)].filter((u) => !kept.has(u));
      return postView(store, tx, after, input.productIds);
    });
  } catch (err) {
    return slugRace(err);
  }
  await forgetPictures(store, dropped);
  return view;
}

export async function deletePost(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  version: string | undefined,
): Promise<void> {
  const removed = await store.db.transaction(async (tx) => {
    const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!row) throw notFound();
    const productIds = await relatedIds(tx, id);
    const translations = await readRecordTranslations(store, tx, BLOG_TRANSLATIONS, id);
    if (version !== undefined) assertVersion({ ...row, productIds, translations }, version);
    await tx.delete(blogPosts).where(eq(blogPosts.id, id));
    await recordAudit(tx, actor, {
      action: "blog_post.delete",
      entity: "blog_post",
      entityId: id,
      summary: `Deleted blog post ${label(row)}`,
      before: { ...row, productIds },
    });
    return { row, translations };
  });
  await forgetPictures(store, [...picturesOf(removed.row, removed.translations)]);
}

/** The post as the storefront's article will show it, from the editor's unsaved values. */
export async function previewPost(store: StoreContext, input: BlogPostValues): Promise<BlogPostPreview> {
  const now = new Date();
  const values = await valuesOf(store, input, now);
  const products = (await productsOf(store.db, input.productIds)).filter((p) => !p.deleted);
  return {
    post: {
      slug: values.slug,
      title: values.title,
      excerpt: values.excerpt,
      cover:
        values.coverUrl && values.coverWidth && values.coverHeight
          ? {
              url: values.coverUrl,
              width: values.coverWidth,
              height: values.coverHeight,
              alt: values.coverAlt,
            }
          : null,
      tags: values.tags,
      publishedAt: (values.publishedAt ?? now).toISOString(),
      author: values.author,
      html: values.bodyHtml,
      seoTitle: values.seoTitle,
      seoDescription: values.seoDescription,
      updatedAt: now.toISOString(),
      previous: null,
      next: null,
    },
    products,
    // The back office is English; the storefront's article needs its texts to render there too.
    // Compiled messages are JSON (strings and nested arrays), which is all the contract says.
    messages: { Blog: (messagesFor("en").Blog ?? {}) as BlogPostPreview["messages"][string] },
  };
}

// ---- pictures

const BLOG_RENDITIONS: Record<"body" | "cover", ImageRendition> = {
  /** A picture inside the article: at most 1200 px wide, never enlarged. */
  body: { suffix: "", width: 1200, height: 10_000 },
  /** The cover of the list and the article, and the post's social picture: 1200 x 630. */
  cover: { suffix: "", width: 1200, height: 630, fit: "cover" },
};

/** Stores a picture for a post's body or cover in the store's "blog" folder; the save names its URL. */
export function storeBlogImage(
  store: StoreContext,
  actor: StaffActor,
  kind: "body" | "cover",
  file: unknown,
  name: string,
) {
  return storeUploadedPicture(store, actor, file, {
    entity: "blog_post",
    folder: "blog",
    name: name || `blog-${kind}`,
    rendition: BLOG_RENDITIONS[kind],
  });
}
