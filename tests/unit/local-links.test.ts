// Links that must stay in the shop (issue 38): every "local link" field takes the one rule of
// core/safe-redirect.ts, so `/\evil.example`, `//host` and `/` with a tab or newline (which a
// browser reads as another host) are refused; and every sanitised HTML field drops
// protocol-relative links.
import { describe, expect, it } from "vitest";
import { LinkField, SlideInput } from "../../core/admin/content";
import { SettingsValuesSchema } from "../../core/admin/settings";
import { safeLink } from "../../core/safe-redirect";
import { sanitizeLongDescription } from "../../services/admin/catalog";
import { sanitizeContentHtml } from "../../services/content";

const LEAVING = [
  "/\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\u0000/evil.example",
  "javascript:alert(1)",
  "http://evil.example",
  "https://evil.example\\@shop",
];

describe("the local-link rule", () => {
  it("refuses every link that leaves the shop, in a slide and in a settings path", () => {
    for (const link of LEAVING) {
      expect(safeLink(link), JSON.stringify(link)).toBeNull();
      expect(LinkField.safeParse(link).success, JSON.stringify(link)).toBe(false);
      expect(
        SlideInput.safeParse({ imageSrc: "/images/slides/a.webp", link }).success,
        JSON.stringify(link),
      ).toBe(false);
      expect(SettingsValuesSchema.shape.categories_link.safeParse(link).success, JSON.stringify(link)).toBe(
        false,
      );
    }
    expect(SettingsValuesSchema.shape.categories_link.safeParse("//evil.example").success).toBe(false);
  });

  it("keeps the shop's own paths and https links where they are allowed", () => {
    for (const link of ["/shop/sidebar/3cols?category=1&title=E-liquids", "/product/default/5#reviews", ""])
      expect(LinkField.safeParse(link).success, link).toBe(true);
    expect(LinkField.safeParse("https://example.com/page").success).toBe(true);
    expect(safeLink("https://example.com/page", false)).toBeNull();
    expect(SettingsValuesSchema.shape.categories_link.safeParse("/shop/sidebar/3cols").success).toBe(true);
  });
});

describe("sanitised HTML", () => {
  it("drops protocol-relative links from product long descriptions and the shop's texts", () => {
    for (const href of ["//evil.example/x", "/\\evil.example", "/\t/evil.example", "\\\\evil.example"]) {
      const html = `<p><a href="${href}">x</a></p>`;
      expect(sanitizeLongDescription(html), href).not.toContain("evil");
      expect(sanitizeContentHtml(html), href).not.toContain("evil");
    }
    expect(sanitizeLongDescription('<a href="/shop">ok</a>')).toContain('href="/shop"');
  });
});
