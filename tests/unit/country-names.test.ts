// Country names and dates in the page's language (issue 44 defect 3, decision 0060).
import { describe, expect, it } from "vitest";
import { countriesIn, countryNameIn } from "../../core/country-names";
import { reviewDate } from "../../core/product-reviews";

const LIST = [
  { code: "AL", name: "Albania" },
  { code: "CY", name: "Cyprus" },
  { code: "DE", name: "Germany" },
  { code: "GR", name: "Greece" },
];

describe("countriesIn", () => {
  it("keeps the store's English names and order on English pages", () => {
    expect(countriesIn(LIST, "en")).toEqual(LIST);
  });
  it("names and sorts them in Greek on Greek pages", () => {
    expect(countriesIn(LIST, "el").map((c) => c.name)).toEqual(["Αλβανία", "Γερμανία", "Ελλάδα", "Κύπρος"]);
    expect(countriesIn(LIST, "el").find((c) => c.code === "CY")?.name).toBe("Κύπρος");
  });
  it("keeps the stored name of a code that is no region", () => {
    expect(countriesIn([{ code: "9", name: "Nowhere" }], "el")[0]?.name).toBe("Nowhere");
    expect(countryNameIn("CY", "el")).toBe("Κύπρος");
    expect(countryNameIn("CY", "en")).toBe("Cyprus");
  });
});

describe("reviewDate", () => {
  it("writes the month in the page's language", () => {
    expect(reviewDate("2026-11-03T10:00:00Z")).toBe("3 Nov 2026");
    expect(reviewDate("2026-11-03T10:00:00Z", "el")).toBe("3 Νοε 2026");
    expect(reviewDate("2026-05-20T10:00:00Z", "el")).toBe("20 Μαΐ 2026");
    expect(reviewDate("not a date", "el")).toBe("");
  });
});
