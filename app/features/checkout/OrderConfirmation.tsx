// The confirmation shown in place of the checkout once an order is placed (cash on delivery or
// bank transfer; card and wallet orders leave for the payment page instead). A guest's order
// links to its own signed page and offers to make an account from it.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { PlacedOrder } from "../../../core/api/orders";
import { PAYMENT_METHOD_LABEL } from "../../../core/checkout";
import { formatEuro } from "../../../core/money";
import { ClaimAccount } from "./ClaimAccount";

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
          <h2 className="text-xl font-bold text-emerald-900">Thank you for your order!</h2>
          <p className="mt-1 text-emerald-900">
            Your order code is <strong data-testid="order-code">{placed.code}</strong>. A confirmation is on
            its way to your inbox.
          </p>
          <p className="mt-1 text-emerald-900">
            Total: <strong>{formatEuro(placed.totals.totalCents)}</strong> ·{" "}
            {PAYMENT_METHOD_LABEL[placed.paymentMethod]} · {placed.shipping.description}
          </p>
          {placed.paymentMethod === "cod" ? (
            <p className="mt-1 text-emerald-900">
              Please have {formatEuro(placed.totals.totalCents)} ready when your order arrives.
            </p>
          ) : null}
        </div>
      </div>
      {placed.paymentMethod === "bank" && placed.bankDetails ? (
        <div className="mt-5 rounded-lg border border-emerald-200 bg-white p-4" data-testid="bank-details">
          <h3 className="font-semibold text-slate-900">Bank details for your transfer</h3>
          <p className="mt-1 text-sm text-slate-600">
            Please transfer {formatEuro(placed.totals.totalCents)} and use <strong>{placed.code}</strong> as
            the reference.
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
        <Link
          to={placed.orderUrl ?? "/shop/dashboard"}
          className="rounded-lg border border-transparent bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
        >
          {placed.orderUrl ? "View your order" : "View my orders"}
        </Link>
        <Link
          to="/"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          Continue shopping
        </Link>
      </div>
      {companyEmail ? (
        <p className="mt-4 text-xs text-emerald-800">Questions? Write to {companyEmail}.</p>
      ) : null}
    </div>
  );
}
