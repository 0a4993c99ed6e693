// Quantities the shopper changes on the cart page. A valid quantity goes into the stored cart at
// once, so the line total, the subtotal, the free-delivery hint, the header's dropdown and the
// checkout's quote follow every keystroke and +/- (issue 24, item 6). An empty or invalid field
// stays an edit only: 'Update Cart' then answers with the spec's message ('Quantity Cannot be
// Empty' / 'Please type a number') and 'Cart Updated.' once everything is applied.
import { useMemo, useState } from "react";
import type { CartItem } from "../../../core/cart";
import { updateCart } from "../shop-state/actions";

export const lineKey = (i: { id: number; name: string }) => `${i.id}:${i.name}`;

export function useCartEdits(items: CartItem[]) {
  /** Lines touched since the last 'Update Cart'. */
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  /** Quantities typed but not applied: empty or invalid fields (null), or refused by a stock rule. */
  const [unapplied, setUnapplied] = useState<Record<string, number | null>>({});

  const pending = useMemo(() => items.filter((i) => touched.has(lineKey(i))), [items, touched]);

  return {
    pending,
    /** What a line's field shows: an unapplied edit, else the stored quantity (which may have been corrected by the server). */
    valueOf: (item: CartItem) => {
      const key = lineKey(item);
      return key in unapplied ? unapplied[key] : item.qty;
    },
    edit: (item: CartItem, qty: number | null) => {
      const key = lineKey(item);
      setTouched((t) => new Set(t).add(key));
      const applied =
        qty !== null &&
        (qty === item.qty || updateCart([{ id: item.id, name: item.name, qty }], { silent: true }).ok);
      setUnapplied(({ [key]: _, ...rest }) => (applied ? rest : { ...rest, [key]: qty }));
    },
    apply: () => {
      const outcome = updateCart(
        pending.map((i) => {
          const key = lineKey(i);
          return { id: i.id, name: i.name, qty: key in unapplied ? unapplied[key] : i.qty };
        }),
      );
      if (outcome.ok) {
        setTouched(new Set());
        setUnapplied({});
      }
    },
  };
}
