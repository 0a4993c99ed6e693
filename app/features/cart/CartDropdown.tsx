// The header's cart dropdown (spec section 2): 'No products in the cart.' or one line per item
// (thumbnail, name, 'qty x price', remove), each linking to its product, a Total and
// 'View Cart / Proceed to Checkout'. Each line's quantity can be changed in place (issue 24,
// item 6): the line and the Total follow at once, with the free-delivery hint under the Total.
import { useRef } from "react";
import { useTranslations } from "use-intl";
import { type CartItem, cartCount, cartTotal } from "../../../core/cart";
import { LocalLink, useMoney } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { useDismiss } from "../../ui/dismiss";
import { useOpenUntilNavigation } from "../../ui/open-until-navigation";
import { QTY_DEFAULT_MAX, QuantityInput } from "../../ui/QuantityInput";
import { removeFromCart, updateCart } from "../shop-state/actions";
import { useCart } from "../shop-state/store";
import { freeDeliveryHint } from "./free-delivery";
import { CartIcon, CloseIcon, CountBubble } from "./icons";

/** A line's quantity goes up to its stock (as on the cart page). */
const lineMax = (item: CartItem) =>
  item.stock !== null && item.stock >= 1 ? Math.min(item.stock, QTY_DEFAULT_MAX) : QTY_DEFAULT_MAX;

export function CartDropdown() {
  const items = useCart();
  // Closes on navigation, on a click elsewhere and on Escape.
  const [open, setOpen] = useOpenUntilNavigation();
  const root = useRef<HTMLDivElement>(null);
  // A fixed id, not useId: the server (React) and the browser (Preact) number useId differently,
  // so the server-rendered button would point at an id the browser-rendered panel never has.
  const panelId = "cart-dropdown-panel";
  const count = cartCount(items);
  const total = cartTotal(items);
  const t = useTranslations("Cart");
  const euro = useMoney();
  const hint = freeDeliveryHint(total, useRootData()?.store.freeDeliveryTotalCents ?? null, { t, euro });

  // Focus inside the closing panel goes back to the cart button rather than to <body>.
  useDismiss(
    open,
    () => setOpen(false),
    root,
    () => root.current?.querySelector("button"),
  );

  return (
    <div ref={root} className="relative" data-testid="cart-dropdown">
      <button
        type="button"
        className="relative flex items-center rounded p-1 text-slate-700 hover:text-brand sm:p-1.5"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={count === 1 ? t("buttonLabelOne", { count }) : t("buttonLabelOther", { count })}
        onClick={() => setOpen((o) => !o)}
      >
        <CartIcon />
        <CountBubble count={count} />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 w-[min(20rem,calc(100vw-1rem))] rounded-md border border-slate-200 bg-white p-4 text-sm shadow-xl"
          data-testid="cart-dropdown-panel"
        >
          {items.length === 0 ? (
            <p className="py-2 text-slate-600">{t("empty")}</p>
          ) : (
            <>
              <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
                {items.map((item) => (
                  <li key={`${item.id}:${item.name}`} className="py-3" data-testid="cart-dropdown-line">
                    <div className="flex items-start gap-3">
                      <LocalLink
                        to={`/product/default/${item.id}`}
                        className="flex min-w-0 flex-1 items-start gap-3 hover:text-brand"
                      >
                        {item.image ? (
                          <img
                            src={item.image}
                            alt=""
                            width={56}
                            height={56}
                            loading="lazy"
                            className="h-14 w-14 flex-none rounded border border-slate-100 object-cover"
                          />
                        ) : (
                          <span className="h-14 w-14 flex-none rounded bg-slate-100" />
                        )}
                        <span className="min-w-0">
                          <span className="block font-medium leading-snug">{item.name}</span>
                          <span className="mt-1 block text-slate-600" data-testid="cart-dropdown-qty">
                            {item.qty} x {euro(item.price)}
                          </span>
                        </span>
                      </LocalLink>
                      <button
                        type="button"
                        className="flex-none rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700"
                        aria-label={t("removeItem", { name: item.name })}
                        title={t("removeProduct")}
                        onClick={() => removeFromCart(item)}
                      >
                        <CloseIcon />
                      </button>
                    </div>
                    {/* Changed here, the quantity is applied at once: the line and the Total follow. */}
                    <QuantityInput
                      size="sm"
                      className="ml-[68px] mt-2"
                      value={item.qty}
                      max={lineMax(item)}
                      label={t("quantityOf", { name: item.name })}
                      onChange={(qty) => {
                        if (qty !== null && qty !== item.qty)
                          updateCart([{ id: item.id, name: item.name, qty }], { silent: true });
                      }}
                    />
                  </li>
                ))}
              </ul>
              <div className="mt-2 flex items-center justify-between border-t border-slate-200 pt-3 font-semibold">
                <span>{t("total")}</span>
                <span data-testid="cart-dropdown-total">{euro(total)}</span>
              </div>
              {hint.text ? (
                <p className="mt-1 text-xs text-slate-700" data-testid="cart-dropdown-free-delivery">
                  {hint.text}
                </p>
              ) : null}
            </>
          )}
          <LocalLink
            to="/shop/cart"
            className="mt-4 block rounded bg-brand px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-dark"
          >
            {t("viewCartCheckout")}
          </LocalLink>
        </div>
      ) : null}
    </div>
  );
}
