// The rating bar: five stars filled 20 percent per rating point.
import { useTranslations } from "use-intl";
import { ratingPercent, ratingText } from "../../core/product-rules";

function Stars({ className }: { className: string }) {
  return (
    <span className={`flex ${className}`} aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          width="16"
          height="16"
          className="shrink-0"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

export function RatingBar({
  ratings,
  reviews,
  showValue = false,
  className = "",
}: {
  ratings: number;
  /** The review count, shown as "( n Reviews )" when given. */
  reviews?: number;
  /** Also show the value with two decimals. */
  showValue?: boolean;
  className?: string;
}) {
  const t = useTranslations("Common");
  const pct = ratingPercent(ratings);
  return (
    <div className={`flex items-center gap-2 text-xs text-slate-500 ${className}`}>
      <span
        className="relative inline-block"
        role="img"
        aria-label={t("rated", { rating: ratingText(ratings) })}
        data-testid="rating-bar"
      >
        <Stars className="text-slate-300" />
        <span
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: `${pct}%` }}
          data-testid="rating-fill"
        >
          <Stars className="text-amber-400" />
        </span>
      </span>
      {showValue ? <span className="font-medium text-slate-700">{ratingText(ratings)}</span> : null}
      {reviews !== undefined ? <span>{t("reviewCount", { count: String(reviews) })}</span> : null}
    </div>
  );
}
