// The catalogue file's rules (core/integration/csv-catalogue.ts): header, cells, line numbers,
// and that the sample file in docs/ reads without a problem.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { csvLines } from "../../core/csv";
import {
  CATALOGUE_COLUMNS,
  type CatalogueProduct,
  catalogueCells,
  columnOfPath,
  formatRowError,
  listRowErrors,
  parseCatalogueCsv,
} from "../../core/integration/csv-catalogue";

const HEAD = "code,name,price,sale_price,categories,brand,new,active,stock";

describe("parseCatalogueCsv", () => {
  it("maps every column to the ERP input", () => {
    const text = [
      CATALOGUE_COLUMNS.join(","),
      'LIQ-1,"Mango Ice, 10 ml",mango-ice,Cold mango,"<p>Sweet ""ripe"" mango</p>",5.90,"4,50",19,35,e-liquids|salts,vapeco,yes,no,1,0,https://www.youtube.com/watch?v=x,yes,mango,10 ml,https://img.example/a.jpg|https://img.example/b.jpg,12,Μάνγκο,,<p>Γλυκό</p>,nicotine_liquid,"6,5",10,,01234-16-00001,MAKER,,keepAwayFromChildren|adultsOnly',
    ].join("\n");
    const parsed = parseCatalogueCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        product: {
          code: "LIQ-1",
          name: "Mango Ice, 10 ml",
          slug: "mango-ice",
          shortDescription: "Cold mango",
          longDescriptionHtml: '<p>Sweet "ripe" mango</p>',
          priceCents: 590,
          salePriceCents: 450,
          vatRate: 19,
          weightGrams: 35,
          categoryCodes: ["e-liquids", "salts"],
          brandCode: "vapeco",
          isNew: true,
          isTop: false,
          isHot: true,
          popupAd: false,
          videoUrl: "https://www.youtube.com/watch?v=x",
          active: true,
          variantGroup: "mango",
          variantLabel: "10 ml",
          pictures: [{ url: "https://img.example/a.jpg" }, { url: "https://img.example/b.jpg" }],
          stock: 12,
          translations: {
            el: { name: "Μάνγκο", shortDescription: null, longDescriptionHtml: "<p>Γλυκό</p>" },
          },
          regulatoryClass: "nicotine_liquid",
          nicotineMgPerMl: 6.5,
          volumeMl: 10,
          tankCapacityMl: null,
          ecId: "01234-16-00001",
          manufacturerCode: "MAKER",
          responsiblePersonCode: null,
          warnings: ["keepAwayFromChildren", "adultsOnly"],
        },
      },
    ]);
  });

  it("reads empty cells as documented and leaves out the columns a file does not have", () => {
    const parsed = parseCatalogueCsv(`${HEAD}\nA1,Coil,3,,,,,,\n`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]?.product).toEqual({
      code: "A1",
      name: "Coil",
      priceCents: 300,
      salePriceCents: null,
      categoryCodes: [],
      brandCode: null,
      isNew: false,
      active: true,
    });
    // code only: nothing else is sent, so an existing product keeps every other field.
    expect(parseCatalogueCsv("code\nA1\n").rows[0]?.product).toEqual({ code: "A1" });
  });

  it("tolerates a byte-order mark, CRLF line ends, header case and blank lines", () => {
    const parsed = parseCatalogueCsv("\uFEFFCode,Name,Price\r\nA1,Coil,3\r\n\r\nA2,Tank,4.5\r\n");
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => [r.line, r.product.code, r.product.priceCents])).toEqual([
      [2, "A1", 300],
      [4, "A2", 450],
    ]);
  });

  it("reports every problem with the file's line number and the column", () => {
    const text = [
      HEAD,
      "A1,Coil,,,,,,,", // line 2: no price
      'A2,"Two\nlines",abc,,,,maybe,,-3', // lines 3-4
      "A3,Tank,5,6,,,,,", // line 5: fine here (the upsert checks sale price < price)
      ",Nameless,1,,,,,,", // line 6
      "A1,Again,1,,,,,,", // line 7: the code of line 2
      "A5,Short,1", // line 8
    ].join("\n");
    const parsed = parseCatalogueCsv(text);
    expect(parsed.rows.map((r) => r.line)).toEqual([5]);
    expect(parsed.errors.map(formatRowError)).toEqual([
      "line 2, price: Enter the price.",
      "line 3, price: Write the price in euros, like 12.50 or 12,50 (no currency sign).",
      "line 3, new: Write yes or no (also true/false, 1/0).",
      "line 3, stock: Write the stock as a whole number, 0 or more.",
      "line 6, code: Enter the product code.",
      "line 7, code: The code A1 is already on line 2.",
      "line 8: This row has 3 fields; the header has 9. Quote fields that hold commas.",
    ]);
    expect(parsed.rowCount).toBe(6);
  });

  it("reports a repeated code on its second line", () => {
    const parsed = parseCatalogueCsv(`${HEAD}\nA1,Coil,1,,,,,,\nA2,Tank,2,,,,,,\nA1,Again,1,,,,,,\n`);
    expect(parsed.errors.map(formatRowError)).toEqual(["line 4, code: The code A1 is already on line 2."]);
  });

  it("checks what the ERP input checks and names the column", () => {
    const parsed = parseCatalogueCsv(
      "code,name,price,video_url,slug,vat_rate\nA1,Coil,1,http://example.com/v,Bad Slug,140\n",
    );
    expect(parsed.errors.map((e) => e.column).sort()).toEqual(["slug", "vat_rate", "video_url"]);
    expect(parsed.errors.every((e) => e.line === 2)).toBe(true);
  });

  it("refuses unknown, repeated and missing header columns before any row", () => {
    expect(parseCatalogueCsv("code,name,colour,prize\nA1,x,y,z\n").errors.map(formatRowError)).toEqual([
      `line 1: Unknown columns: colour, prize. The columns are: ${CATALOGUE_COLUMNS.join(", ")}.`,
    ]);
    expect(parseCatalogueCsv("code,name,Name\nA1,x,y\n").errors.map(formatRowError)).toEqual([
      "line 1: Column named twice: name.",
    ]);
    expect(parseCatalogueCsv("name,price\nx,1\n").errors.map(formatRowError)).toEqual([
      "line 1: The header has no code column (it is required).",
    ]);
    expect(parseCatalogueCsv("").errors.map(formatRowError)).toEqual([
      "line 1: The file is empty: it needs a header row.",
    ]);
    expect(parseCatalogueCsv("code,name\n").errors.map(formatRowError)).toEqual([
      "line 1: The file has no rows under its header.",
    ]);
  });

  it("says where the quoting breaks", () => {
    const parsed = parseCatalogueCsv('code,name\nA1,ok\nA2,"bad"x\n');
    expect(parsed.rows).toEqual([]);
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]?.line).toBe(3);
    expect(parsed.errors[0]?.message).toMatch(/not valid CSV.*quotes/);
  });

  it("reads the sample file in docs/ without a problem", () => {
    const parsed = parseCatalogueCsv(readFileSync("docs/catalogue-sample.csv", "utf8"));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.length).toBeGreaterThanOrEqual(3);
  });
});

