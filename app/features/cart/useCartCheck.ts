// Asks the server for the truth about the stored cart (prices for this customer, stock,
// products gone) when the cart page opens, and corrects the stored cart with the answer.
import { useEffect, useState } from "react";
import { routes } from "../../../core/api/routes";
import { type CartChange, reconcileCart } from "../../../core/cart";
import { callApi } from "../../lib/api-client";
import { shopStore } from "../shop-state/store";

export type CheckState = "idle" | "checking" | "done" | "failed";

/** `key` changes (e.g. the signed-in customer) ask again. */
export function useCartCheck(enabled: boolean, key: string) {
  const [state, setState] = useState<CheckState>("idle");
  const [changes, setChanges] = useState<CartChange[]>([]);
  const [vatText, setVatText] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (another customer) asks again
  useEffect(() => {
    if (!enabled) return;
    const store = shopStore();
    const sent = store
      .getState()
      .cart.data.map((i) => ({ id: i.id, name: i.name, qty: i.qty, variantId: i.variantId ?? null }));
    if (sent.length === 0) {
      setState("done");
      return;
    }
    const ctrl = new AbortController();
    setState("checking");
    callApi(
      routes.cart.check,
      { body: { items: sent.map(({ id, qty, variantId }) => ({ id, qty, variantId })) } },
      { signal: ctrl.signal },
    )
      .then((answer) => {
        if (ctrl.signal.aborted) return;
        const { cart, changes } = reconcileCart(store.getState().cart.data, sent, answer.lines);
        store.setState({ cart: { data: cart } });
        setChanges(changes);
        setVatText(answer.vatText);
        setState("done");
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setState("failed");
      });
    return () => ctrl.abort();
  }, [enabled, key]);

  return { state, changes, vatText };
}
