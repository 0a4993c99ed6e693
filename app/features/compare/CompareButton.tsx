// 'add to Compare' on cards and the product page; once the product is in the compare list the
// button goes to /shop/compare instead (as the wishlist button does).
import { useTranslations } from "use-intl";
import { useLocalNavigate } from "../../lib/localized";
import { CompareIcon } from "../cart/icons";
import { addToCompare } from "../shop-state/actions";
import type { ProductLike } from "../shop-state/product";
import { useHydrated, useInCompare } from "../shop-state/store";

export function CompareButton({
  product,
  className = "",
  withText = false,
}: {
  product: ProductLike;
  className?: string;
  /** Show the label next to the icon (product page); cards show it on hover. */
  withText?: boolean;
}) {
  const hydrated = useHydrated();
  const inList = useInCompare(product.id) && hydrated;
  const navigate = useLocalNavigate();
  const t = useTranslations("Compare");
  const label = inList ? t("goToCompare") : t("addToCompare");
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid="compare-action"
      onClick={() => {
        if (inList || addToCompare(product).status === "present") navigate("/shop/compare");
      }}
      className={
        withText
          ? `inline-flex h-11 items-center gap-2 rounded-full border border-slate-300 px-5 text-sm font-medium text-slate-700 transition hover:border-brand hover:text-brand ${className}`
          : `group/cmp flex h-9 items-center gap-2 rounded-full bg-white/95 px-2.5 text-slate-600 shadow-sm transition hover:bg-brand hover:text-white ${className}`
      }
    >
      <CompareIcon className="h-[18px] w-[18px]" />
      {withText ? label : <span className="hidden text-xs font-medium group-hover/cmp:inline">{label}</span>}
    </button>
  );
}
