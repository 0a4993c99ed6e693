// Step 3 (stores with points): the customer's points, the amount to redeem as typed in euros,
// 'Use all', and why the amount may be capped.
import type { CheckoutQuote } from "../../../core/api/orders";
import { formatEuro } from "../../../core/money";
import { CheckoutCard } from "./CheckoutCard";

export function PointsRedemption({
  quote,
  redeem,
  redeemCents,
  redeemInvalid,
  onRedeem,
}: {
  quote: CheckoutQuote;
  redeem: string;
  redeemCents: number | null;
  redeemInvalid: boolean;
  onRedeem: (value: string) => void;
}) {
  const t = quote.totals;
  return (
    <CheckoutCard title="Reward points" step={3}>
      <p className="text-sm text-slate-700">
        You have <strong data-testid="points-available">{formatEuro(quote.availablePointsCents)}</strong> in
        reward points.
        {t && t.maxRedeemCents < quote.availablePointsCents
          ? ` You can use up to ${formatEuro(t.maxRedeemCents)} on this order.`
          : ""}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="checkout-redeem" className="mb-1.5 block text-sm font-medium text-slate-700">
            Points to redeem (€)
          </label>
          <input
            id="checkout-redeem"
            name="redeemPoints"
            inputMode="decimal"
            autoComplete="off"
            value={redeem}
            disabled={quote.availablePointsCents === 0}
            aria-invalid={redeemInvalid}
            aria-describedby="checkout-redeem-hint"
            onChange={(e) => onRedeem(e.target.value)}
            placeholder="0.00"
            className="w-36 rounded-lg border border-slate-300 px-3.5 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25 disabled:bg-slate-50"
          />
        </div>
        <button
          type="button"
          disabled={!t || t.maxRedeemCents === 0}
          onClick={() => onRedeem(t ? (t.maxRedeemCents / 100).toFixed(2) : "")}
          className="rounded-lg border border-brand px-4 py-2.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-40"
        >
          Use all
        </button>
      </div>
      <p
        id="checkout-redeem-hint"
        className={`mt-2 text-xs ${redeemInvalid ? "text-red-700" : "text-slate-500"}`}
      >
        {redeemInvalid
          ? "Please type an amount like 5 or 5.50."
          : t && redeemCents !== null && redeemCents > t.pointsRedeemedCents
            ? `Only ${formatEuro(t.pointsRedeemedCents)} can be used on this order.`
            : "Points you redeem are held with the order and used when it is completed."}
      </p>
    </CheckoutCard>
  );
}
