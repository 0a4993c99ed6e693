// The listing's name from its filter (title, brand, search term, category or sub-category), shared
// by the page heading and the document title so the two always agree.
import { type Lang, SOURCE_LANG } from "../../../core/language";
import { fallbackLang } from "../../../core/translation";
import type { LayoutRootData } from "../layout/root-data.server";
import type { ListingParams } from "./listing.server";

type Menu = LayoutRootData["menu"];

/** A listing's name, and "en" in `lang` where it is a category name that fell back to English. */
export interface ListingName {
  text: string;
  lang?: "en";
}

/** The menu's entry for the listing's category or sub-category, if any. */
function menuEntry(params: Pick<ListingParams, "category" | "subcategory">, menu: Menu) {
  const master = menu.find((m) => String(m.id) === params.category || m.slug === params.category);
  if (master) return master;
  return menu
    .flatMap((m) => m.subcategories)
    .find(
      (c) =>
        c.slug === params.category || String(c.id) === params.subcategory || c.slug === params.subcategory,
    );
}

/**
 * The filter's name, or null when the listing is unfiltered (All Products). `resultsFor` words a
 * search in the page's language (Catalog `resultsFor`: "Results for “term”"). The menu holds the
 * categories in the page's language: in another language than English a category it knows is
 * named by it rather than by the link's `title`, which the language links carry over from the
 * page in the other language.
 */
export function listingFilterName(
  params: Pick<ListingParams, "title" | "searchTerm" | "category" | "subcategory">,
  brandLabel: string,
  menu: Menu,
  resultsFor: (term: string) => string,
  lang: Lang,
): ListingName | null {
  const entry = menuEntry(params, menu);
  const named = (e: NonNullable<typeof entry>): ListingName => {
    const fellBack = fallbackLang(e, "name");
    return fellBack ? { text: e.name, lang: fellBack } : { text: e.name };
  };
  if (params.title) return entry && lang !== SOURCE_LANG ? named(entry) : { text: params.title };
  if (brandLabel) return { text: brandLabel };
  if (params.searchTerm) return { text: resultsFor(params.searchTerm) };
  return entry ? named(entry) : null;
}

/**
 * "Showing 1–12 of 30 Products"; one product on the page gives "Showing 1 of 1 Product" (`one`:
 * the Catalog message `showingOne` rather than `showingOther`).
 */
export function resultCount(from: number, to: number, total: number) {
  return { range: from === to ? String(from) : `${from}–${to}`, one: total === 1 };
}
