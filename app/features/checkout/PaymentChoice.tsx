// The last step: the payment methods the store's settings allow, each with what happens next.
import type { CheckoutQuote } from "../../../core/api/orders";
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from "../../../core/checkout";
import { CheckoutCard } from "./CheckoutCard";

const METHOD_HINT: Record<PaymentMethod, string> = {
  cod: "Pay in cash when your order arrives.",
  card: "Pay now by card on the secure payment page.",
  bank: "We give you our bank details; we send your order when the transfer arrives.",
  wallet: "Pay now with your digital wallet on the secure payment page.",
};

export function PaymentChoice({
  quote,
  method,
  onMethod,
}: {
  quote: CheckoutQuote | null;
  method: PaymentMethod | null;
  onMethod: (method: PaymentMethod) => void;
}) {
  return (
    <CheckoutCard title="Payment" step={quote?.pointsEnabled ? 4 : 3}>
      <fieldset className="space-y-2">
        <legend className="sr-only">Payment method</legend>
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
              <span className="block text-sm font-semibold text-slate-900">{PAYMENT_METHOD_LABEL[m]}</span>
              <span className="block text-xs text-slate-600">{METHOD_HINT[m]}</span>
            </span>
          </label>
        ))}
        {quote && quote.paymentMethods.length === 0 ? (
          <p className="text-sm text-red-700">
            Online ordering is not available right now. Please contact the shop.
          </p>
        ) : null}
      </fieldset>
    </CheckoutCard>
  );
}
