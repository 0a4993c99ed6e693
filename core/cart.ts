// Cart rules (spec sections 3, 4 and 5): pure functions over the stored cart list, shared by
// the browser state and the server's cart check. Money is integer cents.

/** The product fields a shopping list keeps (spec names where the spec has one). */
export interface ProductSnapshot {
  id: number;
  name: string;
  slug: string;
  /** Regular price in cents, as this shopper sees it (price list / VAT exclusion applied). */
  price: number;
  /** Sale price in cents, or null. */
  sale_price: number | null;
  /**
   * The lowest price of the 30 days before the sale began (Directive 98/6/EC art. 6a), cents; null
   * or absent: the sale is not shown as a reduction (core/price-reduction.ts).
   */
  prior_price?: number | null;
  /** Stock of the store's warehouse; null when not known. */
  stock: number | null;
  /** Thumbnail URL. */
  image: string | null;
  /** Colour/size variant row this line was chosen as (the product keeps its id, the name tells it apart). */
  variantId?: number | null;
  /** The product has colour/size variants or related variant products (cards show 'select options'). */
  hasVariants?: boolean;
  // Shown by the compare page.
  ratings?: number;
  review?: number;
  brand?: string | null;
  category?: { name: string; slug: string }[];
  short_desc?: string;
}

/** A related variant product (spec: var_rel) as the add-to-cart checks need it. */
export interface RelatedVariant {
  id: number;
  name: string;
  price: number;
  sale_price: number | null;
  stock: number | null;
  image?: string | null;
}

/** A cart item: the product fields plus qty, price (sale price if present, else price), sum, stock. */
export interface CartItem extends ProductSnapshot {
  qty: number;
  /** The unit price charged: the sale price if present, else the regular price (cents). */
  price: number;
  /** The regular price before a sale, kept so the cart can show the reduction (cents). */
  regular_price: number;
  /** qty x price, in cents. */
  sum: number;
}

export const MAX_QTY = 10_000;

export const CART_TEXT = {
  qtyEmptyTitle: "Quantity Cannot be Empty",
  qtyEmptyText: "Please type a number",
  outOfStockTitle: "Out of Stock",
  availableStock: (n: number) => `Available stock: ${n}`,
  productOutOfStock: "Product out of stock!",
  cantAddAmount: "Sorry, you can't add that amount to the cart.",
  chooseVariant: "Please choose a variant first",
  added: "Product added to Cart.",
  removed: "Product removed from Cart.",
  updated: "Cart Updated.",
} as const;

/** The price a cart line charges: the sale price when present, else the price. */
export function unitPrice(p: { price: number; sale_price: number | null }): number {
  return p.sale_price !== null && p.sale_price !== undefined && p.sale_price > 0 ? p.sale_price : p.price;
}

/** Lines are the same when ids match and, for products with variants, the names match too. */
export function sameLine(a: { id: number; name: string }, b: { id: number; name: string }): boolean {
  return a.id === b.id && a.name === b.name;
}

export function findLine(
  cart: readonly CartItem[],
  product: { id: number; name: string },
): CartItem | undefined {
  return cart.find((item) => sameLine(item, product));
}

/** Builds a cart line from a product snapshot (`price` is the regular price there). */
export function toCartItem(product: ProductSnapshot, qty: number): CartItem {
  const {
    qty: _qty,
    sum: _sum,
    regular_price: _regular,
    ...fields
  } = product as ProductSnapshot & Partial<CartItem>;
  const price = unitPrice(product);
  return { ...fields, price, regular_price: product.price, qty, sum: qty * price };
}

/** A quantity typed by a shopper: a whole number above 0, or null when empty / not a number. */
export function parseQty(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 1 ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 ? n : null;
}

/** Result of an add-to-cart check. `title` is set for the titled messages (dialog style). */
export type AddCheck =
  | { ok: true; qty: number; product: ProductSnapshot }
  | {
      ok: false;
      reason: "invalid-qty" | "over-stock" | "choose-variant" | "out-of-stock" | "over-cart-stock";
      title?: string;
      text: string;
    };

