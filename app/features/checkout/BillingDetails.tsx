// Step 1: the signed-in customer's billing details as the quote gives them; they are changed in
// My Account, not here.
import { useTranslations } from "use-intl";
import { missingOrderDetails } from "../../../core/account";
import type { CheckoutQuote } from "../../../core/api/orders";
import { countryNameIn } from "../../../core/country-names";
import { LocalLink, useLanguage } from "../../lib/localized";
import { CheckoutCard } from "./CheckoutCard";

/** The catalogue key of each detail core/account.ts names as missing (its English label). */
const DETAIL_KEY = {
  "mobile phone": "detailPhone",
  "street address": "detailStreet",
  "town or city": "detailCity",
  country: "detailCountry",
} as const;

/** A country's name in the page's language from its ISO code (the code where Intl does not know it). */
export function countryName(code: string, lang: string): string {
  return countryNameIn(code, lang);
}

export function BillingDetails({
  billing: b,
}: {
  billing: NonNullable<CheckoutQuote["billing"]> | undefined;
}) {
  const t = useTranslations("Checkout");
  const { lang } = useLanguage();
  // An account made through Google or Facebook has no phone or address yet: asked before ordering.
  const missing = b ? missingOrderDetails(b) : [];
  const list = () =>
    new Intl.ListFormat(lang, { type: "conjunction" }).format(
      missing.map((label) => (label in DETAIL_KEY ? t(DETAIL_KEY[label as keyof typeof DETAIL_KEY]) : label)),
    );
  return (
    <CheckoutCard title={t("billingDetails")} step={1}>
      {missing.length > 0 ? (
        <p
          role="alert"
          className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="billing-missing"
        >
          {t("missingDetails", { list: list() })}{" "}
          <LocalLink to="/shop/dashboard" className="font-semibold underline underline-offset-2">
            {t("addThemNow")}
          </LocalLink>
        </p>
      ) : null}
      {b ? (
        <address className="space-y-0.5 text-sm not-italic text-slate-700" data-testid="billing-details">
          <p className="font-semibold text-slate-900">
            {b.name} {b.surname}
            {b.company ? <span className="font-normal text-slate-600"> · {b.company}</span> : null}
          </p>
          <p>{b.street}</p>
          <p>
            {[b.postcode, b.city].filter(Boolean).join(" ")}
            {b.country ? `, ${countryName(b.country, lang)}` : ""}
          </p>
          <p>
            {b.phone}
            {b.email ? <span className="break-all"> · {b.email}</span> : null}
          </p>
          <p className="pt-2">
            <LocalLink to="/shop/dashboard" className="text-sm font-medium text-brand hover:underline">
              {t("changeDetails")}
            </LocalLink>
          </p>
        </address>
      ) : (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      )}
    </CheckoutCard>
  );
}
