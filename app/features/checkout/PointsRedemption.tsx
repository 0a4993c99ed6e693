// Step 3 (stores with points): the customer's points and what they are worth, the points to
// redeem as typed (1 point = €1, so the number is also the euros taken off), 'Use all', and why
// the amount may be capped.
import { useTranslations } from "use-intl";
import type { CheckoutQuote } from "../../../core/api/orders";
import { useMoney, usePoints } from "../../lib/localized";
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
  const t = useTranslations("Checkout");
  const euro = useMoney();
  const points = usePoints();
  const totals = quote.totals;
  return (
    <CheckoutCard title={t("rewardPoints")} step={3}>
      <p className="text-sm text-slate-700">
        {t.rich("pointsAvailable", {
          points: points(quote.availablePointsCents),
          amount: euro(quote.availablePointsCents),
          strong: (chunks) => <strong data-testid="points-available">{chunks}</strong>,
        })}
        {totals && totals.maxRedeemCents < quote.availablePointsCents
          ? ` ${t("pointsUpTo", { points: points(totals.maxRedeemCents), amount: euro(totals.maxRedeemCents) })}`
          : ""}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="checkout-redeem" className="mb-1.5 block text-sm font-medium text-slate-700">
            {t("pointsToRedeem")}
          </label>
          <div className="flex items-center gap-3">
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
              placeholder={t("redeemPlaceholder")}
              className="w-36 rounded-lg border border-slate-300 px-3.5 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25 disabled:bg-slate-50"
            />
            {redeemCents !== null && redeemCents > 0 && !redeemInvalid ? (
              <p className="text-sm text-slate-700" data-testid="redeem-worth">
                {t("redeemWorth", { amount: euro(redeemCents) })}
              </p>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          disabled={!totals || totals.maxRedeemCents === 0}
          onClick={() => onRedeem(totals ? (totals.maxRedeemCents / 100).toFixed(2) : "")}
          className="rounded-lg border border-brand px-4 py-2.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-40"
        >
          {t("useAll")}
        </button>
      </div>
      <p
        id="checkout-redeem-hint"
        className={`mt-2 text-xs ${redeemInvalid ? "text-red-700" : "text-slate-500"}`}
      >
        {redeemInvalid
          ? t("redeemInvalid")
          : totals && redeemCents !== null && redeemCents > totals.pointsRedeemedCents
            ? t("redeemCapped", {
                points: points(totals.pointsRedeemedCents),
                amount: euro(totals.pointsRedeemedCents),
              })
            : t("redeemHeld")}
      </p>
    </CheckoutCard>
  );
}