export interface AddToCartInput {
  /** The product as shown (for a product with related variants, the main product). */
  product: ProductSnapshot;
  /** What the shopper typed; numbers and strings accepted. */
  qty: unknown;
  /** The related variant products of the product (spec var_rel); empty or missing: none. */
  related?: readonly RelatedVariant[];
  /** The related variant the shopper chose, if any. */
  variant?: RelatedVariant | null;
  /** The store's show-stock setting. */
  showStock: boolean;
  /**
   * Where the add comes from. "page" (product page, quick views: a typed quantity) also checks
   * the quantity against the stock ('Out of Stock' / 'Available stock: {n}'); "card" (product
   * card, wishlist, compare: quantity 1) only meets the cart's own stock rules.
   */
  source?: "page" | "card";
}

/** The product a line is made of: the chosen related variant takes over id, name, prices, stock and image. */
export function lineProduct(product: ProductSnapshot, variant?: RelatedVariant | null): ProductSnapshot {
  if (!variant) return product;
  return {
    ...product,
    id: variant.id,
    name: variant.name,
    slug: product.slug,
    price: variant.price,
    sale_price: variant.sale_price,
    stock: variant.stock,
    image: variant.image ?? product.image,
    variantId: null,
    hasVariants: false,
  };
}

/**
 * The add-to-cart checks of spec section 5, in the order the shopper meets them: the typed
 * quantity; on the product page and quick views, the quantity against the stock of the product
 * (no related variants) or of the chosen related variant; then, for every add with stock
 * display on, stock below 1 ('Product out of stock!', what a card's add to cart meets) or below
 * what the cart already holds plus the request.
 */
export function checkAddToCart(cart: readonly CartItem[], input: AddToCartInput): AddCheck {
  const qty = parseQty(input.qty);
  if (qty === null) {
    return { ok: false, reason: "invalid-qty", title: CART_TEXT.qtyEmptyTitle, text: CART_TEXT.qtyEmptyText };
  }
  const related = input.related ?? [];
  if (related.length > 0 && !input.variant) {
    return { ok: false, reason: "choose-variant", text: CART_TEXT.chooseVariant };
  }
  const product = lineProduct(input.product, input.variant);
  // A missing stock counts as none, as the quick view's out-of-stock rule does.
  const stock = product.stock ?? 0;
  if (input.source !== "card" && qty > stock) {
    return {
      ok: false,
      reason: "over-stock",
      title: CART_TEXT.outOfStockTitle,
      text: CART_TEXT.availableStock(Math.max(stock, 0)),
    };
  }
  if (input.showStock) {
    if (stock < 1) return { ok: false, reason: "out-of-stock", text: CART_TEXT.productOutOfStock };
    const inCart = findLine(cart, product)?.qty ?? 0;
    if (stock < inCart + qty) return { ok: false, reason: "over-cart-stock", text: CART_TEXT.cantAddAmount };
  }
  return { ok: true, qty, product };
}

/** Adds qty (default 1) of a product: appends a new line, or raises the matching line and recomputes its sum. */
export function addToCart(cart: readonly CartItem[], product: ProductSnapshot, qty = 1): CartItem[] {
  const n = Math.min(Math.max(1, Math.floor(qty)), MAX_QTY);
  const index = cart.findIndex((item) => sameLine(item, product));
  if (index === -1) return [...cart, toCartItem(product, n)];
  return cart.map((item, i) => {
    if (i !== index) return item;
    // The fresh product brings current prices and stock; the quantity accumulates.
    return toCartItem({ ...item, ...product }, Math.min(item.qty + n, MAX_QTY));
  });
}

/** Removes the line with this id and name. */
export function removeFromCart(cart: readonly CartItem[], product: { id: number; name: string }): CartItem[] {
  return cart.filter((item) => !sameLine(item, product));
}

/** Sets one line's quantity (whole number, at least 1) and recomputes its sum. */
export function setQty(
  cart: readonly CartItem[],
  product: { id: number; name: string },
  qty: number,
): CartItem[] {
  const n = Math.min(Math.max(1, Math.floor(qty)), MAX_QTY);
  return cart.map((item) => (sameLine(item, product) ? { ...item, qty: n, sum: n * item.price } : item));
}

