// The variant choices of the product page and the quick views (spec section 4).
//
// By id (related variant products): choosing one shows its price, enables add to cart,
// switches the image and loads its warehouses; its stock below 1 makes it out of stock with
// the notify link; the placeholder disables add to cart and restores the main image and price.
//
// Colour/size (by slug): a colour narrows the sizes offered, a size disables the colours it
// does not come in, a second click on the chosen colour deselects it, clear resets both, and
// the price shows only when both are chosen (a colour sold without a size is chosen by its colour:
// core/product-rules.ts, colourSizeState).
import { useState } from "react";
import {
  type ColourOption,
  colourSizeState,
  isUnitOutOfStock,
  type Product,
  type ProductVariant,
  quantityMax,
  type RelatedVariant,
} from "../../../core/product-rules";

export interface RelatedSelection {
  variant: RelatedVariant | null;
  choose(id: number | null): void;
  /** Add to cart is possible: no choice needed, or one made. */
  canAdd: boolean;
  /** The product, or the chosen variant, cannot be sold now: the notify link shows. */
  outOfStock: boolean;
  /** The product (or variant) whose stock applies; for warehouses and notify. */
  unitId: number;
  maxQty: number;
}

export function useRelatedSelection(product: Product): RelatedSelection {
  const [variantId, setVariantId] = useState<number | null>(null);
  const variant = product.varRel.find((v) => v.id === variantId) ?? null;
  const needsChoice = product.varRel.length > 0;
  const stock = variant ? variant.stock : product.stock;
  const outOfStock = variant
    ? isUnitOutOfStock(variant.stock)
    : !needsChoice && product.variants.length === 0 && isUnitOutOfStock(product.stock);
  return {
    variant,
    choose: setVariantId,
    canAdd: !needsChoice || variant !== null,
    outOfStock,
    unitId: variant?.id ?? product.id,
    maxQty: quantityMax(stock),
  };
}

export interface ColourSizeSelection {
  colours: ColourOption[];
  sizes: string[];
  /** Some row has a size: the size drop-down shows. */
  needsSize: boolean;
  color: string | null;
  size: string | null;
  /** The colour/size row chosen: a colour and its size, or a colour sold without one. */
  chosen: ProductVariant | null;
  pickColour(color: string): void;
  pickSize(size: string | null): void;
  clear(): void;
}

export function useColourSize(variants: ProductVariant[]): ColourSizeSelection {
  const [color, setColor] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const { colours, sizes, needsSize, chosen } = colourSizeState(variants, color, size);
  return {
    colours,
    sizes,
    needsSize,
    color,
    size,
    chosen,
    pickColour(c) {
      if (c === color) {
        setColor(null);
        return;
      }
      if (colours.find((x) => x.color === c)?.disabled) return;
      setColor(c);
      if (size !== null && !variants.some((v) => v.color === c && v.size === size)) setSize(null);
    },
    pickSize: setSize,
    clear() {
      setColor(null);
      setSize(null);
    },
  };
}
