// The checkout's side column: the quoted lines (with what is short), the totals, the VAT text,
// the points the order earns, and the button that places the order. Right above the button, as
// Directive 2011/83/EU art. 6 and 8(2) ask (docs/decisions/0049): links to the terms, the withdrawal
// information and the legal guarantee, and the total with delivery; the button of an order paid on
// delivery or by transfer reads "Order with obligation to pay" (the card's keeps "Pay now").
import { useTranslations } from "use-intl";
import type { CheckoutQuote } from "../../../core/api/orders";
import type { PaymentMethod } from "../../../core/checkout";
import { LocalLink, useCoreText, useMoney, usePoints } from "../../lib/localized";
import { orderButtonText } from "./labels";

const PRECONTRACT_LINKS = [
  { to: "/pages/terms", label: "linkTerms" },
  { to: "/pages/returns", label: "linkWithdrawal" },
  { to: "/pages/guarantee", label: "linkGuarantee" },
] as const;

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
  const t = useTranslations("Checkout");
  const tr = useTranslations("Trader");
  const text = useCoreText();
  const euro = useMoney();
  const points = usePoints();
  const totals = quote?.totals;
  return (
    <aside className="h-fit lg:sticky lg:top-24" aria-labelledby="checkout-summary-title">
      <div
        className="rounded-xl border border-slate-200 bg-slate-50 p-5 shadow-sm sm:p-6"
        data-testid="checkout-summary"
      >
        <h3 id="checkout-summary-title" className="text-lg font-semibold text-slate-900">
          {t("yourOrder")}
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
                    {t("availableStock", { count: Math.max(0, l.available) })}
                  </span>
                ) : null}
              </span>
              <span className="whitespace-nowrap font-medium text-slate-900">{euro(l.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        {totals ? (
          <div className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm">
            <dl className="space-y-2">
              <div className="flex justify-between">
                <dt className="text-slate-600">{t("subtotal")}</dt>
                <dd data-testid="summary-goods">{euro(totals.goodsTotalCents)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">
                  {quote?.shipping
                    ? t("shippingWith", { method: quote.shipping.description })
                    : t("shipping")}
                </dt>
                <dd data-testid="summary-shipping" className="whitespace-nowrap">
                  {totals.shippingCostCents === 0 ? t("free") : euro(totals.shippingCostCents)}
                </dd>
              </div>
              {totals.pointsRedeemedCents > 0 ? (
                <div className="flex justify-between text-emerald-700">
                  <dt>{t("rewardPoints")}</dt>
                  <dd data-testid="summary-points">−{euro(totals.pointsRedeemedCents)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
                <dt>{t("total")}</dt>
                <dd data-testid="summary-total">{euro(totals.totalCents)}</dd>
              </div>
            </dl>
            <p className="text-xs text-slate-500" data-testid="summary-vat">
              {text(totals.vatText)}
            </p>
            {totals.pointsEarnedCents > 0 ? (
              <p className="text-xs text-emerald-700">
                {t("pointsEarned", {
                  points: points(totals.pointsEarnedCents),
                  amount: euro(totals.pointsEarnedCents),
                })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-500" aria-busy="true">
            {t("calculating")}
          </p>
        )}
        <nav aria-labelledby="precontract-title" className="mt-5 text-sm" data-testid="precontract-links">
          <p id="precontract-title" className="text-slate-700">
            {tr("beforeYouOrder")}
          </p>
          <ul className="mt-1 space-y-1">
            {PRECONTRACT_LINKS.map((l) => (
              <li key={l.to}>
                <LocalLink
                  to={l.to}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-brand underline underline-offset-2 hover:no-underline"
                >
                  {tr(l.label)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        {totals ? (
          <p
            className="mt-4 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3 text-base font-bold text-slate-900"
            data-testid="total-above-button"
          >
            <span>{tr("totalWithDelivery")}</span>
            <span className="whitespace-nowrap">{euro(totals.totalCents)}</span>
          </p>
        ) : null}
        <button
          type="button"
          onClick={onPlace}
          disabled={!canPlace}
          data-testid="place-order"
          className="mt-3 w-full rounded-lg bg-accent px-5 py-3.5 text-base font-bold text-slate-900 shadow-sm hover:brightness-95 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {placing ? t("pleaseWait") : orderButtonText(method, t, tr)}
        </button>
        {method === "card" || method === "wallet" ? (
          <p className="mt-2 text-center text-xs text-slate-500">{t("securePaymentNote")}</p>
        ) : null}
      </div>
    </aside>
  );
}
