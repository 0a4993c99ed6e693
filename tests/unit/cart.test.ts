// The cart, wishlist and compare rules of spec sections 3, 4 and 5, example by example.
import { describe, expect, it } from "vitest";
import {
  addToCart,
  CART_TEXT,
  type CartItem,
  cartCount,
  cartTotal,
  checkAddToCart,
  checkCartQty,
  clearCart,
  type ProductSnapshot,
  parseQty,
  reconcileCart,
  removeFromCart,
  replaceCart,
  setQty,
  unitPrice,
} from "../../core/cart";
import { addToCompare, inCompare, removeFromCompare } from "../../core/compare";
import { addToWishlist, checkAddToWishlist, removeFromWishlist, WISHLIST_TEXT } from "../../core/wishlist";

const pod: ProductSnapshot = {
  id: 1,
  name: "Nova Pod Kit",
  slug: "nova-pod-kit",
  price: 2999,
  sale_price: null,
  stock: 5,
  image: "/images/p1.webp",
};
const liquid: ProductSnapshot = {
  id: 2,
  name: "Mango Ice 10 ml",
  slug: "mango-ice",
  price: 599,
  sale_price: 449,
  stock: 3,
  image: null,
};
const related = [
  { id: 21, name: "Mango Ice 10 ml / 3 mg", price: 599, sale_price: null, stock: 2 },
  { id: 22, name: "Mango Ice 10 ml / 6 mg", price: 649, sale_price: 499, stock: 0 },
];

describe("cart items", () => {
  it("adds a new product with qty 1 by default; price is the sale price if present; sum is qty x price", () => {
    const cart = addToCart([], liquid);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({
      id: 2,
      name: "Mango Ice 10 ml",
      qty: 1,
      price: 449,
      regular_price: 599,
      sale_price: 449,
      sum: 449,
      stock: 3,
    });
    expect(addToCart([], pod)[0]).toMatchObject({ price: 2999, sum: 2999 });
  });

  it("raises the qty of a product already in the cart and recomputes the sum", () => {
    let cart = addToCart([], pod, 2);
    cart = addToCart(cart, pod, 3);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ qty: 5, sum: 5 * 2999 });
  });

  it("matches variant products by name: the same id with another name is another line", () => {
    const black = { ...pod, name: "Nova Pod Kit - Black, M", variantId: 7 };
    const red = { ...pod, name: "Nova Pod Kit - Red, M", variantId: 8 };
    let cart = addToCart([], black);
    cart = addToCart(cart, red);
    cart = addToCart(cart, black);
    expect(cart.map((i) => [i.name, i.qty])).toEqual([
      ["Nova Pod Kit - Black, M", 2],
      ["Nova Pod Kit - Red, M", 1],
    ]);
    // Remove is by id and name.
    expect(removeFromCart(cart, red).map((i) => i.name)).toEqual(["Nova Pod Kit - Black, M"]);
    expect(removeFromCart(cart, { id: 1, name: "other" })).toHaveLength(2);
  });

  it("replaces the whole list (normalised) and clears it", () => {
    const tampered = [{ ...addToCart([], pod)[0], qty: 2, sum: 1 }] as CartItem[];
    expect(replaceCart(tampered)[0].sum).toBe(2 * 2999);
    expect(clearCart()).toEqual([]);
  });

  it("sets a line's quantity, never below 1", () => {
    const cart = addToCart([], pod);
    expect(setQty(cart, pod, 4)[0]).toMatchObject({ qty: 4, sum: 4 * 2999 });
    expect(setQty(cart, pod, 0)[0].qty).toBe(1);
  });

  it("counts and totals", () => {
    const cart = addToCart(addToCart([], pod, 2), liquid, 3);
    expect(cartCount(cart)).toBe(5);
    expect(cartTotal(cart)).toBe(2 * 2999 + 3 * 449);
  });

  it("prices: a sale price of 0 or null means no sale", () => {
    expect(unitPrice({ price: 500, sale_price: 0 })).toBe(500);
    expect(unitPrice({ price: 500, sale_price: null })).toBe(500);
    expect(unitPrice({ price: 500, sale_price: 400 })).toBe(400);
  });
});

