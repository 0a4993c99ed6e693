// /admin/pages: the sections (title and text) of the terms, privacy and returns pages.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import {
  LEGAL_PAGES_HREF,
  LegalPagesScreen,
  legalPageHref,
  legalPageOf,
  legalPageOfForm,
  readSectionForm,
} from "../../admin/content/LegalPagesScreen";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadRecords, recordAction } from "../../admin/records/record-action";

export function meta() {
  return [
    { title: "Terms, privacy, returns · Back office" },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function clientLoader({ request }: { request: Request }) {
  const legal = legalPageOf(new URL(request.url).searchParams.get("page"));
  const records = await loadRecords(
    request,
    () => callAdmin(adminRoutes.content.listSections, { query: { page: 1, limit: 100, legal } }),
    (id) => callAdmin(adminRoutes.content.getSection, { params: { id } }),
  );
  return { legal, ...records };
}

export const clientAction = recordAction({
  noun: "Section",
  listHref: (form) => legalPageHref(legalPageOfForm(form)),
  editHref: (id, form) => `${LEGAL_PAGES_HREF}?edit=${id}&page=${legalPageOfForm(form)}`,
  read: readSectionForm,
  create: (body) => callAdmin(adminRoutes.content.createSection, { body }),
  update: (id, body) => callAdmin(adminRoutes.content.updateSection, { params: { id }, body }),
  remove: (id, version) =>
    callAdmin(adminRoutes.content.deleteSection, { params: { id }, query: { version } }),
  reorder: (ids, form) =>
    callAdmin(adminRoutes.content.reorderSections, { body: { page: legalPageOfForm(form), ids } }),
});

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminLegalPages() {
  return <LegalPagesScreen data={useLoaderData<typeof clientLoader>()} />;
}
