// The cart's side column: the subtotal of the stored cart and the VAT text.
import { type CartItem, cartTotal } from "../../../core/cart";
import { formatEuro } from "../../../core/money";

export function CartTotal({ items, vatText }: { items: CartItem[]; vatText: string }) {
  return (
    <aside
      className="h-fit rounded border border-slate-200 bg-slate-50 p-5"
      aria-labelledby="cart-total-title"
    >
      <h2 id="cart-total-title" className="text-lg font-semibold">
        Cart Total
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between border-b border-slate-200 pb-3">
          <dt>Subtotal:</dt>
          <dd className="font-semibold" data-testid="cart-subtotal">
            {formatEuro(cartTotal(items))}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-500" data-testid="cart-vat-text">
        {vatText}
      </p>
    </aside>
  );
}
