// Shop content in the page's language (docs/decisions/0035-languages.md, step 3) on both drivers:
// page content (about, contact), the terms / privacy / returns sections, the hero slides, the blog
// (list, tag, post, neighbours, SEO text, RSS per language) and the shipping methods' names. A
// Greek read takes each field from its translation, else the English, and names the fields shown
// in English in `untranslated`; an English read is what it always was (no `untranslated`).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogFeedLink } from "../../app/features/blog/feed-link";
import * as controlSchema from "../../db/control/schema";
import {
  blogPosts,
  blogPostTranslations,
  contentSections,
  contentSectionTranslations,
  pageContent,
  pageContentTranslations,
  shippingMethods,
  shippingMethodTranslations,
  slides,
  slideTranslations,
} from "../../db/store/schema";
import { getBlogPost, latestBlogPosts, listBlogPosts } from "../../services/blog";
import { listSlides } from "../../services/catalog";
import { aboutContent, contactContent, legalSections } from "../../services/content";
import type { StoreContext } from "../../services/context";
import { guestBuyer, quoteCheckout } from "../../services/orders/pricing";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

const DAY = 86_400_000;
const GUEST = guestBuyer({
  firstName: "Eleni",
  lastName: "Georgiou",
  country: "CY",
  street: "Odos 1",
  city: "Nicosia",
  postcode: "1010",
  phone: "+35799000000",
  email: "eleni@example.com",
});

