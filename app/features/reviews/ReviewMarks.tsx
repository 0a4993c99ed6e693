// How a shown review says where it comes from, and the statement beside every list of reviews
// with its link to /pages/reviews (UCPD art. 7(6), Annex I 23b; docs/decisions/0053). Plain
// server-rendered markup, no JavaScript of its own.
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";

/** Where a review comes from, next to its stars: only a checked purchase says "Verified purchase". */
export function ReviewSourceMark({
  review,
  className = "",
}: {
  review: { verified: boolean; source: string };
  className?: string;
}) {
  const t = useTranslations("Reviews");
  if (review.verified)
    return (
      <span
        className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ${className}`}
        data-testid="review-verified"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current">
          <path d="M8 13.2 4.8 10l-1.1 1.1L8 15.4l8.3-8.3-1.1-1.1z" />
        </svg>
        {t("verifiedPurchase")}
      </span>
    );
  if (review.source === "staff")
    return (
      <span
        className={`inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ${className}`}
        data-testid="review-staff"
      >
        {t("enteredByShop")}
      </span>
    );
  return null;
}

/** Art. 7(6) UCPD: where reviews show, whether and how they are checked, with the full text a click away. */
export function ReviewsStatement({ text, className = "" }: { text: string; className?: string }) {
  const t = useTranslations("Reviews");
  return (
    <p className={`text-sm text-slate-600 ${className}`} data-testid="reviews-statement">
      {text}{" "}
      <LocalLink to="/pages/reviews" className="font-medium text-brand underline hover:no-underline">
        {t("howWeCheck")}
      </LocalLink>
    </p>
  );
}
