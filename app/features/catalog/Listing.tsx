// /shop/sidebar/list (rows) and /shop/sidebar/3cols (grid): a sidebar of categories and
// brands, the result count, sorting, paging and an empty state.
import { useRef } from "react";
import { useTranslations } from "use-intl";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useLanguage, useLocalNavigate } from "../../lib/localized";
import { BelowFold } from "../../ui/BelowFold";
import { Breadcrumbs } from "../../ui/Breadcrumbs";
import { CloseIcon, GridIcon, ListIcon } from "../../ui/icons";
import { useOpenUntilNavigation } from "../../ui/open-until-navigation";
import { Pagination } from "../../ui/Pagination";
import { useLayout } from "../layout/use-layout";
import type { ListingData, ListingParams } from "./listing.server";
import { type ListingName, listingFilterName, resultCount } from "./listing-heading";
import { ProductCard } from "./ProductCard";

const SORTS = [
  { value: "default", label: "sortDefault" },
  { value: "featured", label: "sortFeatured" },
  { value: "rating", label: "sortRating" },
  { value: "new", label: "sortNew" },
  { value: "price-asc", label: "sortPriceAsc" },
  { value: "price-desc", label: "sortPriceDesc" },
] as const satisfies readonly { value: ListingParams["orderby"]; label: string }[];

const PATHS = { list: "/shop/sidebar/list", "3cols": "/shop/sidebar/3cols" } as const;

