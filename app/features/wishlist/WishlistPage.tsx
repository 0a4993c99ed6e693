// /shop/wishlist: the wishlist with price and stock, move to cart (quantity 1), remove and clear.
import { useTranslations } from "use-intl";
import { type ProductSnapshot, unitPrice } from "../../../core/cart";
import { vatText } from "../../../core/settings";
import { LocalLink, useCoreText } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { SalePrice } from "../../ui/Price";
import { CloseIcon } from "../cart/icons";
import { clearWishlist, moveWishlistToCart, removeFromWishlist } from "../shop-state/actions";
import { EmptyList, ListLoading, ListNotices } from "../shop-state/ListPageParts";
import { useListRefresh } from "../shop-state/refresh";
import { useHydrated, useShop, useWishlist } from "../shop-state/store";

export function StockStatus({ item, showStock }: { item: ProductSnapshot; showStock: boolean }) {
  const t = useTranslations("Wishlist");
  const stock = item.stock ?? 0;
  if (stock < 1) return <span className="font-medium text-red-600">{t("outOfStock")}</span>;
  return (
    <span className="font-medium text-emerald-700">
      {showStock ? t("inStockCount", { stock }) : t("inStock")}
    </span>
  );
}

/** The list's unit price: the sale price with the regular one struck through (ui/Price, as everywhere). */
export function SnapshotPrice({ item }: { item: ProductSnapshot }) {
  return <SalePrice nowCents={unitPrice(item)} wasCents={item.price} priorCents={item.prior_price} />;
}

export function WishlistPage() {
  const t = useTranslations("Wishlist");
  const text = useCoreText();
  const hydrated = useHydrated();
  const items = useWishlist();
  const root = useRootData();
  const showStock = Boolean(root?.store?.showStock);
  const notices = useListRefresh("wishlist", hydrated);
  const count = useShop((s) => s.wishlist.data.length);

  if (!hydrated) {
    return <ListLoading>{t("loading")}</ListLoading>;
  }
  return (
    <div data-testid="wishlist-page">
      <ListNotices items={notices.map((n) => ({ key: n, text: n }))} />
      {count === 0 ? (
        <EmptyList message={t("empty")} linkText={t("goShop")} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 border-y border-slate-200">
            {items.map((item) => {
              const out = (item.stock ?? 0) < 1;
              return (
                <li
                  key={item.id}
                  className="relative flex flex-wrap items-center gap-x-6 gap-y-3 py-4 pr-10 md:flex-nowrap"
                  data-testid="wishlist-line"
                >
                  <LocalLink
                    to={`/product/default/${item.id}`}
                    className="flex min-w-0 flex-1 basis-full items-center gap-4 hover:text-brand md:basis-auto"
                  >
                    {item.image ? (
                      <img
                        src={item.image}
                        alt=""
                        width={72}
                        height={72}
                        loading="lazy"
                        className="h-[72px] w-[72px] flex-none rounded border border-slate-100 object-cover"
                      />
                    ) : (
                      <span className="h-[72px] w-[72px] flex-none rounded bg-slate-100" />
                    )}
                    <span className="font-medium">{item.name}</span>
                  </LocalLink>
                  <span className="w-24 text-sm font-semibold">
                    <SnapshotPrice item={item} />
                  </span>
                  <span className="w-28 text-sm">
                    <StockStatus item={item} showStock={showStock} />
                  </span>
                  {item.hasVariants ? (
                    <LocalLink
                      to={`/product/default/${item.id}`}
                      className="rounded border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white"
                    >
                      {t("selectOptions")}
                    </LocalLink>
                  ) : (
                    <button
                      type="button"
                      className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50"
                      disabled={out}
                      onClick={() => moveWishlistToCart(item.id)}
                    >
                      {t("moveToCart")}
                    </button>
                  )}
                  <button
                    type="button"
                    className="absolute right-0 top-4 rounded p-1.5 text-slate-400 hover:bg-slate-100 hover:text-red-600 md:static"
                    aria-label={t("removeNamed", { name: item.name })}
                    title={t("removeProduct")}
                    onClick={() => removeFromWishlist(item.id)}
                  >
                    <CloseIcon />
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-slate-500">{text(vatText(Boolean(root?.customer?.excludeVat)))}</p>
            <button
              type="button"
              className="rounded border border-slate-300 px-5 py-2.5 text-sm font-semibold hover:border-red-600 hover:text-red-600"
              onClick={() => clearWishlist()}
            >
              {t("clearWishlist")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
