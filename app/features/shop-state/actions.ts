// What the storefront's buttons call. Each action applies the rules of core/cart, core/wishlist
// and core/compare to the stored lists, shows the spec's toast (section 8) or titled message
// (section 5) and returns the outcome, so a caller can also navigate or keep a modal open.
import * as cart from "../../../core/cart";
import { CART_TEXT, type ProductSnapshot, type RelatedVariant } from "../../../core/cart";
import * as compare from "../../../core/compare";
import { COMPARE_TEXT } from "../../../core/compare";
import * as wishlist from "../../../core/wishlist";
import { WISHLIST_TEXT } from "../../../core/wishlist";
import { type ProductLike, type RelatedLike, toRelated, toSnapshot } from "./product";
import { type ShopLists, shopConfig, shopStore, whenListsLoaded } from "./store";
import { showToast } from "./toast";

export type Outcome =
  | { ok: true; status: "added" | "removed" | "updated" | "moved" | "cleared" }
  /** `present`: already in that list (wishlist/compare buttons then go to its page). */
  | { ok: false; status: "present" | "blocked" | "missing"; reason?: string; title?: string; text?: string };

type Input = ProductLike | ProductSnapshot;

/** A colour/size choice of a product (quick view by slug): same product id, its own name and price. */
export interface VariantOption {
  variantId: number;
  /** e.g. "Black, M"; the cart line is named "{product} - {label}" so it matches by name. */
  label: string;
  /** Price of the combination in cents. */
  price: number;
  /** Its sale price (a row that sells at the product's prices), or null. */
  salePrice?: number | null;
  /** The prior price of its reduction (core/price-reduction.ts), or null. */
  priorPrice?: number | null;
}

export interface AddToCartOptions {
  /** The chosen related variant product (spec var_rel), if any. */
  variant?: RelatedLike | RelatedVariant | null;
  /** The related variant products; defaults to the product's `var_rel`. */
  related?: (RelatedLike | RelatedVariant)[];
  /** The chosen colour/size combination, if any. */
  option?: VariantOption | null;
  /**
   * "page" (default): product page and quick views, where a quantity is typed; it is also
   * checked against the stock ('Out of Stock' / 'Available stock: {n}'). "card": the product
   * card's, wishlist's and compare's add to cart (quantity 1), which meets only the cart's
   * stock rules ('Product out of stock!', "Sorry, you can't add that amount to the cart.").
   */
  source?: "page" | "card";
  /** No toast (the caller tells the shopper itself). */
  silent?: boolean;
}

/** Applies a change to the lists; before the stored lists are read, right after they are. */
function set(update: (s: ShopLists) => Partial<ShopLists>): void {
  const store = shopStore();
  whenListsLoaded(() => store.setState(update(store.getState())));
}

const lists = () => shopStore().getState();

function snapshot(p: Input): ProductSnapshot {
  return toSnapshot(p as ProductLike);
}

function related(p: Input, opts: AddToCartOptions): RelatedVariant[] {
  const list = opts.related ?? (p as ProductLike).var_rel ?? (p as ProductLike).varRel ?? [];
  const image = snapshot(p).image;
  return list.map((v) => toRelated(v as RelatedLike, image));
}

function blocked(reason: string, text: string, title?: string): Outcome {
  return { ok: false, status: "blocked", reason, title, text };
}

/** Shows a check's message: titled ones (quantity, available stock) with their title, stock refusals as errors. */
function tell(outcome: Outcome, silent?: boolean): Outcome {
  if (silent || outcome.ok || outcome.status !== "blocked" || !outcome.text) return outcome;
  if (outcome.title) showToast("warning", outcome.title, outcome.text);
  else if (outcome.reason === "out-of-stock" || outcome.reason === "over-cart-stock")
    showToast("error", outcome.text);
  else showToast("info", outcome.text);
  return outcome;
}

// ---------------------------------------------------------------- cart

/** Adds `qty` (default 1) after the add-to-cart checks of spec section 5. */
export function addToCart(product: Input, qty: unknown = 1, opts: AddToCartOptions = {}): Outcome {
  let base = snapshot(product);
  if (opts.option) {
    base = {
      ...base,
      name: `${base.name} - ${opts.option.label}`,
      price: opts.option.price,
      sale_price: opts.option.salePrice ?? null,
      prior_price: opts.option.priorPrice ?? null,
      variantId: opts.option.variantId,
    };
  }
  const check = cart.checkAddToCart(lists().cart.data, {
    product: base,
    qty,
    related: related(product, opts),
    variant: opts.variant ? toRelated(opts.variant as RelatedLike, base.image) : null,
    showStock: shopConfig().showStock,
    source: opts.source ?? "page",
  });
  if (!check.ok) return tell(blocked(check.reason, check.text, check.title), opts.silent);
  set((s) => ({ cart: { data: cart.addToCart(s.cart.data, check.product, check.qty) } }));
  if (!opts.silent) showToast("success", CART_TEXT.added);
  return { ok: true, status: "added" };
}

