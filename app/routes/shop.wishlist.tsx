import { useTranslations } from "use-intl";
import { PageHeader } from "../features/content/PageHeader";
import { WishlistPage } from "../features/wishlist/WishlistPage";
import { metaTranslator } from "../lib/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/shop.wishlist";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, metaTranslator(matches, "Wishlist")("metaTitle"));

export default function ShopWishlist() {
  const t = useTranslations("Wishlist");
  return (
    <>
      <PageHeader title={t("pageTitle")} path="/shop/wishlist" />
      <section className="mx-auto max-w-7xl px-4 py-8">
        <WishlistPage />
      </section>
    </>
  );
}
