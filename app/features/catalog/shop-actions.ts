// The catalogue's buttons, wired to the shopping lists (app/features/shop-state/actions).
// The lists keep the spec's field names; this turns a catalogue Product into what they take.
import {
  type Product,
  type ProductVariant,
  type RelatedVariant,
  variantName,
} from "../../../core/product-rules";
import { addToCart, addToWishlist, type VariantOption } from "../shop-state/actions";
import { useShop } from "../shop-state/store";

type Listed = Pick<
  Product,
  | "id"
  | "name"
  | "slug"
  | "priceCents"
  | "salePriceCents"
  | "stock"
  | "pictures"
  | "smPictures"
  | "variants"
  | "varRel"
  | "ratings"
  | "reviewCount"
  | "brand"
  | "categories"
  | "shortDesc"
>;

function like(p: Listed) {
  return { ...p, sm_pictures: p.smPictures, var_rel: p.varRel };
}

/** The card's 'add to cart': quantity 1 under the cart's stock rules. */
export function addCardToCart(p: Listed) {
  return addToCart(like(p), 1, { source: "card", related: p.varRel });
}

/** Product page and quick views: a typed quantity, the chosen related variant or colour/size. */
export function addPageToCart(
  p: Listed,
  qty: number | null,
  choice: { variant?: RelatedVariant | null; option?: VariantOption | null } = {},
) {
  return addToCart(like(p), qty, {
    source: "page",
    related: p.varRel,
    variant: choice.variant ?? null,
    option: choice.option ?? null,
  });
}

/** The cart's option for a chosen colour/size row: named "{colour}, {size}" (or the colour alone), at its prices. */
export function variantOption(v: ProductVariant | null): VariantOption | null {
  return v
    ? {
        variantId: v.id,
        label: variantName(v),
        price: v.priceCents,
        salePrice: v.salePriceCents,
        priorPrice: v.priorPriceCents,
      }
    : null;
}

export function addProductToWishlist(p: Listed, variant?: RelatedVariant | null) {
  return addToWishlist(like(p), { related: p.varRel, variant: variant ?? null });
}

/** In the wishlist: the product itself or one of its related variants. */
export function useInWishlistAny(p: Pick<Product, "id" | "varRel">): boolean {
  return useShop((s) => s.wishlist.data.some((w) => w.id === p.id || p.varRel.some((v) => v.id === w.id)));
}
