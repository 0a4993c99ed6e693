// Country lists of the demo stores (ISO 3166-1 alpha-2 code and English short name).
import type { Country } from "../control/schema";

const EU: Country[] = [
  { code: "AT", name: "Austria" },
  { code: "BE", name: "Belgium" },
  { code: "BG", name: "Bulgaria" },
  { code: "HR", name: "Croatia" },
  { code: "CY", name: "Cyprus" },
  { code: "CZ", name: "Czechia" },
  { code: "DK", name: "Denmark" },
  { code: "EE", name: "Estonia" },
  { code: "FI", name: "Finland" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "GR", name: "Greece" },
  { code: "HU", name: "Hungary" },
  { code: "IE", name: "Ireland" },
  { code: "IT", name: "Italy" },
  { code: "LV", name: "Latvia" },
  { code: "LT", name: "Lithuania" },
  { code: "LU", name: "Luxembourg" },
  { code: "MT", name: "Malta" },
  { code: "NL", name: "Netherlands" },
  { code: "PL", name: "Poland" },
  { code: "PT", name: "Portugal" },
  { code: "RO", name: "Romania" },
  { code: "SK", name: "Slovakia" },
  { code: "SI", name: "Slovenia" },
  { code: "ES", name: "Spain" },
  { code: "SE", name: "Sweden" },
];

const REST_OF_EUROPE: Country[] = [
  { code: "AL", name: "Albania" },
  { code: "AD", name: "Andorra" },
  { code: "BA", name: "Bosnia and Herzegovina" },
  { code: "IS", name: "Iceland" },
  { code: "LI", name: "Liechtenstein" },
  { code: "MD", name: "Moldova" },
  { code: "MC", name: "Monaco" },
  { code: "ME", name: "Montenegro" },
  { code: "MK", name: "North Macedonia" },
  { code: "NO", name: "Norway" },
  { code: "RS", name: "Serbia" },
  { code: "SM", name: "San Marino" },
  { code: "CH", name: "Switzerland" },
  { code: "GB", name: "United Kingdom" },
  { code: "UA", name: "Ukraine" },
];

const NEAR_EAST: Country[] = [
  { code: "GE", name: "Georgia" },
  { code: "IL", name: "Israel" },
  { code: "LB", name: "Lebanon" },
  { code: "TR", name: "Türkiye" },
  { code: "AE", name: "United Arab Emirates" },
];

const byName = (a: Country, b: Country) => a.name.localeCompare(b.name, "en");

/** 47 countries, sorted by name as the register form's select shows them. */
export const MAIN_COUNTRIES: Country[] = [...EU, ...REST_OF_EUROPE, ...NEAR_EAST].sort(byName);

export const CY_GR_COUNTRIES: Country[] = [
  { code: "CY", name: "Cyprus" },
  { code: "GR", name: "Greece" },
];

export const CY_ONLY: Country[] = [{ code: "CY", name: "Cyprus" }];
