// The catalogue product as pages and the API see it, and the spec's display rules for it
// (labels, price range, stock). Pure: shared by the server and the browser.
import { announcedReduction, type Reduction } from "./price-reduction";
import type { ProductCompliance } from "./regulatory";
import type { Untranslated } from "./translation";

export interface Picture {
  url: string;
  width: number;
  height: number;
}

/** In another language, `untranslated` may hold "name". */
export interface CategoryRef extends Untranslated {
  id: number;
  name: string;
  slug: string;
}

/**
 * A colour/size variant of one product (the spec's "variants", colour type). Its prices are what it
 * sells at: its own price (never on sale), or, for a row without a price of its own, the product's
 * price and sale price (core/pricing.ts, customerVariantPrices). `size` is "" for a row sold by
 * colour alone.
 */
export interface ProductVariant {
  id: number;
  color: string;
  colorName: string;
  size: string;
  priceCents: number;
  salePriceCents: number | null;
  /** The lowest price of the 30 days before the current reduction (core/price-reduction.ts); null: none. */
  priorPriceCents: number | null;
}

/** A product of the same variant group (the spec's var_rel), the product itself included. */
/** In another language, `untranslated` may hold "name" and "label". */
export interface RelatedVariant extends Untranslated {
  id: number;
  name: string;
  /** What tells it apart in the group, e.g. "10 ml / 6 mg" or "Black". */
  label: string;
  priceCents: number;
  salePriceCents: number | null;
  /** The lowest price of the 30 days before the current reduction; null: none. */
  priorPriceCents: number | null;
  /** Stock in the store's warehouse; null when no stock record exists. */
  stock: number | null;
  /** Its own short description, shown once it is chosen (issue 44 defect 6); may be empty. */
  shortDesc: string;
  /** At most one: the variant's main picture. */
  pictures: Picture[];
}

/**
 * Prices are already the signed-in customer's prices (see core/pricing.ts). In another language,
 * `untranslated` may hold "name" and "shortDesc".
 */
export interface Product extends Untranslated {
  id: number;
  code: string;
  name: string;
  slug: string;
  priceCents: number;
  salePriceCents: number | null;
  /**
   * The prior price of a reduction (Directive 98/6/EC art. 6a): the lowest price of the 30 days
   * before the current reduction began; null when not reduced or none is known, and then no
   * reduction is announced (core/price-reduction.ts).
   */
  priorPriceCents: number | null;
  vatRate: number;
  stock: number | null;
  isNew: boolean;
  isTop: boolean;
  isHot: boolean;
  shortDesc: string;
  /** 0 to 5. */
  ratings: number;
  reviewCount: number;
  brand: { id: number; name: string } | null;
  categories: CategoryRef[];
  pictures: Picture[];
  smPictures: string[];
  videoUrl: string | null;
  variants: ProductVariant[];
  varRel: RelatedVariant[];
  /**
   * GPSR information and warnings (core/regulatory.ts): on one product's page, quick views and the
   * API's one-product answers only; absent on listings, null when the product needs none.
   */
  compliance?: ProductCompliance | null;
}

export type ProductLabel = "New" | "Sale" | "Top" | "Out Of Stock";

/** The price a unit sells at: the sale price if any, else the price. */
export function effectivePrice(p: { priceCents: number; salePriceCents: number | null }): number {
  return p.salePriceCents ?? p.priceCents;
}

export function hasVariants(p: Pick<Product, "variants" | "varRel">): boolean {
  return p.variants.length > 0 || p.varRel.length > 0;
}

/**
 * minPrice and maxPrice of a card. Colour/size variants: the range of their prices. Related
 * variant products: the lowest selling price to the highest list price of the group. A single
 * product: its selling price to its list price (so a sale shows as a range of two prices).
 */
export function priceRange(p: Pick<Product, "priceCents" | "salePriceCents" | "variants" | "varRel">): {
  minCents: number;
  maxCents: number;
} {
  if (p.variants.length > 0) {
    return {
      minCents: Math.min(...p.variants.map(effectivePrice)),
      maxCents: Math.max(...p.variants.map((v) => v.priceCents)),
    };
  }
  if (p.varRel.length > 0) {
    return {
      minCents: Math.min(...p.varRel.map(effectivePrice)),
      maxCents: Math.max(...p.varRel.map((v) => v.priceCents)),
    };
  }
  return { minCents: effectivePrice(p), maxCents: p.priceCents };
}

/**
 * Spec section 5: out of stock when stock is missing or below 1 with stock display on and no
 * variants, or when all related variants have stock 0. A product with related variants is
 * judged by them (each is a product with its own stock), not by the one shown on the card.
 */
export function isOutOfStock(p: Pick<Product, "stock" | "variants" | "varRel">, showStock: boolean): boolean {
  if (p.varRel.length > 0) return p.varRel.every((v) => (v.stock ?? 0) <= 0);
  if (p.variants.length > 0) return false;
  return showStock && (p.stock === null || p.stock < 1);
}

