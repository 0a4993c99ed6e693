// /admin/carriers: the couriers staff ship with, and their tracking pages (docs/decisions/0055).
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { CARRIERS_HREF, CarriersScreen, readCarrierForm } from "../../admin/content/CarriersScreen";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadRecords, recordAction } from "../../admin/records/record-action";

export function meta() {
  return [{ title: "Couriers · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadRecords(
    request,
    () => callAdmin(adminRoutes.carriers.list, { query: { page: 1, limit: 100 } }),
    (id) => callAdmin(adminRoutes.carriers.get, { params: { id } }),
  );
}

export const clientAction = recordAction({
  noun: "Courier",
  listHref: CARRIERS_HREF,
  read: readCarrierForm,
  create: (body) => callAdmin(adminRoutes.carriers.create, { body }),
  update: (id, body) => callAdmin(adminRoutes.carriers.update, { params: { id }, body }),
  remove: (id, version) => callAdmin(adminRoutes.carriers.remove, { params: { id }, query: { version } }),
  reorder: (ids) => callAdmin(adminRoutes.carriers.reorder, { body: { ids } }),
});

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminCarriers() {
  return <CarriersScreen data={useLoaderData<typeof clientLoader>()} />;
}
