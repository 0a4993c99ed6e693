// Links that keep the page's language (docs/decisions/0035-languages.md): on a store whose default
// is English, the Greek pages live under /el, and every absolute link on them must stay there.
// Storefront code links with these instead of react-router's Link, NavLink and useNavigate.
import { forwardRef, useContext } from "react";
import {
  Link,
  type LinkProps,
  type NavigateOptions,
  NavLink,
  type NavLinkProps,
  type To,
  UNSAFE_NavigationContext,
  useMatches,
  useNavigate,
} from "react-router";
import { formatGrams } from "../../core/grams";
import { type Lang, withPrefix } from "../../core/language";
import { translateCoreText } from "../../core/messages/core-text-lookup";
import { formatDecimalIn, formatMoney } from "../../core/money";
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

/** Weights in the page's language: `const grams = useGrams(); grams(1250)` writes "1.25 kg" ("1,25 kg" in Greek). */
export function useGrams(): (grams: number) => string {
  const { lang } = useLanguage();
  return (g) => formatGrams(g, lang);
}

/**
 * Reward points in the page's language: `const points = usePoints(); points(cents)` writes "12.5"
 * on English pages and "12,5" on Greek ones (balance in cents, 1 point = €1; spec section 9: 1 to
 * 2 decimals).
 */
export function usePoints(): (cents: number) => string {
  const { lang } = useLanguage();
  return (cents) => formatDecimalIn(cents, lang);
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

const onServer = typeof document === "undefined";

/**
 * The href react-router's Link renders on the server for `to` when it is a plain absolute path
 * ("/shop?x=1#y"): the path itself. Null for anything Link would resolve or change: relative
 * paths, objects, URLs and "//host", "." and ".." segments, doubled slashes, a bare "?" or "#".
 */
export function plainServerHref(to: To): string | null {
  if (typeof to !== "string" || !/^\/(?![/\\])/.test(to)) return null;
  const hash = to.indexOf("#");
  if (hash === to.length - 1) return null;
  const beforeHash = hash < 0 ? to : to.slice(0, hash);
  const query = beforeHash.indexOf("?");
  if (query >= 0 && query === beforeHash.length - 1) return null;
  // Link folds doubled slashes and resolves "." and ".." segments.
  const pathname = query < 0 ? beforeHash : beforeHash.slice(0, query);
  if (/[\\/]{2}|\/\.\.?(?:\/|$)/.test(pathname)) return null;
  return to;
}

/**
 * On the server, a link to a plain absolute path is written as the anchor react-router's Link
 * renders for it (same attributes, in the same order): Link resolves each link against the route
 * matches (a JSON round trip of them, twice), which was about a tenth of a cold page render's CPU
 * at 100-150 links a page (docs/decisions/0034, "Cold render CPU"). In the browser, and for
 * anything else (relative paths, objects, URLs, prefetching, reloadDocument, a mask, a basename),
 * it is the Link itself.
 */
export const LocalLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocalLink({ to, ...rest }, ref) {
  const { prefix } = useLanguage();
  const target = prefixTo(prefix, to);
  if (onServer) {
    // biome-ignore lint/correctness/useHookAtTopLevel: the condition is fixed per environment (server or browser)
    const { basename } = useContext(UNSAFE_NavigationContext);
    const href = plainServerHref(target);
    const {
      discover = "render",
      prefetch,
      relative: _relative,
      reloadDocument,
      replace: _replace,
      mask,
      state: _state,
      preventScrollReset: _scroll,
      viewTransition: _transition,
      defaultShouldRevalidate,
      onClick: _onClick,
      target: frame,
      ...attributes
    } = rest;
    if (
      href !== null &&
      basename === "/" &&
      (prefetch === undefined || prefetch === "none") &&
      !reloadDocument &&
      mask === undefined &&
      defaultShouldRevalidate === undefined
    )
      return (
        <a
          {...attributes}
          href={href}
          target={frame}
          data-discover={discover === "render" ? "true" : undefined}
        />
      );
  }
  return <Link ref={ref} to={target} {...rest} />;
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
