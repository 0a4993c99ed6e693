// Store settings: the spec's application properties (section 9) as stored key/value rows,
// and the derived names the screens use (section 3). Pure: no I/O.
import type { TraderIdentity } from "./trader-schema";

/** The keys stored in each store database's `settings` table. */
export const SETTING_KEYS = [
  "site_url",
  "telephone",
  "company_name",
  "customer_vat_mobile",
  "order_mobile_show_pos",
  "free_delivery_total",
  "show_master_categories_home",
  "warehouse_id",
  "full_screen_slider",
  "brand_pictures",
  "category_pictures",
  "show_stock",
  "image_main_path",
  "client_longitude",
  "client_latitude",
  "show_18",
  "show_maps",
  "show_place_order",
  "show_pay_now",
  "show_bank_transfer",
  "show_payment_wallet",
  "facebook",
  "twitter",
  "instagram",
  "youtube",
  "tiktok",
  "show_sign_in",
  "show_sign_up",
  "email",
  "categories_link",
  "points_percentage",
  "session_expire",
  "cookie_expire",
  "bank_details",
  "default_vat_rate",
  "map_tiles_url",
  "allow_test_payments",
  "guest_checkout",
  "home_country",
  "withdrawal_days",
  "consumer_sales",
  "fiscal_retention_years",
  "guest_data_retention_days",
  "sign_in_log_retention_days",
  "newsletter_pending_retention_days",
  "cookie_consent_retention_days",
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];
export type RawSettings = Partial<Record<string, string>>;

export interface StoreSettings {
  siteUrl: string;
  telephone: string;
  companyName: string;
  email: string;
  customerVatMobile: boolean;
  orderMobileShowPos: boolean;
  /** Goods total from which shipping is free, in cents; null: never free. */
  freeDeliveryTotalCents: number | null;
  warehouseId: number | null;
  imageMainPath: string;
  clientLatitude: number | null;
  clientLongitude: number | null;
  show18: boolean;
  showMaps: boolean;
  showPlaceOrder: boolean;
  showPayNow: boolean;
  showBankTransfer: boolean;
  showPaymentWallet: boolean;
  categoriesLink: string;
  pointsPercentage: number;
  pointsEnabled: boolean;
  /** Inactivity minutes before a signed-in shopper is logged out. */
  sessionExpireMinutes: number;
  /** Minutes after which stored browser data is cleared. */
  cookieExpireMinutes: number;
  bankDetails: string;
  defaultVatRate: number;
  mapTilesUrl: string;
  /**
   * Lets the built-in test checkout take card payments on the store's public domains too (a
   * staging shop); without it only local development hosts may use it (docs/decisions/0020).
   */
  allowTestPayments: boolean;
  /** A signed-out shopper may order without an account (docs/decisions/0030). */
  guestCheckout: boolean;
  /**
   * Where the shop's trader is established (ISO 3166-1 alpha-2, upper case), or "": the country
   * preselected for a visitor when nothing better is known (core/visitor-country.ts, 0044): the
   * trader identity's country, else the `home_country` setting (docs/decisions/0060).
   */
  homeCountry: string;
  /**
   * Days a consumer may withdraw from an order after delivery (Consumer Rights Directive art. 9):
   * at least 14; a shop may give more (docs/decisions/0050).
   */
  withdrawalDays: number;
  /**
   * The shop sells to consumers, so its orders carry the right of withdrawal; off for a shop that
   * sells only to businesses (the wholesale store), where the directive does not apply.
   */
  consumerSales: boolean;
  /**
   * Privacy retention (docs/decisions/0051): whole years after the end of an order's calendar year
   * that its fiscal data (name, address, amounts, lines) are kept before the retention job
   * anonymises it; days a guest order keeps its email and phone; days sign-in records keep their
   * IP addresses and typed names.
   */
  fiscalRetentionYears: number;
  guestDataRetentionDays: number;
  signInLogRetentionDays: number;
  /**
   * Days a newsletter sign-up that was never confirmed is kept (then the row and its confirmation
   * mail go), and days a cookie-banner answer is kept as proof (docs/decisions/0051).
   */
  newsletterPendingRetentionDays: number;
  cookieConsentRetentionDays: number;
  /**
   * The trader's identity (core/trader.ts, docs/decisions/0049), edited on its own in the back
   * office; null while none is stored.
   */
  trader: TraderIdentity | null;
  // The derived names of spec section 3, under the spec's own names.
  show_master_categories_home_page: boolean;
  fullscreenslider: boolean;
  showcatpictures: boolean;
  showbrandpictures: boolean;
  showStock: boolean;
  showSignin: boolean;
  showSignup: boolean;
  call_info: string;
  img_folder: string;
  vattext: string;
  facebook: string;
  twitter: string;
  instagram: string;
  youtube: string;
  tiktok: string;
  home_cats_background_img: string;
}

