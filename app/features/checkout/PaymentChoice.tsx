// The last step: the payment methods the store's settings allow, each with what happens next.
import { useTranslations } from "use-intl";
import type { CheckoutQuote } from "../../../core/api/orders";
import type { PaymentMethod } from "../../../core/checkout";
import { CheckoutCard } from "./CheckoutCard";
import { METHOD_HINT_KEY, METHOD_LABEL_KEY } from "./labels";

export function PaymentChoice({
  quote,
  method,
  onMethod,
}: {
  quote: CheckoutQuote | null;
  method: PaymentMethod | null;
  onMethod: (method: PaymentMethod) => void;
}) {
  const t = useTranslations("Checkout");
  return (
    <CheckoutCard title={t("payment")} step={quote?.pointsEnabled ? 4 : 3}>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("paymentMethod")}</legend>
        {quote?.paymentMethods.map((m) => (
          <label
            key={m}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand/5"
          >
            <input
              type="radio"
              name="payment"
              value={m}
              checked={method === m}
              onChange={() => onMethod(m)}
              className="mt-0.5 h-4 w-4 accent-brand"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{t(METHOD_LABEL_KEY[m])}</span>
              <span className="block text-xs text-slate-600">{t(METHOD_HINT_KEY[m])}</span>
            </span>
          </label>
        ))}
        {quote && quote.paymentMethods.length === 0 ? (
          <p className="text-sm text-red-700">{t("noPaymentMethods")}</p>
        ) : null}
      </fieldset>
    </CheckoutCard>
  );
}
