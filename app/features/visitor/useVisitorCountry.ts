// The country preselected for this visitor (core/visitor-country.ts): the proxy's country header,
// else the browser's language, else the store's first; always one of the store's countries.
import { useRootData } from "../../root-data";

/** A country code of the store's list, or "" (a store without countries, an error page). */
export function useVisitorCountry(): string {
  return useRootData()?.visitor.country ?? "";
}