/** Quick view / product page: the product (or the chosen related variant) cannot be sold now. */
export function isUnitOutOfStock(stock: number | null): boolean {
  return stock === null || stock < 1;
}

/** The labels of a card, in the order the spec lists them. */
export function productLabels(
  p: Pick<
    Product,
    "isNew" | "isTop" | "priceCents" | "salePriceCents" | "priorPriceCents" | "stock" | "variants" | "varRel"
  >,
  showStock: boolean,
): ProductLabel[] {
  const labels: ProductLabel[] = [];
  if (p.isNew) labels.push("New");
  const { minCents, maxCents } = priceRange(p);
  // With colour/size rows, only a row that sells at the product's sale price is on sale.
  const onSale =
    p.variants.length > 0 ? p.variants.some((v) => v.salePriceCents !== null) : p.salePriceCents !== null;
  // A Sale badge announces a reduction: only with its prior price (Directive 98/6/EC art. 6a).
  if (onSale && minCents !== maxCents && productReduction(p) !== null) labels.push("Sale");
  if (p.isTop) labels.push("Top");
  if (isOutOfStock(p, showStock)) labels.push("Out Of Stock");
  return labels;
}

/**
 * The reduction a product's own price announces (its sale price against its price, with the prior
 * price), or null. Colour/size rows without a price of their own sell at these prices.
 */
export function productReduction(
  p: Pick<Product, "priceCents" | "salePriceCents" | "priorPriceCents">,
): Reduction | null {
  return announcedReduction(effectivePrice(p), p.priceCents, p.priorPriceCents);
}

/** Rating bar width: 20 percent per rating point. */
export function ratingPercent(ratings: number): number {
  return Math.max(0, Math.min(100, ratings * 20));
}

/** The rating value as the product page shows it: two decimals. */
export function ratingText(ratings: number): string {
  return ratings.toFixed(2);
}

export const QTY_MIN = 1;
export const QTY_DEFAULT_MAX = 10_000;

/**
 * Quantity input rules: minimum 1, default maximum 10000 (the stock in quick view), typed
 * values must be above 0. Returns null for a value that is not a usable quantity.
 */
export function clampQuantity(value: number, max: number = QTY_DEFAULT_MAX): number | null {
  if (!Number.isFinite(value)) return null;
  const n = Math.trunc(value);
  if (n < QTY_MIN) return null;
  const upper = Math.max(QTY_MIN, max);
  return Math.min(n, upper);
}

/** The maximum a quantity input allows for a stock figure (missing stock: the default). */
export function quantityMax(stock: number | null | undefined): number {
  if (stock === null || stock === undefined) return QTY_DEFAULT_MAX;
  return Math.max(QTY_MIN, Math.min(stock, QTY_DEFAULT_MAX));
}

/**
 * The name a card shows: a variant group's card is the group, so "Mango Sunrise - 10 ml / 3 mg"
 * reads "Mango Sunrise" (the name without the product's own variant label).
 */
export function groupName(p: Pick<Product, "id" | "name" | "varRel">): string {
  const self = p.varRel.find((v) => v.id === p.id);
  const suffix = self ? ` - ${self.label}` : "";
  return suffix && p.name.endsWith(suffix) ? p.name.slice(0, -suffix.length) : p.name;
}

/** What a cart line and an order call a colour/size row: "Black, M", or "Black" when it has no size. */
export function variantName(v: Pick<ProductVariant, "colorName" | "size">): string {
  return v.size ? `${v.colorName}, ${v.size}` : v.colorName;
}

export interface ColourOption {
  color: string;
  colorName: string;
  disabled: boolean;
}

/**
 * The colour/size choice (spec section 4, by slug) for a colour and a size picked (null: none).
 * Sizes offered are those of the picked colour (all colours' when none is picked), never a blank
 * one: a row without a size is chosen by its colour alone, so a product whose rows have no size
 * shows no size to pick (`needsSize` false) and is chosen once a colour is. A size disables the
 * colours that do not come in it.
 */
export function colourSizeState(
  variants: readonly ProductVariant[],
  color: string | null,
  size: string | null,
) {
  const colours: ColourOption[] = [];
  for (const v of variants) {
    if (colours.some((c) => c.color === v.color)) continue;
    colours.push({
      color: v.color,
      colorName: v.colorName,
      disabled: size !== null && !variants.some((x) => x.color === v.color && x.size === size),
    });
  }
  const sized = (v: ProductVariant) => v.size !== "";
  const sizes = [
    ...new Set(variants.filter((v) => sized(v) && (color === null || v.color === color)).map((v) => v.size)),
  ];
  const needsSize = variants.some(sized);
  let chosen: ProductVariant | null = null;
  if (color !== null) {
    const rows = variants.filter((v) => v.color === color);
    // A colour sold without a size is chosen as it is; one with sizes needs its size.
    chosen = rows.some(sized)
      ? size === null
        ? null
        : (rows.find((v) => v.size === size) ?? null)
      : (rows[0] ?? null);
  }
  return { colours, sizes, needsSize, chosen };
}

/** The product page of a product. */
export const productPath = (p: { id: number }) => `/product/default/${p.id}`;
