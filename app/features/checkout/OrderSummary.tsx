// The checkout's side column: the quoted lines (with what is short), the totals, the VAT text,
// the points the order earns, and the button that places the order.
import type { CheckoutQuote } from "../../../core/api/orders";
import { CHECKOUT_TEXT, PAYMENT_METHOD_ACTION, type PaymentMethod } from "../../../core/checkout";
import { formatEuro } from "../../../core/money";

export function OrderSummary({
  quote,
  method,
  canPlace,
  placing,
  onPlace,
}: {
  quote: CheckoutQuote | null;
  method: PaymentMethod | null;
  canPlace: boolean;
  placing: boolean;
  onPlace: () => void;
}) {
  const t = quote?.totals;
  return (
    <aside className="h-fit lg:sticky lg:top-24" aria-labelledby="checkout-summary-title">
      <div
        className="rounded-xl border border-slate-200 bg-slate-50 p-5 shadow-sm sm:p-6"
        data-testid="checkout-summary"
      >
        <h3 id="checkout-summary-title" className="text-lg font-semibold text-slate-900">
          Your order
        </h3>
        <ul className="mt-4 divide-y divide-slate-200 text-sm">
          {(quote?.lines ?? []).map((l) => (
            <li
              key={`${l.productId}:${l.variantId ?? ""}:${l.description}`}
              className="flex justify-between gap-3 py-2"
            >
              <span className="min-w-0 text-slate-700">
                <span className="font-medium text-slate-900">{l.qty} ×</span> {l.description}
                {l.available < l.qty ? (
                  <span className="block text-xs text-red-700">
                    {CHECKOUT_TEXT.availableStock(Math.max(0, l.available))}
                  </span>
                ) : null}
              </span>
              <span className="whitespace-nowrap font-medium text-slate-900">
                {formatEuro(l.lineTotalCents)}
              </span>
            </li>
          ))}
        </ul>
        {t ? (
          <div className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm">
            <dl className="space-y-2">
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd data-testid="summary-goods">{formatEuro(t.goodsTotalCents)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">
                  Shipping{quote?.shipping ? ` (${quote.shipping.description})` : ""}
                </dt>
                <dd data-testid="summary-shipping" className="whitespace-nowrap">
                  {t.shippingCostCents === 0 ? "Free" : formatEuro(t.shippingCostCents)}
                </dd>
              </div>
              {t.pointsRedeemedCents > 0 ? (
                <div className="flex justify-between text-emerald-700">
                  <dt>Reward points</dt>
                  <dd data-testid="summary-points">−{formatEuro(t.pointsRedeemedCents)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
                <dt>Total</dt>
                <dd data-testid="summary-total">{formatEuro(t.totalCents)}</dd>
              </div>
            </dl>
            <p className="text-xs text-slate-500" data-testid="summary-vat">
              {t.vatText}
            </p>
            {t.pointsEarnedCents > 0 ? (
              <p className="text-xs text-emerald-700">
                You earn {formatEuro(t.pointsEarnedCents)} in reward points with this order, credited once it
                is completed.
              </p>
            ) : null}
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-500" aria-busy="true">
            Calculating…
          </p>
        )}
        <button
          type="button"
          onClick={onPlace}
          disabled={!canPlace}
          data-testid="place-order"
          className="mt-5 w-full rounded-lg bg-accent px-5 py-3.5 text-base font-bold text-slate-900 shadow-sm hover:brightness-95 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {placing ? "Please wait…" : method ? PAYMENT_METHOD_ACTION[method] : "Place order"}
        </button>
        {method === "card" || method === "wallet" ? (
          <p className="mt-2 text-center text-xs text-slate-500">
            You will be taken to the secure payment page.
          </p>
        ) : null}
      </div>
    </aside>
  );
}
