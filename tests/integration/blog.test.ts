// The storefront's blog on both drivers: only published posts whose date has come are read (a
// draft or a scheduled post is not, anywhere), newest first a page at a time, narrowed by tag; a
// post has its neighbours in the list's order and its related products in the writer's order
// (a deleted product drops out); the RSS feed and the sitemap list the same posts, escaped; a
// post of one store never shows on another; and a body keeps only what an article needs, its
// pictures sized from their files.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE } from "../../core/blog";
import { blogPostProducts, blogPosts, products } from "../../db/store/schema";
import { getBlogPost, latestBlogPosts, listBlogPosts } from "../../services/blog";
import { prepareBlogBody } from "../../services/blog-body";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

const VISITOR = null;
const DAY = 86_400_000;

describe.each(driversFor("either"))("blog on %s", (driver) => {
  let p: Platform;
  let alpha: StoreContext;
  const now = Date.now();

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    alpha = (await p.registry.byId("alpha")) as StoreContext;
    const db = alpha.db;
    // 11 published posts (post-1 newest), a draft and a post scheduled for tomorrow.
    const rows = Array.from({ length: 11 }, (_, i) => ({
      slug: `post-${i + 1}`,
      title: `Post ${i + 1}${i === 0 ? " & <friends>" : ""}`,
      excerpt: `Summary ${i + 1}`,
      bodyHtml: `<p>Body ${i + 1}</p>`,
      tags: i % 2 === 0 ? ["guides", "coils"] : ["news"],
      status: "published",
      publishedAt: new Date(now - (i + 1) * DAY),
    }));
    await db.insert(blogPosts).values([
      ...rows,
      { slug: "a-draft", title: "A draft", bodyHtml: "<p>x</p>", tags: ["guides"], status: "draft" },
      {
        slug: "tomorrow",
        title: "Tomorrow",
        bodyHtml: "<p>x</p>",
        tags: ["guides"],
        status: "published",
        publishedAt: new Date(now + DAY),
      },
    ]);
    const [post1] = await db.select().from(blogPosts).where(eq(blogPosts.slug, "post-1"));
    const extra = await db
      .insert(products)
      .values([
        { code: "ALPHA-2", name: "Second", slug: "alpha-second", priceCents: 500 },
        { code: "ALPHA-3", name: "Third", slug: "alpha-third", priceCents: 700, deleted: true },
      ])
      .returning({ id: products.id });
    const [first] = await db.select({ id: products.id }).from(products).where(eq(products.code, "ALPHA-1"));
    await db.insert(blogPostProducts).values([
      { postId: post1?.id as number, productId: extra[0]?.id as number, seq: 0 },
      { postId: post1?.id as number, productId: extra[1]?.id as number, seq: 1 },
      { postId: post1?.id as number, productId: first?.id as number, seq: 2 },
    ]);
  });
  afterAll(async () => p?.dispose());

  it("lists published posts newest first, a page at a time; a page past the end shows the last", async () => {
    const first = await listBlogPosts(alpha, { tag: null, page: 1 });
    expect(first.total).toBe(11);
    expect(first.pages).toBe(Math.ceil(11 / BLOG_PAGE_SIZE));
    expect(first.posts.map((x) => x.slug)).toEqual(
      Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => `post-${i + 1}`),
    );
    const last = await listBlogPosts(alpha, { tag: null, page: 99 });
    expect(last.page).toBe(2);
    expect(last.posts.map((x) => x.slug)).toEqual(["post-10", "post-11"]);
    expect((await listBlogPosts(alpha, { tag: null, page: -3 })).page).toBe(1);
    // Neither the draft nor the scheduled post, nor their tags' counts.
    expect(first.tags).toEqual([
      { name: "coils", count: 6 },
      { name: "guides", count: 6 },
      { name: "news", count: 5 },
    ]);
  });

  it("narrows the list to a tag", async () => {
    const news = await listBlogPosts(alpha, { tag: "news", page: 1 });
    expect(news.total).toBe(5);
    expect(news.posts.every((x) => x.tags.includes("news"))).toBe(true);
    expect((await listBlogPosts(alpha, { tag: "nothing", page: 1 })).posts).toEqual([]);
  });

  it("reads a post with its neighbours and its related products in order, without a deleted one", async () => {
    const found = await getBlogPost(alpha, "post-2", VISITOR);
    expect(found?.post.previous).toEqual({ slug: "post-3", title: "Post 3" });
    expect(found?.post.next).toEqual({ slug: "post-1", title: "Post 1 & <friends>" });
    const newest = await getBlogPost(alpha, "post-1", VISITOR);
    expect(newest?.post.next).toBeNull();
    expect(newest?.products.map((x) => x.code)).toEqual(["ALPHA-2", "ALPHA-1"]);
    expect((await getBlogPost(alpha, "post-11", VISITOR))?.post.previous).toBeNull();
  });

  it("never reads a draft or a scheduled post, and never another store's", async () => {
    expect(await getBlogPost(alpha, "a-draft", VISITOR)).toBeNull();
    expect(await getBlogPost(alpha, "tomorrow", VISITOR)).toBeNull();
    const beta = (await p.registry.byId("beta")) as StoreContext;
    expect(await getBlogPost(beta, "post-1", VISITOR)).toBeNull();
    expect((await listBlogPosts(beta, { tag: null, page: 1 })).total).toBe(0);
    expect((await latestBlogPosts(alpha, 100)).map((x) => x.slug)).not.toContain("tomorrow");
  });

  it("serves the RSS feed and the sitemap with the visible posts, escaped", async () => {
    const rss = await p.request("alpha.localhost", "/blog/rss.xml");
    expect(rss.status).toBe(200);
    expect(rss.headers.get("content-type")).toMatch(/application\/rss\+xml/);
    const xml = await rss.text();
    expect(xml).toContain("<title>Post 1 &amp; &lt;friends&gt;</title>");
    expect(xml.match(/<item>/g)).toHaveLength(11);
    expect(xml).not.toMatch(/a-draft|tomorrow/);
    expect(xml).toMatch(/<category>guides<\/category>/);
    const map = await (await p.request("alpha.localhost", "/sitemap.xml")).text();
    expect(map).toMatch(/\/blog\/post-11<\/loc>/);
    expect(map).toMatch(/\/blog<\/loc>/);
    expect(map).not.toMatch(/a-draft|tomorrow/);
    const betaRss = await (await p.request("beta.localhost", "/blog/rss.xml")).text();
    expect(betaRss).not.toContain("<item>");
  });

  it("keeps only an article's tags in a body and sizes the store's own pictures from their files", async () => {
    const file = join(alpha.imageDir, "blog", "inline-test.webp");
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      await sharp({ create: { width: 320, height: 180, channels: 3, background: "#3366aa" } })
        .webp()
        .toBuffer(),
    );
    const html = await prepareBlogBody(
      alpha,
      [
        '<h2 onclick="x()">Title</h2><script>alert(1)</script>',
        '<p><a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">ok</a></p>',
        '<img src="/images/blog/inline-test.webp" width="9999" alt="A pod">',
        '<img src="https://evil.example/x.png"><img src="/images/blog/missing.webp"><img src="/images/../etc/passwd">',
        '<iframe src="https://example.com"></iframe><p style="color:red">styled</p>',
      ].join(""),
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).not.toMatch(/script|onclick|javascript|iframe|style=|evil|missing|passwd/);
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).toContain(
      '<img src="/images/blog/inline-test.webp" alt="A pod" width="320" height="180" loading="lazy" decoding="async" />',
    );
    expect(html.match(/<img/g)).toHaveLength(1);
  });
});
