// Links that keep the page's language (docs/decisions/0035-languages.md): on a store whose default
// is English, the Greek pages live under /el, and every absolute link on them must stay there.
// Storefront code links with these instead of react-router's Link, NavLink and useNavigate.
import { forwardRef } from "react";
import {
  Link,
  type LinkProps,
  type NavigateOptions,
  NavLink,
  type NavLinkProps,
  type To,
  useMatches,
  useNavigate,
} from "react-router";
import { type Lang, withPrefix } from "../../core/language";
import { translateCoreText } from "../../core/messages/core-text-lookup";
import { formatMoney } from "../../core/money";
import { languageDataOf } from "./i18n";

/** The language layout's data (its language, prefix and catalogue), whichever tree the page is in. */
export function useLanguageData() {
  return languageDataOf(useMatches());
}

/**
 * Shows a rule's text (core/*: ACCOUNT_TEXT, CART_TEXT, ...) or an API answer's message in the
 * page's language: `const text = useCoreText(); toast(text(CART_TEXT.added))`. A text with no
 * translation (or one the server composed with a number in it) stays as it is.
 */
export function useCoreText(): (text: string) => string {
  const map = useLanguageData()?.coreTexts;
  return (text) => translateCoreText(map, text);
}

/**
 * Euro amounts in the page's language: `const euro = useMoney(); euro(cents)` writes "€1,234.50"
 * on English pages and "1.234,50 €" on Greek ones (core/money.ts, no Intl on a first load).
 */
export function useMoney(): (cents: number) => string {
  const { lang } = useLanguage();
  return (cents) => formatMoney(cents, lang);
}

/** The page's language and its path prefix ("" for the store's default language). */
export function useLanguage(): { lang: Lang; prefix: string } {
  const data = useLanguageData();
  return { lang: data?.lang ?? "en", prefix: data?.prefix ?? "" };
}

/** A page path under the page's prefix (core/language.ts withPrefix: never prefixed twice). */
export const prefixPath = withPrefix;

function prefixTo(prefix: string, to: To): To {
  if (!prefix) return to;
  if (typeof to === "string") return prefixPath(prefix, to);
  return to.pathname ? { ...to, pathname: prefixPath(prefix, to.pathname) } : to;
}

/** `(path) => path in the page's language`, for hrefs, form actions and fetches of pages. */
export function useLocalePath(): (path: string) => string {
  const { prefix } = useLanguage();
  return (path) => prefixPath(prefix, path);
}

export const LocalLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocalLink({ to, ...rest }, ref) {
  const { prefix } = useLanguage();
  return <Link ref={ref} to={prefixTo(prefix, to)} {...rest} />;
});

export const LocalNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function LocalNavLink(
  { to, ...rest },
  ref,
) {
  const { prefix } = useLanguage();
  return <NavLink ref={ref} to={prefixTo(prefix, to)} {...rest} />;
});

/**
 * useNavigate that keeps the language (numbers, for history steps, pass through). Its promise
 * settles when the navigation has, for flows that revalidate after it.
 */
export function useLocalNavigate(): (to: To | number, options?: NavigateOptions) => Promise<void> {
  const navigate = useNavigate();
  const { prefix } = useLanguage();
  return async (to, options) => {
    if (typeof to === "number") await navigate(to);
    else await navigate(prefixTo(prefix, to), options);
  };
}
