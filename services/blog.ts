// The storefront's blog: the paged list (by tag), one post with its related products and its
// neighbours, and the latest posts for the RSS feed and the sitemap. Only posts that are
// published and whose publish date has come are ever read here; drafts and scheduled posts exist
// only in the back office.
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import { BLOG_PAGE_SIZE, type BlogPostSummary, type BlogPostView } from "../core/blog";
import type { PricingCustomer } from "../core/pricing";
import type { Product } from "../core/product-rules";
import { queryRows } from "../db/client";
import { blogPostProducts, blogPosts } from "../db/store/schema";
import { hydrateProducts } from "./catalog/hydrate";
import type { StoreContext } from "./context";

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

const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverUrl: blogPosts.coverUrl,
  coverWidth: blogPosts.coverWidth,
  coverHeight: blogPosts.coverHeight,
  coverAlt: blogPosts.coverAlt,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  author: blogPosts.author,
};

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
};

function summary(r: SummaryRow): BlogPostSummary {
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
  const rows = await store.db
    .select(summaryColumns)
    .from(blogPosts)
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
  const [row] = await store.db
    .select({
      ...summaryColumns,
      id: blogPosts.id,
      bodyHtml: blogPosts.bodyHtml,
      seoTitle: blogPosts.seoTitle,
      seoDescription: blogPosts.seoDescription,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
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
  const neighbour = { slug: blogPosts.slug, title: blogPosts.title };
  const [[previous], [next], related] = await Promise.all([
    store.db
      .select(neighbour)
      .from(blogPosts)
      .where(and(visible(), older))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(1),
    store.db
      .select(neighbour)
      .from(blogPosts)
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
  return {
    post: {
      ...summary(row),
      html: row.bodyHtml,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      updatedAt: row.updatedAt.toISOString(),
      previous: previous ?? null,
      next: next ?? null,
    },
    products,
  };
}

/** The newest visible posts, for the RSS feed and the sitemap. */
export async function latestBlogPosts(
  store: StoreContext,
  limit: number,
): Promise<(BlogPostSummary & { updatedAt: string })[]> {
  const rows = await store.db
    .select({ ...summaryColumns, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(visible())
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map((r) => ({ ...summary(r), updatedAt: r.updatedAt.toISOString() }));
}
