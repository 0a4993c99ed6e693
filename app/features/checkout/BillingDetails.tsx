// Step 1: the signed-in customer's billing details as the quote gives them; they are changed in
// My Account, not here.
import { Link } from "react-router";
import type { CheckoutQuote } from "../../../core/api/orders";
import { CheckoutCard } from "./CheckoutCard";

/** A country's English name from its ISO code (the code itself where Intl does not know it). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function BillingDetails({
  billing: b,
}: {
  billing: NonNullable<CheckoutQuote["billing"]> | undefined;
}) {
  return (
    <CheckoutCard title="Billing Details" step={1}>
      {b ? (
        <address className="space-y-0.5 text-sm not-italic text-slate-700" data-testid="billing-details">
          <p className="font-semibold text-slate-900">
            {b.name} {b.surname}
            {b.company ? <span className="font-normal text-slate-600"> · {b.company}</span> : null}
          </p>
          <p>{b.street}</p>
          <p>
            {b.postcode} {b.city}, {countryName(b.country)}
          </p>
          <p>
            {b.phone}
            {b.email ? <span className="break-all"> · {b.email}</span> : null}
          </p>
          <p className="pt-2">
            <Link to="/shop/dashboard" className="text-sm font-medium text-brand hover:underline">
              Change details in My Account
            </Link>
          </p>
        </address>
      ) : (
        <p className="text-sm text-slate-500">Loading…</p>
      )}
    </CheckoutCard>
  );
}
