// The country preselected for a visitor in registration, a guest's checkout and the shipping it
// is quoted for (spec section 7, issue 27 item 3, issue 44 item 1, docs/decisions/0032 and 0044).
// In order:
//   1. the country a proxy or CDN in front of the server names (VISITOR_COUNTRY_HEADER);
//   2. the browser's languages, most wanted first, a weak signal: a language also spoken in the
//      store's home country means the home country (a Greek browser on a Cypriot shop is most
//      likely in Cyprus); another language means its region (de-AT -> AT), or for a bare
//      language the country it is most likely from (de -> DE, per CLDR's likely subtags, which
//      Intl.Locale carries);
//   3. the store's home country (where its trader is established: the `home_country` setting);
//   4. the store's first country, for a store that names no home country.
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
 * The languages most people of a country speak, where a country has more than its main one
 * (official languages, and English where most speak it: CLDR's territory information). The main
 * language of any other country comes from CLDR's likely subtags (und-AT -> de).
 */
const LANGUAGES_OF: Readonly<Record<string, readonly string[]>> = {
  BE: ["nl", "fr", "de"],
  CH: ["de", "fr", "it", "rm"],
  CY: ["el", "tr", "en"],
  FI: ["fi", "sv"],
  IE: ["en", "ga"],
  LU: ["lb", "fr", "de"],
  MT: ["mt", "en"],
};

/** Whether the language of a tag is one most people of `country` speak. */
export function spokenIn(tag: string, country: string): boolean {
  let language: string;
  try {
    language = new Intl.Locale(tag).language.toLowerCase();
  } catch {
    return false; // not a well-formed BCP 47 tag
  }
  const code = country.toUpperCase();
  const listed = LANGUAGES_OF[code];
  if (listed) return listed.includes(language);
  try {
    return new Intl.Locale(`und-${code}`).maximize().language === language;
  } catch {
    return false; // not a region code
  }
}

/**
 * The country to preselect: a code of `storeCountries` (ISO 3166-1 alpha-2, in the store's
 * order), or "" for a store without countries. `homeCountry` is where the store's trader is
 * established; it counts only when the store sells there.
 */
export function visitorCountry(
  storeCountries: readonly string[],
  hints: { proxyCountry?: string | null; acceptLanguage?: string | null; homeCountry?: string | null },
): string {
  const sells = new Set(storeCountries.map((c) => c.toUpperCase()));
  const pick = (code: string | null | undefined) => {
    const c = code?.trim().toUpperCase();
    return c && sells.has(c) ? (storeCountries.find((s) => s.toUpperCase() === c) ?? null) : null;
  };
  const fromProxy = pick(hints.proxyCountry?.slice(0, 8));
  if (fromProxy) return fromProxy;
  const home = pick(hints.homeCountry?.slice(0, 8));
  for (const tag of acceptedLanguages(hints.acceptLanguage)) {
    // A language of the home country does not tell the visitor is elsewhere.
    if (home && spokenIn(tag, home)) return home;
    const fromLanguage = pick(regionOfLanguage(tag));
    if (fromLanguage) return fromLanguage;
  }
  return home ?? storeCountries[0] ?? "";
}