/** The listing URL with some parameters changed (null removes one); paging restarts unless set. */
export function listingHref(
  layout: keyof typeof PATHS,
  params: ListingParams,
  change: Partial<Record<keyof ListingParams, string | number | null>>,
): string {
  const q = new URLSearchParams();
  const merged: Record<string, string | number | null> = {
    category: params.category || null,
    title: params.title || null,
    subcategory: params.subcategory || null,
    brand: params.brand,
    brandName: params.brandName || null,
    searchTerm: params.searchTerm || null,
    orderby: params.orderby === "default" ? null : params.orderby,
    page: null,
    ...change,
  };
  for (const [k, v] of Object.entries(merged))
    if (v !== null && v !== "" && v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${PATHS[layout]}?${qs}` : PATHS[layout];
}

export function useListingHeading(data: ListingData): ListingName {
  const { layout } = useLayout();
  const { lang } = useLanguage();
  const t = useTranslations("Catalog");
  return (
    listingFilterName(
      data.params,
      data.brandLabel,
      layout.menu,
      (term) => t("resultsFor", { term }),
      lang,
    ) ?? {
      text: t("allProducts"),
    }
  );
}

function Sidebar({ data }: { data: ListingData }) {
  const { layout } = useLayout();
  const t = useTranslations("Catalog");
  const { params } = data;
  const link = "block rounded px-2 py-1.5 text-sm transition hover:bg-slate-50 hover:text-brand";
  const active = "font-semibold text-brand";
  return (
    <div className="space-y-8">
      <section aria-labelledby="sidebar-categories">
        <h2
          id="sidebar-categories"
          className="mb-3 border-b border-slate-200 pb-2 text-sm font-semibold uppercase tracking-wide text-slate-900"
        >
          {t("categories")}
        </h2>
        <ul className="space-y-1" data-testid="sidebar-categories">
          {layout.menu.map((m) => {
            const masterActive = params.category === String(m.id) || params.category === m.slug;
            return (
              <li key={m.id}>
                <LocalLink
                  to={listingHref(data.layout, params, { category: m.id, title: m.name, subcategory: null })}
                  preventScrollReset
                  className={`${link} ${masterActive ? active : "text-slate-700"}`}
                  lang={fallbackLang(m, "name")}
                >
                  {m.name}
                </LocalLink>
                <ul className="ml-3 border-l border-slate-100 pl-2">
                  {m.subcategories.map((c) => {
                    const subActive =
                      params.subcategory === String(c.id) ||
                      params.subcategory === c.slug ||
                      params.category === c.slug;
                    return (
                      <li key={c.id}>
                        <LocalLink
                          to={listingHref(data.layout, params, {
                            subcategory: c.id,
                            category: null,
                            title: null,
                          })}
                          preventScrollReset
                          className={`${link} py-1 text-[13px] ${subActive ? active : "text-slate-500"}`}
                          lang={fallbackLang(c, "name")}
                        >
                          {c.name}
                        </LocalLink>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="sidebar-brands">
        <h2
          id="sidebar-brands"
          className="mb-3 border-b border-slate-200 pb-2 text-sm font-semibold uppercase tracking-wide text-slate-900"
        >
          {t("brands")}
        </h2>
        <ul className="flex flex-wrap gap-2" data-testid="sidebar-brands">
          {data.brands.map((b) => {
            const on = params.brand === b.id;
            return (
              <li key={b.id}>
                <LocalLink
                  to={listingHref(
                    data.layout,
                    params,
                    on ? { brand: null, brandName: null } : { brand: b.id, brandName: b.name },
                  )}
                  preventScrollReset
                  aria-current={on ? "true" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-xs font-medium transition ${on ? "border-brand bg-brand text-white" : "border-slate-200 text-slate-600 hover:border-brand hover:text-brand"}`}
                >
                  {b.name}
                </LocalLink>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function ActiveFilters({ data }: { data: ListingData }) {
  const t = useTranslations("Catalog");
  const { params } = data;
  const chips: { label: string; to: string }[] = [];
  if (params.searchTerm)
    chips.push({
      label: t("filterSearch", { term: params.searchTerm }),
      to: listingHref(data.layout, params, { searchTerm: null }),
    });
  if (params.category || params.subcategory)
    chips.push({
      label: t("filterCategory"),
      to: listingHref(data.layout, params, { category: null, subcategory: null, title: null }),
    });
  if (params.brand !== null)
    chips.push({
      label: t("filterBrand", { brand: data.brandLabel }),
      to: listingHref(data.layout, params, { brand: null, brandName: null }),
    });
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("activeFilters")}>
      {chips.map((c) => (
        <li key={c.label}>
          <LocalLink
            to={c.to}
            preventScrollReset
            aria-label={t("removeFilter", { label: c.label })}
            className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
          >
            {c.label}
            <CloseIcon size={12} />
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}

function Toolbar({ data }: { data: ListingData }) {
  const t = useTranslations("Catalog");
  const navigate = useLocalNavigate();
  const { params } = data;
  const from = data.total === 0 ? 0 : (params.page - 1) * data.perPage + 1;
  const to = Math.min(data.total, params.page * data.perPage);
  const count = resultCount(from, to, data.total);
  const view = (l: "list" | "3cols", Icon: typeof GridIcon, label: string) => (
    <LocalLink
      to={listingHref(l, params, { page: params.page > 1 ? params.page : null })}
      preventScrollReset
      aria-label={label}
      aria-current={data.layout === l ? "page" : undefined}
      className={`rounded p-1.5 transition ${data.layout === l ? "bg-brand text-white" : "text-slate-500 hover:text-brand"}`}
    >
      <Icon size={18} />
    </LocalLink>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
      <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
        {data.total === 0
          ? t("noProductsFound")
          : t.rich(count.one ? "showingOne" : "showingOther", {
              range: count.range,
              total: String(data.total),
              b: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span>,
            })}
      </p>
      <div className="flex min-w-0 max-w-full items-center gap-3">
        <label htmlFor="listing-sort" className="shrink-0 whitespace-nowrap text-sm text-slate-600">
          {t("sortBy")}
        </label>
        <select
          id="listing-sort"
          value={params.orderby}
          data-testid="listing-sort"
          onChange={(e) =>
            navigate(
              listingHref(data.layout, params, {
                orderby: e.target.value === "default" ? null : e.target.value,
              }),
              { preventScrollReset: true },
            )
          }
          className="h-9 min-w-0 shrink rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-brand focus:outline-none"
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {t(s.label)}
            </option>
          ))}
        </select>
        <div className="flex shrink-0 items-center gap-1">
          {view("list", ListIcon, t("listView"))}
          {view("3cols", GridIcon, t("gridView"))}
        </div>
      </div>
    </div>
  );
}

