// Asks the server for the truth about the stored cart (prices for this customer, stock,
// products gone) when the cart page opens, and again shortly after the shopper changes a
// quantity, and corrects the stored cart with the answer.
import { useEffect, useRef, useState } from "react";
import type { CartShippingEstimate } from "../../../core/api/cart";
import { routes } from "../../../core/api/routes";
import { type CartChange, reconcileCart } from "../../../core/cart";
import { callApi } from "../../lib/api-client";
import { shopStore } from "../shop-state/store";

export type CheckState = "idle" | "checking" | "done" | "failed";

/** Quantities are checked again once the shopper has paused this long (typing, repeated +). */
export const RECHECK_DELAY_MS = 600;

const changeKey = (c: CartChange) => `${c.kind}:${c.name}`;

/**
 * `key` changes (e.g. the signed-in customer) ask again at once; `quantities` (the cart's
 * quantities as a string) changes ask again after RECHECK_DELAY_MS.
 */
export function useCartCheck(enabled: boolean, key: string, quantities: string) {
  const [state, setState] = useState<CheckState>("idle");
  const [changes, setChanges] = useState<CartChange[]>([]);
  const [vatText, setVatText] = useState<string | null>(null);
  const [shipping, setShipping] = useState<CartShippingEstimate | null>(null);
  /** The customer key the last check ran for: a new one is checked without waiting. */
  const checkedFor = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (another customer) or new quantities ask again
  useEffect(() => {
    if (!enabled) return;
    const first = checkedFor.current !== key;
    const ctrl = new AbortController();
    const run = () => {
      checkedFor.current = key;
      const store = shopStore();
      const sent = store
        .getState()
        .cart.data.map((i) => ({ id: i.id, name: i.name, qty: i.qty, variantId: i.variantId ?? null }));
      if (sent.length === 0) {
        setState("done");
        return;
      }
      if (first) setState("checking");
      callApi(
        routes.cart.check,
        { body: { items: sent.map(({ id, qty, variantId }) => ({ id, qty, variantId })) } },
        { signal: ctrl.signal },
      )
        .then((answer) => {
          if (ctrl.signal.aborted) return;
          const { cart, changes: found } = reconcileCart(store.getState().cart.data, sent, answer.lines);
          store.setState({ cart: { data: cart } });
          // What the page already said stays said; a later check adds what it finds.
          setChanges((said) =>
            first
              ? found
              : [...said, ...found.filter((c) => !said.some((s) => changeKey(s) === changeKey(c)))],
          );
          setVatText(answer.vatText);
          setShipping(answer.shipping ?? null);
          setState("done");
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setState("failed");
        });
    };
    const timer = first ? null : window.setTimeout(run, RECHECK_DELAY_MS);
    if (first) run();
    return () => {
      if (timer !== null) window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [enabled, key, quantities]);

  return { state, changes, vatText, shipping };
}
