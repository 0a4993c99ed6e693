// /admin/reviews: the shop's stored reviews (the home page shows them when Google reviews are
// not set up; the Google place and key are in Settings).
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { REVIEWS_HREF, ReviewsScreen, readReviewForm } from "../../admin/content/ReviewsScreen";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadRecords, recordAction } from "../../admin/records/record-action";

export function meta() {
  return [{ title: "Reviews · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("p")) || 1);
  const records = await loadRecords(
    request,
    () => callAdmin(adminRoutes.content.listReviews, { query: { page, limit: 50 } }),
    (id) => callAdmin(adminRoutes.content.getReview, { params: { id } }),
  );
  return { ...records, page };
}

export const clientAction = recordAction({
  noun: "Review",
  listHref: REVIEWS_HREF,
  read: readReviewForm,
  create: (body) => callAdmin(adminRoutes.content.createReview, { body }),
  update: (id, body) => callAdmin(adminRoutes.content.updateReview, { params: { id }, body }),
  remove: (id, version) =>
    callAdmin(adminRoutes.content.deleteReview, { params: { id }, query: { version } }),
});

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminReviews() {
  return <ReviewsScreen data={useLoaderData<typeof clientLoader>()} />;
}
