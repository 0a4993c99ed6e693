// The listing's heading on a page in another language (docs/decisions/0035-languages.md step 3):
// a category the menu knows is named by the menu (the page's language, "en" where it fell back),
// not by a `title` the language links carried over; English keeps the link's title.
import { describe, expect, it } from "vitest";
import { listingFilterName } from "../../app/features/catalog/listing-heading";

const menu = [
  {
    id: 1,
    name: "Υγρά",
    slug: "liquids",
    subcategories: [
      { id: 10, name: "Φρουτώδη", slug: "fruity" },
      { id: 11, name: "Tobacco", slug: "tobacco", untranslated: ["name"] },
    ],
  },
];
const params = { title: "", searchTerm: "", category: "", subcategory: "" };
const resultsFor = (term: string) => `Αποτελέσματα για “${term}”`;

describe("listingFilterName", () => {
  it("names a category by the menu on a Greek page, even with an English title in the link", () => {
    expect(
      listingFilterName({ ...params, category: "1", title: "Liquids" }, "", menu, resultsFor, "el"),
    ).toEqual({
      text: "Υγρά",
    });
    expect(listingFilterName({ ...params, subcategory: "fruity" }, "", menu, resultsFor, "el")).toEqual({
      text: "Φρουτώδη",
    });
  });

  it("marks a category name that fell back to English", () => {
    expect(
      listingFilterName({ ...params, subcategory: "11", title: "x" }, "", menu, resultsFor, "el"),
    ).toEqual({
      text: "Tobacco",
      lang: "en",
    });
  });

  it("keeps the link's title in English, and for a category the menu does not know", () => {
    expect(
      listingFilterName({ ...params, category: "1", title: "Liquids" }, "", menu, resultsFor, "en"),
    ).toEqual({
      text: "Liquids",
    });
    expect(
      listingFilterName({ ...params, category: "99", title: "Sale" }, "", menu, resultsFor, "el"),
    ).toEqual({
      text: "Sale",
    });
  });

  it("names a brand or a search, and nothing when unfiltered", () => {
    expect(listingFilterName(params, "Vaporesso", menu, resultsFor, "el")).toEqual({ text: "Vaporesso" });
    expect(listingFilterName({ ...params, searchTerm: "υγρα" }, "", menu, resultsFor, "el")).toEqual({
      text: "Αποτελέσματα για “υγρα”",
    });
    expect(listingFilterName(params, "", menu, resultsFor, "el")).toBeNull();
  });
});
