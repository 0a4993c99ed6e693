// The header's wishlist badge: a link to /shop/wishlist with the number of wishlist items.
import { Link } from "react-router";
import { CountBubble, HeartIcon } from "../cart/icons";
import { useWishlist } from "../shop-state/store";

export function WishlistBadge() {
  const count = useWishlist().length;
  return (
    <Link
      to="/shop/wishlist"
      className="relative flex items-center rounded p-1 text-slate-700 hover:text-brand sm:p-1.5"
      aria-label={`Wishlist, ${count} ${count === 1 ? "item" : "items"}`}
      data-testid="wishlist-badge"
    >
      <HeartIcon />
      <CountBubble count={count} />
    </Link>
  );
}
