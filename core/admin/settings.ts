// The shop's settings as the back office edits them: every stored key of core/settings.ts
// (the spec's section 9) with its kind, range, group and a one-line explanation, and one zod
// schema built from that table which both the settings form and the server validate with.
// Pure: no I/O. The browser imports this module.
import { z } from "zod";
import { safeLink } from "../safe-redirect";
import {
  COOKIE_CONSENT_MIN_DAYS,
  COOKIE_CONSENT_RETENTION_DAYS_DEFAULT,
  FISCAL_RETENTION_YEARS_DEFAULT,
  GUEST_DATA_RETENTION_DAYS_DEFAULT,
  NEWSLETTER_PENDING_MIN_DAYS,
  NEWSLETTER_PENDING_RETENTION_DAYS_DEFAULT,
  type SettingKey,
  SIGN_IN_LOG_RETENTION_DAYS_DEFAULT,
} from "../settings";

export const SETTING_GROUPS = [
  { id: "contact", title: "Contact", help: "How customers reach the shop." },
  { id: "payments", title: "Payments shown", help: "Which ways to pay the checkout offers." },
  {
    id: "checkout",
    title: "Checkout and points",
    help: "Delivery, VAT, reward points and the warehouse orders ship from.",
  },
  { id: "catalogue", title: "Catalogue display", help: "What the shop's pages show." },
  { id: "social", title: "Social links", help: "Links in the footer; leave empty to hide one." },
  { id: "sessions", title: "Accounts and sessions", help: "Sign-in, sign-up and how long visits last." },
  { id: "map", title: "Map", help: "The map on the contact page." },
  {
    id: "privacy",
    title: "Privacy and retention",
    help: "How long personal data is kept before the shop anonymises it (ask your adviser; see the README).",
  },
] as const;

export type SettingGroupId = (typeof SETTING_GROUPS)[number]["id"];

export type SettingKind =
  | "text"
  | "textarea"
  | "email"
  | "url"
  | "path"
  | "switch"
  | "number"
  | "money"
  | "warehouse"
  | "country";

export interface SettingField {
  key: SettingKey;
  group: SettingGroupId;
  kind: SettingKind;
  label: string;
  /** One line a shop owner understands. */
  help: string;
  /** Numbers: the allowed range and step; text: the longest value. */
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  /** May be left empty (text kinds), or null (numbers, money, warehouse). */
  optional?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** What the shop uses while nothing is stored (core/settings.ts deriveSettings). */
  fallback?: SettingValue;
}

