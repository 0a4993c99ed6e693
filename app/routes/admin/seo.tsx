// /admin/seo: the store's default title, description and keywords, and each page's own title
// and description (search results and shared links show them).

import { useLoaderData } from "react-router";
import { SEO_FIELDS, SEO_PAGE_KEYS, SeoInput } from "../../../core/admin/content";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { loadSeo, SeoScreen } from "../../admin/content/SeoScreen";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { text } from "../../admin/records/records";
import { readTranslationsForm } from "../../admin/ui/translations";

export function meta() {
  return [{ title: "SEO texts · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return loadSeo();
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const pages = Object.fromEntries(
    SEO_PAGE_KEYS.map((k) => [
      k,
      { title: text(form, `${k}-title`), description: text(form, `${k}-description`) },
    ]),
  );
  const body = {
    title: text(form, "title"),
    description: text(form, "description"),
    keywords: text(form, "keywords"),
    pages,
    translations: readTranslationsForm(form, SEO_FIELDS),
  };
  // The same rules as the server, checked here so a page's message lands on that page's field.
  const checked = SeoInput.safeParse(body);
  if (!checked.success) {
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const [first, page, field] = issue.path.map(String);
      const name =
        first === "pages"
          ? `${page}-${field}`
          : first === "translations"
            ? `${page}.${field}`
            : (first ?? "title");
      fields[name] ??= issue.message;
    }
    return invalid(fields);
  }
  return adminAction("SEO texts saved. The shop's pages use them now.", () =>
    callAdmin(adminRoutes.content.updateSeo, {
      body: { ...body, version: text(form, "version") },
    }),
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminSeo() {
  return <SeoScreen data={useLoaderData<typeof clientLoader>()} />;
}