/**
 * The retention defaults (docs/decisions/0051). Fiscal: 10 years after the order's year, longer
 * than Cyprus VAT's six years and Greece's five (Law 4308/2014 art. 7) because either may be
 * extended (an open audit, "other legislation"); the shop's adviser may shorten it. Guest contact:
 * about three years, the two-year legal guarantee and time to claim under it. Sign-in records:
 * 90 days, enough to look into an attack.
 */
export const FISCAL_RETENTION_YEARS_DEFAULT = 10;
export const GUEST_DATA_RETENTION_DAYS_DEFAULT = 1095;
export const SIGN_IN_LOG_RETENTION_DAYS_DEFAULT = 90;
/**
 * An unconfirmed newsletter sign-up (docs/decisions/0051): its only purpose is the confirmation,
 * whose link lives 7 days (NEWSLETTER_PENDING_MIN_DAYS, services/newsletter.ts CONFIRM_DAYS); a
 * week more answers "did I ask for that mail?", then GDPR art. 5(1)(e) and 17(1)(a) want it gone.
 */
export const NEWSLETTER_PENDING_RETENTION_DAYS_DEFAULT = 14;
export const NEWSLETTER_PENDING_MIN_DAYS = 7;
/**
 * A cookie-banner answer (docs/decisions/0051): relied on while its cookie lives (180 days,
 * COOKIE_CONSENT_MIN_DAYS, core/consent.ts CONSENT_MAX_AGE_S), then kept as the proof art. 7(1)
 * and 5(2) ask for while a complaint about the analytics it allowed can still come: about three
 * years, as the guest data.
 */
export const COOKIE_CONSENT_RETENTION_DAYS_DEFAULT = 1095;
export const COOKIE_CONSENT_MIN_DAYS = 180;

export const VAT_INCLUDED_TEXT = "*VAT Included";
export const VAT_NOT_INCLUDED_TEXT = "*VAT NOT Included";

/** The VAT text a shopper sees: VAT-excluded customers see net prices. */
export function vatText(excludeVat: boolean): string {
  return excludeVat ? VAT_NOT_INCLUDED_TEXT : VAT_INCLUDED_TEXT;
}

/** Settings arrive as text from many back offices: accept the usual spellings of yes. */
export function parseFlag(value: string | undefined, fallback = false): boolean {
  if (value === undefined || value.trim() === "") return fallback;
  return ["1", "true", "yes", "y", "on"].includes(value.trim().toLowerCase());
}

function parseNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

function parsePositiveInt(value: string | undefined, fallback: number): number {
  const n = parseNumber(value);
  return n !== null && n > 0 ? Math.floor(n) : fallback;
}

export interface DeriveInput {
  raw: RawSettings;
  /** The store's image folder (from the store registry). */
  imgFolder: string;
  /** The 'home page categories image' page-content record, if any. */
  homeCategoriesImage?: string | null;
  /** The trader's identity, parsed by the server (services/settings.ts) from its settings row. */
  trader?: TraderIdentity | null;
}