describe("add-to-cart checks (spec section 5)", () => {
  const check = (
    qty: unknown,
    opts: Partial<Parameters<typeof checkAddToCart>[1]> = {},
    cart: CartItem[] = [],
  ) => checkAddToCart(cart, { product: pod, qty, showStock: false, ...opts });

  it("quantity below 1 or empty: 'Quantity Cannot be Empty' / 'Please type a number'", () => {
    for (const qty of ["", "  ", 0, "0", -1, "-3", "abc", "1.5", 2.5, Number.NaN, null, undefined]) {
      expect(check(qty)).toEqual({
        ok: false,
        reason: "invalid-qty",
        title: "Quantity Cannot be Empty",
        text: "Please type a number",
      });
    }
    expect(parseQty("7")).toBe(7);
    expect(parseQty(" 7 ")).toBe(7);
  });

  it("quantity above the stock of a product without related variants: 'Out of Stock' / 'Available stock: {n}'", () => {
    expect(check(6)).toEqual({
      ok: false,
      reason: "over-stock",
      title: "Out of Stock",
      text: "Available stock: 5",
    });
    expect(check(5).ok).toBe(true);
    expect(check(1, { product: { ...pod, stock: null } })).toMatchObject({
      title: "Out of Stock",
      text: "Available stock: 0",
    });
  });

  it("the same check against the chosen related variant's stock", () => {
    expect(check(3, { product: liquid, related, variant: related[0] })).toEqual({
      ok: false,
      reason: "over-stock",
      title: "Out of Stock",
      text: "Available stock: 2",
    });
    const ok = check(2, { product: liquid, related, variant: related[0] });
    expect(ok).toMatchObject({
      ok: true,
      qty: 2,
      product: { id: 21, name: "Mango Ice 10 ml / 3 mg", stock: 2 },
    });
    expect(check(1, { product: liquid, related, variant: related[1] })).toMatchObject({
      text: "Available stock: 0",
    });
    // Related variants and none chosen: nothing is added.
    expect(check(1, { product: liquid, related })).toMatchObject({ ok: false, reason: "choose-variant" });
  });

  it("with stock display on: stock below 1 -> 'Product out of stock!' (a card's add to cart)", () => {
    const zero = { ...pod, stock: 0 };
    expect(check(1, { product: zero, showStock: true, source: "card" })).toEqual({
      ok: false,
      reason: "out-of-stock",
      text: "Product out of stock!",
    });
    expect(check(1, { product: { ...pod, stock: null }, showStock: true, source: "card" })).toMatchObject({
      text: CART_TEXT.productOutOfStock,
    });
    // With stock display off a card adds; the server's check on the cart page corrects it.
    expect(check(1, { product: zero, showStock: false, source: "card" }).ok).toBe(true);
    // On the product page the typed quantity meets the stock first.
    expect(check(1, { product: zero, showStock: true })).toMatchObject({
      title: "Out of Stock",
      text: "Available stock: 0",
    });
  });

  it("with stock display on: below the quantity in the cart plus the request -> 'Sorry, you can't add that amount to the cart.'", () => {
    const cart = addToCart([], pod, 4);
    expect(check(2, { showStock: true }, cart)).toEqual({
      ok: false,
      reason: "over-cart-stock",
      text: "Sorry, you can't add that amount to the cart.",
    });
    expect(check(1, { showStock: true }, cart).ok).toBe(true);
    expect(check(2, { showStock: true, source: "card" }, cart)).toMatchObject({ reason: "over-cart-stock" });
    // With stock display off the cart's quantity is not counted (the server check corrects later).
    expect(check(2, { showStock: false }, cart).ok).toBe(true);
  });

  it("cart page quantities are checked against the line's stock", () => {
    const line = addToCart([], pod)[0];
    expect(checkCartQty(line, "")).toMatchObject({ ok: false, title: "Quantity Cannot be Empty" });
    expect(checkCartQty(line, 6)).toMatchObject({
      ok: false,
      title: "Out of Stock",
      text: "Available stock: 5",
    });
    expect(checkCartQty(line, "5")).toEqual({ ok: true, qty: 5 });
  });
});

