// Country names in the page's language (issue 44 defect 3, docs/decisions/0060): the store's list
// names its countries in English; a Greek page lists them by their Greek names (CLDR's, through
// Intl.DisplayNames), in Greek alphabetical order. Run on the server, so the page and its
// hydration read the same names. Pure: no I/O.

/** The store's countries named in `lang` and sorted for it; English keeps the store's own names and order. */
export function countriesIn<T extends { code: string; name: string }>(
  countries: readonly T[],
  lang: string,
): T[] {
  if (lang === "en") return [...countries];
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
  } catch {
    return [...countries]; // a language Intl does not know: the store's names
  }
  return countries
    .map((c) => {
      let name: string | undefined;
      try {
        name = names.of(c.code.toUpperCase());
      } catch {
        name = undefined; // not a region code
      }
      return { ...c, name: name ?? c.name };
    })
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** One country's name in `lang`, else `fallback` (or the code). */
export function countryNameIn(code: string, lang: string, fallback = code): string {
  try {
    return (
      new Intl.DisplayNames([lang], { type: "region", fallback: "none" }).of(code.toUpperCase()) ?? fallback
    );
  } catch {
    return fallback;
  }
}
