// Pure rules of the content feature: form messages, the notify email rule, secret stripping,
// working hours, SEO texts and JSON-LD.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SiteSeo } from "../../app/features/content/root-data";
import { alternateLinks, canonicalUrl, type NamedPage, seoTexts } from "../../app/lib/seo";
import { normalizeInquiry, validateInquiry } from "../../core/contact";
import englishSeo from "../../core/messages/en/Seo.json";
import { isNotifyEmail } from "../../core/notify";
import { REDACTED, redactSecrets } from "../../core/redact";
import { jsonLdString, productJsonLd } from "../../core/seo";
import { groupedHours, openingHoursSpecification, weekdayRows } from "../../core/working-hours";

describe("contact form rules", () => {
  it("checks required fields first, then the email format, with the spec's texts", () => {
    expect(validateInquiry(normalizeInquiry({ name: "A", email: "", message: "m" }))).toEqual({
      kind: "warning",
      title: "Required Fields Empty",
      text: "Required fields (*) must not be left empty",
    });
    expect(validateInquiry(normalizeInquiry({ name: "A", email: "bad", message: "" }))?.title).toBe(
      "Required Fields Empty",
    );
    expect(validateInquiry(normalizeInquiry({ name: "A", email: "a@b", message: "m" }))).toEqual({
      kind: "warning",
      title: "Wrong Email Format",
      text: "Email format be like john.smith@example.com",
    });
    expect(
      validateInquiry(normalizeInquiry({ name: " A ", email: "a@b.cy", message: "m", phone: 5 })),
    ).toBeNull();
  });

  it("trims and bounds every field whatever arrives", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("name", "email", "phone", "subject", "message", "x"), fc.anything()),
        (raw) => {
          const n = normalizeInquiry(raw);
          expect(n.name.length).toBeLessThanOrEqual(100);
          expect(n.message.length).toBeLessThanOrEqual(5000);
          for (const v of Object.values(n)) expect(typeof v).toBe("string");
        },
      ),
    );
  });
});

describe("notify email rule", () => {
  it("needs an @ and no blank", () => {
    for (const bad of ["", "   ", "maria.example.com", "@", "a@", "@b", "a b@c.cy"])
      expect(isNotifyEmail(bad), bad).toBe(false);
    for (const good of ["maria@example.com", " maria@example.com ", "a@b"])
      expect(isNotifyEmail(good), good).toBe(true);
  });
});

describe("secret stripping", () => {
  it("removes secret-looking keys and values, keeps the rest, inside JSON strings too", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcDEF123_-xyz";
    const out = redactSecrets({
      loginData: JSON.stringify([{ CUST_USERNAME: "maria", CUST_Password: "pw" }]),
      cookiesExpirationDate: "2026-01-01",
      "session:altAuth": "abc",
      notes: "ring twice",
      author_name: "Ann",
      random: jwt,
      hex: "a".repeat(40),
      nested: { deep: { apiKey: "k", ok: 1 } },
    }) as Record<string, unknown>;
    expect(JSON.parse(out.loginData as string)).toEqual([
      { CUST_USERNAME: "maria", CUST_Password: REDACTED },
    ]);
    expect(out.cookiesExpirationDate).toBe("2026-01-01");
    expect(out["session:altAuth"]).toBe(REDACTED);
    expect(out.notes).toBe("ring twice");
    expect(out.author_name).toBe("Ann");
    expect(out.random).toBe(REDACTED);
    expect(out.hex).toBe(REDACTED);
    expect(out.nested).toEqual({ deep: { apiKey: REDACTED, ok: 1 } });
  });

  it("terminates on any input, however deep", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 1000; i++) deep = { a: deep };
    expect(() => redactSecrets(deep)).not.toThrow();
    fc.assert(fc.property(fc.anything(), (v) => void redactSecrets(v)));
  });
});

describe("working hours", () => {
  const hours = [1, 2, 3, 4, 5]
    .map((day) => ({ day, open: "9:00", close: "19:00" }))
    .concat({ day: 6, open: "10:00", close: "14:00" });

  it("lists the week from Monday, missing days closed", () => {
    const rows = weekdayRows(hours);
    expect(rows.map((r) => r.name)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(rows[0].hours).toBe("09:00 - 19:00");
    expect(rows[6].hours).toBeNull();
  });

  it("folds equal days for the footer and the JSON-LD", () => {
    expect(groupedHours(hours)).toEqual([
      { days: "Monday - Friday", hours: "09:00 - 19:00" },
      { days: "Saturday", hours: "10:00 - 14:00" },
      { days: "Sunday", hours: null },
    ]);
    expect(openingHoursSpecification(hours)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "19:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" },
    ]);
  });
});

