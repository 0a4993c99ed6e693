// The title band of a content page: the page name and its breadcrumbs (Home, then the page).
import { Breadcrumbs } from "../../ui/Breadcrumbs";

export function PageHeader({ title, path }: { title: string; path: string }) {
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <div className="mt-2">
          <Breadcrumbs items={[{ label: title }]} path={path} />
        </div>
      </div>
    </div>
  );
}
