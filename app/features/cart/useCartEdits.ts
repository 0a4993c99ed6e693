// Quantities the shopper has changed on the cart page but not yet applied with 'Update Cart'.
import { useMemo, useState } from "react";
import type { CartItem } from "../../../core/cart";
import { updateCart } from "../shop-state/actions";

export const lineKey = (i: { id: number; name: string }) => `${i.id}:${i.name}`;

export function useCartEdits(items: CartItem[]) {
  const [edits, setEdits] = useState<Record<string, number | null>>({});

  const pending = useMemo(
    () => items.filter((i) => lineKey(i) in edits && edits[lineKey(i)] !== i.qty),
    [items, edits],
  );

  return {
    pending,
    /** The quantity a line shows: the edit if there is one, else the stored quantity. */
    valueOf: (item: CartItem) => {
      const key = lineKey(item);
      return key in edits ? edits[key] : item.qty;
    },
    edit: (item: CartItem, qty: number | null) => setEdits((e) => ({ ...e, [lineKey(item)]: qty })),
    apply: () => {
      const outcome = updateCart(pending.map((i) => ({ id: i.id, name: i.name, qty: edits[lineKey(i)] })));
      if (outcome.ok) setEdits({});
    },
  };
}
