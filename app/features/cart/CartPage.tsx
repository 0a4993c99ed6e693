// /shop/cart: the stored cart with editable quantities, remove, 'Update Cart' ('Cart Updated.'),
// the totals and VAT text. A quantity change updates the totals at once; on open, and shortly
// after each change, the server checks prices and stock and the page says what changed. The checkout form is added below it by the route (checkout issue).
import { useTranslations } from "use-intl";
import type { CartChange } from "../../../core/cart";
import { vatText as vatTextFor } from "../../../core/settings";
import { LocalLink, useCoreText, useMoney } from "../../lib/localized";
import { useCustomer } from "../../root-data";
import { EmptyList, ListLoading, ListNotices } from "../shop-state/ListPageParts";
import { useCart, useHydrated } from "../shop-state/store";
import { CartLine } from "./CartLine";
import { CartTotal } from "./CartTotal";
import { useCartCheck } from "./useCartCheck";
import { lineKey, useCartEdits } from "./useCartEdits";

function changeText(
  c: CartChange,
  t: ReturnType<typeof useTranslations<"Cart">>,
  euro: (cents: number) => string,
): string {
  switch (c.kind) {
    case "removed":
      return t("changeRemoved", { name: c.name });
    case "out-of-stock":
      return t("changeOutOfStock", { name: c.name });
    case "qty-reduced":
      return t("changeQtyReduced", { name: c.name, from: c.from, to: c.to });
    case "price-changed":
      return t("changePriceChanged", { name: c.name, from: euro(c.from), to: euro(c.to) });
  }
}

export function CartPage() {
  const t = useTranslations("Cart");
  const text = useCoreText();
  const euro = useMoney();
  const hydrated = useHydrated();
  const items = useCart();
  const customer = useCustomer();
  const quantities = items.map((i) => `${lineKey(i)}=${i.qty}`).join("|");
  const check = useCartCheck(hydrated, customer ? `c${customer.id}` : "guest", quantities);
  const edits = useCartEdits(items);
  const vatText = text(check.vatText ?? vatTextFor(Boolean(customer?.excludeVat)));

  if (!hydrated) {
    return <ListLoading>{t("loading")}</ListLoading>;
  }

  return (
    <div data-testid="cart-page">
      {check.state === "checking" ? (
        <p role="status" className="mb-4 text-sm text-slate-500">
          {t("checking")}
        </p>
      ) : null}
      <ListNotices
        title={t("changesTitle")}
        testId="cart-changes"
        items={check.changes.map((c) => ({ key: `${c.kind}:${c.name}`, text: changeText(c, t, euro) }))}
      />
      {items.length === 0 ? (
        <EmptyList message={t("empty")} linkText={t("continueShopping")} />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div>
            <table className="w-full text-sm">
              <thead className="hidden border-b border-slate-200 text-left text-slate-500 md:table-header-group">
                <tr>
                  <th className="py-3 font-medium">{t("colProduct")}</th>
                  <th className="py-3 font-medium">{t("colPrice")}</th>
                  <th className="py-3 font-medium">{t("colQuantity")}</th>
                  <th className="py-3 font-medium">{t("total")}</th>
                  <th className="py-3">
                    <span className="sr-only">{t("remove")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <CartLine
                    key={lineKey(item)}
                    item={item}
                    value={edits.valueOf(item)}
                    onQty={(qty) => edits.edit(item, qty)}
                  />
                ))}
              </tbody>
            </table>
            <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
              <LocalLink to="/shop/sidebar/list" className="text-sm font-medium text-brand hover:underline">
                {t("continueShoppingBack")}
              </LocalLink>
              <button
                type="button"
                className="rounded border border-brand px-5 py-2.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
                disabled={edits.pending.length === 0}
                onClick={edits.apply}
              >
                {t("updateCart")}
              </button>
            </div>
          </div>
          <CartTotal items={items} vatText={vatText} shipping={check.shipping} />
        </div>
      )}
    </div>
  );
}
