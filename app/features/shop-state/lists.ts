// The shape of the stored lists (spec section 3): sections cart, wishlist and compare, each
// holding a data list. Kept apart from the validator so the store can load that lazily.
import type { CartItem, ProductSnapshot } from "../../../core/cart";

export interface ShopLists {
  cart: { data: CartItem[] };
  wishlist: { data: ProductSnapshot[] };
  compare: { data: ProductSnapshot[] };
}

export const EMPTY_LISTS: ShopLists = { cart: { data: [] }, wishlist: { data: [] }, compare: { data: [] } };
