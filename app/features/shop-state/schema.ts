// What may come back out of localStorage. Anything else (corrupt JSON, another app's data,
// an older shape, tampered numbers) is dropped item by item, so a bad entry never breaks a page.
// zod/mini keeps this validator small, and the store loads this module only when it reads
// the storage, so it stays out of every page's first-load JavaScript.
import * as z from "zod/mini";
import { type CartItem, MAX_QTY, type ProductSnapshot, replaceCart, unitPrice } from "../../../core/cart";
import { EMPTY_LISTS, type ShopLists } from "./lists";

export type { ShopLists } from "./lists";

const cents = z.int().check(z.gte(0), z.lte(100_000_000));
const text = (max: number) => z.string().check(z.maxLength(max));

const snapshotShape = {
  id: z.int().check(z.gte(1)),
  name: text(500).check(z.minLength(1)),
  slug: text(500),
  price: cents,
  sale_price: z.nullable(cents),
  prior_price: z.optional(z.nullable(cents)),
  stock: z.nullable(z.int()),
  image: z.nullable(text(2000)),
  variantId: z.optional(z.nullable(z.int())),
  hasVariants: z.optional(z.boolean()),
  ratings: z.optional(z.number().check(z.gte(0), z.lte(5))),
  review: z.optional(z.int().check(z.gte(0))),
  brand: z.optional(z.nullable(text(500))),
  category: z.optional(z.array(z.object({ name: text(500), slug: text(500) })).check(z.maxLength(50))),
  short_desc: z.optional(text(5000)),
};

export const SnapshotSchema = z.object(snapshotShape);
export const CartItemSchema = z.object({
  ...snapshotShape,
  qty: z.int().check(z.gte(1), z.lte(MAX_QTY)),
  regular_price: z.optional(cents),
  sum: z.number(),
});

/** A list's stored entries can be no longer than this; the rest is dropped. */
export const MAX_ITEMS = 500;

function entries(section: unknown): unknown[] {
  if (!section || typeof section !== "object") return [];
  const data = (section as { data?: unknown }).data;
  return Array.isArray(data) ? data.slice(0, MAX_ITEMS) : [];
}

function uniqueById(items: ProductSnapshot[]): ProductSnapshot[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/** Valid items only; sums are recomputed (never trusted), duplicates merged or dropped. */
export function parseLists(raw: unknown): ShopLists {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return EMPTY_LISTS;
  const r = raw as Record<string, unknown>;
  const cart: CartItem[] = [];
  for (const entry of entries(r.cart)) {
    const parsed = CartItemSchema.safeParse(entry);
    if (!parsed.success) continue;
    const item = parsed.data;
    const regular = item.regular_price ?? item.price;
    const price = unitPrice({ price: regular, sale_price: item.sale_price });
    cart.push({ ...item, regular_price: regular, price, sum: item.qty * price });
  }
  const list = (section: unknown) =>
    uniqueById(
      entries(section).flatMap((entry) => {
        const parsed = SnapshotSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    );
  return {
    cart: { data: replaceCart(cart) },
    wishlist: { data: list(r.wishlist) },
    compare: { data: list(r.compare) },
  };
}
