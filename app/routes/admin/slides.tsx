// /admin/slides: the home page's hero slides: picture, texts, price, link, order, shown or hidden.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { readSlideForm, SLIDES_HREF, SlidesScreen } from "../../admin/content/SlidesScreen";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadRecords, recordAction } from "../../admin/records/record-action";

export function meta() {
  return [{ title: "Hero slides · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadRecords(
    request,
    () => callAdmin(adminRoutes.content.listSlides, { query: { page: 1, limit: 100 } }),
    (id) => callAdmin(adminRoutes.content.getSlide, { params: { id } }),
  );
}

export const clientAction = recordAction({
  noun: "Slide",
  listHref: SLIDES_HREF,
  read: readSlideForm,
  create: (body) => callAdmin(adminRoutes.content.createSlide, { body }),
  update: (id, body) => callAdmin(adminRoutes.content.updateSlide, { params: { id }, body }),
  remove: (id, version) => callAdmin(adminRoutes.content.deleteSlide, { params: { id }, query: { version } }),
  reorder: (ids) => callAdmin(adminRoutes.content.reorderSlides, { body: { ids } }),
});

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminSlides() {
  return <SlidesScreen data={useLoaderData<typeof clientLoader>()} />;
}
