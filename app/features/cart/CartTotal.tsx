// The cart's side column: subtotal, shipping (free once the goods reach the store's free
// delivery total, otherwise chosen at checkout), the free-delivery hint, the total and the VAT
// text. Every figure is computed from the stored cart, so it changes with each quantity change.

import { useTranslations } from "use-intl";
import type { CartShippingEstimate } from "../../../core/api/cart";
import { type CartItem, cartTotal } from "../../../core/cart";
import { fallbackLang } from "../../../core/translation";
import { useGrams, useMoney } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { freeDeliveryHint } from "./free-delivery";

export function CartTotal({
  items,
  vatText,
  shipping = null,
}: {
  items: CartItem[];
  vatText: string;
  /** The server's delivery estimate by the basket's weight (null until the cart check answers). */
  shipping?: CartShippingEstimate | null;
}) {
  const threshold = useRootData()?.store.freeDeliveryTotalCents ?? null;
  const subtotal = cartTotal(items);
  const t = useTranslations("Cart");
  const euro = useMoney();
  const hint = freeDeliveryHint(subtotal, threshold, { t, euro });
  const grams = useGrams();
  const tooHeavy = shipping?.tooHeavy === true;
  return (
    <aside
      className="h-fit rounded border border-slate-200 bg-slate-50 p-5"
      aria-labelledby="cart-total-title"
      data-testid="cart-total"
    >
      <h2 id="cart-total-title" className="text-lg font-semibold">
        {t("cartTotal")}
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{t("subtotal")}</dt>
          <dd className="font-semibold" data-testid="cart-subtotal">
            {euro(subtotal)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-b border-slate-200 pb-3">
          <dt>{t("shipping")}</dt>
          <dd className="text-right" data-testid="cart-shipping">
            {tooHeavy
              ? t("tooHeavyShort")
              : hint.free
                ? t("free")
                : shipping?.cheapestCents != null
                  ? t("shippingFrom", { price: euro(shipping.cheapestCents) })
                  : t("calculatedAtCheckout")}
          </dd>
        </div>
        {shipping && !tooHeavy && !hint.free && shipping.methods.length > 0 ? (
          // Every method's band price: "from" alone would read the free pickup and never move.
          <div className="border-b border-slate-200 pb-3">
            <dt className="sr-only">{t("shippingByMethod")}</dt>
            <dd>
              <ul className="space-y-1 text-xs text-slate-700">
                {shipping.methods.map((m) => (
                  <li key={m.id} className="flex justify-between gap-3" data-testid="cart-shipping-method">
                    <span lang={fallbackLang(m, "description")}>{m.description}</span>
                    <span className="shrink-0 font-medium">
                      {m.costCents === 0 ? t("free") : euro(m.costCents)}
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between pt-1 text-base font-bold">
          <dt>{hint.free ? t("totalColon") : t("estimatedTotal")}</dt>
          <dd data-testid="cart-total-amount">{euro(subtotal)}</dd>
        </div>
      </dl>
      {shipping && shipping.weightGrams > 0 ? (
        <p className="mt-3 text-xs text-slate-700" data-testid="cart-weight">
          {t("basketWeight", { weight: grams(shipping.weightGrams) })}
        </p>
      ) : null}
      {tooHeavy ? (
        <p className="mt-3 text-sm font-medium text-red-700" role="alert" data-testid="cart-too-heavy">
          {t("tooHeavy", { weight: grams(shipping?.weightGrams ?? 0) })}
        </p>
      ) : null}
      {hint.text && !tooHeavy ? (
        <p className="mt-3 text-xs text-slate-700" data-testid="cart-free-delivery">
          {hint.text}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-600" data-testid="cart-vat-text">
        {vatText}
      </p>
    </aside>
  );
}
