import { describe, expect, it } from "vitest";
import {
  clampQuantity,
  colourSizeState,
  effectivePrice,
  groupName,
  hasVariants,
  isOutOfStock,
  isUnitOutOfStock,
  type Product,
  priceRange,
  productLabels,
  QTY_DEFAULT_MAX,
  quantityMax,
  type RelatedVariant,
  ratingPercent,
  ratingText,
  variantName,
} from "../../core/product-rules";
import {
  canSuggest,
  normalizeSearchTerm,
  SEARCH_DEBOUNCE_MS,
  SUGGEST_LIMIT,
  searchTokens,
} from "../../core/search";

function product(over: Partial<Product> = {}): Product {
  return {
    id: 1,
    code: "VH-EL-0001",
    name: "Mango Sunrise",
    slug: "mango-sunrise",
    priceCents: 499,
    salePriceCents: null,
    priorPriceCents: null,
    vatRate: 19,
    stock: 10,
    isNew: false,
    isTop: false,
    isHot: false,
    shortDesc: "",
    ratings: 4.5,
    reviewCount: 12,
    brand: null,
    categories: [],
    pictures: [],
    smPictures: [],
    videoUrl: null,
    variants: [],
    varRel: [],
    ...over,
  };
}

const rel = (
  id: number,
  priceCents: number,
  stock: number | null,
  salePriceCents: number | null = null,
): RelatedVariant => ({
  id,
  name: `Mango Sunrise - ${id} mg`,
  label: `${id} mg`,
  priceCents,
  salePriceCents,
  priorPriceCents: null,
  stock,
  shortDesc: "",
  pictures: [],
});

const variant = (
  id: number,
  color: string,
  size: string,
  priceCents: number,
  salePriceCents: number | null = null,
) => ({
  id,
  color,
  colorName: color,
  size,
  priceCents,
  salePriceCents,
  priorPriceCents: null,
});

describe("labels", () => {
  it("New and Top follow the product's flags", () => {
    expect(productLabels(product({ isNew: true }), true)).toEqual(["New"]);
    expect(productLabels(product({ isTop: true }), true)).toEqual(["Top"]);
    expect(productLabels(product({ isNew: true, isTop: true }), true)).toEqual(["New", "Top"]);
    expect(productLabels(product(), true)).toEqual([]);
  });

  it("Sale shows only when a sale price exists and min differs from max price", () => {
    expect(productLabels(product({ salePriceCents: 399, priorPriceCents: 499 }), true)).toEqual(["Sale"]);
    // A sale price equal to the price: min equals max, no Sale.
    expect(productLabels(product({ salePriceCents: 499 }), true)).toEqual([]);
    // No sale price: no Sale, even when related variants span a range.
    expect(productLabels(product({ varRel: [rel(1, 499, 5), rel(2, 599, 5)] }), true)).toEqual([]);
    // A sale price inside a group whose prices differ.
    expect(
      productLabels(
        product({ salePriceCents: 399, priorPriceCents: 459, varRel: [rel(1, 499, 5, 399), rel(2, 499, 5)] }),
        true,
      ),
    ).toEqual(["Sale"]);
    // Colour/size variants with prices of their own: the product's sale price does not reach them.
    expect(
      productLabels(
        product({
          salePriceCents: 399,
          variants: [variant(1, "red", "S", 499), variant(2, "blue", "S", 599)],
        }),
        true,
      ),
    ).toEqual([]);
    // Colour/size variants that sell at the product's prices share its sale (decision 0043).
    expect(
      productLabels(
        product({
          salePriceCents: 399,
          priorPriceCents: 499,
          variants: [variant(1, "red", "", 499, 399), variant(2, "blue", "", 499, 399)],
        }),
        true,
      ),
    ).toEqual(["Sale"]);
  });

  it("Sale announces a reduction only with a prior price above the sale price (Directive 98/6/EC art. 6a)", () => {
    // No price recorded before the reduction began: nothing to measure it from.
    expect(productLabels(product({ salePriceCents: 399, priorPriceCents: null }), true)).toEqual([]);
    // The lowest price of the 30 days before was the sale price itself, or lower: no reduction.
    expect(productLabels(product({ salePriceCents: 399, priorPriceCents: 399 }), true)).toEqual([]);
    expect(productLabels(product({ salePriceCents: 399, priorPriceCents: 349 }), true)).toEqual([]);
    // A prior price below the struck-through price still announces the reduction from it.
    expect(productLabels(product({ salePriceCents: 399, priorPriceCents: 449 }), true)).toEqual(["Sale"]);
  });

  it("Out Of Stock: stock missing or below 1 with stock display on and no variants", () => {
    expect(productLabels(product({ stock: 0 }), true)).toEqual(["Out Of Stock"]);
    expect(productLabels(product({ stock: null }), true)).toEqual(["Out Of Stock"]);
    expect(productLabels(product({ stock: -2 }), true)).toEqual(["Out Of Stock"]);
    expect(productLabels(product({ stock: 1 }), true)).toEqual([]);
    // Stock display off: never for a plain product.
    expect(productLabels(product({ stock: 0 }), false)).toEqual([]);
    // Colour/size variants: not judged by the product stock.
    expect(productLabels(product({ stock: 0, variants: [variant(1, "red", "S", 499)] }), true)).toEqual([]);
  });

  it("Out Of Stock: when all related variants have stock 0", () => {
    expect(productLabels(product({ stock: 0, varRel: [rel(1, 499, 0), rel(2, 499, 0)] }), true)).toEqual([
      "Out Of Stock",
    ]);
    expect(productLabels(product({ stock: 0, varRel: [rel(1, 499, 0), rel(2, 499, null)] }), false)).toEqual([
      "Out Of Stock",
    ]);
    // One variant still in stock: the group is available.
    expect(productLabels(product({ stock: 0, varRel: [rel(1, 499, 0), rel(2, 499, 3)] }), true)).toEqual([]);
  });

  it("lists the labels in the spec's order: New, Sale, Top, Out Of Stock", () => {
    expect(
      productLabels(
        product({ isNew: true, isTop: true, salePriceCents: 399, priorPriceCents: 499, stock: 0 }),
        true,
      ),
    ).toEqual(["New", "Sale", "Top", "Out Of Stock"]);
  });
});

