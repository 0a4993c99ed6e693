// The back office's blog: validation with field messages, the slug made from the title and kept
// unique, a manager writes and the staff role is refused, another store's host sees nothing, the
// body sanitised with its pictures sized, related products in order, the cover's size read from
// its file (and its file removed when replaced), scheduled posts, preview, the audit trail,
// version conflicts and delete.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "../../db/control/schema";
import { auditLog, blogPostProducts, blogPosts, blogPostTranslations, products } from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

type Post = {
  id: number;
  slug: string;
  title: string;
  bodyHtml: string;
  cover: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  coverAlt: string;
  tags: string[];
  status: string;
  state: string;
  publishedAt: string | null;
  products: { id: number; name: string }[];
  storefrontUrl: string;
  version: string;
};
type Fail = { error: string; message: string; details?: { fields?: Record<string, string> } };

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

function upload(bytes: Buffer, name: string): FormData {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), `${name}.png`);
  form.set("name", name);
  return form;
}

describe.each(driversFor("either"))("back-office blog on %s", (driver) => {
  let p: Platform;
  let manager: AdminClient;
  let owner: AdminClient;
  let clerk: AdminClient;
  let alphaOwner: AdminClient;
  let productIds: number[] = [];

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    manager = await signedInStaff(p, "beta.localhost", "beta", {
      email: "manager@beta.test",
      role: "manager",
    });
    owner = await signedInStaff(p, "beta.localhost", "beta", { email: "owner@beta.test", role: "owner" });
    clerk = await signedInStaff(p, "beta.localhost", "beta", { email: "clerk@beta.test", role: "staff" });
    alphaOwner = await signedInStaff(p, "alpha.localhost", "alpha", {
      email: "owner@alpha.test",
      role: "owner",
    });
    const { db } = await p.registry.storeHandle("beta");
    const rows = await db
      .insert(products)
      .values(
        ["Coil pack", "Tank glass", "Mesh coil"].map((name, i) => ({
          code: `BLOG-${i}`,
          name,
          slug: `blog-product-${i}`,
          priceCents: 500 + i,
        })),
      )
      .returning({ id: products.id });
    productIds = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const db = async () => (await p.registry.storeHandle("beta")).db;
  const lastAudit = async () => {
    const [row] = await (await db()).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return row;
  };
  const imageDir = async () => {
    const store = await p.registry.byId("beta");
    return (store as NonNullable<typeof store>).imageDir;
  };
  const fileOf = async (url: string) => join(await imageDir(), url.slice("/images/".length));

  it("keeps the blog away from the staff role: 403 before the input is read", async () => {
    expect((await clerk.req("GET", "/blog/posts")).status).toBe(403);
    expect((await clerk.req("POST", "/blog/posts", { title: "x" })).status).toBe(403);
    expect((await clerk.req("POST", "/blog/preview", {})).status).toBe(403);
    expect((await clerk.req("DELETE", "/blog/posts/1")).status).toBe(403);
    expect(
      (await clerk.req("POST", "/uploads/blog?kind=body", upload(await picture(10, 10), "x"))).status,
    ).toBe(403);
  });

  it("saves a post's Greek texts (body sanitised like the English) in its audited, versioned save", async () => {
    type El = Post & { translations: { el?: Record<string, string | null> } };
    const setLanguages = async (languages: ("en" | "el")[]) => {
      await p.registry.control.db.update(stores).set({ languages }).where(eq(stores.id, "beta"));
      p.registry.invalidate();
    };
    const base = { title: "Coil care", slug: "coil-care-el", bodyHtml: "<p>Prime your coil.</p>" };
    const created = await manager.req<El>("POST", "/blog/posts", base);
    expect(created.status, created.text).toBe(201);
    expect(created.json.translations).toEqual({});
    expect(
      (
        await manager.req("PUT", `/blog/posts/${created.json.id}`, {
          ...base,
          version: created.json.version,
          translations: { el: { title: "Φροντίδα" } },
        })
      ).status,
    ).toBe(400);

    await setLanguages(["en", "el"]);
    try {
      const opened = await manager.req<El>("GET", `/blog/posts/${created.json.id}`);
      expect(opened.json.translations.el).toEqual({
        title: null,
        excerpt: null,
        bodyHtml: null,
        coverAlt: null,
        seoTitle: null,
        seoDescription: null,
      });
      expect(
        (
          await manager.req("PUT", `/blog/posts/${created.json.id}`, {
            ...base,
            version: opened.json.version,
            translations: { fr: { title: "Soin" } },
          })
        ).status,
      ).toBe(400);
      const saved = await manager.req<El>("PUT", `/blog/posts/${created.json.id}`, {
        ...base,
        version: opened.json.version,
        translations: {
          el: {
            title: "Φροντίδα αντίστασης",
            bodyHtml: '<p onclick="x()">Ποτίστε την αντίσταση.<script>alert(1)</script></p>',
            seoTitle: "",
          },
        },
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.translations.el).toMatchObject({
        title: "Φροντίδα αντίστασης",
        bodyHtml: "<p>Ποτίστε την αντίσταση.</p>",
        seoTitle: null,
        excerpt: null,
      });
      const audit = await lastAudit();
      expect(audit?.action).toBe("blog_post.update");
      expect(audit?.summary).toContain("translations");
      expect(audit?.after).toMatchObject({ translations: { el: { title: "Φροντίδα αντίστασης" } } });
      const stale = await manager.req("PUT", `/blog/posts/${created.json.id}`, {
        ...base,
        version: opened.json.version,
      });
      expect(stale.status).toBe(409);
      const cleared = await manager.req<El>("PUT", `/blog/posts/${created.json.id}`, {
        ...base,
        version: saved.json.version,
        translations: { el: { title: null, bodyHtml: "<p> </p>" } },
      });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json.translations.el).toMatchObject({ title: null, bodyHtml: null });

      // A picture in both bodies stays when the English drops it (the Greek still shows it), and
      // its file goes once the Greek body drops it too.
      const greekPicture = await manager.req<{ url: string }>(
        "POST",
        "/uploads/blog?kind=body",
        upload(await picture(640, 480), "Greek only"),
      );
      expect(greekPicture.status, greekPicture.text).toBe(201);
      const withPicture = await manager.req<El>("PUT", `/blog/posts/${created.json.id}`, {
        ...base,
        bodyHtml: `<p>Picture</p><img src="${greekPicture.json.url}" alt="Coil">`,
        version: cleared.json.version,
        translations: {
          el: { bodyHtml: `<p>Εικόνα</p><img src="${greekPicture.json.url}" alt="Αντίσταση">` },
        },
      });
      expect(withPicture.status, withPicture.text).toBe(200);
      const englishSave = await manager.req<El>("PUT", `/blog/posts/${created.json.id}`, {
        ...base,
        bodyHtml: "<p>Prime your coil well.</p>",
        version: withPicture.json.version,
      });
      expect(englishSave.status, englishSave.text).toBe(200);
      expect(existsSync(await fileOf(greekPicture.json.url))).toBe(true);
      const dropped = await manager.req<El>("PUT", `/blog/posts/${created.json.id}`, {
        ...base,
        bodyHtml: "<p>Prime your coil well.</p>",
        version: englishSave.json.version,
        translations: { el: { bodyHtml: "<p>Χωρίς εικόνα</p>" } },
      });
      expect(dropped.status, dropped.text).toBe(200);
      expect(existsSync(await fileOf(greekPicture.json.url))).toBe(false);

      const del = await manager.req(
        "DELETE",
        `/blog/posts/${created.json.id}?version=${dropped.json.version}`,
      );
      expect(del.status, del.text).toBe(200);
      const left = await (await db())
        .select()
        .from(blogPostTranslations)
        .where(eq(blogPostTranslations.postId, created.json.id));
      expect(left).toEqual([]);
    } finally {
      await setLanguages(["en"]);
    }
  });

  it("refuses bad input with a message on each field", async () => {
    const bad = await manager.req<Fail & { issues: { path: string; message: string }[] }>(
      "POST",
      "/blog/posts",
      {
        title: "",
        bodyHtml: "",
        slug: "Not A Slug",
        status: "live",
        publishedAt: "tomorrow",
        seoTitle: "x".repeat(71),
        tags: "ok, <b>",
      },
    );
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(bad.json.issues.map((i) => [i.path.split(".").pop(), i.message]));
    expect(fields).toMatchObject({
      title: "Enter a title.",
      bodyHtml: "Write the post.",
      slug: expect.stringMatching(/lower-case/),
      status: "Choose draft or published.",
      publishedAt: "Enter a date and time.",
      seoTitle: expect.stringMatching(/70/),
    });
    const noAlt = await manager.req<Fail & { issues: { path: string; message: string }[] }>(
      "POST",
      "/blog/posts",
      {
        title: "Cover without words",
        bodyHtml: "<p>Hello</p>",
        cover: "/images/blog/x.webp",
      },
    );
    expect(noAlt.status).toBe(400);
    expect(noAlt.json.issues.map((i) => i.path)).toContain("coverAlt");
    const onlyScript = await manager.req<Fail>("POST", "/blog/posts", {
      title: "Sneaky",
      bodyHtml: "<script>alert(1)</script>",
    });
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.json.details?.fields?.bodyHtml).toMatch(/Write the post/);
    const missingCover = await manager.req<Fail>("POST", "/blog/posts", {
      title: "Ghost cover",
      bodyHtml: "<p>Hi</p>",
      cover: "/images/blog/not-there.webp",
      coverAlt: "A ghost",
    });
    expect(missingCover.status).toBe(400);
    expect(missingCover.json.details?.fields?.cover).toMatch(/Upload it again/);
    const unknownProduct = await manager.req<Fail>("POST", "/blog/posts", {
      title: "Lost products",
      bodyHtml: "<p>Hi</p>",
      productIds: [999_999],
    });
    expect(unknownProduct.status).toBe(400);
    expect(unknownProduct.json.details?.fields?.productIds).toBeTruthy();
    expect((await (await db()).select().from(blogPosts)).length).toBe(0);
  });

  it("a manager writes a post: sanitised body, sized pictures, cover, tags, related products in order", async () => {
    const body = await manager.req<{ url: string; width: number; height: number }>(
      "POST",
      "/uploads/blog?kind=body",
      upload(await picture(2400, 1600), "Coil build"),
    );
    expect(body.status, body.text).toBe(201);
    expect(body.json).toMatchObject({ width: 1200, height: 800 });
    expect(body.json.url).toMatch(/^\/images\/blog\/coil-build-\w+\.webp$/);
    const cover = await manager.req<{ url: string; width: number; height: number }>(
      "POST",
      "/uploads/blog?kind=cover",
      upload(await picture(1600, 1600), "Cover"),
    );
    expect(cover.status, cover.text).toBe(201);
    expect(cover.json).toMatchObject({ width: 1200, height: 630 });
    const notAPicture = new FormData();
    notAPicture.set("file", new Blob(["hello"], { type: "image/png" }), "x.png");
    const refused = await manager.req<Fail>("POST", "/uploads/blog?kind=body", notAPicture);
    expect(refused.status).toBe(400);

    const created = await manager.req<Post>("POST", "/blog/posts", {
      title: "How to build a coil",
      excerpt: "Wraps, legs and a dry fire.",
      bodyHtml:
        `<h2 onclick="x()">Wraps</h2><p>Seven <strong>wraps</strong>.<script>alert(1)</script></p>` +
        `<img src="${body.json.url}" alt="A finished coil" width="5" height="5">` +
        `<img src="https://evil.example/track.gif" alt="">` +
        `<p><a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">good</a></p>`,
      cover: cover.json.url,
      coverAlt: "A coil on a build deck",
      tags: "Guides, coils, guides",
      author: "Eleni",
      productIds: [productIds[2], productIds[0]],
    });
    expect(created.status, created.text).toBe(201);
    const post = created.json;
    expect(post).toMatchObject({
      slug: "how-to-build-a-coil",
      status: "draft",
      state: "draft",
      publishedAt: null,
      tags: ["guides", "coils"],
      cover: cover.json.url,
      coverWidth: 1200,
      coverHeight: 630,
      coverAlt: "A coil on a build deck",
      storefrontUrl: "/blog/how-to-build-a-coil",
    });
    expect(post.products.map((x) => x.id)).toEqual([productIds[2], productIds[0]]);
    expect(post.bodyHtml).toContain("<h2>Wraps</h2>");
    expect(post.bodyHtml).not.toMatch(/script|onclick|javascript:|evil\.example/);
    expect(post.bodyHtml).toContain(
      `<img src="${body.json.url}" alt="A finished coil" width="1200" height="800" loading="lazy" decoding="async" />`,
    );
    expect(post.bodyHtml).toContain('rel="noopener noreferrer"');
    const rows = await (await db())
      .select()
      .from(blogPostProducts)
      .where(eq(blogPostProducts.postId, post.id))
      .orderBy(blogPostProducts.seq);
    expect(rows.map((r) => [r.productId, r.seq])).toEqual([
      [productIds[2], 0],
      [productIds[0], 1],
    ]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "blog_post.create",
      entity: "blog_post",
      entityId: String(post.id),
    });

    // The same title again: the made-up slug is taken.
    const dup = await owner.req<Fail>("POST", "/blog/posts", {
      title: "How to build a coil",
      bodyHtml: "<p>x</p>",
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("duplicate");
    expect(dup.json.details?.fields?.slug).toMatch(/web address/);

    // Publish now (empty date), reorder the products, replace the cover: the old file goes.
    const cover2 = await manager.req<{ url: string }>(
      "POST",
      "/uploads/blog?kind=cover",
      upload(await picture(1300, 700), "Second cover"),
    );
    const before = Date.now();
    const published = await manager.req<Post>("PUT", `/blog/posts/${post.id}`, {
      title: post.title,
      slug: post.slug,
      bodyHtml: post.bodyHtml,
      cover: cover2.json.url,
      coverAlt: "Another coil",
      tags: "guides",
      status: "published",
      publishedAt: "",
      productIds: [productIds[0], productIds[1], productIds[2]],
      version: post.version,
    });
    expect(published.status, published.text).toBe(200);
    expect(published.json.state).toBe("published");
    expect(Date.parse(published.json.publishedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(published.json.products.map((x) => x.id)).toEqual(productIds);
    expect(published.json.bodyHtml).toBe(post.bodyHtml);
    expect(existsSync(await fileOf(cover.json.url))).toBe(false);
    expect(existsSync(await fileOf(cover2.json.url))).toBe(true);
    const audit2 = await lastAudit();
    expect(audit2?.action).toBe("blog_post.update");
    expect(audit2?.summary).toMatch(/status.*publishedAt|publishedAt.*status/);
    expect(audit2?.summary).toMatch(/productIds/);

    // An edit made on the old version is refused.
    const stale = await owner.req<Fail>("PUT", `/blog/posts/${post.id}`, {
      title: "Other",
      bodyHtml: "<p>x</p>",
      version: post.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe("edit_conflict");

    const list = await manager.req<{ items: { id: number; state: string }[]; total: number }>(
      "GET",
      "/blog/posts?state=published&q=COIL",
    );
    expect(list.status).toBe(200);
    expect(list.json.items.map((i) => i.id)).toEqual([post.id]);
  });

  it("a future publish date schedules the post; the list filters by state and searches by title", async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduled = await manager.req<Post>("POST", "/blog/posts", {
      title: "Winter liquids 100% new_",
      bodyHtml: "<p>Soon.</p>",
      status: "published",
      publishedAt: future,
    });
    expect(scheduled.status, scheduled.text).toBe(201);
    expect(scheduled.json).toMatchObject({ state: "scheduled", slug: "winter-liquids-100-new" });
    const draft = await manager.req<Post>("POST", "/blog/posts", {
      title: "Notes",
      slug: "notes-for-later",
      bodyHtml: "<p>Draft.</p>",
    });
    expect(draft.status, draft.text).toBe(201);
    const ids = async (query: string) =>
      (await manager.req<{ items: { id: number }[] }>("GET", `/blog/posts?${query}`)).json.items.map(
        (i) => i.id,
      );
    expect(await ids("state=scheduled")).toEqual([scheduled.json.id]);
    expect(await ids("state=draft")).toEqual([draft.json.id]);
    expect(await ids("q=100%25")).toEqual([scheduled.json.id]);
    expect(await ids("q=_")).toEqual([scheduled.json.id]);
    expect((await ids("state=all")).length).toBe(3);
    const paged = await manager.req<{ items: unknown[]; total: number; limit: number }>(
      "GET",
      "/blog/posts?limit=2&page=2",
    );
    expect(paged.json).toMatchObject({ total: 3, limit: 2 });
    expect(paged.json.items.length).toBe(1);
    expect((await manager.req("GET", "/blog/posts?state=live")).status).toBe(400);
  });

  it("previews an unsaved post as the storefront will show it, and saves nothing", async () => {
    const count = async () => (await (await db()).select().from(blogPosts)).length;
    const n = await count();
    const r = await manager.req<{
      post: { slug: string; html: string; publishedAt: string; cover: unknown };
      products: { id: number }[];
      messages: { Blog: Record<string, unknown> };
    }>("POST", "/blog/preview", {
      title: "Preview me",
      bodyHtml: '<p>Hi<img src="x" onerror="alert(1)"></p>',
      productIds: [productIds[1]],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.post).toMatchObject({ slug: "preview-me", html: "<p>Hi</p>", cover: null });
    expect(r.json.products.map((x) => x.id)).toEqual([productIds[1]]);
    // The storefront's article renders in the back office with the storefront's English texts.
    expect(Object.keys(r.json.messages.Blog).length).toBeGreaterThan(5);
    expect(await count()).toBe(n);
    const bad = await manager.req<Fail>("POST", "/blog/preview", { title: "" });
    expect(bad.status).toBe(400);
  });

  it("another store's host sees none of these posts, and cannot touch them", async () => {
    const mine = await manager.req<{ items: { id: number }[] }>("GET", "/blog/posts");
    const id = mine.json.items[0]?.id as number;
    const list = await alphaOwner.req<{ items: unknown[]; total: number }>("GET", "/blog/posts");
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(0);
    expect((await alphaOwner.req("GET", `/blog/posts/${id}`)).status).toBe(404);
    expect((await alphaOwner.req("DELETE", `/blog/posts/${id}`)).status).toBe(404);
    // beta's session on alpha's host is no session there.
    const stolen = await alphaOwner.req("GET", "/blog/posts", undefined, {
      cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    });
    expect(stolen.status).toBe(401);
  });

  it("deletes a post after checking its version; its pictures' files and related rows go with it", async () => {
    const cover = await manager.req<{ url: string }>(
      "POST",
      "/uploads/blog?kind=cover",
      upload(await picture(1200, 630), "Doomed"),
    );
    const first = await manager.req<{ url: string }>(
      "POST",
      "/uploads/blog?kind=body",
      upload(await picture(400, 300), "First"),
    );
    const second = await manager.req<{ url: string }>(
      "POST",
      "/uploads/blog?kind=body",
      upload(await picture(400, 300), "Second"),
    );
    const post = await manager.req<Post>("POST", "/blog/posts", {
      title: "Short lived",
      bodyHtml: `<p>Bye.</p><img src="${first.json.url}" alt="One"><img src="${second.json.url}" alt="Two">`,
      cover: cover.json.url,
      coverAlt: "Nothing much",
      productIds: [productIds[0]],
    });
    expect(post.status, post.text).toBe(201);
    // Another post shows the second picture too: its file stays while that post names it.
    const other = await manager.req<Post>("POST", "/blog/posts", {
      title: "Borrowed picture",
      bodyHtml: `<p>Look.</p><img src="${second.json.url}" alt="Two again">`,
    });
    expect(other.status, other.text).toBe(201);

    // Taking the first picture out of the text removes its file after the save.
    const edited = await manager.req<Post>("PUT", `/blog/posts/${post.json.id}`, {
      title: "Short lived",
      bodyHtml: `<p>Bye.</p><img src="${second.json.url}" alt="Two">`,
      cover: cover.json.url,
      coverAlt: "Nothing much",
      productIds: [productIds[0]],
      version: post.json.version,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(existsSync(await fileOf(first.json.url))).toBe(false);
    expect(existsSync(await fileOf(second.json.url))).toBe(true);

    const stale = await manager.req("DELETE", `/blog/posts/${post.json.id}?version=${post.json.version}`);
    expect(stale.status).toBe(409);
    const del = await manager.req("DELETE", `/blog/posts/${post.json.id}?version=${edited.json.version}`);
    expect(del.status, del.text).toBe(200);
    expect((await manager.req("GET", `/blog/posts/${post.json.id}`)).status).toBe(404);
    expect(existsSync(await fileOf(cover.json.url))).toBe(false);
    expect(existsSync(await fileOf(second.json.url))).toBe(true);
    const left = await (await db())
      .select()
      .from(blogPostProducts)
      .where(eq(blogPostProducts.postId, post.json.id));
    expect(left).toEqual([]);
    expect((await lastAudit())?.action).toBe("blog_post.delete");

    const gone = await manager.req("DELETE", `/blog/posts/${other.json.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(existsSync(await fileOf(second.json.url))).toBe(false);
  });
});
