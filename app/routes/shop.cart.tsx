import { useState } from "react";
import { useTranslations } from "use-intl";
import type { PlacedOrder } from "../../core/api/orders";
import { CartPage } from "../features/cart/CartPage";
import { LazyCheckout } from "../features/checkout/LazyCheckout";
import { PageHeader } from "../features/content/PageHeader";
import { metaTranslator } from "../lib/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/shop.cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, metaTranslator(matches, "Cart")("title"));

export default function ShopCart() {
  const t = useTranslations("Cart");
  // A placed order (cash on delivery, bank transfer) empties the cart: its confirmation then
  // comes first, without the cart's 'No products in the cart.' above it.
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  return (
    <>
      <PageHeader title={t("title")} path="/shop/cart" />
      {placed ? null : (
        <section className="mx-auto max-w-7xl px-4 py-8">
          <CartPage />
        </section>
      )}
      {/* ===== CHECKOUT (checkout issue, engineer H6): the checkout form goes in this section. ===== */}
      <section
        id="checkout"
        className={`mx-auto max-w-7xl px-4 pb-12 ${placed ? "pt-8" : ""}`}
        data-testid="checkout-slot"
      >
        <LazyCheckout placed={placed} onPlaced={setPlaced} />
      </section>
    </>
  );
}
