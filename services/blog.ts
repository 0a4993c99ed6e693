// The storefront's blog: the paged list (by tag), one post with its related products and its
// neighbours, and the latest posts for the RSS feed and the sitemap. Only posts that are
// published and whose publish date has come are ever read here; drafts and scheduled posts exist
// only in the back office.
//
// A post's words are read in the store's language (blog_post_translations, field by field, else
// the English; docs/decisions/0035-languages.md), and a post read in another language names the
// fields shown in English in `untranslated`. A post keeps one slug in every language.
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import { BLOG_PAGE_SIZE, type BlogPostSummary, type BlogPostView } from "../core/blog";
import type { Lang } from "../core/language";
import type { PricingCustomer } from "../core/pricing";
import type { Product } from "../core/product-rules";
import { queryRows } from "../db/client";
import { blogPostProducts, blogPosts, blogPostTranslations } from "../db/store/schema";
import { hydrateProducts } from "./catalog/hydrate";
import type { StoreContext } from "./context";
import { readsSource, translated, untranslatedFields } from "./translation";

export interface BlogTag {
  name: string;
  count: number;
}

export interface BlogListPage {
  posts: BlogPostSummary[];
  /** The page shown, 1-based, within 1..pages. */
  page: number;
  pages: number;
  total: number;
  /** Every tag of a visible post, most used first. */
  tags: BlogTag[];
}

const visible = () => and(eq(blogPosts.status, "published"), sql`${blogPosts.publishedAt} <= now()`) as SQL;

/** The translation joined by `inLanguage`, under its table's name. */
const T = "blog_post_translations";

/** A word of a post in the reading language: the column itself in English. */
const word = (lang: Lang, column: string, base: AnyPgColumn) =>
  translated(lang, T, column, sql`${base}`).mapWith(String);

/**
 * The fields a read in another language shows in English (output name to column). Nothing is
 * selected for it in English, so the English queries stay as they were and the row has no
 * `untranslated` (typed as present for the query builder, read as possibly absent).
 */
function untranslatedColumn(lang: Lang, fields: Record<string, string>) {
  return (readsSource(lang) ? {} : { untranslated: sql`${untranslatedFields(lang, T, fields)}` }) as {
    untranslated: SQL<string[] | null | undefined>;
  };
}

/** The query with the post's translation joined, in a language other than English. */
function inLanguage<Q extends PgSelect>(query: Q, lang: Lang): Q {
  if (readsSource(lang)) return query;
  return query.leftJoin(
    blogPostTranslations,
    and(eq(blogPostTranslations.postId, blogPosts.id), eq(blogPostTranslations.lang, lang)),
  ) as unknown as Q;
}

const SUMMARY_WORDS = { title: "title", excerpt: "excerpt", coverAlt: "cover_alt" };

const summaryColumns = (lang: Lang) => ({
  slug: blogPosts.slug,
  title: word(lang, "title", blogPosts.title),
  excerpt: word(lang, "excerpt", blogPosts.excerpt),
  coverUrl: blogPosts.coverUrl,
  coverWidth: blogPosts.coverWidth,
  coverHeight: blogPosts.coverHeight,
  coverAlt: word(lang, "cover_alt", blogPosts.coverAlt),
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  author: blogPosts.author,
  ...untranslatedColumn(lang, SUMMARY_WORDS),
});

/**
 * `{ untranslated }` of a row read in another language: the fields that fell back and have words
 * to show (an empty English excerpt is no English on the page); nothing for an English read.
 */
function untranslatedOf(row: { untranslated?: string[] | null }, values: Record<string, unknown>) {
  if (!row.untranslated) return {};
  return { untranslated: row.untranslated.filter((f) => Boolean(values[f])) };
}

type SummaryRow = {
  slug: string;
  title: string;
  excerpt: string;
  coverUrl: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  coverAlt: string;
  tags: string[];
  publishedAt: Date | null;
  author: string;
  untranslated?: string[] | null;
};

function summary(r: SummaryRow): BlogPostSummary {
  const cover = r.coverUrl && r.coverWidth && r.coverHeight;
  return {
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    cover:
      r.coverUrl && r.coverWidth && r.coverHeight
        ? { url: r.coverUrl, width: r.coverWidth, height: r.coverHeight, alt: r.coverAlt }
        : null,
    tags: r.tags,
    publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
    author: r.author,
    ...untranslatedOf(r, { title: r.title, excerpt: r.excerpt, coverAlt: cover ? r.coverAlt : "" }),
  };
}

