// The catalogues compiled for use-intl's parser-free formatter (docs/decisions/0035-languages.md):
// compiled once per process, English put in for every key a language lacks, so a page never shows
// a key. The browser receives the compiled catalogue of its page's language as loader data.
import compile from "icu-minify/compile";
import format, { type FormatValues } from "icu-minify/format";
import { type Lang, LOCALE_TAGS, SOURCE_LANG } from "../core/language";
import { CATALOGUES, type Messages, type Namespace } from "../core/messages/catalogue";
import { type CoreTexts, coreTextEntries, coreTextTemplates } from "../core/messages/core-texts";
import elCoreTexts from "../core/messages/el/core-texts.json";
import { STORE_TIME_ZONE } from "../core/time-zone";

type Compiled = ReturnType<typeof compile>;
export type CompiledMessages = Record<string, Record<string, Compiled>>;

const compiled = new Map<Lang, CompiledMessages>();

/** Namespaces only the server formats (mail): never sent to a browser. */
const SERVER_ONLY: readonly Namespace[] = ["Mail", "WithdrawalMail"];
const pageCatalogues = new Map<Lang, CompiledMessages>();

/** What a storefront page carries: every namespace of `lang` but the server's own. */
export function pageMessagesFor(lang: Lang): CompiledMessages {
  let out = pageCatalogues.get(lang);
  if (out) return out;
  out = Object.fromEntries(
    Object.entries(messagesFor(lang)).filter(([ns]) => !SERVER_ONLY.includes(ns as Namespace)),
  ) as CompiledMessages;
  pageCatalogues.set(lang, out);
  return out;
}

/** Every namespace of `lang`, compiled, English where it has no translation. */
export function messagesFor(lang: Lang): CompiledMessages {
  let out = compiled.get(lang);
  if (out) return out;
  out = {};
  const source: Record<string, Record<string, string>> = CATALOGUES[SOURCE_LANG];
  const own = CATALOGUES[lang];
  for (const ns of Object.keys(source) as Namespace[]) {
    const english = source[ns] ?? {};
    const texts: Record<string, Compiled> = {};
    for (const [key, text] of Object.entries(english)) {
      texts[key] = compile(own[ns]?.[key] ?? text);
    }
    out[ns] = texts;
  }
  compiled.set(lang, out);
  return out;
}

const CORE_TRANSLATIONS: Record<Lang, Record<string, string>> = { en: {}, el: elCoreTexts };
const coreMaps = new Map<Lang, CoreTexts>();

/**
 * The rules' constant texts (core/messages/core-texts.ts) as "English → translation" for a page in
 * `lang`: empty in English. The browser looks a text up here whether a rule in the browser or an
 * API answer produced it.
 */
export function coreTextsFor(lang: Lang): CoreTexts {
  let map = coreMaps.get(lang);
  if (map) return map;
  const texts: Record<string, string> = {};
  const templates: CoreTexts["templates"] = [];
  const own = CORE_TRANSLATIONS[lang];
  for (const [path, english] of coreTextEntries()) {
    const translated = own[path];
    if (translated !== undefined && translated !== english) texts[english] = translated;
  }
  for (const [path, { before, after }] of coreTextTemplates()) {
    const translated = own[path];
    if (translated !== undefined) templates.push([before, after, translated]);
  }
  map = { texts, templates };
  coreMaps.set(lang, map);
  return map;
}

const formatters = {
  getDateTimeFormat: memo(
    (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...a),
  ),
  getNumberFormat: memo(
    (...a: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...a),
  ),
  getPluralRules: memo((...a: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...a)),
};

function memo<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let r = made.get(key);
    if (r === undefined) {
      r = make(...args);
      made.set(key, r);
    }
    return r;
  };
}

/**
 * A translator for server code (actions' messages, mail) on the same compiled catalogue. It calls
 * icu-minify's formatter itself: server code outside the Vite build does not get the alias that
 * points use-intl at the parser-free formatter.
 */
export function translatorFor<N extends Namespace>(lang: Lang, namespace: N) {
  const texts = messagesFor(lang)[namespace] ?? {};
  const locale = LOCALE_TAGS[lang].intl;
  return (key: keyof Messages[N] & string, values?: FormatValues): string => {
    const message = texts[key];
    if (message === undefined) return `${namespace}.${key}`;
    return String(format(message, locale, values, { formatters, timeZone: STORE_TIME_ZONE }));
  };
}
