// /admin/shipping: shipping methods: description, cost, the countries they ship to, order, active.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { readShippingForm, SHIPPING_HREF, ShippingScreen } from "../../admin/content/ShippingScreen";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadRecords, recordAction } from "../../admin/records/record-action";

export function meta() {
  return [{ title: "Shipping methods · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadRecords(
    request,
    () => callAdmin(adminRoutes.content.listShipping, { query: { page: 1, limit: 100 } }),
    (id) => callAdmin(adminRoutes.content.getShipping, { params: { id } }),
  );
}

export const clientAction = recordAction({
  noun: "Shipping method",
  listHref: SHIPPING_HREF,
  read: readShippingForm,
  create: (body) => callAdmin(adminRoutes.content.createShipping, { body }),
  update: (id, body) => callAdmin(adminRoutes.content.updateShipping, { params: { id }, body }),
  remove: (id, version) =>
    callAdmin(adminRoutes.content.deleteShipping, { params: { id }, query: { version } }),
  reorder: (ids) => callAdmin(adminRoutes.content.reorderShipping, { body: { ids } }),
});

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminShipping() {
  return <ShippingScreen data={useLoaderData<typeof clientLoader>()} />;
}
