// The storefront's texts come from the catalogues in core/messages (docs/decisions/0035-languages.md).
// Components call use-intl's `useTranslations("Namespace")`; this module types it from the English
// catalogue (an unknown key fails the type check) and gives meta functions, which cannot call
// hooks, a translator on the same data.
import { createTranslator } from "use-intl/core";
import type { Lang } from "../../core/language";
import type { Messages, Namespace } from "../../core/messages/catalogue";
import type { CoreTexts } from "../../core/messages/core-text-lookup";

declare module "use-intl" {
  interface AppConfig {
    Locale: Lang;
    Messages: Messages;
  }
}

/** What the language layout's loader hands the page (routes/language.tsx). */
export interface LanguageData {
  lang: Lang;
  /** "" for the store's default language, else "/el" or "/en": what links on the page start with. */
  prefix: string;
  /** Compiled messages (services/messages.ts): use-intl's parser-free formatter reads them. */
  messages: Record<string, Record<string, unknown>>;
  /** The rules' English texts and their translation on this page (empty in English). */
  coreTexts: CoreTexts;
}

export function isLanguageData(data: unknown): data is LanguageData {
  return typeof data === "object" && data !== null && "messages" in data && "lang" in data;
}

/** The language data among a route's matches (meta functions receive `matches`). */
export function languageDataOf(matches: ReadonlyArray<{ data?: unknown; loaderData?: unknown } | undefined>) {
  for (const m of matches) {
    const d = m?.loaderData ?? m?.data;
    if (isLanguageData(d)) return d;
  }
  return undefined;
}

/** A translator for a meta function: `metaTranslator(matches, "Product")("title")`. */
export function metaTranslator<N extends Namespace>(
  matches: ReadonlyArray<{ data?: unknown; loaderData?: unknown } | undefined>,
  namespace: N,
) {
  const data = languageDataOf(matches);
  return createTranslator({
    locale: data?.lang ?? "en",
    messages: (data?.messages ?? {}) as unknown as Messages,
    namespace,
  });
}
