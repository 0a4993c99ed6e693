// What every service is handed instead of a request: the store it works for.

import type { Lang } from "../core/language";
import type { StoreSettings } from "../core/settings";
import type { DbHandle } from "../db/client";
import type { Country, StoreSeo, StoreTheme, WeekdayHours } from "../db/control/schema";
import type * as storeSchema from "../db/store/schema";

export type StoreSchema = typeof storeSchema;
export type StoreDb = DbHandle<StoreSchema>["db"];

/** The public half of a store's registry row: safe to send to a browser. */
export interface StorePublicConfig {
  id: string;
  name: string;
  url: string;
  domains: string[];
  countries: Country[];
  /** The storefront's languages, the first its default (docs/decisions/0035-languages.md). */
  languages: Lang[];
  workingHours: WeekdayHours[];
  seo: StoreSeo;
  theme: StoreTheme;
  imgFolder: string;
  ga4Id: string | null;
  googlePlaceId: string | null;
  /** The store is paused (`npm run store -- pause`): shoppers are answered 503, staff still work. */
  paused: boolean;
}

/** Server-only secrets of a store. Never serialised into a response. */
export interface StoreSecrets {
  paymentProvider: string;
  paymentAuth: string | null;
  paymentSourceCode: string | null;
  paymentAltAuth: string | null;
  apiKeyHash: string | null;
  /** Where placed and paid orders are posted for the ERP, and the key that signs them. */
  erpWebhookUrl: string | null;
  erpWebhookSecret: string | null;
  googlePlacesKey: string | null;
  apiUrl: string | null;
  /** Sign-in with Google and Facebook: a provider is offered only when both its values are set. */
  googleClientId: string | null;
  googleClientSecret: string | null;
  facebookAppId: string | null;
  facebookAppSecret: string | null;
}

export interface StoreContext {
  config: StorePublicConfig;
  secrets: StoreSecrets;
  settings: StoreSettings;
  db: StoreDb;
  /** Absolute folder holding this store's images. */
  imageDir: string;
  /** The host this request came in on (lower-case, no port). */
  host: string;
  /**
   * The language shop content is read in: translated fields where a translation exists, the
   * English source otherwise (docs/decisions/0035-languages.md). The page's language on the
   * storefront; for the JSON API the `lang` query parameter (English without it); always
   * English in the back office, the ERP API and background work.
   */
  lang: Lang;
}
