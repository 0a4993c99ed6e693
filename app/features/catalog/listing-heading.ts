// The listing's name from its filter (title, brand, search term, category or sub-category), shared
// by the page heading and the document title so the two always agree.
import type { LayoutRootData } from "../layout/root-data.server";
import type { ListingParams } from "./listing.server";

type Menu = LayoutRootData["menu"];

/**
 * The filter's name, or null when the listing is unfiltered (All Products). `resultsFor` words a
 * search in the page's language (Catalog `resultsFor`: "Results for “term”").
 */
export function listingFilterName(
  params: Pick<ListingParams, "title" | "searchTerm" | "category" | "subcategory">,
  brandLabel: string,
  menu: Menu,
  resultsFor: (term: string) => string,
): string | null {
  if (params.title) return params.title;
  if (brandLabel) return brandLabel;
  if (params.searchTerm) return resultsFor(params.searchTerm);
  const master = menu.find((m) => String(m.id) === params.category || m.slug === params.category);
  if (master) return master.name;
  const sub = menu
    .flatMap((m) => m.subcategories)
    .find(
      (c) =>
        c.slug === params.category || String(c.id) === params.subcategory || c.slug === params.subcategory,
    );
  return sub?.name ?? null;
}

/**
 * "Showing 1–12 of 30 Products"; one product on the page gives "Showing 1 of 1 Product" (`one`:
 * the Catalog message `showingOne` rather than `showingOther`).
 */
export function resultCount(from: number, to: number, total: number) {
  return { range: from === to ? String(from) : `${from}–${to}`, one: total === 1 };
}
