// Property tests: for any sequence of shopper operations the lists stay sound.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLists } from "../../app/features/shop-state/schema";
import {
  addToCart,
  type CartItem,
  checkAddToCart,
  checkCartQty,
  MAX_QTY,
  type ProductSnapshot,
  reconcileCart,
  removeFromCart,
  replaceCart,
  setQty,
  unitPrice,
} from "../../core/cart";
import { addToCompare, removeFromCompare } from "../../core/compare";
import { addToWishlist, checkAddToWishlist, removeFromWishlist } from "../../core/wishlist";

const product: fc.Arbitrary<ProductSnapshot> = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  name: fc.constantFrom("Pod", "Pod - Black", "Pod - Red", "Liquid"),
  slug: fc.constant("p"),
  price: fc.integer({ min: 0, max: 50_000 }),
  sale_price: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
  stock: fc.option(fc.integer({ min: -2, max: 30 }), { nil: null }),
  image: fc.constant(null),
});

const typedQty = fc.oneof(
  fc.integer({ min: -5, max: 40 }),
  fc.constantFrom("", " ", "abc", "1.5", "0", "-1", "3", "12", "10001"),
  fc.constant(undefined),
);

type Op =
  | { kind: "add"; product: ProductSnapshot; qty: unknown; source: "page" | "card" }
  | { kind: "remove"; index: number }
  | { kind: "set"; index: number; qty: unknown }
  | { kind: "replace" }
  | { kind: "wish"; product: ProductSnapshot }
  | { kind: "unwish"; id: number }
  | { kind: "compare"; product: ProductSnapshot }
  | { kind: "uncompare"; id: number }
  | { kind: "server"; stocks: number[] };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      product,
      qty: typedQty,
      source: fc.constantFrom("page" as const, "card" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), index: fc.nat(8) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("set" as const), index: fc.nat(8), qty: typedQty }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replace" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("wish" as const), product }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("unwish" as const), id: fc.integer({ min: 1, max: 6 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("compare" as const), product }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("uncompare" as const), id: fc.integer({ min: 1, max: 6 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("server" as const),
      stocks: fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 10 }),
    }),
  },
);

function assertSound(cart: CartItem[], wish: ProductSnapshot[], cmp: ProductSnapshot[], showStock: boolean) {
  const keys = new Set<string>();
  for (const item of cart) {
    expect(Number.isInteger(item.qty)).toBe(true);
    expect(item.qty).toBeGreaterThanOrEqual(1);
    expect(item.qty).toBeLessThanOrEqual(MAX_QTY);
    expect(item.price).toBe(unitPrice({ price: item.regular_price, sale_price: item.sale_price }));
    expect(item.sum).toBe(item.qty * item.price);
    const key = `${item.id}\u0000${item.name}`;
    expect(keys.has(key)).toBe(false);
    keys.add(key);
    // Every quantity the rules let in respects the stock the line knows.
    if (showStock) expect(item.qty).toBeLessThanOrEqual(Math.max(item.stock ?? 0, 0));
  }
  expect(new Set(wish.map((p) => p.id)).size).toBe(wish.length);
  expect(new Set(cmp.map((p) => p.id)).size).toBe(cmp.length);
}

describe("cart, wishlist and compare under any sequence of operations", () => {
  it("no zero/negative qty, sum = qty x price, no duplicates, stock limits hold (stock display on)", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let cart: CartItem[] = [];
        let wish: ProductSnapshot[] = [];
        let cmp: ProductSnapshot[] = [];
        for (const o of ops) {
          switch (o.kind) {
            case "add": {
              // The same id always carries the same stock within a run's cart line, as a real catalogue does.
              const existing = cart.find((i) => i.id === o.product.id && i.name === o.product.name);
              const p = existing ? { ...o.product, stock: existing.stock } : o.product;
              const check = checkAddToCart(cart, {
                product: p,
                qty: o.qty ?? 1,
                showStock: true,
                source: o.source,
              });
              if (check.ok) cart = addToCart(cart, check.product, check.qty);
              break;
            }
            case "remove":
              if (cart[o.index]) cart = removeFromCart(cart, cart[o.index]);
              break;
            case "set": {
              const line = cart[o.index];
              if (!line) break;
              const check = checkCartQty(line, o.qty);
              if (check.ok) cart = setQty(cart, line, check.qty);
              break;
            }
            case "replace":
              cart = replaceCart([...cart].reverse());
              break;
            case "wish": {
              const check = checkAddToWishlist(wish, o.product);
              if (check.ok) wish = addToWishlist(wish, check.product);
              break;
            }
            case "unwish":
              wish = removeFromWishlist(wish, o.id);
              break;
            case "compare":
              cmp = addToCompare(cmp, o.product);
              break;
            case "uncompare":
              cmp = removeFromCompare(cmp, o.id);
              break;
            case "server": {
              const sent = cart.map(({ id, name }) => ({ id, name }));
              const lines = cart.map((item, i) => {
                const stock = o.stocks[i] ?? item.stock ?? 0;
                return {
                  status: stock < 1 ? ("out-of-stock" as const) : ("ok" as const),
                  price: item.regular_price,
                  sale_price: item.sale_price,
                  stock,
                };
              });
              cart = reconcileCart(cart, sent, lines).cart;
              break;
            }
          }
          assertSound(cart, wish, cmp, true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("with stock display off the cart is still sound (qty, sums, no duplicates)", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let cart: CartItem[] = [];
        for (const o of ops) {
          if (o.kind === "add") {
            const check = checkAddToCart(cart, {
              product: o.product,
              qty: o.qty ?? 1,
              showStock: false,
              source: o.source,
            });
            if (check.ok) cart = addToCart(cart, check.product, check.qty);
          } else if (o.kind === "remove" && cart[o.index]) cart = removeFromCart(cart, cart[o.index]);
          else if (o.kind === "replace") cart = replaceCart([...cart, ...cart]);
          assertSound(cart, [], [], false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("whatever localStorage holds, reading it never throws and yields sound lists", () => {
    const item = fc.record(
      {
        id: fc.oneof(fc.integer({ min: -3, max: 5 }), fc.string(), fc.double()),
        name: fc.oneof(fc.constantFrom("A", "B", ""), fc.integer()),
        slug: fc.string({ maxLength: 4 }),
        price: fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double(), fc.string()),
        regular_price: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
        sale_price: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
        stock: fc.option(fc.integer({ min: -5, max: 50 }), { nil: null }),
        image: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
        qty: fc.oneof(fc.integer({ min: -3, max: 20_000 }), fc.double(), fc.string()),
        sum: fc.oneof(fc.integer(), fc.double()),
      },
      { requiredKeys: [] },
    );
    const section = fc.oneof(fc.record({ data: fc.array(item, { maxLength: 8 }) }), fc.anything());
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ cart: section, wishlist: section, compare: section }), fc.anything()),
        (raw) => {
          const lists = parseLists(raw);
          assertSound(lists.cart.data, lists.wishlist.data, lists.compare.data, false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