describe("price and price range", () => {
  it("the selling price is the sale price if any", () => {
    expect(effectivePrice({ priceCents: 499, salePriceCents: null })).toBe(499);
    expect(effectivePrice({ priceCents: 499, salePriceCents: 399 })).toBe(399);
  });

  it("a single product ranges from its selling price to its price", () => {
    expect(priceRange(product())).toEqual({ minCents: 499, maxCents: 499 });
    expect(priceRange(product({ salePriceCents: 399 }))).toEqual({ minCents: 399, maxCents: 499 });
  });

  it("related variants: lowest selling price to highest price of the group", () => {
    expect(priceRange(product({ varRel: [rel(1, 499, 1), rel(2, 1599, 1), rel(3, 599, 1, 449)] }))).toEqual({
      minCents: 449,
      maxCents: 1599,
    });
  });

  it("colour/size variants: the range of their prices", () => {
    expect(
      priceRange(product({ variants: [variant(1, "red", "S", 2599), variant(2, "red", "L", 2899)] })),
    ).toEqual({
      minCents: 2599,
      maxCents: 2899,
    });
  });

  it("colour/size variants on the product's sale: their selling price to their price", () => {
    expect(
      priceRange(
        product({ variants: [variant(1, "red", "", 2690, 2190), variant(2, "blue", "", 2690, 2190)] }),
      ),
    ).toEqual({ minCents: 2190, maxCents: 2690 });
  });

  it("knows when a product has variants of either kind", () => {
    expect(hasVariants(product())).toBe(false);
    expect(hasVariants(product({ varRel: [rel(1, 1, 1)] }))).toBe(true);
    expect(hasVariants(product({ variants: [variant(1, "red", "S", 1)] }))).toBe(true);
  });

  it("a group's card shows the group name", () => {
    const p = product({ id: 3, name: "Mango Sunrise - 3 mg", varRel: [rel(3, 1, 1), rel(6, 1, 1)] });
    expect(groupName(p)).toBe("Mango Sunrise");
    expect(groupName(product({ name: "Solo Kit" }))).toBe("Solo Kit");
  });
});

