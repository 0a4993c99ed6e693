// The header's compare link with the number of products being compared.
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";
import { CompareIcon, CountBubble } from "../cart/icons";
import { useCompare } from "../shop-state/store";

export function CompareBadge({ className = "flex" }: { className?: string }) {
  const t = useTranslations("Compare");
  const count = useCompare().length;
  return (
    <LocalLink
      to="/shop/compare"
      className={`relative items-center rounded p-1 text-slate-700 hover:text-brand sm:p-1.5 ${className}`}
      aria-label={count === 1 ? t("badgeOne", { count }) : t("badgeOther", { count })}
      data-testid="compare-badge"
    >
      <CompareIcon />
      <CountBubble count={count} />
    </LocalLink>
  );
}
