// /shop/compare: the compared products side by side (image, name, price, stock, rating, brand,
// category, short description), each removable, with 'Clear All' and an empty state.
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { ProductSnapshot } from "../../../core/cart";
import { vatText } from "../../../core/settings";
import { LocalLink, useCoreText } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { CloseIcon } from "../cart/icons";
import { addToCart, clearCompare, removeFromCompare } from "../shop-state/actions";
import { EmptyList, ListLoading, ListNotices } from "../shop-state/ListPageParts";
import { useListRefresh } from "../shop-state/refresh";
import { useCompare, useHydrated } from "../shop-state/store";
import { SnapshotPrice, StockStatus } from "../wishlist/WishlistPage";

function Rating({ value, count }: { value?: number; count?: number }) {
  const t = useTranslations("Compare");
  const v = Math.min(5, Math.max(0, value ?? 0));
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {/* Five stars on one line, however narrow the column (issue 44 item 5: they wrapped 3 + 2). */}
      <span
        className="relative inline-block whitespace-nowrap text-base leading-none tracking-wider text-slate-300"
        aria-hidden="true"
      >
        ★★★★★
        {/* 20 percent per rating point (spec section 9). */}
        <span className="absolute inset-0 overflow-hidden text-amber-500" style={{ width: `${v * 20}%` }}>
          ★★★★★
        </span>
      </span>
      <span className="text-xs text-slate-500">
        {v.toFixed(2)}
        <span className="sr-only">{t("outOf5")}</span>
        {count !== undefined
          ? count === 1
            ? t("reviewCountOne", { count })
            : t("reviewCountOther", { count })
          : null}
      </span>
    </span>
  );
}

function Row({
  label,
  items,
  cell,
}: {
  label: string;
  items: ProductSnapshot[];
  cell: (p: ProductSnapshot) => ReactNode;
}) {
  return (
    <tr className="border-b border-slate-100 align-top">
      <th
        scope="row"
        // A label is one word: never broken inside it (on phones the column was squeezed to a
        // letter a line, issue 44 item 5).
        className="sticky left-0 z-10 w-24 whitespace-nowrap bg-slate-50 px-2 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 sm:w-28 sm:px-3"
      >
        {label}
      </th>
      {items.map((p) => (
        <td key={p.id} className="min-w-44 px-3 py-3 text-sm">
          {cell(p)}
        </td>
      ))}
    </tr>
  );
}

export function ComparePage() {
  const t = useTranslations("Compare");
  const text = useCoreText();
  const hydrated = useHydrated();
  const items = useCompare();
  const root = useRootData();
  const showStock = Boolean(root?.store?.showStock);
  const notices = useListRefresh("compare", hydrated);

  if (!hydrated) {
    return <ListLoading>{t("loading")}</ListLoading>;
  }
  return (
    <div data-testid="compare-page">
      <ListNotices items={notices.map((n) => ({ key: n, text: n }))} />
      {items.length === 0 ? (
        <EmptyList message={t("empty")} linkText={t("goShop")} />
      ) : (
        <>
          <div className="relative overflow-x-auto rounded border border-slate-200">
            <table className="w-full border-collapse">
              <caption className="sr-only">{t("caption")}</caption>
              <tbody>
                <Row
                  label={t("rowProduct")}
                  items={items}
                  cell={(p) => (
                    <div className="relative">
                      <button
                        type="button"
                        className="absolute right-0 top-0 rounded bg-white/90 p-1.5 text-slate-400 shadow-sm hover:text-red-600"
                        aria-label={t("removeNamed", { name: p.name })}
                        title={t("removeProduct")}
                        onClick={() => removeFromCompare(p.id)}
                      >
                        <CloseIcon />
                      </button>
                      <LocalLink to={`/product/default/${p.id}`} className="block hover:text-brand">
                        {p.image ? (
                          <img
                            src={p.image}
                            alt=""
                            width={160}
                            height={160}
                            loading="lazy"
                            className="aspect-square w-full max-w-40 rounded object-cover"
                          />
                        ) : (
                          <span className="block aspect-square w-full max-w-40 rounded bg-slate-100" />
                        )}
                        <span className="mt-2 block font-semibold" data-testid="compare-name">
                          {p.name}
                        </span>
                      </LocalLink>
                    </div>
                  )}
                />
                <Row
                  label={t("rowPrice")}
                  items={items}
                  cell={(p) => (
                    <span className="font-semibold">
                      <SnapshotPrice item={p} />
                    </span>
                  )}
                />
                <Row
                  label={t("rowStock")}
                  items={items}
                  cell={(p) => <StockStatus item={p} showStock={showStock} />}
                />
                <Row
                  label={t("rowRating")}
                  items={items}
                  cell={(p) => <Rating value={p.ratings} count={p.review} />}
                />
                <Row label={t("rowBrand")} items={items} cell={(p) => p.brand || "—"} />
                <Row
                  label={t("rowCategory")}
                  items={items}
                  cell={(p) =>
                    p.category && p.category.length > 0
                      ? p.category.map((c, i) => (
                          <span key={c.slug}>
                            {i > 0 ? ", " : null}
                            <LocalLink
                              to={`/shop/sidebar/list?category=${encodeURIComponent(c.slug)}`}
                              className="text-brand hover:underline"
                            >
                              {c.name}
                            </LocalLink>
                          </span>
                        ))
                      : "—"
                  }
                />
                <Row
                  label={t("rowDescription")}
                  items={items}
                  cell={(p) => <p className="text-slate-600">{p.short_desc || "—"}</p>}
                />
                <Row
                  label=""
                  items={items}
                  cell={(p) =>
                    p.hasVariants ? (
                      <LocalLink
                        to={`/product/default/${p.id}`}
                        className="inline-block rounded border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white"
                      >
                        {t("selectOptions")}
                      </LocalLink>
                    ) : (
                      <button
                        type="button"
                        className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600"
                        disabled={(p.stock ?? 0) < 1}
                        onClick={() => addToCart(p, 1, { source: "card" })}
                      >
                        {/* Sold out says so, as on the cards and the product page. */}
                        {(p.stock ?? 0) < 1 ? t("outOfStock") : t("addToCart")}
                      </button>
                    )
                  }
                />
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-slate-500">{text(vatText(Boolean(root?.customer?.excludeVat)))}</p>
            <button
              type="button"
              className="rounded border border-slate-300 px-5 py-2.5 text-sm font-semibold hover:border-red-600 hover:text-red-600"
              onClick={() => clearCompare()}
            >
              {t("clearAll")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