/** One page of visible posts, newest first; a page past the end shows the last one. */
export async function listBlogPosts(
  store: StoreContext,
  opts: { tag: string | null; page: number },
): Promise<BlogListPage> {
  const where = opts.tag ? and(visible(), sql`${opts.tag} = any(${blogPosts.tags})`) : visible();
  const [[count], tagRows] = await Promise.all([
    store.db.select({ n: sql<number>`count(*)::int` }).from(blogPosts).where(where),
    queryRows<BlogTag>(
      store.db,
      sql`select t.name, count(*)::int as count
            from ${blogPosts} p, unnest(p.tags) as t(name)
           where p.status = 'published' and p.published_at <= now()
           group by t.name order by count(*) desc, t.name`,
    ),
  ]);
  const total = count?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(opts.page) || 1), pages);
  const rows = await inLanguage(
    store.db.select(summaryColumns(store.lang)).from(blogPosts).$dynamic(),
    store.lang,
  )
    .where(where)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE);
  return { posts: rows.map(summary), page, pages, total, tags: tagRows };
}

/** A visible post with its related products (this customer's prices), or null. */
export async function getBlogPost(
  store: StoreContext,
  slug: string,
  customer: PricingCustomer,
): Promise<{ post: BlogPostView; products: Product[] } | null> {
  const { lang } = store;
  const [row] = await inLanguage(
    store.db
      .select({
        ...summaryColumns(lang),
        id: blogPosts.id,
        bodyHtml: word(lang, "body_html", blogPosts.bodyHtml),
        // Without its own SEO text a translated post is found by its translated title and summary,
        // not by the English SEO text.
        seoTitle: readsSource(lang)
          ? blogPosts.seoTitle
          : sql<
              string | null
            >`coalesce(${sql.identifier(T)}.seo_title, case when ${sql.identifier(T)}.title is null then ${blogPosts.seoTitle} end)`,
        seoDescription: readsSource(lang)
          ? blogPosts.seoDescription
          : sql<
              string | null
            >`coalesce(${sql.identifier(T)}.seo_description, case when ${sql.identifier(T)}.excerpt is null then ${blogPosts.seoDescription} end)`,
        updatedAt: blogPosts.updatedAt,
        ...untranslatedColumn(lang, { ...SUMMARY_WORDS, html: "body_html" }),
      })
      .from(blogPosts)
      .$dynamic(),
    lang,
  )
    .where(and(visible(), eq(blogPosts.slug, slug)))
    .limit(1);
  if (!row?.publishedAt) return null;
  const at = row.publishedAt;
  // Neighbours in the list's order (newest first): "previous" is the older post.
  const older = or(
    lt(blogPosts.publishedAt, at),
    and(eq(blogPosts.publishedAt, at), lt(blogPosts.id, row.id)),
  );
  const newer = or(
    gt(blogPosts.publishedAt, at),
    and(eq(blogPosts.publishedAt, at), gt(blogPosts.id, row.id)),
  );
  const neighbour = {
    slug: blogPosts.slug,
    title: word(lang, "title", blogPosts.title),
    ...untranslatedColumn(lang, { title: "title" }),
  };
  const [[previous], [next], related] = await Promise.all([
    inLanguage(store.db.select(neighbour).from(blogPosts).$dynamic(), lang)
      .where(and(visible(), older))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(1),
    inLanguage(store.db.select(neighbour).from(blogPosts).$dynamic(), lang)
      .where(and(visible(), newer))
      .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id))
      .limit(1),
    store.db
      .select({ id: blogPostProducts.productId })
      .from(blogPostProducts)
      .where(eq(blogPostProducts.postId, row.id))
      .orderBy(asc(blogPostProducts.seq), asc(blogPostProducts.productId)),
  ]);
  const products = await hydrateProducts(
    store,
    related.map((r) => r.id),
    customer,
    { pictures: 2 },
  );
  const head = summary(row);
  const link = (n: { slug: string; title: string; untranslated?: string[] | null } | undefined) =>
    n ? { slug: n.slug, title: n.title, ...untranslatedOf(n, { title: n.title }) } : null;
  return {
    post: {
      ...head,
      html: row.bodyHtml,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      updatedAt: row.updatedAt.toISOString(),
      previous: link(previous),
      next: link(next),
      // The body joins the summary's fields that fell back.
      ...untranslatedOf(row, {
        title: row.title,
        excerpt: row.excerpt,
        coverAlt: head.cover ? row.coverAlt : "",
        html: row.bodyHtml,
      }),
    },
    products,
  };
}

/** The newest visible posts, for the RSS feed and the sitemap. */
export async function latestBlogPosts(
  store: StoreContext,
  limit: number,
): Promise<(BlogPostSummary & { updatedAt: string })[]> {
  const rows = await inLanguage(
    store.db
      .select({ ...summaryColumns(store.lang), updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .$dynamic(),
    store.lang,
  )
    .where(visible())
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map((r) => ({ ...summary(r), updatedAt: r.updatedAt.toISOString() }));
}