/**
 * Replaces the whole list: every line is normalised (qty a whole number of at least 1,
 * sum = qty x price) and duplicate lines are merged.
 */
export function replaceCart(items: readonly CartItem[]): CartItem[] {
  const out: CartItem[] = [];
  for (const item of items) {
    const qty = Math.min(Math.max(1, Math.floor(Number.isFinite(item.qty) ? item.qty : 1)), MAX_QTY);
    const existing = out.findIndex((o) => sameLine(o, item));
    if (existing === -1) {
      out.push({ ...item, qty, sum: qty * item.price });
    } else {
      const prev = out[existing];
      const total = Math.min(prev.qty + qty, MAX_QTY);
      out[existing] = { ...prev, qty: total, sum: total * prev.price };
    }
  }
  return out;
}

export function clearCart(): CartItem[] {
  return [];
}

export function cartCount(cart: readonly CartItem[]): number {
  return cart.reduce((n, item) => n + item.qty, 0);
}

export function cartTotal(cart: readonly CartItem[]): number {
  return cart.reduce((n, item) => n + item.sum, 0);
}

/** Checks an edited quantity on the cart page against the line's stock. */
export function checkCartQty(
  item: CartItem,
  qty: unknown,
): { ok: true; qty: number } | { ok: false; title?: string; text: string } {
  const n = parseQty(qty);
  if (n === null) return { ok: false, title: CART_TEXT.qtyEmptyTitle, text: CART_TEXT.qtyEmptyText };
  if (item.stock !== null && n > item.stock) {
    return {
      ok: false,
      title: CART_TEXT.outOfStockTitle,
      text: CART_TEXT.availableStock(Math.max(item.stock, 0)),
    };
  }
  return { ok: true, qty: n };
}

/** One line of the server's cart check (POST /api/v1/cart/check), as the reconciliation needs it. */
export interface CheckedLine {
  status: "ok" | "removed" | "out-of-stock";
  price: number | null;
  sale_price: number | null;
  prior_price?: number | null;
  stock: number | null;
  image?: string | null;
}

export type CartChange =
  | { kind: "removed"; name: string }
  | { kind: "out-of-stock"; name: string }
  | { kind: "qty-reduced"; name: string; from: number; to: number }
  | { kind: "price-changed"; name: string; from: number; to: number };

/**
 * Applies the server's answer for the lines `sent` to the cart as it is now (the shopper may
 * have changed it meanwhile): products gone or out of stock leave, quantities drop to the
 * stock, prices and stock become the server's. Lines the check did not cover stay untouched.
 */
export function reconcileCart(
  current: readonly CartItem[],
  sent: readonly { id: number; name: string }[],
  lines: readonly CheckedLine[],
): { cart: CartItem[]; changes: CartChange[] } {
  const changes: CartChange[] = [];
  const cart: CartItem[] = [];
  for (const item of current) {
    const at = sent.findIndex((s) => sameLine(s, item));
    const line = at === -1 ? undefined : lines[at];
    if (!line) {
      cart.push(item);
      continue;
    }
    if (line.status === "removed" || line.price === null) {
      changes.push({ kind: "removed", name: item.name });
      continue;
    }
    const stock = line.stock ?? 0;
    if (line.status === "out-of-stock" || stock < 1) {
      changes.push({ kind: "out-of-stock", name: item.name });
      continue;
    }
    const regular = line.price;
    const price = unitPrice({ price: regular, sale_price: line.sale_price });
    const qty = Math.min(item.qty, stock);
    if (qty < item.qty) changes.push({ kind: "qty-reduced", name: item.name, from: item.qty, to: qty });
    if (price !== item.price)
      changes.push({ kind: "price-changed", name: item.name, from: item.price, to: price });
    cart.push({
      ...item,
      regular_price: regular,
      sale_price: line.sale_price,
      prior_price: line.prior_price ?? null,
      price,
      stock,
      qty,
      sum: qty * price,
      // The server knows the current picture; the name stays, it is the line's identity.
      image: line.image ?? item.image ?? null,
    });
  }
  return { cart, changes };
}
