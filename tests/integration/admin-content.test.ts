// The back office's content: about/contact texts, legal sections (sanitised), slides, the SEO
// text in the registry, shipping methods, warehouses and stored reviews. Each write: the happy
// path, bad input with field messages, the audit entry, and a concurrent edit refused.
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "../../db/control/schema";
import { auditLog, contentSectionTranslations } from "../../db/store/schema";
import { storedReviews } from "../../services/review-providers";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

type Rec = Record<string, unknown> & { id: number; version: string };
type Fail = { error: string; message: string; details?: { fields?: Record<string, string> } };

describe.each(driversFor("either"))("back-office content on %s", (driver) => {
  let p: Platform;
  let manager: AdminClient;
  let owner: AdminClient;
  let clerk: AdminClient;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    manager = await signedInStaff(p, "beta.localhost", "beta", {
      email: "manager@beta.test",
      role: "manager",
    });
    owner = await signedInStaff(p, "beta.localhost", "beta", { email: "owner@beta.test", role: "owner" });
    clerk = await signedInStaff(p, "beta.localhost", "beta", { email: "clerk@beta.test", role: "staff" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const lastAudit = async () => {
    const db = (await p.registry.storeHandle("beta")).db;
    const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return row;
  };
  const shop = async <T>(path: string) =>
    (await (await p.request("beta.localhost", `/api/v1${path}`)).json()) as T;

  it("keeps content away from the staff role", async () => {
    expect((await clerk.req("GET", "/content/pages")).status).toBe(403);
    expect((await clerk.req("PUT", "/content/seo", {})).status).toBe(403);
  });

  it("edits an about-page text; the storefront shows it at once; an old version is refused", async () => {
    const list = await manager.req<{ items: Rec[] }>("GET", "/content/pages");
    expect(list.status).toBe(200);
    const vision = list.json.items.find((i) => i.position === "our vision") as Rec;
    expect(vision).toMatchObject({ group: "about", text: "", image: false });
    const saved = await manager.req<Rec>("PUT", `/content/pages/${encodeURIComponent("our vision")}`, {
      text: "Cleaner air for every smoker who switches.",
      img: null,
      version: vision.version,
    });
    expect(saved.status, saved.text).toBe(200);
    const about = await shop<{ vision: string }>("/content/about");
    expect(about.vision).toBe("Cleaner air for every smoker who switches.");
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "page_content.update", entityId: "our vision" });
    expect(audit?.after).toMatchObject({ text: "Cleaner air for every smoker who switches." });

    const stale = await owner.req<Fail>("PUT", `/content/pages/${encodeURIComponent("our vision")}`, {
      text: "Something else",
      version: vision.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe("edit_conflict");

    const picture = await manager.req<Fail>("PUT", `/content/pages/${encodeURIComponent("our mission")}`, {
      text: "x",
      img: "/images/pages/a.webp",
      version: "whatever",
    });
    expect(picture.status).toBe(400);
    expect(picture.json.details?.fields?.img).toMatch(/text only/);
    const unknown = await manager.req("PUT", "/content/pages/nowhere", { text: "x", version: "v" });
    expect(unknown.status).toBe(400);
    const tooLong = await manager.req<Fail>("PUT", `/content/pages/${encodeURIComponent("who we are")}`, {
      text: "x".repeat(5001),
      version: "v",
    });
    expect(tooLong.status).toBe(400);
  });

  it("adds legal sections with sanitised HTML, reorders and deletes them", async () => {
    const bad = await manager.req<Fail>("POST", "/content/sections", {
      page: "cookies",
      title: "",
      bodyHtml: "",
    });
    expect(bad.status).toBe(400);
    const onlyScript = await manager.req<Fail>("POST", "/content/sections", {
      page: "terms",
      title: "Sneaky",
      bodyHtml: "<script>alert(1)</script>",
    });
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.json.details?.fields?.bodyHtml).toBeTruthy();

    const a = await manager.req<Rec>("POST", "/content/sections", {
      page: "terms",
      title: "Who we are",
      bodyHtml: '<p onclick="steal()">We are <strong>Beta</strong>.<script>alert(1)</script></p>',
    });
    expect(a.status, a.text).toBe(201);
    expect(a.json.bodyHtml).toBe("<p>We are <strong>Beta</strong>.</p>");
    expect((await lastAudit())?.action).toBe("content_section.create");
    const b = await manager.req<Rec>("POST", "/content/sections", {
      page: "terms",
      title: "Delivery",
      bodyHtml: "<p>We deliver.</p>",
      seq: 5,
    });
    const terms = await shop<{ sections: { title: string }[] }>("/content/pages/terms");
    expect(terms.sections.map((s) => s.title)).toEqual(["Who we are", "Delivery"]);

    const r = await manager.req("POST", "/content/sections/reorder", {
      page: "terms",
      ids: [b.json.id, a.json.id],
    });
    expect(r.status, r.text).toBe(200);
    const after = await shop<{ sections: { title: string }[] }>("/content/pages/terms");
    expect(after.sections.map((s) => s.title)).toEqual(["Delivery", "Who we are"]);

    const edited = await manager.req<Rec>("PUT", `/content/sections/${a.json.id}`, {
      page: "terms",
      title: "About us",
      bodyHtml: "<p>Hello</p>",
      seq: 1,
      version: a.json.version,
    });
    expect(edited.status).toBe(409);
    const fresh = await manager.req<Rec>("GET", `/content/sections/${a.json.id}`);
    const ok = await manager.req<Rec>("PUT", `/content/sections/${a.json.id}`, {
      page: "terms",
      title: "About us",
      bodyHtml: "<p>Hello</p>",
      seq: 1,
      version: fresh.json.version,
    });
    expect(ok.status, ok.text).toBe(200);

    const del = await manager.req("DELETE", `/content/sections/${b.json.id}`);
    expect(del.status).toBe(200);
    expect((await lastAudit())?.action).toBe("content_section.delete");
    const listed = await manager.req<{ items: Rec[] }>("GET", "/content/sections?legal=terms");
    expect(listed.json.items.map((s) => s.title)).toEqual(["About us"]);
  });

  const setLanguages = async (languages: ("en" | "el")[]) => {
    await p.registry.control.db.update(stores).set({ languages }).where(eq(stores.id, "beta"));
    p.registry.invalidate();
  };

  it("saves Greek texts of sections, about texts, shipping methods and slides in their audited, versioned saves", async () => {
    type El = Rec & { translations: { el?: Record<string, string | null> } };
    const db = (await p.registry.storeHandle("beta")).db;
    const section = await manager.req<El>("POST", "/content/sections", {
      page: "returns",
      title: "Refunds",
      bodyHtml: "<p>Within 14 days.</p>",
    });
    expect(section.status, section.text).toBe(201);
    expect(section.json.translations).toEqual({});
    // An English-only store refuses a translation.
    const refused = await manager.req<Fail>("PUT", `/content/sections/${section.json.id}`, {
      page: "returns",
      title: "Refunds",
      bodyHtml: "<p>Within 14 days.</p>",
      version: section.json.version,
      translations: { el: { title: "Επιστροφές" } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.details?.fields?.translations).toContain("el");

    await setLanguages(["en", "el"]);
    try {
      const opened = await manager.req<El>("GET", `/content/sections/${section.json.id}`);
      expect(opened.json.translations).toEqual({ el: { title: null, bodyHtml: null } });
      const body = (over: Record<string, unknown>) => ({
        page: "returns",
        title: "Refunds",
        bodyHtml: "<p>Within 14 days.</p>",
        ...over,
      });
      expect(
        (
          await manager.req("PUT", `/content/sections/${section.json.id}`, {
            ...body({ version: opened.json.version }),
            translations: { de: { title: "Erstattung" } },
          })
        ).status,
      ).toBe(400);
      const saved = await manager.req<El>(
        "PUT",
        `/content/sections/${section.json.id}`,
        body({
          version: opened.json.version,
          translations: {
            el: {
              title: "Επιστροφές",
              bodyHtml: '<p onclick="x()">Σε 14 ημέρες.<script>alert(1)</script></p>',
            },
          },
        }),
      );
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.translations.el).toEqual({ title: "Επιστροφές", bodyHtml: "<p>Σε 14 ημέρες.</p>" });
      const audit = await lastAudit();
      expect(audit?.action).toBe("content_section.update");
      expect(audit?.summary).toContain("translations");
      expect(audit?.before).toMatchObject({ translations: { el: { title: null } } });
      expect(audit?.after).toMatchObject({ translations: { el: { title: "Επιστροφές" } } });
      // The list carries the same version as the record (the editor opens from either).
      const listed = await manager.req<{ items: El[] }>("GET", "/content/sections?legal=returns");
      expect(listed.json.items.find((i) => i.id === section.json.id)?.version).toBe(saved.json.version);
      // The version covers the translation: the version opened before it is refused.
      const stale = await manager.req<Fail>(
        "PUT",
        `/content/sections/${section.json.id}`,
        body({ version: opened.json.version, translations: { el: { title: "Άλλο" } } }),
      );
      expect(stale.status).toBe(409);
      // Clearing falls back: the row keeps null, the Greek page shows the English title.
      const cleared = await manager.req<El>(
        "PUT",
        `/content/sections/${section.json.id}`,
        body({
          version: saved.json.version,
          translations: { el: { title: "", bodyHtml: "<p>Σε 14 ημέρες.</p>" } },
        }),
      );
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json.translations.el).toEqual({ title: null, bodyHtml: "<p>Σε 14 ημέρες.</p>" });
      const [row] = await db
        .select()
        .from(contentSectionTranslations)
        .where(eq(contentSectionTranslations.sectionId, section.json.id));
      expect(row).toMatchObject({ lang: "el", title: null, bodyHtml: "<p>Σε 14 ημέρες.</p>" });
      const greek = await shop<{ sections: { title: string }[] }>("/content/pages/returns?lang=el");
      expect(greek.sections.map((x) => x.title)).toContain("Refunds");
      // Deleting with the version (translations included) works; the translation goes with it.
      const del = await manager.req(
        "DELETE",
        `/content/sections/${section.json.id}?version=${cleared.json.version}`,
      );
      expect(del.status, del.text).toBe(200);

      // An about-page text.
      const pages = await manager.req<{ items: (El & { position: string })[] }>("GET", "/content/pages");
      const vision = pages.json.items.find((i) => i.position === "our vision") as El;
      expect(vision.translations).toEqual({ el: { text: null } });
      const visionSaved = await manager.req<El>("PUT", `/content/pages/${encodeURIComponent("our vision")}`, {
        text: vision.text,
        version: vision.version,
        translations: { el: { text: "Το όραμά μας." } },
      });
      expect(visionSaved.status, visionSaved.text).toBe(200);
      expect(visionSaved.json.translations.el?.text).toBe("Το όραμά μας.");
      expect((await lastAudit())?.after).toMatchObject({ translations: { el: { text: "Το όραμά μας." } } });
      const visionStale = await manager.req("PUT", `/content/pages/${encodeURIComponent("our vision")}`, {
        text: vision.text,
        version: vision.version,
        translations: { el: { text: "Άλλο" } },
      });
      expect(visionStale.status).toBe(409);

      // A shipping method.
      const method = await manager.req<El>("POST", "/content/shipping", {
        description: "Courier",
        costCents: 300,
        translations: { el: { description: "Ταχυμεταφορά" } },
      });
      expect(method.status, method.text).toBe(201);
      expect(method.json.translations.el).toEqual({ description: "Ταχυμεταφορά" });
      expect((await lastAudit())?.after).toMatchObject({
        translations: { el: { description: "Ταχυμεταφορά" } },
      });
      const methodCleared = await manager.req<El>("PUT", `/content/shipping/${method.json.id}`, {
        description: "Courier",
        costCents: 300,
        version: method.json.version,
        translations: { el: { description: null } },
      });
      expect(methodCleared.status, methodCleared.text).toBe(200);
      expect(methodCleared.json.translations.el).toEqual({ description: null });

      // A hero slide's words.
      const slide = await manager.req<El>("POST", "/content/slides", {
        imageSrc: "/images/slides/greek-test.webp",
        introTitle1: "Summer sale",
        linkTitle: "Shop now",
        translations: { el: { introTitle1: "Καλοκαιρινές εκπτώσεις", linkTitle: "Αγοράστε" } },
      });
      expect(slide.status, slide.text).toBe(201);
      expect(slide.json.translations.el).toEqual({
        introSubtitle: null,
        introTitle1: "Καλοκαιρινές εκπτώσεις",
        introTitle2: null,
        introTitle3: null,
        linkTitle: "Αγοράστε",
      });
      const slideStale = await manager.req("PUT", `/content/slides/${slide.json.id}`, {
        imageSrc: "/images/slides/greek-test.webp",
        version: "stale",
        translations: { el: { introTitle1: null } },
      });
      expect(slideStale.status).toBe(409);
      const slideCleared = await manager.req<El>("PUT", `/content/slides/${slide.json.id}`, {
        imageSrc: "/images/slides/greek-test.webp",
        introTitle1: "Summer sale",
        linkTitle: "Shop now",
        version: slide.json.version,
        translations: { el: { introTitle1: "", linkTitle: "Αγοράστε" } },
      });
      expect(slideCleared.status, slideCleared.text).toBe(200);
      expect(slideCleared.json.translations.el).toMatchObject({ introTitle1: null, linkTitle: "Αγοράστε" });
      expect((await lastAudit())?.before).toMatchObject({
        translations: { el: { introTitle1: "Καλοκαιρινές εκπτώσεις" } },
      });
      expect(
        (await manager.req("DELETE", `/content/slides/${slide.json.id}?version=${slideCleared.json.version}`))
          .status,
      ).toBe(200);
    } finally {
      await setLanguages(["en"]);
    }
  });

  it("uploads a slide picture, adds slides, hides and reorders them, and the storefront follows", async () => {
    const png = await sharp({ create: { width: 2400, height: 900, channels: 3, background: "#cc3366" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "hero.png");
    form.set("name", "Summer sale");
    const up = await manager.req<{ url: string; width: number; height: number }>(
      "POST",
      "/uploads/content?kind=slide",
      form,
    );
    expect(up.status, up.text).toBe(201);
    expect(up.json).toMatchObject({ width: 1920, height: 500 });
    expect(up.json.url).toMatch(/^\/images\/slides\/summer-sale-\w+\.webp$/);

    const badLink = await manager.req<Fail>("POST", "/content/slides", {
      imageSrc: up.json.url,
      link: "javascript:alert(1)",
    });
    expect(badLink.status).toBe(400);
    const noImage = await manager.req<Fail>("POST", "/content/slides", { imageSrc: "" });
    expect(noImage.status).toBe(400);

    const one = await manager.req<Rec>("POST", "/content/slides", {
      imageSrc: up.json.url,
      introTitle1: "Summer",
      price: "19.9",
      link: "/shop/sidebar/3cols",
      linkTitle: "Shop Now",
    });
    expect(one.status, one.text).toBe(201);
    expect(one.json.price).toBe("19.90");
    const two = await manager.req<Rec>("POST", "/content/slides", {
      imageSrc: up.json.url,
      introTitle1: "Winter",
      seq: 1,
    });
    let slides = await shop<{ slides: { id: number; price: string | null; priceDecimal: string | null }[] }>(
      "/slides",
    );
    expect(slides.slides.map((s) => s.id)).toEqual([one.json.id, two.json.id]);
    expect(slides.slides[0]).toMatchObject({ price: "19", priceDecimal: "90" });

    const reorder = await manager.req("POST", "/content/slides/reorder", { ids: [two.json.id, one.json.id] });
    expect(reorder.status).toBe(200);
    slides = await shop("/slides");
    expect(slides.slides.map((s) => s.id)).toEqual([two.json.id, one.json.id]);

    const current = await manager.req<Rec>("GET", `/content/slides/${two.json.id}`);
    const hide = await manager.req<Rec>("PUT", `/content/slides/${two.json.id}`, {
      ...current.json,
      display: false,
    });
    expect(hide.status, hide.text).toBe(200);
    slides = await shop("/slides");
    expect(slides.slides.map((s) => s.id)).toEqual([one.json.id]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "slide.update" });
    expect(audit?.before).toEqual({ display: true });
    expect(audit?.after).toEqual({ display: false });

    const again = await owner.req<Fail>("PUT", `/content/slides/${two.json.id}`, {
      ...current.json,
      display: true,
    });
    expect(again.status).toBe(409);
  });

  it("edits the SEO text in the registry: the store's pages read it on the next request", async () => {
    const seo = await manager.req<Rec & { pages: Record<string, unknown> }>("GET", "/content/seo");
    expect(seo.status).toBe(200);
    expect(seo.json.title).toBe("Beta Clouds | Vape shop");
    const bad = await manager.req<Fail>("PUT", "/content/seo", {
      title: "",
      description: "x".repeat(301),
      version: seo.json.version,
    });
    expect(bad.status).toBe(400);
    const saved = await manager.req<Rec & { pages: Record<string, { title: string }> }>(
      "PUT",
      "/content/seo",
      {
        title: "Beta Clouds | Vapes in Nicosia",
        description: "Kits and liquids from Nicosia.",
        keywords: "vape, nicosia",
        pages: {
          about: { title: "About Beta", description: "Who we are." },
          contact: { title: "", description: "" },
        },
        version: seo.json.version,
      },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.pages.about?.title).toBe("About Beta");
    const info = await shop<{
      seo: { title: string; keywords?: string; pages?: Record<string, { title: string }> };
    }>("/store");
    expect(info.seo.title).toBe("Beta Clouds | Vapes in Nicosia");
    expect(info.seo.pages?.about?.title).toBe("About Beta");
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "seo.update", entityId: "beta" });
    expect(audit?.summary).toMatch(/title, description, keywords, pages.about/);
    const stale = await owner.req<Fail>("PUT", "/content/seo", {
      title: "Other",
      description: "Other",
      version: seo.json.version,
    });
    expect(stale.status).toBe(409);
  });

  it("edits the Greek SEO text beside the English: kept by English saves, versioned, audited, refused where Greek is not offered", async () => {
    type Seo = Rec & { translations: { el?: Record<string, string | null> }; version: string };
    const english = { title: "Beta Clouds | Vapes", description: "Kits and liquids." };
    const before = await manager.req<Seo>("GET", "/content/seo");
    // An English-only store takes no Greek.
    const refused = await manager.req<Fail>("PUT", "/content/seo", {
      ...english,
      translations: { el: { title: "Beta Clouds | Άτμισμα" } },
      version: before.json.version,
    });
    expect(refused.status).toBe(400);
    await setLanguages(["en", "el"]);
    try {
      const opened = await manager.req<Seo>("GET", "/content/seo");
      expect(opened.json.translations.el?.title).toBeNull();
      expect(opened.json.translations.el?.["about-title"]).toBeNull();
      const saved = await manager.req<Seo>("PUT", "/content/seo", {
        ...english,
        translations: {
          el: { title: "Beta Clouds | Άτμισμα στη Λευκωσία", "about-title": "Ποιοι είμαστε", keywords: "" },
        },
        version: opened.json.version,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.translations.el).toMatchObject({
        title: "Beta Clouds | Άτμισμα στη Λευκωσία",
        "about-title": "Ποιοι είμαστε",
        "about-description": null,
        keywords: null,
      });
      const row = async () =>
        (await p.registry.control.db.select({ seo: stores.seo }).from(stores).where(eq(stores.id, "beta")))[0]
          ?.seo;
      expect((await row())?.translations?.el).toEqual({
        title: "Beta Clouds | Άτμισμα στη Λευκωσία",
        pages: { about: { title: "Ποιοι είμαστε", description: "" } },
      });
      const audit = await lastAudit();
      expect(audit?.summary).toContain("translations");
      // A Greek-only change moves the version: the English form opened before it is refused.
      const stale = await owner.req<Fail>("PUT", "/content/seo", {
        ...english,
        version: opened.json.version,
      });
      expect(stale.status).toBe(409);
      // Saving the English without the Greek fields keeps the Greek.
      const englishOnly = await manager.req<Seo>("PUT", "/content/seo", {
        ...english,
        description: "Kits and liquids from Nicosia.",
        version: saved.json.version,
      });
      expect(englishOnly.status, englishOnly.text).toBe(200);
      expect((await row())?.translations?.el?.title).toBe("Beta Clouds | Άτμισμα στη Λευκωσία");
      // Emptied, the Greek goes and the English shows.
      const cleared = await manager.req<Seo>("PUT", "/content/seo", {
        ...english,
        translations: { el: { title: "", "about-title": null } },
        version: englishOnly.json.version,
      });
      expect(cleared.status, cleared.text).toBe(200);
      expect((await row())?.translations).toBeUndefined();
    } finally {
      await setLanguages(["en"]);
    }
  });

  it("shipping methods: countries only from the store's list, cost in cents, order and active flag", async () => {
    const foreign = await manager.req<Fail>("POST", "/content/shipping", {
      description: "Courier",
      costCents: 450,
      countries: ["FR"],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.details?.fields?.countries).toMatch(/FR/);
    const negative = await manager.req<Fail>("POST", "/content/shipping", {
      description: "X",
      costCents: -1,
    });
    expect(negative.status).toBe(400);
    const courier = await manager.req<Rec>("POST", "/content/shipping", {
      description: "Courier to Greece",
      costCents: 850,
      countries: ["gr"],
    });
    expect(courier.status, courier.text).toBe(201);
    expect(courier.json).toMatchObject({ countries: ["GR"], costCents: 850, active: true });
    const listed = await manager.req<{ storeCountries: { code: string }[] }>("GET", "/content/shipping");
    expect(listed.json.storeCountries.map((c) => c.code)).toEqual(["CY", "GR"]);
    const edit = await manager.req<Rec>("PUT", `/content/shipping/${courier.json.id}`, {
      description: "Courier to Greece",
      costCents: 900,
      countries: null,
      active: false,
      version: courier.json.version,
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json).toMatchObject({ countries: null, active: false, costCents: 900 });
    expect((await lastAudit())?.after).toMatchObject({ costCents: 900, active: false, countries: null });
    const stale = await manager.req("PUT", `/content/shipping/${courier.json.id}`, {
      description: "Y",
      costCents: 1,
      version: courier.json.version,
    });
    expect(stale.status).toBe(409);
    const del = await manager.req(
      "DELETE",
      `/content/shipping/${courier.json.id}?version=${edit.json.version}`,
    );
    expect(del.status).toBe(200);
    expect((await lastAudit())?.action).toBe("shipping_method.delete");
  });

  it("warehouses: add, edit with both coordinates, contact page lists those shown on the web", async () => {
    const half = await manager.req<Fail>("POST", "/content/warehouses", {
      code: "NIC",
      webDescription: "Nicosia shop",
      latitude: 35.17,
    });
    expect(half.status).toBe(400);
    expect(half.json.details?.fields?.longitude).toBeTruthy();
    const badEmail = await manager.req<Fail>("POST", "/content/warehouses", {
      code: "NIC",
      webDescription: "Nicosia shop",
      email: "not-an-email",
    });
    expect(badEmail.status).toBe(400);
    const wh = await manager.req<Rec>("POST", "/content/warehouses", {
      code: "NIC",
      webDescription: "Nicosia shop",
      phone: "+357 22 123456",
      email: "nicosia@beta.test",
      workingDays: "Mon-Fri 9:00-19:00",
      latitude: 35.17,
      longitude: 33.36,
    });
    expect(wh.status, wh.text).toBe(201);
    const dup = await manager.req("POST", "/content/warehouses", { code: "NIC", webDescription: "Again" });
    expect(dup.status).toBe(409);
    let contact = await shop<{ stores: { webDescription: string }[] }>("/content/contact");
    expect(contact.stores.map((s) => s.webDescription)).toContain("Nicosia shop");
    const hidden = await manager.req<Rec>("PUT", `/content/warehouses/${wh.json.id}`, {
      webDescription: "Nicosia shop",
      showOnWeb: false,
      version: wh.json.version,
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.json).toMatchObject({ phone: null, latitude: null, showOnWeb: false });
    contact = await shop("/content/contact");
    expect(contact.stores.map((s) => s.webDescription)).not.toContain("Nicosia shop");
    expect((await lastAudit())?.action).toBe("warehouse.update");
    const stale = await manager.req("PUT", `/content/warehouses/${wh.json.id}`, {
      webDescription: "X",
      version: wh.json.version,
    });
    expect(stale.status).toBe(409);
  });

  it("stored reviews: add, edit, delete; the home page's reviews follow", async () => {
    const bad = await manager.req<Fail>("POST", "/content/reviews", {
      authorName: "Ann",
      rating: 6,
      text: "Great",
      date: "2026-01-10",
    });
    expect(bad.status).toBe(400);
    const future = await manager.req("POST", "/content/reviews", {
      authorName: "Ann",
      rating: 5,
      text: "Great",
      date: "2999-01-01",
    });
    expect(future.status).toBe(400);
    const review = await manager.req<Rec>("POST", "/content/reviews", {
      authorName: "Ann P.",
      rating: 5,
      text: "Friendly shop, fast delivery.",
      date: "2026-01-10",
    });
    expect(review.status, review.text).toBe(201);
    expect(review.json.date).toBe("2026-01-10");
    // What the home page's reviews block reads when the store shows its stored reviews.
    const stored = async () => {
      const store = await p.registry.byId("beta");
      return (await storedReviews(store as NonNullable<typeof store>).list(10)).map((r) => r.authorName);
    };
    expect(await stored()).toContain("Ann P.");
    const edit = await manager.req<Rec>("PUT", `/content/reviews/${review.json.id}`, {
      authorName: "Ann P.",
      rating: 4,
      text: "Friendly shop.",
      date: "2026-01-11",
      version: review.json.version,
    });
    expect(edit.status, edit.text).toBe(200);
    const stale = await manager.req("PUT", `/content/reviews/${review.json.id}`, {
      authorName: "Ann",
      rating: 3,
      text: "x",
      date: "2026-01-11",
      version: review.json.version,
    });
    expect(stale.status).toBe(409);
    const del = await manager.req(
      "DELETE",
      `/content/reviews/${review.json.id}?version=${edit.json.version}`,
    );
    expect(del.status).toBe(200);
    expect((await lastAudit())?.action).toBe("review.delete");
    expect(await stored()).not.toContain("Ann P.");
  });
});
