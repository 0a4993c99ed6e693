// The texts that rules in core/ hand to both the browser and the server (validation messages,
// toasts, popups): English constants next to the rules, the spec's words. Their translations are
// in ./<lang>/core-texts.json, keyed by the constant's path (`ACCOUNT_TEXT.duplicate`); a page in
// another language receives "English → translation" for them (services/messages.ts), and the UI
// shows any such text, whether it came from a rule in the browser or an API answer, through
// `useCoreText()` (app/lib/localized.tsx). A text made by a function from one value is translated
// as a template: "{value}" in the translation stands for it. Only the server imports this module.
import { CART_TEXT } from "../cart";
import { CHECKOUT_TEXT } from "../checkout";
import { COMPARE_TEXT } from "../compare";
import { CONTACT_TEXT } from "../contact";
import { NOTIFY_TEXT } from "../notify";
import { VAT_INCLUDED_TEXT, VAT_NOT_INCLUDED_TEXT } from "../settings";
import { SHIPPING_WEIGHT_TEXT } from "../shipping-weight";
import { ACCOUNT_TEXT, FIELD_REQUIRED, FIELD_TEXT, NEWSLETTER_TEXT } from "../validation/account";
import { WISHLIST_TEXT } from "../wishlist";
import { WITHDRAWAL_TEXT } from "../withdrawal";

export type { CoreTexts } from "./core-text-lookup";

const GROUPS: Record<string, Record<string, unknown>> = {
  ACCOUNT_TEXT,
  FIELD_TEXT,
  FIELD_REQUIRED,
  NEWSLETTER_TEXT,
  CART_TEXT,
  CHECKOUT_TEXT,
  COMPARE_TEXT,
  NOTIFY_TEXT,
  WISHLIST_TEXT,
  CONTACT_TEXT,
  WITHDRAWAL_TEXT,
  SHIPPING_WEIGHT_TEXT,
  VAT: { included: VAT_INCLUDED_TEXT, notIncluded: VAT_NOT_INCLUDED_TEXT },
};

/** Every constant text as [path, English]; texts made by a function are in coreTextTemplates(). */
export function coreTextEntries(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [group, texts] of Object.entries(GROUPS)) {
    for (const [key, value] of Object.entries(texts))
      if (typeof value === "string" && value !== "") out.push([`${group}.${key}`, value]);
  }
  return out;
}

/** The rules' texts made from one value ("Available stock: 3"): [path, the text around the value]. */
export function coreTextTemplates(): Array<[string, { before: string; after: string }]> {
  const out: Array<[string, { before: string; after: string }]> = [];
  const mark = "\u0000";
  for (const [group, texts] of Object.entries(GROUPS)) {
    for (const [key, value] of Object.entries(texts)) {
      if (typeof value !== "function") continue;
      const [before = "", after = ""] = String((value as (v: string) => string)(mark)).split(mark);
      out.push([`${group}.${key}`, { before, after }]);
    }
  }
  return out;
}
