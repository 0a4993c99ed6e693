// The header's live search (spec section 2 and 5): suggestions only above 2 characters,
// input debounced 500 ms, at most 5 results, a category select; submitting goes to
// /shop/sidebar/3cols with searchTerm and category. The input and its suggestions follow the
// ARIA combobox pattern: arrow keys move through the products while focus stays in the input,
// Enter opens the active one (or searches when none is), Escape closes the list.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { canSuggest } from "../../../core/search";
import { fallbackLang } from "../../../core/translation";
import { useLocalePath, useLocalNavigate } from "../../lib/localized";
import { SearchIcon } from "../../ui/icons";
import { useOpenUntilNavigation } from "../../ui/open-until-navigation";
import { useLayout } from "../layout/use-layout";

export const SEARCH_RESULTS_PATH = "/shop/sidebar/3cols";

type SuggestionsComponent = (props: {
  id: string;
  term: string;
  category: string;
  active: number;
  onResults: (hrefs: string[]) => void;
}) => React.ReactNode;

export function HeaderSearch({ compact = false }: { compact?: boolean }) {
  const { layout } = useLayout();
  const [params] = useSearchParams();
  const location = useLocation();
  const localePath = useLocalePath();
  const t = useTranslations("Shell");
  const onResultsPage = location.pathname === localePath(SEARCH_RESULTS_PATH);
  const [term, setTerm] = useState(onResultsPage ? (params.get("searchTerm") ?? "") : "");
  const [category, setCategory] = useState(onResultsPage ? (params.get("category") ?? "") : "");
  // Closes on navigation too.
  const [open, setOpen] = useOpenUntilNavigation();
  // The products on offer (their pages) and which of them the arrow keys made active (-1: none).
  const [results, setResults] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const navigate = useLocalNavigate();
  const root = useRef<HTMLFormElement>(null);
  // On a phone the box appears when the header's search button is tapped: typing can start at once.
  useEffect(() => {
    if (compact) root.current?.querySelector<HTMLInputElement>("input[type=search]")?.focus();
  }, [compact]);
  const listId = useId();

  // The suggestions' code loads once a term is long enough; the 500 ms debounce hides the wait.
  const [Suggestions, setSuggestions] = useState<SuggestionsComponent | null>(null);
  useEffect(() => {
    if (!canSuggest(term) || Suggestions) return;
    let live = true;
    void import("./SearchSuggestions").then((m) => {
      if (live) setSuggestions(() => m.SearchSuggestions);
    });
    return () => {
      live = false;
    };
  }, [term, Suggestions]);

  // Closes on a click elsewhere.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open, setOpen]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    if (!q) return;
    setOpen(false);
    navigate(`${SEARCH_RESULTS_PATH}?${new URLSearchParams({ searchTerm: q, category })}`, {
      preventScrollReset: true,
    });
  };

  const showList = open && canSuggest(term);
  const expanded = showList && results.length > 0;
  const activeIndex = expanded && active < results.length ? active : -1;

  const onResults = (hrefs: string[]) => {
    setResults(hrefs);
    setActive(-1);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const n = results.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!showList) {
        setOpen(true);
        return;
      }
      if (n === 0) return;
      const down = e.key === "ArrowDown";
      setActive(activeIndex < 0 ? (down ? 0 : n - 1) : (activeIndex + (down ? 1 : n - 1)) % n);
    } else if (e.key === "Enter" && activeIndex >= 0) {
      e.preventDefault();
      setOpen(false);
      navigate(results[activeIndex] as string);
    } else if (e.key === "Escape" && open) {
      // Only the list closes: the typed term stays (a search input clears itself on Escape),
      // and so does the dialog or menu around the search, if any.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role; <search> is not in React's JSX types yet
    <form
      ref={root}
      role="search"
      onSubmit={submit}
      className="relative"
      data-testid={compact ? "header-search-mobile" : "header-search"}
    >
      <div className="flex h-11 items-stretch overflow-hidden rounded-full border-2 border-brand/80 bg-white focus-within:border-brand">
        <label className="sr-only" htmlFor={`${listId}-cat`}>
          {t("category")}
        </label>
        <select
          id={`${listId}-cat`}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          className={`${compact ? "w-28" : "w-44"} shrink-0 cursor-pointer truncate border-r border-slate-200 bg-slate-50 pl-4 pr-2 text-sm text-slate-700 focus:outline-none`}
          data-testid="search-category"
        >
          <option value="">{t("allDepartments")}</option>
          {layout.menu.map((m) => (
            <option key={m.id} value={String(m.id)} lang={fallbackLang(m, "name")}>
              {m.name}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${listId}-q`}>
          {t("searchProducts")}
        </label>
        <input
          id={`${listId}-q`}
          type="search"
          name="searchTerm"
          required
          autoComplete="off"
          placeholder={t("searchPlaceholder")}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-autocomplete="list"
          className="min-w-0 flex-1 px-4 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
        <button
          type="submit"
          aria-label={t("search")}
          className="flex w-12 shrink-0 items-center justify-center bg-brand text-white transition hover:bg-brand-dark"
        >
          <SearchIcon size={18} />
        </button>
      </div>
      {open && canSuggest(term) && Suggestions ? (
        <Suggestions id={listId} term={term} category={category} active={activeIndex} onResults={onResults} />
      ) : null}
    </form>
  );
}
