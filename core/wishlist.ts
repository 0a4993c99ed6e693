// Wishlist rules (spec sections 3, 4 and 5). A wishlist item is identified by its id.
import type { ProductSnapshot, RelatedVariant } from "./cart";
import { lineProduct } from "./cart";

export const WISHLIST_TEXT = {
  added: "Product added to Wishlist.",
  removed: "Product removed from Wishlist.",
  moved: "Product moved to Cart.",
  chooseVariant: "Please choose a variant first",
  alreadyAdded: "Producty already added",
} as const;

export function inWishlist(list: readonly ProductSnapshot[], id: number): boolean {
  return list.some((item) => item.id === id);
}

/** Adds the product unless an item with its id is already there. */
export function addToWishlist(list: readonly ProductSnapshot[], product: ProductSnapshot): ProductSnapshot[] {
  return inWishlist(list, product.id) ? [...list] : [...list, product];
}

export function removeFromWishlist(list: readonly ProductSnapshot[], id: number): ProductSnapshot[] {
  return list.filter((item) => item.id !== id);
}

export type WishlistCheck =
  | { ok: true; product: ProductSnapshot }
  /** `present`: the product is already in the wishlist; its button goes to /shop/wishlist. */
  | { ok: false; reason: "choose-variant" | "variant-present" | "present"; text?: string };

/**
 * What adding from a card, the product page or a quick view does: products with related
 * variants need one chosen, and a chosen variant already in the list is refused with the
 * spec's own words.
 */
export function checkAddToWishlist(
  list: readonly ProductSnapshot[],
  product: ProductSnapshot,
  related: readonly RelatedVariant[] = [],
  variant?: RelatedVariant | null,
): WishlistCheck {
  if (related.length > 0) {
    if (!variant) return { ok: false, reason: "choose-variant", text: WISHLIST_TEXT.chooseVariant };
    if (inWishlist(list, variant.id))
      return { ok: false, reason: "variant-present", text: WISHLIST_TEXT.alreadyAdded };
    return { ok: true, product: lineProduct(product, variant) };
  }
  if (inWishlist(list, product.id)) return { ok: false, reason: "present" };
  return { ok: true, product };
}