export function deriveSettings({ raw, imgFolder, homeCategoriesImage, trader }: DeriveInput): StoreSettings {
  const s = (k: SettingKey) => (raw[k] ?? "").trim();
  const free = parseNumber(raw.free_delivery_total);
  const points = parseNumber(raw.points_percentage) ?? 0;
  const warehouse = parseNumber(raw.warehouse_id);
  return {
    siteUrl: s("site_url"),
    telephone: s("telephone"),
    companyName: s("company_name"),
    email: s("email"),
    customerVatMobile: parseFlag(raw.customer_vat_mobile),
    orderMobileShowPos: parseFlag(raw.order_mobile_show_pos),
    freeDeliveryTotalCents: free !== null && free > 0 ? Math.round(free * 100) : null,
    warehouseId: warehouse !== null ? Math.trunc(warehouse) : null,
    imageMainPath: s("image_main_path") || "/images",
    clientLatitude: parseNumber(raw.client_latitude),
    clientLongitude: parseNumber(raw.client_longitude),
    show18: parseFlag(raw.show_18),
    showMaps: parseFlag(raw.show_maps),
    showPlaceOrder: parseFlag(raw.show_place_order),
    showPayNow: parseFlag(raw.show_pay_now),
    showBankTransfer: parseFlag(raw.show_bank_transfer),
    showPaymentWallet: parseFlag(raw.show_payment_wallet),
    categoriesLink: s("categories_link") || "/shop/sidebar/3cols",
    pointsPercentage: Math.max(points, 0),
    pointsEnabled: points > 0,
    sessionExpireMinutes: parsePositiveInt(raw.session_expire, 30),
    cookieExpireMinutes: parsePositiveInt(raw.cookie_expire, 60 * 24 * 7),
    bankDetails: s("bank_details"),
    defaultVatRate: parseNumber(raw.default_vat_rate) ?? 19,
    mapTilesUrl: s("map_tiles_url"),
    allowTestPayments: parseFlag(raw.allow_test_payments),
    guestCheckout: parseFlag(raw.guest_checkout),
    trader: trader ?? null,
    // Where the trader is established (Settings → Trader identity) comes first; the `home_country`
    // setting serves a store whose identity is not saved yet (docs/decisions/0060).
    homeCountry:
      trader?.country ?? (/^[A-Za-z]{2}$/.test(s("home_country")) ? s("home_country").toUpperCase() : ""),
    // Never fewer than the law's 14 days, whatever is stored.
    withdrawalDays: Math.min(Math.max(parsePositiveInt(raw.withdrawal_days, 14), 14), 365),
    consumerSales: parseFlag(raw.consumer_sales, true),
    fiscalRetentionYears: parsePositiveInt(raw.fiscal_retention_years, FISCAL_RETENTION_YEARS_DEFAULT),
    guestDataRetentionDays: parsePositiveInt(
      raw.guest_data_retention_days,
      GUEST_DATA_RETENTION_DAYS_DEFAULT,
    ),
    signInLogRetentionDays: parsePositiveInt(
      raw.sign_in_log_retention_days,
      SIGN_IN_LOG_RETENTION_DAYS_DEFAULT,
    ),
    // Never below the confirmation link's life or the cookie's, whatever is stored.
    newsletterPendingRetentionDays: Math.max(
      parsePositiveInt(raw.newsletter_pending_retention_days, NEWSLETTER_PENDING_RETENTION_DAYS_DEFAULT),
      NEWSLETTER_PENDING_MIN_DAYS,
    ),
    cookieConsentRetentionDays: Math.max(
      parsePositiveInt(raw.cookie_consent_retention_days, COOKIE_CONSENT_RETENTION_DAYS_DEFAULT),
      COOKIE_CONSENT_MIN_DAYS,
    ),
    show_master_categories_home_page: parseFlag(raw.show_master_categories_home),
    fullscreenslider: parseFlag(raw.full_screen_slider),
    showcatpictures: parseFlag(raw.category_pictures),
    showbrandpictures: parseFlag(raw.brand_pictures),
    showStock: parseFlag(raw.show_stock),
    showSignin: parseFlag(raw.show_sign_in, true),
    showSignup: parseFlag(raw.show_sign_up, true),
    call_info: s("telephone"),
    img_folder: imgFolder,
    vattext: VAT_INCLUDED_TEXT,
    facebook: s("facebook"),
    twitter: s("twitter"),
    instagram: s("instagram"),
    youtube: s("youtube"),
    tiktok: s("tiktok"),
    home_cats_background_img: homeCategoriesImage ?? "",
  };
}
