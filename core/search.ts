// Search terms: the spec's limits and one normalisation shared by the header search and the server.

/** Suggestions need more than 2 characters (spec section 9: minimum length 3). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 500;
/** The suggestions dropdown shows at most this many products. */
export const SUGGEST_LIMIT = 5;
/** Longer input is cut: nobody types a 100-character product name, and it bounds the query cost. */
export const SEARCH_MAX_LENGTH = 100;

/** Whether a typed term is long enough for suggestions. */
export function canSuggest(term: string): boolean {
  return term.trim().length >= SEARCH_MIN_LENGTH;
}

/**
 * Lower-case, accents removed, punctuation turned into spaces, spaces collapsed.
 * "  Vaporesso  XROS-3 " -> "vaporesso xros 3". Decimal points inside numbers stay ("0.8").
 */
export function normalizeSearchTerm(raw: string): string {
  return raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(\d)[.,](\d)/g, "$1.$2")
    .replace(/[^\p{L}\p{N}.]+/gu, " ")
    .replace(/(^|\s)\.+|\.+(\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
}

/** The distinct words of a normalised term (at most 8: more only slows the query). */
export function searchTokens(term: string): string[] {
  const words = normalizeSearchTerm(term).split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}
