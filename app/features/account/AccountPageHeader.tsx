// Title band of the account pages with breadcrumbs: Home, then the page name (spec section 2).
import { Link } from "react-router";

export function AccountPageHeader({ title }: { title: string }) {
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <nav aria-label="Breadcrumb" className="mt-2 text-sm">
          <ol className="flex items-center gap-1 text-slate-600">
            <li>
              <Link to="/" className="hover:text-brand hover:underline">
                Home
              </Link>
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
