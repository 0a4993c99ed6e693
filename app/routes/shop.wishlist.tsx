import { PageHeader } from "../features/content/PageHeader";
import { WishlistPage } from "../features/wishlist/WishlistPage";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/shop.wishlist";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Wishlist");

export default function ShopWishlist() {
  return (
    <>
      <PageHeader title="Wishlist" path="/shop/wishlist" />
      <section className="mx-auto max-w-7xl px-4 py-8">
        <WishlistPage />
      </section>
    </>
  );
}