describe.each(driversFor("either"))("content in the page's language on %s", (driver) => {
  let p: Platform;
  let en: StoreContext;
  let el: StoreContext;
  let firstProduct: number;

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    // alpha speaks English (its default) and Greek; beta only English.
    await p.registry.control.db
      .update(controlSchema.stores)
      .set({ languages: ["en", "el"] })
      .where(eq(controlSchema.stores.id, "alpha"));
    p.registry.invalidate();
    en = { ...((await p.registry.byId("alpha")) as StoreContext), lang: "en" };
    el = { ...en, lang: "el" };
    const db = en.db;
    firstProduct = (await db.query.products.findFirst())?.id as number;

    const pc = await db
      .insert(pageContent)
      .values([
        { position: "top image about", text: "Our shop", img: "/images/about.jpg" },
        { position: "about title 1", text: "Welcome" },
        { position: "about title 2", text: "Since 2010" },
        { position: "about title 3", text: "" },
        { position: "our vision", text: "Clean clouds" },
        { position: "our mission", text: "Good advice" },
        { position: "who we are", text: "A family shop" },
        { position: "contact info", text: "Write to us" },
        { position: "office address", text: "1 Main Street" },
        { position: "office phone", text: "+357 22 000000" },
      ])
      .returning({ id: pageContent.id, position: pageContent.position });
    const pcId = (position: string) => pc.find((r) => r.position === position)?.id as number;
    await db.insert(pageContentTranslations).values([
      { pageContentId: pcId("top image about"), lang: "el", text: "Το κατάστημά μας" },
      { pageContentId: pcId("about title 1"), lang: "el", text: "Καλώς ήρθατε" },
      // A translation row whose field is empty falls back like a missing row.
      { pageContentId: pcId("our vision"), lang: "el", text: null },
      { pageContentId: pcId("our mission"), lang: "el", text: "Καλές συμβουλές" },
      { pageContentId: pcId("who we are"), lang: "el", text: "Οικογενειακό κατάστημα" },
      { pageContentId: pcId("contact info"), lang: "el", text: "Γράψτε μας" },
    ]);

    const sections = await db
      .insert(contentSections)
      .values([
        { page: "terms", seq: 1, title: "Orders", bodyHtml: "<p>How orders work</p>" },
        { page: "terms", seq: 2, title: "Returns", bodyHtml: "<p>Send it back<script>x</script></p>" },
      ])
      .returning({ id: contentSections.id });
    await db.insert(contentSectionTranslations).values([
      {
        sectionId: sections[0]?.id as number,
        lang: "el",
        title: "Παραγγελίες",
        bodyHtml: "<p>Πώς λειτουργούν<script>x</script></p>",
      },
      { sectionId: sections[1]?.id as number, lang: "el", title: "Επιστροφές", bodyHtml: null },
    ]);

    const [slide] = await db
      .insert(slides)
      .values({
        imageSrc: "/images/slide.jpg",
        introSubtitle: "New",
        introTitle1: "Pod kits",
        introTitle2: "For every day",
        introTitle3: null,
        price: "19",
        priceDecimal: "99",
        link: "/shop/sidebar/list",
        linkTitle: "Shop now",
      })
      .returning({ id: slides.id });
    await db.insert(slideTranslations).values({
      slideId: slide?.id as number,
      lang: "el",
      introTitle1: "Κιτ pod",
      linkTitle: "Αγοράστε τώρα",
    });

    // Three published posts, newest first: three, two, one; and a draft with a translation.
    const now = Date.now();
    const posts = await db
      .insert(blogPosts)
      .values([
        {
          slug: "one",
          title: "First post",
          excerpt: "First summary",
          bodyHtml: "<p>First body</p>",
          tags: ["guides"],
          status: "published",
          publishedAt: new Date(now - 3 * DAY),
        },
        {
          slug: "two",
          title: "Second post",
          excerpt: "Second summary",
          bodyHtml: "<p>Second body</p>",
          coverUrl: "/images/two.jpg",
          coverWidth: 1200,
          coverHeight: 630,
          coverAlt: "A coil",
          tags: ["guides", "coils"],
          status: "published",
          publishedAt: new Date(now - 2 * DAY),
          seoTitle: "Second post SEO",
          seoDescription: "Second post SEO description",
        },
        {
          slug: "three",
          title: "Third post",
          excerpt: "",
          bodyHtml: "<p>Third body</p>",
          tags: ["news"],
          status: "published",
          publishedAt: new Date(now - DAY),
          seoTitle: "Third post SEO",
        },
        { slug: "draft", title: "Draft", bodyHtml: "<p>x</p>", tags: ["guides"], status: "draft" },
      ])
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    const postId = (slug: string) => posts.find((r) => r.slug === slug)?.id as number;
    await db.insert(blogPostTranslations).values([
      { postId: postId("one"), lang: "el", title: "Πρώτο άρθρο", excerpt: "Πρώτη περίληψη" },
      {
        postId: postId("two"),
        lang: "el",
        title: "Δεύτερο άρθρο & <φίλοι>",
        excerpt: "Δεύτερη περίληψη",
        bodyHtml: "<p>Δεύτερο σώμα</p>",
        coverAlt: "Ένα πηνίο",
        seoTitle: "Δεύτερο SEO",
      },
      // Only the SEO title of the third: its title and body stay English.
      { postId: postId("three"), lang: "el", seoTitle: "Τρίτο SEO" },
      { postId: postId("draft"), lang: "el", title: "Πρόχειρο" },
    ]);

    const methods = await db
      .insert(shippingMethods)
      .values([
        { description: "Courier", costCents: 500, seq: 1 },
        { description: "Pick-up in store", costCents: 0, seq: 2 },
        { description: "Greece only", costCents: 900, seq: 3, countries: ["GR"] },
      ])
      .returning({ id: shippingMethods.id });
    await db.insert(shippingMethodTranslations).values([
      { shippingMethodId: methods[0]?.id as number, lang: "el", description: "Courier (ταχυμεταφορά)" },
      { shippingMethodId: methods[2]?.id as number, lang: "el", description: "Μόνο Ελλάδα" },
    ]);
  });
  afterAll(async () => p?.dispose());

  describe("page content", () => {
    it("reads the about page in Greek field by field, naming what fell back", async () => {
      const about = await aboutContent(el);
      expect(about).toMatchObject({
        topImage: { src: "/images/about.jpg", alt: "Το κατάστημά μας" },
        title1: "Καλώς ήρθατε",
        title2: "Since 2010",
        title3: "",
        vision: "Clean clouds",
        mission: "Καλές συμβουλές",
        whoWeAre: "Οικογενειακό κατάστημα",
      });
      // An empty English text is nothing shown, so it is not marked.
      expect([...(about.untranslated ?? [])].sort()).toEqual(["title2", "vision"]);
    });

    it("reads the about page in English as before, without untranslated", async () => {
      const about = await aboutContent(en);
      expect(about).toStrictEqual({
        topImage: { src: "/images/about.jpg", alt: "Our shop" },
        title1: "Welcome",
        title2: "Since 2010",
        title3: "",
        vision: "Clean clouds",
        mission: "Good advice",
        whoWeAre: "A family shop",
      });
    });

    it("reads the contact page's texts in Greek; phone numbers are no language's", async () => {
      const contact = await contactContent(el);
      expect(contact.contactInfo).toBe("Γράψτε μας");
      expect(contact.office.address).toBe("1 Main Street");
      expect(contact.office.phone).toBe("+357 22 000000");
      expect(contact.untranslated).toEqual(["office.address"]);
      const english = await contactContent(en);
      expect(english.contactInfo).toBe("Write to us");
      expect(english).not.toHaveProperty("untranslated");
    });

    it("serves the API's about and page content in the lang parameter's language", async () => {
      const greek = await (await p.request("alpha.localhost", "/api/v1/content/about?lang=el")).json();
      expect(greek.title1).toBe("Καλώς ήρθατε");
      expect(greek.untranslated).toContain("vision");
      const english = await (await p.request("alpha.localhost", "/api/v1/content/about")).json();
      expect(english.title1).toBe("Welcome");
      expect(english).not.toHaveProperty("untranslated");
      // A language the store does not speak reads English.
      const beta = await (await p.request("beta.localhost", "/api/v1/content/about?lang=el")).json();
      expect(beta).not.toHaveProperty("untranslated");
    });
  });

  describe("content sections", () => {
    it("reads terms in Greek, sanitised, with the body that fell back named", async () => {
      expect(await legalSections(el, "terms")).toStrictEqual([
        { title: "Παραγγελίες", html: "<p>Πώς λειτουργούν</p>", untranslated: [] },
        { title: "Επιστροφές", html: "<p>Send it back</p>", untranslated: ["html"] },
      ]);
      expect(await legalSections(en, "terms")).toStrictEqual([
        { title: "Orders", html: "<p>How orders work</p>" },
        { title: "Returns", html: "<p>Send it back</p>" },
      ]);
    });
  });

  describe("slides", () => {
    it("reads the hero's words in Greek; empty fields are not marked", async () => {
      const [slide] = await listSlides(el);
      expect(slide).toMatchObject({
        introSubtitle: "New",
        introTitle1: "Κιτ pod",
        introTitle2: "For every day",
        introTitle3: null,
        price: "19",
        priceDecimal: "99",
        link: "/shop/sidebar/list",
        linkTitle: "Αγοράστε τώρα",
        display: true,
        imageSrc: "/images/slide.jpg",
      });
      expect(slide?.untranslated).toEqual(["introSubtitle", "introTitle2"]);
      const [english] = await listSlides(en);
      expect(english?.introTitle1).toBe("Pod kits");
      expect(english?.linkTitle).toBe("Shop now");
      expect(english).not.toHaveProperty("untranslated");
    });
  });

  describe("blog", () => {
    it("lists posts in Greek, by tag too, with what fell back named", async () => {
      const list = await listBlogPosts(el, { tag: null, page: 1 });
      expect(list.total).toBe(3);
      expect(list.posts.map((x) => [x.slug, x.title, x.excerpt, x.untranslated])).toEqual([
        ["three", "Third post", "", ["title"]],
        ["two", "Δεύτερο άρθρο & <φίλοι>", "Δεύτερη περίληψη", []],
        ["one", "Πρώτο άρθρο", "Πρώτη περίληψη", []],
      ]);
      expect(list.posts[1]?.cover).toEqual({
        url: "/images/two.jpg",
        width: 1200,
        height: 630,
        alt: "Ένα πηνίο",
      });
      const coils = await listBlogPosts(el, { tag: "coils", page: 1 });
      expect(coils.posts.map((x) => x.title)).toEqual(["Δεύτερο άρθρο & <φίλοι>"]);
      expect(coils.tags.map((t) => t.name)).toEqual(["guides", "coils", "news"]);
    });

    it("lists posts in English as before", async () => {
      const list = await listBlogPosts(en, { tag: "guides", page: 1 });
      expect(list.posts.map((x) => x.title)).toEqual(["Second post", "First post"]);
      for (const post of list.posts) expect(post).not.toHaveProperty("untranslated");
    });

    it("reads a post in Greek by its one slug: body, cover, SEO text and neighbours", async () => {
      const found = await getBlogPost(el, "two", null);
      const post = found?.post;
      expect(post).toMatchObject({
        slug: "two",
        title: "Δεύτερο άρθρο & <φίλοι>",
        html: "<p>Δεύτερο σώμα</p>",
        seoTitle: "Δεύτερο SEO",
        // Its summary is translated, so the English SEO description does not stand in for it.
        seoDescription: null,
        untranslated: [],
        previous: { slug: "one", title: "Πρώτο άρθρο", untranslated: [] },
        next: { slug: "three", title: "Third post", untranslated: ["title"] },
      });
      const third = (await getBlogPost(el, "three", null))?.post;
      expect(third).toMatchObject({
        title: "Third post",
        html: "<p>Third body</p>",
        seoTitle: "Τρίτο SEO",
        next: null,
      });
      expect(third?.untranslated).toEqual(["title", "html"]);
      const first = (await getBlogPost(el, "one", null))?.post;
      expect(first?.untranslated).toEqual(["html"]);
      expect(first?.previous).toBeNull();
      // A draft stays hidden in every language.
      expect(await getBlogPost(el, "draft", null)).toBeNull();
    });

    it("reads a post in English as before", async () => {
      const post = (await getBlogPost(en, "two", null))?.post;
      expect(post).toMatchObject({
        title: "Second post",
        html: "<p>Second body</p>",
        seoTitle: "Second post SEO",
        seoDescription: "Second post SEO description",
        previous: { slug: "one", title: "First post" },
        next: { slug: "three", title: "Third post" },
      });
      expect(post).not.toHaveProperty("untranslated");
      expect(post?.next).not.toHaveProperty("untranslated");
      expect((await latestBlogPosts(en, 1))[0]).not.toHaveProperty("untranslated");
    });

    it("serves the RSS feed per language: Greek words and /el/ links under /el/", async () => {
      const greek = await p.request("alpha.localhost", "/el/blog/rss.xml");
      expect(greek.status).toBe(200);
      expect(greek.headers.get("content-type")).toMatch(/application\/rss\+xml/);
      const xml = await greek.text();
      expect(xml).toContain("<language>el</language>");
      expect(xml).toContain("<title>Alpha Vapes – Blog</title>");
      expect(xml).toContain("<link>https://alpha.example.com/el/blog</link>");
      expect(xml).toContain('<atom:link href="https://alpha.example.com/el/blog/rss.xml"');
      expect(xml).toContain("<title>Δεύτερο άρθρο &amp; &lt;φίλοι&gt;</title>");
      expect(xml).toContain("<link>https://alpha.example.com/el/blog/two</link>");
      expect(xml).toContain("<title>Third post</title>");
      expect(xml).not.toContain("Πρόχειρο");
      expect(xml).not.toMatch(/<link>https:\/\/alpha\.example\.com\/blog\//);

      const english = await (await p.request("alpha.localhost", "/blog/rss.xml")).text();
      expect(english).toContain("<language>en</language>");
      expect(english).toContain("<title>Alpha Vapes blog</title>");
      expect(english).toContain("<title>Second post</title>");
      expect(english).toContain("<link>https://alpha.example.com/blog/two</link>");
      expect(english).not.toContain("Δεύτερο");

      // A store that does not speak Greek has no Greek feed; the default's feed has no prefix.
      expect((await p.request("beta.localhost", "/el/blog/rss.xml")).status).toBe(404);
      const misplaced = await p.request("alpha.localhost", "/en/blog/rss.xml");
      expect(misplaced.status).toBe(301);
      expect(misplaced.headers.get("location")).toBe("/blog/rss.xml");
    });

    it("points a Greek blog page's feed link at the Greek feed", () => {
      const matches = (lang: "en" | "el", prefix: string) => [
        { id: "root", loaderData: { content: { site: { name: "Alpha Vapes" } } } },
        {
          id: "routes/language",
          loaderData: { lang, prefix, messages: { Blog: { feedTitle: "{name} blog" } }, coreTexts: {} },
        },
      ];
      expect(blogFeedLink(matches("el", "/el"))).toMatchObject({
        rel: "alternate",
        type: "application/rss+xml",
        href: "/el/blog/rss.xml",
      });
      expect(blogFeedLink(matches("en", "")).href).toBe("/blog/rss.xml");
    });
  });

  describe("shipping methods", () => {
    it("names the methods in a Greek quote, naming the English ones; English as before", async () => {
      const input = { lines: [{ id: firstProduct, qty: 1 }], shippingId: null };
      const greek = await quoteCheckout(el, GUEST, input);
      expect(greek.shippingMethods).toEqual([
        expect.objectContaining({ description: "Courier (ταχυμεταφορά)", costCents: 500, untranslated: [] }),
        expect.objectContaining({
          description: "Pick-up in store",
          costCents: 0,
          untranslated: ["description"],
        }),
      ]);
      const chosen = await quoteCheckout(el, GUEST, { ...input, shippingId: greek.shippingMethods[0]?.id });
      expect(chosen.shipping?.description).toBe("Courier (ταχυμεταφορά)");
      const english = await quoteCheckout(en, GUEST, input);
      expect(english.shippingMethods.map((m) => m.description)).toEqual(["Courier", "Pick-up in store"]);
      for (const m of english.shippingMethods) expect(m).not.toHaveProperty("untranslated");
    });
  });
});