export const SETTING_FIELDS: readonly SettingField[] = [
  // Contact
  {
    key: "company_name",
    group: "contact",
    kind: "text",
    label: "Company name",
    help: "The legal name shown in the footer, on invoices and in mails.",
    maxLength: 120,
  },
  {
    key: "site_url",
    group: "contact",
    kind: "url",
    label: "Website address",
    help: "The shop's public address, used in links that leave the site.",
    maxLength: 300,
    placeholder: "https://",
    optional: true,
  },
  {
    key: "telephone",
    group: "contact",
    kind: "text",
    label: "Telephone",
    help: "The number shown in the header and on the contact page.",
    maxLength: 40,
    optional: true,
  },
  {
    key: "email",
    group: "contact",
    kind: "email",
    label: "Email",
    help: "Where customer messages and order notices go; also shown on the contact page.",
    maxLength: 200,
    optional: true,
  },
  {
    key: "home_country",
    group: "contact",
    kind: "country",
    label: "Home country",
    help: "The 2-letter code of the country the shop is established in, e.g. CY: preselected for visitors when nothing better is known. The trader identity's country, once saved, takes its place. Empty with no trader identity: the first of the shop's countries.",
    maxLength: 2,
    optional: true,
    placeholder: "CY",
  },
  {
    key: "bank_details",
    group: "contact",
    kind: "textarea",
    label: "Bank details",
    help: "Shown to customers who choose bank transfer (beneficiary, IBAN, BIC, reference).",
    maxLength: 2000,
    optional: true,
  },
  // Payments shown
  {
    key: "show_place_order",
    group: "payments",
    kind: "switch",
    label: "Cash on delivery",
    help: "Offer paying in cash when the order arrives.",
  },
  {
    key: "show_pay_now",
    group: "payments",
    kind: "switch",
    label: "Card payment",
    help: "Offer paying by card through the payment provider.",
  },
  {
    key: "show_bank_transfer",
    group: "payments",
    kind: "switch",
    label: "Bank transfer",
    help: "Offer paying by bank transfer with the bank details above.",
  },
  {
    key: "show_payment_wallet",
    group: "payments",
    kind: "switch",
    label: "Wallet",
    help: "Offer paying with a digital wallet through the payment provider.",
  },
  {
    key: "allow_test_payments",
    group: "payments",
    kind: "switch",
    label: "Allow test payments",
    help: "Lets the built-in test checkout take payments on the public site (staging shops only).",
  },
  // Checkout and points
  {
    key: "free_delivery_total",
    group: "checkout",
    kind: "money",
    label: "Free delivery from",
    help: "Orders whose goods total reaches this amount ship free; leave empty for never.",
    min: 0,
    max: 100000,
    step: 0.01,
    unit: "€",
    optional: true,
  },
  {
    key: "default_vat_rate",
    group: "checkout",
    kind: "number",
    label: "Default VAT rate",
    help: "The VAT rate for products that do not name their own.",
    min: 0,
    max: 100,
    step: 0.01,
    unit: "%",
    fallback: 19,
  },
  {
    key: "points_percentage",
    group: "checkout",
    kind: "number",
    label: "Reward points",
    help: "Share of each order's total given back as points; 0 turns points off.",
    min: 0,
    max: 100,
    step: 0.01,
    unit: "%",
    fallback: 0,
  },
  {
    key: "warehouse_id",
    group: "checkout",
    kind: "warehouse",
    label: "Shipping warehouse",
    help: "The warehouse whose stock the shop sells and ships from.",
    optional: true,
  },
  {
    key: "customer_vat_mobile",
    group: "checkout",
    kind: "switch",
    label: "VAT number on phones",
    help: "Ask for a VAT number at checkout on phones as well.",
  },
  {
    key: "order_mobile_show_pos",
    group: "checkout",
    kind: "switch",
    label: "Phone orders to the till",
    help: "Send orders placed on phones to the shop's point of sale too.",
  },
  // Catalogue display
  {
    key: "show_18",
    group: "catalogue",
    kind: "switch",
    label: "Age check (18+)",
    help: "Ask every visitor to confirm they are 18 or older before they browse.",
  },
  {
    key: "show_stock",
    group: "catalogue",
    kind: "switch",
    label: "Show stock",
    help: "Show how many pieces are in stock on product pages.",
  },
  {
    key: "show_master_categories_home",
    group: "catalogue",
    kind: "switch",
    label: "Main categories on the home page",
    help: "Show the main categories as tiles on the home page.",
  },
  {
    key: "full_screen_slider",
    group: "catalogue",
    kind: "switch",
    label: "Full-width slider",
    help: "Stretch the home page's slides across the whole screen width.",
  },
  {
    key: "brand_pictures",
    group: "catalogue",
    kind: "switch",
    label: "Brand logos",
    help: "Show brand logos instead of brand names.",
  },
  {
    key: "category_pictures",
    group: "catalogue",
    kind: "switch",
    label: "Category pictures",
    help: "Show a picture for each category in menus and lists.",
  },
  {
    key: "categories_link",
    group: "catalogue",
    kind: "path",
    label: "Shop page address",
    help: "The page the 'Shop' link opens, e.g. /shop/sidebar/3cols.",
    maxLength: 200,
    placeholder: "/shop/sidebar/3cols",
    fallback: "/shop/sidebar/3cols",
  },
  {
    key: "image_main_path",
    group: "catalogue",
    kind: "path",
    label: "Image path",
    help: "Where product pictures are served from, e.g. /images.",
    maxLength: 200,
    placeholder: "/images",
    fallback: "/images",
  },
  // Social links
  ...(["facebook", "instagram", "youtube", "tiktok", "twitter"] as const).map(
    (key): SettingField => ({
      key,
      group: "social",
      kind: "url",
      label:
        key === "twitter"
          ? "X (Twitter)"
          : key === "tiktok"
            ? "TikTok"
            : key === "youtube"
              ? "YouTube"
              : key[0]?.toUpperCase() + key.slice(1),
      help: `The shop's ${key === "twitter" ? "X" : key === "tiktok" ? "TikTok" : key === "youtube" ? "YouTube" : key[0]?.toUpperCase() + key.slice(1)} page; empty hides the icon.`,
      maxLength: 300,
      optional: true,
      placeholder: "https://",
    }),
  ),
  // Accounts and sessions
  {
    key: "show_sign_in",
    group: "sessions",
    kind: "switch",
    label: "Customer sign-in",
    help: "Let customers sign in to their accounts.",
    fallback: true,
  },
  {
    key: "show_sign_up",
    group: "sessions",
    kind: "switch",
    label: "Customer sign-up",
    help: "Let new customers create an account.",
    fallback: true,
  },
  {
    key: "guest_checkout",
    group: "sessions",
    kind: "switch",
    label: "Guest checkout",
    help: "Let shoppers order without an account; the confirmation mail links to the order.",
  },
  {
    key: "consumer_sales",
    group: "checkout",
    kind: "switch",
    label: "Sells to consumers",
    help: "Orders carry the 14-day right of withdrawal ('Withdraw from contract here' on the order page, the withdrawal form in the confirmation mail). Off only for a shop that sells to businesses alone.",
    fallback: true,
  },
  {
    key: "withdrawal_days",
    group: "checkout",
    kind: "number",
    label: "Withdrawal period",
    help: "Days after delivery a consumer may withdraw from an order without giving a reason: the law's 14 at least, more if the shop offers it.",
    min: 14,
    max: 365,
    step: 1,
    unit: "days",
    fallback: 14,
  },
  {
    key: "session_expire",
    group: "sessions",
    kind: "number",
    label: "Sign out after",
    help: "Minutes without activity after which a signed-in customer is signed out.",
    min: 5,
    max: 1440,
    step: 1,
    unit: "minutes",
    fallback: 30,
  },
  {
    key: "cookie_expire",
    group: "sessions",
    kind: "number",
    label: "Forget the visit after",
    help: "Minutes after which the browser's stored cart and choices are cleared.",
    min: 60,
    max: 525600,
    step: 1,
    unit: "minutes",
    fallback: 10080,
  },
  // Map
  {
    key: "show_maps",
    group: "map",
    kind: "switch",
    label: "Show the map",
    help: "Show a map with the shop's location on the contact page.",
  },
  {
    key: "client_latitude",
    group: "map",
    kind: "number",
    label: "Latitude",
    help: "The shop's position north or south, e.g. 34.6752.",
    min: -90,
    max: 90,
    step: 0.000001,
    optional: true,
  },
  {
    key: "client_longitude",
    group: "map",
    kind: "number",
    label: "Longitude",
    help: "The shop's position east or west, e.g. 33.0442.",
    min: -180,
    max: 180,
    step: 0.000001,
    optional: true,
  },
  {
    key: "map_tiles_url",
    group: "map",
    kind: "url",
    label: "Map tiles address",
    help: "Where map pictures come from, with {z}, {x} and {y} in it; empty uses the default.",
    maxLength: 300,
    optional: true,
    placeholder: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  },
  // Privacy and retention (docs/decisions/0051)
  {
    key: "fiscal_retention_years",
    group: "privacy",
    kind: "number",
    label: "Keep order records for",
    help: "Years after the end of an order's year that its name, address, amounts and lines are kept for the tax authorities; then the name and address are anonymised.",
    min: 5,
    max: 30,
    step: 1,
    unit: "years",
    fallback: FISCAL_RETENTION_YEARS_DEFAULT,
  },
  {
    key: "guest_data_retention_days",
    group: "privacy",
    kind: "number",
    label: "Keep guests' email and phone for",
    help: "Days a guest order keeps its email address and phone number (after-sales, guarantee claims); then they are removed.",
    min: 30,
    max: 3650,
    step: 1,
    unit: "days",
    fallback: GUEST_DATA_RETENTION_DAYS_DEFAULT,
  },
  {
    key: "sign_in_log_retention_days",
    group: "privacy",
    kind: "number",
    label: "Keep sign-in records for",
    help: "Days staff sign-ins keep their IP address and typed name, and ended sessions and sign-in counters are kept.",
    min: 7,
    max: 730,
    step: 1,
    unit: "days",
    fallback: SIGN_IN_LOG_RETENTION_DAYS_DEFAULT,
  },
  {
    key: "newsletter_pending_retention_days",
    group: "privacy",
    kind: "number",
    label: "Keep unconfirmed newsletter sign-ups for",
    help: "Days a newsletter sign-up whose confirmation link was never used is kept; then the address and its confirmation mail are deleted. At least 7, the link's life.",
    min: NEWSLETTER_PENDING_MIN_DAYS,
    max: 90,
    step: 1,
    unit: "days",
    fallback: NEWSLETTER_PENDING_RETENTION_DAYS_DEFAULT,
  },
  {
    key: "cookie_consent_retention_days",
    group: "privacy",
    kind: "number",
    label: "Keep cookie choices for",
    help: "Days each answer to the cookie banner is kept as proof of what the visitor chose; then it is deleted. At least 180, the life of the cookie that carries the answer.",
    min: COOKIE_CONSENT_MIN_DAYS,
    max: 3650,
    step: 1,
    unit: "days",
    fallback: COOKIE_CONSENT_RETENTION_DAYS_DEFAULT,
  },
];