function ListingPagination({ data }: { data: ListingData }) {
  return (
    <Pagination
      current={data.params.page}
      pages={Math.max(1, Math.ceil(data.total / data.perPage))}
      href={(p) => listingHref(data.layout, data.params, { page: p > 1 ? p : null })}
    />
  );
}

export function Listing({ data }: { data: ListingData }) {
  const t = useTranslations("Catalog");
  const heading = useListingHeading(data);
  // On a phone the panel folds away again once a choice is made (a choice is a navigation), and
  // focus goes back to its toggle rather than to the page's body with the link that had it.
  const [filtersOpen, setFiltersOpen] = useOpenUntilNavigation();
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <div>
      <div className="border-b border-slate-200 bg-gradient-to-r from-brand/10 via-white to-accent/10">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
          <h1
            className="text-2xl font-bold text-slate-900 sm:text-3xl"
            data-testid="listing-title"
            lang={heading.lang}
          >
            {heading.text}
          </h1>
          <div className="mt-2">
            <Breadcrumbs
              items={[
                { label: t("breadcrumbShop"), to: "/shop/sidebar/list" },
                { label: heading.text, lang: heading.lang },
              ]}
              path={data.path}
            />
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[15rem_1fr]" data-page-content>
        <aside aria-label={t("filters")} className="lg:order-first">
          <button
            ref={toggle}
            type="button"
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((o) => !o)}
            className="flex w-full items-center justify-between rounded-lg border border-slate-200 px-4 py-2.5 text-sm font-semibold text-slate-800 lg:hidden"
          >
            {t("filters")}
            <span aria-hidden="true">{filtersOpen ? "−" : "+"}</span>
          </button>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only notices a click on the links inside */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: a link's Enter is a click as well */}
          <div
            className={`${filtersOpen ? "mt-4 block" : "hidden"} lg:block`}
            onClick={(e) => {
              if (filtersOpen && (e.target as HTMLElement).closest("a")) toggle.current?.focus();
            }}
          >
            {/* Folded away on a phone until "Filters" opens it. */}
            <BelowFold id="listing-sidebar">
              <Sidebar data={data} />
            </BelowFold>
          </div>
        </aside>
        <div className="min-w-0 space-y-5">
          <Toolbar data={data} />
          <ActiveFilters data={data} />
          {data.products.length === 0 ? (
            <div
              className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center"
              data-testid="listing-empty"
            >
              <p className="text-lg font-medium text-slate-800">{t("emptyText")}</p>
              <LocalLink
                to="/shop/sidebar/list"
                className="mt-4 inline-block rounded-full bg-brand px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-dark"
              >
                {t("showAllProducts")}
              </LocalLink>
            </div>
          ) : // On a phone the first row is all that shows; later cards hydrate as they scroll in.
          data.layout === "list" ? (
            <ul className="space-y-4" data-testid="product-list">
              {data.products.map((p, i) => (
                <li key={p.id}>
                  <BelowFold id={`list-card-${p.id}`} skip={i < 1}>
                    <ProductCard
                      product={p}
                      layout="list"
                      showStock={data.showStock}
                      vatText={data.vatText}
                      eager={i < 2}
                    />
                  </BelowFold>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3" data-testid="product-grid">
              {data.products.map((p, i) => (
                <li key={p.id}>
                  <BelowFold id={`grid-card-${p.id}`} skip={i < 2}>
                    <ProductCard
                      product={p}
                      showStock={data.showStock}
                      vatText={data.vatText}
                      eager={i < 3}
                    />
                  </BelowFold>
                </li>
              ))}
            </ul>
          )}
          <ListingPagination data={data} />
        </div>
      </div>
    </div>
  );
}
