// The control database: the store registry, i.e. the spec's "site domain config".
// Spec column names are kept in comments so they stay discoverable (see docs/data-model.md).

import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Lang } from "../../core/language";

export type WeekdayHours = { day: 0 | 1 | 2 | 3 | 4 | 5 | 6; open: string; close: string };
export type Country = { code: string; name: string };
export type StoreSeoText = {
  title: string;
  description: string;
  keywords?: string;
  pages?: Record<string, { title: string; description: string }>;
};
/**
 * The store's SEO text in English, and in the other languages it offers under `translations`
 * (docs/decisions/0035-languages.md); what a translation lacks is the English.
 */
export type StoreSeo = StoreSeoText & { translations?: Partial<Record<Lang, Partial<StoreSeoText>>> };
export type StoreTheme = {
  primary: string;
  primaryDark: string;
  accent: string;
  logo: string;
  favicon: string;
};

export const stores = pgTable("stores", {
  id: text("id").primaryKey(), // identifier_string
  name: text("name").notNull(),
  /** db_conn_str: a postgres:// URL; null means the embedded database under DATA_DIR/stores/<id>. */
  dbConnStr: text("db_conn_str"),
  imgFolder: text("img_folder").notNull(), // img_folder, relative to DATA_DIR/images or absolute
  paymentProvider: text("payment_provider").notNull().default("test"), // 'test' | 'viva'
  paymentAuth: text("payment_auth"), // payment auth (secret: never leaves the server)
  paymentSourceCode: text("payment_source_code"), // payment source code (secret)
  paymentAltAuth: text("payment_alt_auth"), // alternate payment auth (secret)
  apiUrl: text("api_url"), // api_url
  url: text("url").notNull(), // url: the canonical public origin of the store
  workingHours: jsonb("working_hours").$type<WeekdayHours[]>().notNull().default(sql`'[]'::jsonb`), // working_hours per weekday
  seo: jsonb("seo").$type<StoreSeo>().notNull(),
  countries: jsonb("countries").$type<Country[]>().notNull(),
  /** The languages the storefront speaks, the first its default (unprefixed URLs; docs/decisions/0035). */
  languages: text("languages").array().$type<Lang[]>().notNull().default(sql`'{en}'::text[]`),
  theme: jsonb("theme").$type<StoreTheme>().notNull(),
  /** sha256 of the ERP/POS integration API key (secret). */
  apiKeyHash: text("api_key_hash"),
  /** Where placed and paid orders are posted for the ERP; null: no webhook. */
  erpWebhookUrl: text("erp_webhook_url"),
  /** The HMAC-SHA256 key that signs each webhook body (secret). */
  erpWebhookSecret: text("erp_webhook_secret"),
  ga4Id: text("ga4_id"),
  googlePlacesKey: text("google_places_key"), // secret
  googlePlaceId: text("google_place_id"),
  /** Google sign-in (OpenID Connect): the OAuth client id (public) and its secret. */
  googleClientId: text("google_client_id"),
  googleClientSecret: text("google_client_secret"), // secret
  /** Facebook sign-in (OAuth 2.0): the app id (public) and the app secret. */
  facebookAppId: text("facebook_app_id"),
  facebookAppSecret: text("facebook_app_secret"), // secret
  /** When each write-only credential was last set (name → ISO date); the values never leave the server. */
  credentialsSetAt: jsonb("credentials_set_at")
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Set while the store is paused (`npm run store -- pause`): shoppers get a 503 page, the back office works. */
  pausedAt: timestamp("paused_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const storeDomains = pgTable(
  "store_domains",
  {
    domain: text("domain").primaryKey(), // lower-case host without port
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("store_domains_store_idx").on(t.storeId)],
);

export const controlMeta = pgTable("control_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