describe("error paths and lists", () => {
  it("maps the upsert's paths back to columns", () => {
    expect(columnOfPath("categoryCodes.1")).toBe("categories");
    expect(columnOfPath("brandCode")).toBe("brand");
    expect(columnOfPath("salePriceCents")).toBe("sale_price");
    expect(columnOfPath("variants.0.color")).toBe("variants");
    expect(columnOfPath("translations.el.name")).toBe("name_el");
    expect(columnOfPath("translations.el.longDescriptionHtml")).toBe("long_description_html_el");
    expect(columnOfPath("translations.el")).toBe("*_el");
    expect(columnOfPath("")).toBeNull();
  });

  it("lists at most the cap and counts the rest", () => {
    const errors = Array.from({ length: 205 }, (_, i) => ({
      line: i + 2,
      column: "price",
      message: "Enter the price.",
    }));
    const lines = listRowErrors(errors);
    expect(lines).toHaveLength(201);
    expect(lines[0]).toBe("line 2, price: Enter the price.");
    expect(lines[200]).toBe("... and 5 more.");
  });
});

describe("catalogueCells (the export) read back by parseCatalogueCsv", () => {
  const product: CatalogueProduct = {
    code: "KIT-1",
    name: '=SUM(A1) "Kit", 10 ml',
    slug: "kit-1",
    shortDesc: "-20% today\nonly",
    longDescHtml: "<p>One</p>\n<p>Two</p>",
    priceCents: 2990,
    salePriceCents: 1905,
    vatRate: 19,
    weightGrams: 325,
    categoryCodes: ["POD", "MOD"],
    brandCode: "@VAP",
    isNew: true,
    isTop: false,
    isHot: true,
    popupAd: false,
    videoUrl: null,
    active: false,
    variantGroup: "+G",
    variantLabel: "Black",
    pictureSources: ["https://img.example/a.jpg", "https://img.example/b.jpg"],
    stock: 0,
    el: { name: "Κιτ", shortDesc: null, longDescHtml: "<p>Ένα</p>" },
    compliance: {
      regulatoryClass: "tank",
      nicotineMgPerMl: null,
      volumeMl: null,
      tankCapacityMl: 1.8,
      ecId: null,
      manufacturerCode: "=MAKER",
      responsiblePersonCode: "RP-1",
      warnings: ["battery"],
    },
  };
  const fileOf = async (p: CatalogueProduct) => {
    let text = "";
    for await (const line of csvLines(
      [...CATALOGUE_COLUMNS],
      async (after) => (after === 0 ? [{ id: 1 }] : []),
      () => catalogueCells(p),
    ))
      text += line;
    return text;
  };

  it("writes every column so that the import reads the same product, formulas defused in the file", async () => {
    const text = await fileOf(product);
    expect(text).toContain(`"'=SUM(A1) ""Kit"", 10 ml"`);
    expect(text).toContain(`"'-20% today`);
    expect(text).toContain(`"'@VAP"`);
    const parsed = parseCatalogueCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]?.product).toEqual({
      code: "KIT-1",
      name: '=SUM(A1) "Kit", 10 ml',
      slug: "kit-1",
      shortDescription: "-20% today\nonly",
      longDescriptionHtml: "<p>One</p>\n<p>Two</p>",
      priceCents: 2990,
      salePriceCents: 1905,
      vatRate: 19,
      weightGrams: 325,
      categoryCodes: ["POD", "MOD"],
      brandCode: "@VAP",
      isNew: true,
      isTop: false,
      isHot: true,
      popupAd: false,
      videoUrl: null,
      active: false,
      variantGroup: "+G",
      variantLabel: "Black",
      pictures: [{ url: "https://img.example/a.jpg" }, { url: "https://img.example/b.jpg" }],
      stock: 0,
      translations: { el: { name: "Κιτ", shortDescription: null, longDescriptionHtml: "<p>Ένα</p>" } },
      regulatoryClass: "tank",
      nicotineMgPerMl: null,
      volumeMl: null,
      tankCapacityMl: 1.8,
      ecId: null,
      manufacturerCode: "=MAKER",
      responsiblePersonCode: "RP-1",
      warnings: ["battery"],
    });
  });

  it("leaves pictures, stock and the Greek texts empty when the product has none: the import keeps them", async () => {
    const parsed = parseCatalogueCsv(
      await fileOf({ ...product, pictureSources: [], stock: null, el: null, salePriceCents: null }),
    );
    const read = parsed.rows[0]?.product;
    expect(read?.pictures).toBeUndefined();
    expect(read?.stock).toBeUndefined();
    expect(read?.salePriceCents).toBeNull();
    expect(read?.translations).toEqual({
      el: { name: null, shortDescription: null, longDescriptionHtml: null },
    });
  });
});