describe("stock and quantity", () => {
  it("quick view: a unit is out of stock when its stock is missing or below 1", () => {
    expect(isUnitOutOfStock(null)).toBe(true);
    expect(isUnitOutOfStock(0)).toBe(true);
    expect(isUnitOutOfStock(1)).toBe(false);
    expect(isOutOfStock(product({ stock: 5 }), true)).toBe(false);
  });

  it("quantity: minimum 1, typed values above 0, default maximum 10000, the stock in quick view", () => {
    expect(QTY_DEFAULT_MAX).toBe(10_000);
    expect(clampQuantity(0)).toBeNull();
    expect(clampQuantity(-3)).toBeNull();
    expect(clampQuantity(Number.NaN)).toBeNull();
    expect(clampQuantity(1)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(20_000)).toBe(10_000);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(quantityMax(null)).toBe(10_000);
    expect(quantityMax(7)).toBe(7);
    expect(quantityMax(0)).toBe(1);
    expect(quantityMax(50_000)).toBe(10_000);
  });
});

describe("rating", () => {
  it("the bar is 20 percent per rating point; the value shows two decimals", () => {
    expect(ratingPercent(0)).toBe(0);
    expect(ratingPercent(2.5)).toBe(50);
    expect(ratingPercent(5)).toBe(100);
    expect(ratingPercent(7)).toBe(100);
    expect(ratingText(4.5)).toBe("4.50");
    expect(ratingText(3.456)).toBe("3.46");
  });
});

describe("search terms", () => {
  it("suggestions need more than 2 characters; 500 ms debounce; at most 5", () => {
    expect(canSuggest("ab")).toBe(false);
    expect(canSuggest("  ab  ")).toBe(false);
    expect(canSuggest("abc")).toBe(true);
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(SUGGEST_LIMIT).toBe(5);
  });

  it("normalises case, accents, punctuation and spaces, keeping decimals", () => {
    expect(normalizeSearchTerm("  Vaporesso  XROS-3 ")).toBe("vaporesso xros 3");
    expect(normalizeSearchTerm("Crème Brûlée!")).toBe("creme brulee");
    expect(normalizeSearchTerm("coil 0,8 ohm")).toBe("coil 0.8 ohm");
    expect(normalizeSearchTerm("'; drop table products; --")).toBe("drop table products");
    expect(searchTokens("mango mango ice")).toEqual(["mango", "ice"]);
    expect(searchTokens("...")).toEqual([]);
  });
});

describe("choosing a colour and a size (spec section 4, by slug)", () => {
  const sized = [
    variant(1, "#000000", "S", 999),
    variant(2, "#000000", "L", 999),
    variant(3, "#ff0000", "S", 999),
  ];
  const colourOnly = [variant(1, "#000000", "", 2490), variant(2, "#ff0000", "", 2490)];

  it("a colour narrows the sizes; both are needed when the rows have sizes", () => {
    expect(colourSizeState(sized, null, null)).toMatchObject({
      sizes: ["S", "L"],
      needsSize: true,
      chosen: null,
    });
    expect(colourSizeState(sized, "#ff0000", null)).toMatchObject({ sizes: ["S"], chosen: null });
    expect(colourSizeState(sized, "#000000", "L").chosen?.id).toBe(2);
    // A size disables the colours that do not come in it.
    expect(colourSizeState(sized, null, "L").colours.map((c) => c.disabled)).toEqual([false, true]);
  });

  it("rows without a size offer no blank size and are chosen by their colour alone", () => {
    const none = colourSizeState(colourOnly, null, null);
    expect(none).toMatchObject({ sizes: [], needsSize: false, chosen: null });
    expect(none.colours.map((c) => c.disabled)).toEqual([false, false]);
    expect(colourSizeState(colourOnly, "#ff0000", null).chosen?.id).toBe(2);
  });

  it("a colour sold without a size beside colours with sizes", () => {
    const mixed = [
      variant(1, "#000000", "", 999),
      variant(2, "#ff0000", "S", 999),
      variant(3, "#ff0000", "M", 999),
    ];
    expect(colourSizeState(mixed, null, null)).toMatchObject({ sizes: ["S", "M"], needsSize: true });
    expect(colourSizeState(mixed, "#000000", null)).toMatchObject({ sizes: [], chosen: { id: 1 } });
    expect(colourSizeState(mixed, "#ff0000", null).chosen).toBeNull();
    expect(colourSizeState(mixed, "#ff0000", "M").chosen?.id).toBe(3);
  });

  it("a cart line names the colour, and the size when there is one", () => {
    expect(variantName({ colorName: "Black", size: "M" })).toBe("Black, M");
    expect(variantName({ colorName: "Black", size: "" })).toBe("Black");
  });
});
