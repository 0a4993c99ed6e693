// Reads the layout data of the root loader from any component.

import { useRootData } from "../../root-data";
import type { LayoutRootData } from "./root-data.server";

const EMPTY: LayoutRootData = {
  menu: [],
  callInfo: "",
  companyName: "",
  social: { facebook: "", twitter: "", instagram: "", youtube: "", tiktok: "" },
  showStock: false,
  categoriesLink: "/shop/sidebar/3cols",
  vatText: "*VAT Included",
  vatExcluded: false,
  trader: null,
};

export function useLayout() {
  const data = useRootData();
  return {
    layout: data?.layout ?? EMPTY,
    store: data?.store ?? null,
    signedIn: Boolean(data?.customer),
    showSignin: data?.account?.showSignin ?? false,
    showSignup: data?.account?.showSignup ?? false,
  };
}

/** Where a master category links: the categories link setting with category and title. */
export function masterCategoryHref(base: string, c: { id: number; name: string }): string {
  return `${base}?${new URLSearchParams({ category: String(c.id), title: c.name })}`;
}

/** Where a sub-category links: the 3-column listing with subcategory. */
export function subCategoryHref(c: { id: number }): string {
  return `/shop/sidebar/3cols?subcategory=${c.id}`;
}
