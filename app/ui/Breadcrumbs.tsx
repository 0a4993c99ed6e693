// Breadcrumbs on pages: Home, then the page name (spec section 2), with the matching
// BreadcrumbList JSON-LD in the server-rendered HTML.
import { useTranslations } from "use-intl";
import { breadcrumbJsonLd } from "../../core/seo";
import { LocalLink, useLocalePath } from "../lib/localized";
import { useSite } from "../lib/seo";
import { JsonLd } from "./JsonLd";

export interface Crumb {
  label: string;
  /** Omit for the current page (the last crumb). */
  to?: string;
  /** "en" for shop content shown in English on a page in another language (core/translation.ts). */
  lang?: "en";
}

export function Breadcrumbs({
  items,
  path,
}: {
  items: Crumb[] /** The current page's path. */;
  path: string;
}) {
  const site = useSite();
  const t = useTranslations("Common");
  const localePath = useLocalePath();
  const all: Crumb[] = [{ label: t("home"), to: "/" }, ...items];
  return (
    <nav aria-label={t("breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {all.map((c, i) => {
          const last = i === all.length - 1;
          return (
            <li key={c.to ?? c.label} className="flex items-center gap-1">
              {i > 0 ? (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              ) : null}
              {last || !c.to ? (
                <span
                  aria-current={last ? "page" : undefined}
                  className={last ? "font-medium text-slate-900" : undefined}
                  lang={c.lang}
                >
                  {c.label}
                </span>
              ) : (
                <LocalLink to={c.to} className="hover:text-brand hover:underline" lang={c.lang}>
                  {c.label}
                </LocalLink>
              )}
            </li>
          );
        })}
      </ol>
      {site ? (
        <JsonLd
          data={breadcrumbJsonLd(
            site.url,
            all.map((c, i) => ({
              name: c.label,
              path: localePath(c.to ?? (i === all.length - 1 ? path : "/")),
            })),
          )}
        />
      ) : null}
    </nav>
  );
}
