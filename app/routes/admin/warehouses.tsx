// /admin/warehouses: the shops and stores: description, phone, email, hours, address, map point,
// and whether the contact page shows them.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { readWarehouseForm, WAREHOUSES_HREF, WarehousesScreen } from "../../admin/content/WarehousesScreen";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadRecords, recordAction } from "../../admin/records/record-action";
import { text } from "../../admin/records/records";

export function meta() {
  return [{ title: "Warehouses · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadRecords(
    request,
    () => callAdmin(adminRoutes.content.listWarehouses, { query: { page: 1, limit: 100 } }),
    (id) => callAdmin(adminRoutes.content.getWarehouse, { params: { id } }),
  );
}

export const clientAction = recordAction({
  noun: "Warehouse",
  listHref: WAREHOUSES_HREF,
  read: readWarehouseForm,
  // The code is set once, when the warehouse is added.
  create: (body, form) =>
    callAdmin(adminRoutes.content.createWarehouse, { body: { ...body, code: text(form, "code") } }),
  update: (id, body) => callAdmin(adminRoutes.content.updateWarehouse, { params: { id }, body }),
});

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminWarehouses() {
  return <WarehousesScreen data={useLoaderData<typeof clientLoader>()} />;
}