describe("weight_grams (docs/decisions/0057)", () => {
  it("reads whole grams, keeps an empty cell out (the stored weight stays), and names the column of a bad one", () => {
    const parsed = parseCatalogueCsv("code,weight_grams\nA1,120\nA2,\nA3,80 g\nA4,1.5\nA5,-3\n");
    expect(parsed.rows.map((r) => r.product)).toEqual([
      { code: "A1", weightGrams: 120 },
      { code: "A2" },
      { code: "A3", weightGrams: 80 },
    ]);
    expect(parsed.errors.map(formatRowError)).toEqual([
      "line 5, weight_grams: Write the weight as whole grams, like 120.",
      "line 6, weight_grams: Write the weight as whole grams, like 120.",
    ]);
  });

  it("refuses a weight over 100 kg with the rule the form and the ERP use", () => {
    const parsed = parseCatalogueCsv("code,weight_grams\nA1,100001\n");
    expect(parsed.errors.map(formatRowError)).toEqual([
      "line 2, weight_grams: The weight is at most 100000 g (100 kg).",
    ]);
  });

  it("exports a product never weighed as an empty cell, which imports as no change", () => {
    const cells = catalogueCells({
      code: "OLD-1",
      name: "Old",
      slug: "old-1",
      shortDesc: "",
      longDescHtml: "",
      priceCents: 100,
      salePriceCents: null,
      vatRate: 19,
      weightGrams: null,
      categoryCodes: [],
      brandCode: null,
      isNew: false,
      isTop: false,
      isHot: false,
      popupAd: false,
      videoUrl: null,
      active: true,
      variantGroup: null,
      variantLabel: null,
      pictureSources: [],
      stock: null,
      el: null,
    });
    expect(cells[CATALOGUE_COLUMNS.indexOf("weight_grams")]).toBe("");
  });
});