describe("server truth (reconcile)", () => {
  it("drops gone and out-of-stock lines, lowers quantities to stock, takes the server's prices", () => {
    let cart = addToCart([], pod, 4);
    cart = addToCart(cart, liquid, 1);
    cart = addToCart(cart, { ...pod, id: 3, name: "Gone" });
    cart = addToCart(cart, { ...pod, id: 4, name: "Sold out" });
    const sent = cart.map(({ id, name }) => ({ id, name }));
    const { cart: next, changes } = reconcileCart(cart, sent, [
      { status: "ok", price: 2999, sale_price: null, stock: 2 },
      { status: "ok", price: 599, sale_price: 399, stock: 10 },
      { status: "removed", price: null, sale_price: null, stock: null },
      { status: "out-of-stock", price: 100, sale_price: null, stock: 0 },
    ]);
    expect(next.map((i) => [i.id, i.qty, i.price, i.sum])).toEqual([
      [1, 2, 2999, 5998],
      [2, 1, 399, 399],
    ]);
    expect(changes).toEqual([
      { kind: "qty-reduced", name: "Nova Pod Kit", from: 4, to: 2 },
      { kind: "price-changed", name: "Mango Ice 10 ml", from: 449, to: 399 },
      { kind: "removed", name: "Gone" },
      { kind: "out-of-stock", name: "Sold out" },
    ]);
  });

  it("keeps lines added while the check was running", () => {
    const sent = [{ id: 1, name: "Nova Pod Kit" }];
    const cart = addToCart(addToCart([], pod), liquid);
    const { cart: next } = reconcileCart(cart, sent, [
      { status: "ok", price: 2999, sale_price: null, stock: 5 },
    ]);
    expect(next.map((i) => i.id)).toEqual([1, 2]);
  });
});

describe("wishlist (spec sections 4 and 5)", () => {
  it("adds unless present, removes, identified by id", () => {
    let list = addToWishlist([], pod);
    list = addToWishlist(list, pod);
    expect(list).toHaveLength(1);
    expect(removeFromWishlist(list, 1)).toEqual([]);
  });

  it("a product already in it: the button goes to the wishlist (no second entry)", () => {
    expect(checkAddToWishlist([pod], pod)).toEqual({ ok: false, reason: "present" });
  });

  it("related variants and none chosen: 'Please choose a variant first'", () => {
    expect(checkAddToWishlist([], liquid, related)).toEqual({
      ok: false,
      reason: "choose-variant",
      text: "Please choose a variant first",
    });
  });

  it("a related variant already in it: 'Producty already added'", () => {
    const first = checkAddToWishlist([], liquid, related, related[0]);
    expect(first).toMatchObject({ ok: true, product: { id: 21, name: "Mango Ice 10 ml / 3 mg" } });
    const list = first.ok ? addToWishlist([], first.product) : [];
    expect(checkAddToWishlist(list, liquid, related, related[0])).toEqual({
      ok: false,
      reason: "variant-present",
      text: "Producty already added",
    });
    expect(WISHLIST_TEXT.moved).toBe("Product moved to Cart.");
  });
});

describe("compare (spec section 4)", () => {
  it("adds only if absent, removes, clears", () => {
    let list = addToCompare([], pod);
    list = addToCompare(list, pod);
    list = addToCompare(list, liquid);
    expect(list.map((p) => p.id)).toEqual([1, 2]);
    expect(inCompare(list, 2)).toBe(true);
    expect(removeFromCompare(list, 1).map((p) => p.id)).toEqual([2]);
  });
});
