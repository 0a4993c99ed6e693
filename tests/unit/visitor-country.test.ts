// The country preselected for a visitor (core/visitor-country.ts, issue 27 item 3, issue 44
// item 1): the proxy's country, then the browser's languages (but a language of the store's home
// country means that country), then the store's home country, then its first; never one the
// store lacks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveSettings } from "../../core/settings";
import { acceptedLanguages, regionOfLanguage, spokenIn, visitorCountry } from "../../core/visitor-country";
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
  it("with no signal, preselects the store's home country, not the alphabetically first (issue 44)", () => {
    expect(visitorCountry(MAIN, { homeCountry: "CY" })).toBe("CY");
    expect(visitorCountry(MAIN, { acceptLanguage: "", proxyCountry: "", homeCountry: "cy" })).toBe("CY");
    // A proxy country or language the store does not sell to tells nothing either.
    expect(visitorCountry(MAIN, { proxyCountry: "US", acceptLanguage: "en-US", homeCountry: "CY" })).toBe(
      "CY",
    );
    expect(visitorCountry(MAIN, { acceptLanguage: "ja-JP,ja", homeCountry: "CY" })).toBe("CY");
    // A home country the store does not sell to is passed over.
    expect(visitorCountry(CY_GR, { homeCountry: "DE" })).toBe("CY");
    expect(visitorCountry(["GR", "CY"], { homeCountry: "MT" })).toBe("GR");
  });
  it("lets no browser language beat the home country for a language spoken in both (issue 44)", () => {
    // A Greek browser on a Cypriot shop: Greek is spoken in Cyprus, so Cyprus.
    expect(visitorCountry(CY_GR, { acceptLanguage: "el-GR,el;q=0.9", homeCountry: "CY" })).toBe("CY");
    expect(visitorCountry(CY_GR, { acceptLanguage: "el", homeCountry: "CY" })).toBe("CY");
    expect(visitorCountry(MAIN, { acceptLanguage: "en-US,en;q=0.9,el;q=0.8", homeCountry: "CY" })).toBe("CY");
    expect(visitorCountry(MAIN, { acceptLanguage: "en-GB", homeCountry: "CY" })).toBe("CY");
    // A language the home country does not speak still points to its country.
    expect(visitorCountry(MAIN, { acceptLanguage: "de-AT,de;q=0.9", homeCountry: "CY" })).toBe("AT");
    expect(visitorCountry(MAIN, { acceptLanguage: "de", homeCountry: "CY" })).toBe("DE");
    // The proxy's country is no weak signal: it still comes first.
    expect(visitorCountry(CY_GR, { proxyCountry: "GR", acceptLanguage: "el-CY", homeCountry: "CY" })).toBe(
      "GR",
    );
    // A Greek shop's home: a Greek browser stays in Greece, a German one goes to Germany.
    expect(visitorCountry(MAIN, { acceptLanguage: "el-CY", homeCountry: "GR" })).toBe("GR");
  });
  it("reads the home country from the store's settings", () => {
    expect(deriveSettings({ raw: { home_country: " cy " }, imgFolder: "" }).homeCountry).toBe("CY");
    expect(deriveSettings({ raw: { home_country: "Cyprus" }, imgFolder: "" }).homeCountry).toBe("");
    expect(deriveSettings({ raw: {}, imgFolder: "" }).homeCountry).toBe("");
  });
  it("takes the trader identity's country before the home_country setting (0060)", () => {
    const trader = {
      legalName: "Demo Ltd",
      addressLine1: "Street 1",
      addressLine2: "",
      postcode: "1010",
      city: "Athens",
      country: "GR",
      email: "a@example.com",
      phone: "+30 210 000000",
      vatNumber: "",
      registrationNumber: "",
      registerName: "",
    };
    expect(deriveSettings({ raw: { home_country: "CY" }, imgFolder: "", trader }).homeCountry).toBe("GR");
    expect(deriveSettings({ raw: {}, imgFolder: "", trader }).homeCountry).toBe("GR");
    expect(deriveSettings({ raw: { home_country: "CY" }, imgFolder: "", trader: null }).homeCountry).toBe(
      "CY",
    );
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
        fc.option(fc.constantFrom("CY", "GR", "DE", "US", "", "x")),
        (countries, proxyCountry, acceptLanguage, homeCountry) =>
          countries.includes(visitorCountry(countries, { proxyCountry, acceptLanguage, homeCountry })),
      ),
    );
  });
});

describe("spokenIn", () => {
  it("knows the languages of a country with several, and the main one of any other", () => {
    expect(spokenIn("el-GR", "CY")).toBe(true);
    expect(spokenIn("tr", "CY")).toBe(true);
    expect(spokenIn("fr-FR", "BE")).toBe(true);
    expect(spokenIn("de-DE", "AT")).toBe(true);
    expect(spokenIn("el", "gr")).toBe(true);
    expect(spokenIn("de", "CY")).toBe(false);
    expect(spokenIn("en", "GR")).toBe(false);
    expect(spokenIn("x", "CY")).toBe(false);
    expect(spokenIn("el", "not a region")).toBe(false);
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
  it("hands the store's home country to the rule", () => {
    expect(requestCountry(headers({ "accept-language": "el-GR" }), "CF-IPCountry", countries, "CY")).toBe(
      "CY",
    );
    expect(requestCountry(headers({}), "CF-IPCountry", [{ code: "AL" }, ...countries], "CY")).toBe("CY");
  });
});
