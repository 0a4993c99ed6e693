// The header's wishlist badge: a link to /shop/wishlist with the number of wishlist items.
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";
import { CountBubble, HeartIcon } from "../cart/icons";
import { useWishlist } from "../shop-state/store";

export function WishlistBadge() {
  const t = useTranslations("Wishlist");
  const count = useWishlist().length;
  return (
    <LocalLink
      to="/shop/wishlist"
      className="relative flex items-center rounded p-1 text-slate-700 hover:text-brand sm:p-1.5"
      aria-label={count === 1 ? t("badgeOne", { count }) : t("badgeOther", { count })}
      data-testid="wishlist-badge"
    >
      <HeartIcon />
      <CountBubble count={count} />
    </LocalLink>
  );
}
