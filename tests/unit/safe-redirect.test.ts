import { describe, expect, it } from "vitest";
import { CHECKOUT_PATH, redirectFromUrl, safeRedirect, withRedirect } from "../../core/safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-origin relative paths with their query and fragment", () => {
    expect(safeRedirect("/shop/cart#checkout")).toBe("/shop/cart#checkout");
    expect(safeRedirect("/shop/sidebar/list?searchTerm=mint")).toBe("/shop/sidebar/list?searchTerm=mint");
    expect(safeRedirect("/")).toBe("/");
    expect(safeRedirect("/a/../shop/cart")).toBe("/shop/cart");
  });

  it("refuses other hosts, schemes and tricks (no open redirect)", () => {
    for (const bad of [
      undefined,
      null,
      "",
      "//evil.example",
      "//evil.example/shop/cart",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/shop\\cart",
      "http://evil.example",
      "https://evil.example/shop/cart",
      "javascript:alert(1)",
      "shop/cart",
      " /shop/cart",
      "/\t/evil.example",
      "/\n/evil.example",
      "/shop/cart\u0000",
      `/${"a".repeat(600)}`,
    ])
      expect(safeRedirect(bad), String(bad)).toBeNull();
  });
});

describe("withRedirect and redirectFromUrl", () => {
  it("round-trips the checkout target through a link", () => {
    const link = withRedirect("/register", CHECKOUT_PATH);
    expect(link).toBe("/register?redirectTo=%2Fshop%2Fcart%23checkout");
    expect(redirectFromUrl(`http://localhost${link}`)).toBe(CHECKOUT_PATH);
    expect(withRedirect("/pages/login?tab=register", CHECKOUT_PATH)).toBe(
      "/pages/login?tab=register&redirectTo=%2Fshop%2Fcart%23checkout",
    );
  });

  it("leaves the link alone without a safe target", () => {
    expect(withRedirect("/register", "//evil.example")).toBe("/register");
    expect(withRedirect("/register", null)).toBe("/register");
    expect(redirectFromUrl("http://localhost/pages/login?redirectTo=https%3A%2F%2Fevil.example")).toBeNull();
    expect(redirectFromUrl("http://localhost/pages/login?redirectTo=%2F%5Cevil.example")).toBeNull();
    expect(redirectFromUrl("http://localhost/pages/login")).toBeNull();
  });
});
