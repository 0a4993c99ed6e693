// The header search's suggestions dropdown, loaded on demand: input debounced 500 ms, at most
// 5 products (spec sections 2, 5 and 9). A listbox of options the header's combobox points
// into (aria-activedescendant): the options are links, never focused themselves.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { effectivePrice, groupName, type Product, priceRange } from "../../../core/product-rules";
import { SEARCH_DEBOUNCE_MS, SUGGEST_LIMIT } from "../../../core/search";
import { fallbackLang } from "../../../core/translation";
import { callApi } from "../../lib/api-client";
import { LocalLink, useMoney } from "../../lib/localized";

const productHref = (p: Product) => `/product/default/${p.id}`;

type State = { status: "loading" } | { status: "done"; products: Product[] };

function suggestionPrice(p: Product, euro: (cents: number) => string): string {
  const { minCents, maxCents } = priceRange(p);
  if (p.varRel.length > 0 || p.variants.length > 0) {
    return minCents === maxCents ? euro(minCents) : `${euro(minCents)} – ${euro(maxCents)}`;
  }
  return euro(effectivePrice(p));
}

export function SearchSuggestions({
  id,
  term,
  category,
  active,
  onResults,
}: {
  id: string;
  term: string;
  category: string;
  active: number;
  onResults: (hrefs: string[]) => void;
}) {
  const [state, setState] = useState<State | null>(null);
  const t = useTranslations("Shell");
  const euro = useMoney();
  const report = useRef(onResults);
  report.current = onResults;

  // The combobox learns which products it can move through (none while a search runs).
  useEffect(() => {
    report.current(state?.status === "done" ? state.products.map((p) => productHref(p)) : []);
  }, [state]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: "loading" });
      try {
        const body = await callApi(
          routes.products.suggest,
          { query: { q: term.trim(), category: category || undefined } },
          { signal: controller.signal },
        );
        setState({ status: "done", products: body.products.slice(0, SUGGEST_LIMIT) });
      } catch {
        if (!controller.signal.aborted) setState({ status: "done", products: [] });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, category]);

  if (!state) return null;
  return (
    <div
      className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
      data-testid="search-suggestions"
    >
      {state.status === "loading" ? (
        <p className="px-4 py-3 text-sm text-slate-500">{t("searching")}</p>
      ) : state.products.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{t("noProductsFound")}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's listbox; the input keeps focus
        <ul role="listbox" id={id} aria-label={t("suggestedProducts")}>
          {state.products.map((p, i) => (
            <li key={p.id} role="none">
              <LocalLink
                to={productHref(p)}
                role="option"
                id={`${id}-${i}`}
                aria-selected={i === active}
                tabIndex={-1}
                className={`flex items-center gap-3 px-3 py-2 hover:bg-slate-50 ${i === active ? "bg-slate-100 outline-2 -outline-offset-2 outline-brand" : ""}`}
                data-testid="search-suggestion"
              >
                {(p.smPictures[0] ?? p.pictures[0]) ? (
                  <img
                    src={p.smPictures[0] ?? p.pictures[0].url}
                    alt=""
                    width={48}
                    height={48}
                    className="h-12 w-12 shrink-0 rounded object-cover"
                  />
                ) : (
                  <span className="h-12 w-12 shrink-0 rounded bg-slate-100" />
                )}
                <span
                  className="min-w-0 flex-1 truncate text-sm text-slate-800"
                  lang={fallbackLang(p, "name")}
                >
                  {groupName(p)}
                </span>
                <span className="shrink-0 text-sm font-semibold text-brand">{suggestionPrice(p, euro)}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