/** Removes the line with this id and name. */
export function removeFromCart(line: { id: number; name: string }, opts: { silent?: boolean } = {}): Outcome {
  if (!cart.findLine(lists().cart.data, line)) return { ok: false, status: "missing" };
  set((s) => ({ cart: { data: cart.removeFromCart(s.cart.data, line) } }));
  if (!opts.silent) showToast("success", CART_TEXT.removed);
  return { ok: true, status: "removed" };
}

/** Sets several lines' quantities at once (the cart page's update); every one is checked first. */
export function updateCart(
  changes: { id: number; name: string; qty: unknown }[],
  opts: { silent?: boolean } = {},
): Outcome {
  const current = lists().cart.data;
  const next: { id: number; name: string; qty: number }[] = [];
  for (const change of changes) {
    const line = cart.findLine(current, change);
    if (!line) continue;
    const check = cart.checkCartQty(line, change.qty);
    if (!check.ok)
      return tell(blocked(check.title ? "invalid-qty" : "over-stock", check.text, check.title), opts.silent);
    next.push({ id: change.id, name: change.name, qty: check.qty });
  }
  set((s) => ({ cart: { data: next.reduce((data, c) => cart.setQty(data, c, c.qty), s.cart.data) } }));
  if (!opts.silent) showToast("success", CART_TEXT.updated);
  return { ok: true, status: "updated" };
}

export function clearCart(): Outcome {
  set(() => ({ cart: { data: cart.clearCart() } }));
  return { ok: true, status: "cleared" };
}

// ---------------------------------------------------------------- wishlist

export interface WishlistOptions {
  variant?: RelatedLike | RelatedVariant | null;
  related?: (RelatedLike | RelatedVariant)[];
  silent?: boolean;
}

/**
 * Adds to the wishlist. `present` means it is already there: the button then goes to
 * /shop/wishlist. With related variants, one must be chosen and must not be in it yet.
 */
export function addToWishlist(product: Input, opts: WishlistOptions = {}): Outcome {
  const base = snapshot(product);
  const check = wishlist.checkAddToWishlist(
    lists().wishlist.data,
    base,
    related(product, opts),
    opts.variant ? toRelated(opts.variant as RelatedLike, base.image) : null,
  );
  if (!check.ok) {
    if (check.reason === "present") return { ok: false, status: "present" };
    return tell(blocked(check.reason, check.text ?? ""), opts.silent);
  }
  set((s) => ({ wishlist: { data: wishlist.addToWishlist(s.wishlist.data, check.product) } }));
  if (!opts.silent) showToast("success", WISHLIST_TEXT.added);
  return { ok: true, status: "added" };
}

export function removeFromWishlist(id: number, opts: { silent?: boolean } = {}): Outcome {
  if (!wishlist.inWishlist(lists().wishlist.data, id)) return { ok: false, status: "missing" };
  set((s) => ({ wishlist: { data: wishlist.removeFromWishlist(s.wishlist.data, id) } }));
  if (!opts.silent) showToast("success", WISHLIST_TEXT.removed);
  return { ok: true, status: "removed" };
}

/** Moves a wishlist item to the cart with quantity 1 (the add-to-cart stock checks apply). */
export function moveWishlistToCart(id: number, opts: { silent?: boolean } = {}): Outcome {
  const item = lists().wishlist.data.find((p) => p.id === id);
  if (!item) return { ok: false, status: "missing" };
  const check = cart.checkAddToCart(lists().cart.data, {
    product: item,
    qty: 1,
    showStock: shopConfig().showStock,
  });
  if (!check.ok) return tell(blocked(check.reason, check.text, check.title), opts.silent);
  set((s) => ({
    cart: { data: cart.addToCart(s.cart.data, check.product, 1) },
    wishlist: { data: wishlist.removeFromWishlist(s.wishlist.data, id) },
  }));
  if (!opts.silent) showToast("success", WISHLIST_TEXT.moved);
  return { ok: true, status: "moved" };
}

export function clearWishlist(): Outcome {
  set(() => ({ wishlist: { data: [] } }));
  return { ok: true, status: "cleared" };
}

// ---------------------------------------------------------------- compare

/** Adds to the compare list only if absent (`present` otherwise: the button goes to /shop/compare). */
export function addToCompare(product: Input, opts: { silent?: boolean } = {}): Outcome {
  const item = snapshot(product);
  if (compare.inCompare(lists().compare.data, item.id)) return { ok: false, status: "present" };
  set((s) => ({ compare: { data: compare.addToCompare(s.compare.data, item) } }));
  if (!opts.silent) showToast("success", COMPARE_TEXT.added);
  return { ok: true, status: "added" };
}

export function removeFromCompare(id: number, opts: { silent?: boolean } = {}): Outcome {
  if (!compare.inCompare(lists().compare.data, id)) return { ok: false, status: "missing" };
  set((s) => ({ compare: { data: compare.removeFromCompare(s.compare.data, id) } }));
  if (!opts.silent) showToast("success", COMPARE_TEXT.removed);
  return { ok: true, status: "removed" };
}

export function clearCompare(): Outcome {
  set(() => ({ compare: { data: [] } }));
  return { ok: true, status: "cleared" };
}

/** Sign-out and price-list sign-in: empties the cart and the wishlist (spec section 4, Login/Logout). */
export function clearCartAndWishlist(): void {
  set(() => ({ cart: { data: [] }, wishlist: { data: [] } }));
}