/** A setting's value as the form and the API carry it. */
export type SettingValue = string | number | boolean | null;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v.replace(/\{[xyzs]\}/g, "0"));
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
};

function numberMessage(f: SettingField): string {
  const unit = f.unit && f.unit !== "€" ? ` ${f.unit}` : "";
  const money = f.unit === "€" ? "€" : "";
  return `Enter a number from ${money}${f.min}${unit} to ${money}${f.max}${unit}.`;
}

/** The zod schema of one field's value (what the form sends). */
export function fieldSchema(f: SettingField): z.ZodType<SettingValue> {
  switch (f.kind) {
    case "switch":
      return z.boolean({ error: "Choose on or off." });
    case "number":
    case "money": {
      const n = z
        .number({ error: numberMessage(f) })
        .min(f.min ?? Number.NEGATIVE_INFINITY, numberMessage(f))
        .max(f.max ?? Number.POSITIVE_INFINITY, numberMessage(f))
        .refine((v) => f.kind !== "money" || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
          message: "Use at most 2 decimals (cents).",
        });
      return f.optional ? n.nullable() : n;
    }
    case "warehouse": {
      const w = z
        .number({ error: "Choose a warehouse." })
        .int("Choose a warehouse.")
        .positive("Choose a warehouse.");
      return f.optional ? w.nullable() : w;
    }
    default: {
      const max = f.maxLength ?? 300;
      let s = z.string({ error: "Enter text." }).trim().max(max, `Use at most ${max} characters.`);
      if (!f.optional) s = s.min(1, `Enter the ${f.label.toLowerCase()}.`);
      const check = (test: (v: string) => boolean, message: string) =>
        s.refine((v) => v === "" || test(v), { message });
      if (f.kind === "email")
        return check((v) => z.email().safeParse(v).success, "Enter an email address like name@example.com.");
      if (f.kind === "url") return check(isHttpUrl, "Enter a full web address starting with https://.");
      if (f.kind === "path")
        return check(
          (v) => /^\/[\w\-./]*$/.test(v) && safeLink(v, false) !== null,
          "Enter a path starting with /, e.g. /images.",
        );
      if (f.kind === "text") return check((v) => !/[\r\n]/.test(v), "Keep it on one line.");
      if (f.kind === "country")
        return check((v) => /^[A-Za-z]{2}$/.test(v), "Enter a 2-letter country code, e.g. CY.");
      return s;
    }
  }
}

