// /admin/content: the texts and pictures of the about and contact pages, place by place.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { PageContentScreen } from "../../admin/content/PageContentScreen";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { text } from "../../admin/records/records";
import { readTranslationsForm } from "../../admin/ui/translations";

export function meta() {
  return [{ title: "About & contact · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const position = new URL(request.url).searchParams.get("position");
  const { items } = await callAdmin(adminRoutes.content.listPageContent, {});
  return { items, position };
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const position = text(form, "position");
  if (!position) return invalid({}, "Choose a place to edit.");
  return adminAction("Saved. The page shows it now.", () =>
    callAdmin(adminRoutes.content.updatePageContent, {
      params: { position },
      body: {
        text: String(form.get("text") ?? ""),
        img: form.has("img") ? text(form, "img") : null,
        version: text(form, "version"),
        translations: readTranslationsForm(form, ["text"]),
      },
    }),
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminPageContent() {
  return <PageContentScreen data={useLoaderData<typeof clientLoader>()} />;
}
