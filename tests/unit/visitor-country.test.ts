// The country preselected for a visitor (core/visitor-country.ts, issue 27 item 3): the proxy's
// country, then the browser's languages, then the store's first; never one the store lacks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptedLanguages, regionOfLanguage, visitorCountry } from "../../core/visitor-country";
import { requestCountry } from "../../server/http/visitor";

const MAIN = ["AL", "AT", "CY", "DE", "GB", "GR", "IE"];
const CY_GR = ["CY", "GR"];

describe("acceptedLanguages", () => {
  it("orders by weight, keeps the header's order for equal weights, drops q=0, * and junk", () => {
    expect(acceptedLanguages("en-US,en;q=0.9,el;q=0.8")).toEqual(["en-US", "en", "el"]);
    expect(acceptedLanguages("de;q=0.5, el-GR , fr;q=0.5")).toEqual(["el-GR", "de", "fr"]);
    expect(acceptedLanguages("*;q=0.1, el;q=0, x y, en-CY;q=0.3, ;q=1")).toEqual(["en-CY"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
  it("reads a bounded part of a huge header", () => {
    expect(acceptedLanguages(`${"en-GB,".repeat(10_000)}el`).length).toBeLessThanOrEqual(12);
  });
});

describe("regionOfLanguage", () => {
  it("takes a tag's region, or the likely country of a bare language", () => {
    expect(regionOfLanguage("el-GR")).toBe("GR");
    expect(regionOfLanguage("en-CY")).toBe("CY");
    expect(regionOfLanguage("el")).toBe("GR");
    expect(regionOfLanguage("sq")).toBe("AL");
    expect(regionOfLanguage("de")).toBe("DE");
    expect(regionOfLanguage("en-cy")).toBe("CY");
  });
  it("is null for a tag that is not BCP 47", () => {
    expect(regionOfLanguage("x")).toBeNull();
    expect(regionOfLanguage("abcdefghi")).toBeNull();
  });
});

describe("visitorCountry", () => {
  it("prefers the proxy's country when the store sells there", () => {
    expect(visitorCountry(MAIN, { proxyCountry: "GR", acceptLanguage: "de-DE" })).toBe("GR");
    expect(visitorCountry(MAIN, { proxyCountry: " cy " })).toBe("CY");
  });
  it("passes over a proxy country the store does not sell to, and Cloudflare's XX and T1", () => {
    expect(visitorCountry(CY_GR, { proxyCountry: "DE", acceptLanguage: "el" })).toBe("GR");
    expect(visitorCountry(CY_GR, { proxyCountry: "XX" })).toBe("CY");
    expect(visitorCountry(MAIN, { proxyCountry: "T1", acceptLanguage: "de" })).toBe("DE");
  });
  it("then follows the browser's languages: el-GR -> GR, el -> GR, en-CY -> CY", () => {
    expect(visitorCountry(MAIN, { acceptLanguage: "el-GR,el;q=0.9" })).toBe("GR");
    expect(visitorCountry(MAIN, { acceptLanguage: "el" })).toBe("GR");
    expect(visitorCountry(MAIN, { acceptLanguage: "en-CY,en;q=0.9" })).toBe("CY");
    // en-US and en (likely US) are not sold to; Greek comes next.
    expect(visitorCountry(MAIN, { acceptLanguage: "en-US,en;q=0.9,el;q=0.8" })).toBe("GR");
  });
  it("falls back to the store's first country, and to nothing for a store without any", () => {
    expect(visitorCountry(MAIN, {})).toBe("AL");
    expect(visitorCountry(MAIN, { proxyCountry: "US", acceptLanguage: "en-US,en;q=0.9" })).toBe("AL");
    expect(visitorCountry(["CY"], { proxyCountry: "GR", acceptLanguage: "el-GR" })).toBe("CY");
    expect(visitorCountry([], { proxyCountry: "GR", acceptLanguage: "el-GR" })).toBe("");
  });
  it("never answers a country outside the store's list, whatever the headers say", () => {
    fc.assert(
      fc.property(
        fc.subarray(MAIN, { minLength: 1 }),
        fc.option(fc.string({ maxLength: 12 })),
        fc.option(fc.string({ maxLength: 80 })),
        (countries, proxyCountry, acceptLanguage) =>
          countries.includes(visitorCountry(countries, { proxyCountry, acceptLanguage })),
      ),
    );
  });
});

describe("requestCountry (server/http/visitor.ts)", () => {
  const countries = CY_GR.map((code) => ({ code }));
  const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()];
  it("reads the configured header, then Accept-Language", () => {
    expect(requestCountry(headers({ "cf-ipcountry": "GR" }), "CF-IPCountry", countries)).toBe("GR");
    expect(requestCountry(headers({ "x-country": "GR" }), "CF-IPCountry", countries)).toBe("CY");
    expect(requestCountry(headers({ "x-country": "GR" }), "X-Country", countries)).toBe("GR");
    expect(requestCountry(headers({ "accept-language": "el" }), "CF-IPCountry", countries)).toBe("GR");
  });
});
