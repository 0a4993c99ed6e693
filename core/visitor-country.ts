// The country preselected for a visitor in registration, a guest's checkout and the shipping it
// is quoted for (spec section 7, issue 27 item 3, docs/decisions/0032). In order:
//   1. the country a proxy or CDN in front of the server names (VISITOR_COUNTRY_HEADER);
//   2. the browser's languages, most wanted first: a language's region (el-GR, en-CY), or for a
//      bare language the country it is most likely from (el -> GR, per CLDR's likely subtags,
//      which Intl.Locale carries);
//   3. the store's first country.
// Only a country of the store's list is ever chosen, and nothing here asks any other service.

/** Header values longer than this are cut before they are read: no browser sends more. */
const MAX_HEADER = 512;
/** Language ranges read from one Accept-Language header, at most. */
const MAX_LANGUAGES = 12;

/**
 * The language tags of an Accept-Language header, most wanted first (a stable order for equal
 * weights); `*`, malformed entries and those weighted 0 are left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.slice(0, MAX_HEADER).split(",").slice(0, MAX_LANGUAGES).entries()) {
    const [rawTag, ...params] = part.split(";");
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (q > 0) ranges.push({ tag, q, at });
  }
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/** The region a language tag names, or the one its language most likely means; null if none. */
export function regionOfLanguage(tag: string): string | null {
  try {
    const locale = new Intl.Locale(tag);
    return (locale.region ?? locale.maximize().region ?? null)?.toUpperCase() ?? null;
  } catch {
    return null; // not a well-formed BCP 47 tag
  }
}

/**
 * The country to preselect: a code of `storeCountries` (ISO 3166-1 alpha-2, in the store's
 * order), or "" for a store without countries.
 */
export function visitorCountry(
  storeCountries: readonly string[],
  hints: { proxyCountry?: string | null; acceptLanguage?: string | null },
): string {
  const sells = new Set(storeCountries.map((c) => c.toUpperCase()));
  const pick = (code: string | null | undefined) => {
    const c = code?.trim().toUpperCase();
    return c && sells.has(c) ? (storeCountries.find((s) => s.toUpperCase() === c) ?? null) : null;
  };
  const fromProxy = pick(hints.proxyCountry?.slice(0, 8));
  if (fromProxy) return fromProxy;
  for (const tag of acceptedLanguages(hints.acceptLanguage)) {
    const fromLanguage = pick(regionOfLanguage(tag));
    if (fromLanguage) return fromLanguage;
  }
  return storeCountries[0] ?? "";
}
