// Title band of the account pages with breadcrumbs: Home, then the page name (spec section 2).
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";

export function AccountPageHeader({ title }: { title: string }) {
  const t = useTranslations("Account");
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <nav aria-label={t("breadcrumb")} className="mt-2 text-sm">
          <ol className="flex items-center gap-1 text-slate-600">
            <li>
              <LocalLink to="/" className="hover:text-brand hover:underline">
                {t("home")}
              </LocalLink>
            </li>
            <li aria-hidden="true" className="text-slate-400">
              /
            </li>
            <li aria-current="page" className="font-medium text-slate-900">
              {title}
            </li>
          </ol>
        </nav>
      </div>
    </div>
  );
}

/** Titles for route `meta`: account pages are private, never indexed. */
export function accountMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  title: string,
) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { store?: { name?: string } } | undefined;
  const store = root?.store?.name;
  return [{ title: store ? `${title} | ${store}` : title }, { name: "robots", content: "noindex, nofollow" }];
}