export const SettingsValuesSchema = z.object(
  Object.fromEntries(SETTING_FIELDS.map((f) => [f.key, fieldSchema(f)])) as Record<
    SettingKey,
    z.ZodType<SettingValue>
  >,
);

/** The shop's registry fields (control database): name, address, countries, working hours. */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 09:00.");

export const StoreFieldsSchema = z.object({
  name: z.string().trim().min(1, "Enter the shop's name.").max(120, "Use at most 120 characters."),
  url: z
    .string()
    .trim()
    .max(300, "Use at most 300 characters.")
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && u.pathname === "/" && !u.search;
      } catch {
        return false;
      }
    }, "Enter the shop's address like https://shop.example.com, without a path."),
  countries: z
    .array(
      z.object({
        code: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, "Use the 2-letter country code, e.g. CY."),
        name: z.string().trim().min(1, "Enter the country's name.").max(80, "Use at most 80 characters."),
      }),
    )
    .min(1, "Add at least one country the shop delivers to.")
    .max(300)
    .refine((list) => new Set(list.map((c) => c.code.toUpperCase())).size === list.length, {
      message: "Each country may be listed once.",
    }),
  workingHours: z
    .array(
      z
        .object({ day: z.number().int().min(0).max(6), open: time, close: time })
        .refine((h) => h.open < h.close, {
          message: "Closing time must be after opening time.",
          path: ["close"],
        }),
    )
    .max(7)
    .refine((list) => new Set(list.map((h) => h.day)).size === list.length, {
      message: "Each weekday may be listed once.",
    }),
});

export type StoreFields = z.infer<typeof StoreFieldsSchema>;

export const SettingsFormSchema = z.object({
  values: SettingsValuesSchema,
  store: StoreFieldsSchema,
});

/** Zod issues as { "values.free_delivery_total": "message" }: the first message per field. */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** A stored text value as the form shows it. */
export function toFormValue(f: SettingField, raw: string | undefined): SettingValue {
  const v = (raw ?? "").trim();
  if (v === "" && f.fallback !== undefined) return f.fallback;
  switch (f.kind) {
    case "switch":
      return ["1", "true", "yes", "y", "on"].includes(v.toLowerCase());
    case "number":
    case "money":
    case "warehouse": {
      if (v === "") return f.optional ? null : (f.min ?? 0);
      const n = Number(v.replace(",", "."));
      if (!Number.isFinite(n)) return f.optional ? null : (f.min ?? 0);
      if (f.kind === "money" && n <= 0) return null;
      return n;
    }
    default:
      return v;
  }
}

/** A validated form value as it is stored (text, as every settings row is). */
export function toStoredValue(f: SettingField, value: SettingValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (f.kind === "money") return typeof value === "number" ? (value > 0 ? value.toFixed(2) : "") : "";
  return String(value);
}
