// How a URL carries the page's language (core/language.ts): the store's default unprefixed, any
// other under its code, a misplaced prefix named, and links never prefixed twice.
import { describe, expect, it } from "vitest";
import { languageOf, localizedPath, withPrefix } from "../../core/language";

describe("the language of a path", () => {
  it("reads the prefix of a language the store offers besides its default", () => {
    expect(languageOf(["en", "el"], "/el/shop/cart")).toEqual({
      lang: "el",
      prefix: "/el",
      rest: "/shop/cart",
      misplaced: false,
    });
    expect(languageOf(["en", "el"], "/el")).toMatchObject({ lang: "el", rest: "/", misplaced: false });
    expect(languageOf(["en", "el"], "/shop/cart")).toEqual({
      lang: "en",
      prefix: "",
      rest: "/shop/cart",
      misplaced: false,
    });
    // Greek first: Greek is unprefixed, English under /en.
    expect(languageOf(["el", "en"], "/")).toMatchObject({ lang: "el", prefix: "" });
    expect(languageOf(["el", "en"], "/en/blog")).toMatchObject({ lang: "en", prefix: "/en", rest: "/blog" });
  });

  it("names a prefix that is the default or not offered as misplaced", () => {
    expect(languageOf(["en", "el"], "/en/shop/cart")).toMatchObject({
      lang: "en",
      misplaced: true,
      rest: "/shop/cart",
    });
    expect(languageOf(["en"], "/el/shop/cart")).toMatchObject({ misplaced: true });
    // Only a whole first segment is a language.
    expect(languageOf(["en", "el"], "/electronics")).toMatchObject({ lang: "en", misplaced: false });
  });

  it("writes a path in a language, and never prefixes twice", () => {
    expect(localizedPath(["en", "el"], "el", "/shop/cart?x=1")).toBe("/el/shop/cart?x=1");
    expect(localizedPath(["en", "el"], "el", "/")).toBe("/el");
    expect(localizedPath(["en", "el"], "en", "/shop/cart")).toBe("/shop/cart");
    expect(withPrefix("/el", "/el/shop/cart")).toBe("/el/shop/cart");
    expect(withPrefix("/el", "/el?page=2")).toBe("/el?page=2");
    expect(withPrefix("/el", "/electronics")).toBe("/el/electronics");
    expect(withPrefix("/el", "https://example.com/x")).toBe("https://example.com/x");
    expect(withPrefix("/el", "//cdn.example/x")).toBe("//cdn.example/x");
    expect(withPrefix("", "/shop")).toBe("/shop");
  });
});
