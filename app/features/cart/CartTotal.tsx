// The cart's side column: subtotal, shipping (free once the goods reach the store's free
// delivery total, otherwise chosen at checkout), the free-delivery hint, the total and the VAT
// text. Every figure is computed from the stored cart, so it changes with each quantity change.
import { type CartItem, cartTotal } from "../../../core/cart";
import { formatEuro } from "../../../core/money";
import { useRootData } from "../../root-data";
import { freeDeliveryHint } from "./free-delivery";

export function CartTotal({ items, vatText }: { items: CartItem[]; vatText: string }) {
  const threshold = useRootData()?.store.freeDeliveryTotalCents ?? null;
  const subtotal = cartTotal(items);
  const hint = freeDeliveryHint(subtotal, threshold);
  return (
    <aside
      className="h-fit rounded border border-slate-200 bg-slate-50 p-5"
      aria-labelledby="cart-total-title"
      data-testid="cart-total"
    >
      <h2 id="cart-total-title" className="text-lg font-semibold">
        Cart Total
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal:</dt>
          <dd className="font-semibold" data-testid="cart-subtotal">
            {formatEuro(subtotal)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-b border-slate-200 pb-3">
          <dt>Shipping:</dt>
          <dd className="text-right" data-testid="cart-shipping">
            {hint.free ? "Free" : "Calculated at checkout"}
          </dd>
        </div>
        <div className="flex justify-between pt-1 text-base font-bold">
          <dt>{hint.free ? "Total:" : "Estimated total:"}</dt>
          <dd data-testid="cart-total-amount">{formatEuro(subtotal)}</dd>
        </div>
      </dl>
      {hint.text ? (
        <p className="mt-3 text-xs text-slate-700" data-testid="cart-free-delivery">
          {hint.text}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-600" data-testid="cart-vat-text">
        {vatText}
      </p>
    </aside>
  );
}