describe("SEO", () => {
  const site: SiteSeo = {
    name: "Shop",
    url: "https://shop.example",
    title: "Shop | Vapes",
    description: "Store description",
    keywords: "",
    pages: {
      about: { title: "About | Shop", description: "About text" },
      products: { title: "P", description: "Products text" },
    },
    robots: "index, follow",
    logo: "https://shop.example/logo.svg",
    telephone: "",
    email: "",
    companyName: "Shop Ltd",
    sameAs: [],
    languages: ["en"],
  };
  const name = (page: NamedPage) => englishSeo[page];

  it("takes the page's own text, then the store's", () => {
    expect(seoTexts(site, name, { page: "home" })).toEqual({
      title: "Shop | Vapes",
      description: "Store description",
    });
    expect(seoTexts(site, name, { page: "about" })).toEqual({
      title: "About | Shop",
      description: "About text",
    });
    expect(seoTexts(site, name, { page: "contact" })).toEqual({
      title: "Contact Us | Shop",
      description: "Store description",
    });
    expect(seoTexts(site, name, { page: "product", title: "Pod", description: "  Short\n desc " })).toEqual({
      title: "Pod | Shop",
      description: "Short desc",
    });
    expect(seoTexts(site, name, { page: "product", title: "Pod", description: "" }).description).toBe(
      "Products text",
    );
  });

  it("gives each language its own canonical URL, hreflang alternates and x-default", () => {
    const both: SiteSeo = { ...site, languages: ["en", "el"] };
    expect(canonicalUrl(both, "/pages/about")).toBe("https://shop.example/pages/about");
    expect(canonicalUrl(both, "/el/pages/about")).toBe("https://shop.example/el/pages/about");
    expect(canonicalUrl(both, "/pages/about", "el")).toBe("https://shop.example/el/pages/about");
    expect(canonicalUrl(both, "/el", "en")).toBe("https://shop.example/");
    expect(alternateLinks(both, "/el/shop/sidebar/3cols?category=2")).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "en",
        href: "https://shop.example/shop/sidebar/3cols?category=2",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "el",
        href: "https://shop.example/el/shop/sidebar/3cols?category=2",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "https://shop.example/shop/sidebar/3cols?category=2",
      },
    ]);
    // Greek first: its pages are unprefixed and English moves under /en.
    const greekFirst: SiteSeo = { ...site, languages: ["el", "en"] };
    expect(canonicalUrl(greekFirst, "/blog", "en")).toBe("https://shop.example/en/blog");
    expect(alternateLinks(site, "/blog")).toEqual([]);
  });

  it("serialises JSON-LD so it cannot close its script tag", () => {
    const s = jsonLdString({ name: "</script><script>alert(1)</script> & \u2028" });
    expect(s).not.toContain("<");
    expect(s).not.toContain(">");
    expect(JSON.parse(s)).toEqual({ name: "</script><script>alert(1)</script> & \u2028" });
  });

  it("describes a product's offer in EUR with availability and rating", () => {
    const one = productJsonLd("https://shop.example", {
      id: 7,
      name: "Pod",
      images: ["/images/p.webp"],
      priceCents: 1999,
      inStock: false,
      rating: 4.5,
      reviewCount: 3,
    });
    expect(one.offers).toMatchObject({
      "@type": "Offer",
      price: "19.99",
      priceCurrency: "EUR",
      availability: "https://schema.org/OutOfStock",
    });
    expect(one.image).toEqual(["https://shop.example/images/p.webp"]);
    expect(one.aggregateRating).toMatchObject({ ratingValue: "4.50", reviewCount: 3 });
    const range = productJsonLd("https://shop.example", {
      id: 8,
      name: "Liquid",
      images: [],
      priceCents: 500,
      minPriceCents: 500,
      maxPriceCents: 650,
      inStock: true,
      reviewCount: 0,
    });
    expect(range.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: "5.00", highPrice: "6.50" });
    expect(range).not.toHaveProperty("aggregateRating");
  });
});
