// The confirmation shown in place of the checkout once an order is placed (cash on delivery or
// bank transfer; card and wallet orders leave for the payment page instead). A guest's order
// links to its own signed page and offers to make an account from it.
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import type { PlacedOrder } from "../../../core/api/orders";
import { LocalLink, useMoney } from "../../lib/localized";
import { ClaimAccount } from "./ClaimAccount";
import { METHOD_LABEL_KEY } from "./labels";

export function OrderConfirmation({
  placed,
  companyEmail,
  canClaim = false,
  pointsEnabled = false,
}: {
  placed: PlacedOrder;
  companyEmail?: string;
  /** A guest in a store with sign-up on: the account can be made from this order. */
  canClaim?: boolean;
  pointsEnabled?: boolean;
}) {
  const t = useTranslations("Checkout");
  const euro = useMoney();
  const total = euro(placed.totals.totalCents);
  const ref = useRef<HTMLDivElement>(null);
  // The form the shopper used is gone: focus and view move to what replaced it.
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 outline-none sm:p-8"
      data-testid="order-confirmation"
      role="status"
    >
      <div className="flex items-start gap-4">
        <span
          className="grid h-12 w-12 flex-none place-items-center rounded-full bg-emerald-600 text-2xl text-white"
          aria-hidden="true"
        >
          ✓
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-emerald-900">{t("thankYou")}</h2>
          <p className="mt-1 text-emerald-900">
            {t.rich("yourOrderCode", {
              code: placed.code,
              strong: (chunks) => <strong data-testid="order-code">{chunks}</strong>,
            })}
          </p>
          <p className="mt-1 text-emerald-900">
            {t.rich("confirmTotal", { total, strong: (chunks) => <strong>{chunks}</strong> })} ·{" "}
            {t(METHOD_LABEL_KEY[placed.paymentMethod])} · {placed.shipping.description}
          </p>
          {placed.paymentMethod === "cod" ? (
            <p className="mt-1 text-emerald-900">{t("codReady", { total })}</p>
          ) : null}
        </div>
      </div>
      {placed.paymentMethod === "bank" && placed.bankDetails ? (
        <div className="mt-5 rounded-lg border border-emerald-200 bg-white p-4" data-testid="bank-details">
          <h3 className="font-semibold text-slate-900">{t("bankDetailsTitle")}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {t.rich("bankTransfer", {
              total,
              code: placed.code,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">
            {placed.bankDetails}
          </pre>
        </div>
      ) : null}
      {placed.orderUrl && canClaim ? (
        <div className="mt-5">
          <ClaimAccount orderUrl={placed.orderUrl} pointsEnabled={pointsEnabled} />
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <LocalLink
          to={placed.orderUrl ?? "/shop/dashboard"}
          className="rounded-lg border border-transparent bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
        >
          {placed.orderUrl ? t("viewYourOrder") : t("viewMyOrders")}
        </LocalLink>
        <LocalLink
          to="/"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          {t("continueShopping")}
        </LocalLink>
      </div>
      {companyEmail ? (
        <p className="mt-4 text-xs text-emerald-800">{t("questions", { email: companyEmail })}</p>
      ) : null}
    </div>
  );
}
