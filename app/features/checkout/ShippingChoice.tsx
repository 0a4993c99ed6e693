// Step 2: the shipping methods the store offers for the customer's country (struck-through cost
// when delivery is free), each priced by the basket's weight, the methods too small for it (shown,
// not offered), the free-delivery hint, and the order notes.
import { useTranslations } from "use-intl";
import type { CheckoutQuote } from "../../../core/api/orders";
import { NOTES_MAX } from "../../../core/checkout";
import { fallbackLang } from "../../../core/translation";
import { useGrams, useMoney } from "../../lib/localized";
import { CheckoutCard } from "./CheckoutCard";

export function ShippingChoice({
  quote,
  shippingId,
  onShipping,
  notes,
  onNotes,
}: {
  quote: CheckoutQuote | null;
  shippingId: number | null;
  onShipping: (id: number) => void;
  notes: string;
  onNotes: (notes: string) => void;
}) {
  const t = useTranslations("Checkout");
  const euro = useMoney();
  const grams = useGrams();
  const totals = quote?.totals;
  const freeHint =
    quote?.freeDeliveryTotalCents && totals && !totals.freeShipping
      ? t("freeDeliveryFrom", {
          threshold: euro(quote.freeDeliveryTotalCents),
          missing: euro(quote.freeDeliveryTotalCents - totals.goodsTotalCents),
        })
      : null;
  return (
    <CheckoutCard title={t("shipping")} step={2}>
      {quote && quote.shippingMethods.length === 0 ? (
        <p className="text-sm text-red-700" role="alert" data-testid="checkout-no-shipping">
          {quote.overweightMethods.length > 0
            ? t("tooHeavyForAll", { weight: grams(quote.weightGrams) })
            : t("noShipping")}
        </p>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("shippingMethod")}</legend>
        {quote?.shippingMethods.map((m) => {
          const free = totals?.freeShipping || m.costCents === 0;
          return (
            <label
              key={m.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <input
                type="radio"
                name="shipping"
                value={m.id}
                checked={shippingId === m.id}
                onChange={() => onShipping(m.id)}
                className="h-4 w-4 accent-brand"
              />
              <span className="flex-1 text-sm text-slate-800" lang={fallbackLang(m, "description")}>
                {m.description}
              </span>
              <span className="text-sm font-semibold text-slate-900">
                {free ? (
                  <>
                    {m.costCents > 0 ? (
                      <s className="mr-1.5 font-normal text-slate-600">{euro(m.costCents)}</s>
                    ) : null}
                    {t("free")}
                  </>
                ) : (
                  euro(m.costCents)
                )}
              </span>
            </label>
          );
        })}
        {quote?.overweightMethods.map((m) => (
          <label
            key={m.id}
            className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 p-3 text-slate-600"
            data-testid="checkout-overweight-method"
          >
            <input type="radio" name="shipping" value={m.id} disabled className="h-4 w-4" />
            <span className="flex-1 text-sm" lang={fallbackLang(m, "description")}>
              {m.description}
            </span>
            <span className="text-right text-xs">{t("methodTooHeavy", { max: grams(m.maxGrams) })}</span>
          </label>
        ))}
      </fieldset>
      {quote && quote.weightGrams > 0 ? (
        <p className="mt-3 text-xs text-slate-600" data-testid="checkout-weight">
          {t("basketWeight", { weight: grams(quote.weightGrams) })}
        </p>
      ) : null}
      {freeHint ? <p className="mt-3 text-xs text-slate-500">{freeHint}</p> : null}
      <div className="mt-5">
        <label htmlFor="checkout-notes" className="mb-1.5 block text-sm font-medium text-slate-700">
          {t("orderNotes")} <span className="font-normal text-slate-500">{t("optional")}</span>
        </label>
        <textarea
          id="checkout-notes"
          name="notes"
          rows={3}
          maxLength={NOTES_MAX}
          value={notes}
          onChange={(e) => onNotes(e.target.value)}
          placeholder={t("notesPlaceholder")}
          className="block w-full rounded-lg border border-slate-300 px-3.5 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25"
        />
        <p className="mt-1 text-right text-xs text-slate-500">
          {notes.length}/{NOTES_MAX}
        </p>
      </div>
    </CheckoutCard>
  );
}
