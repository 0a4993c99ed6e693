// /admin/brands: brands with their logo, order and whether the home page shows them.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { BRANDS_HREF, BrandsScreen, readBrandForm } from "../../admin/catalog/BrandsScreen";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadRecords, recordAction } from "../../admin/records/record-action";

export function meta() {
  return [{ title: "Brands · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadRecords(
    request,
    () => callAdmin(adminRoutes.taxonomy.listBrands, { query: { page: 1, limit: 100 } }),
    (id) => callAdmin(adminRoutes.taxonomy.getBrand, { params: { id } }),
  );
}

export const clientAction = recordAction({
  noun: "Brand",
  listHref: BRANDS_HREF,
  read: readBrandForm,
  create: (body) => callAdmin(adminRoutes.taxonomy.createBrand, { body }),
  update: (id, body) => callAdmin(adminRoutes.taxonomy.updateBrand, { params: { id }, body }),
  remove: (id, version) =>
    callAdmin(adminRoutes.taxonomy.deleteBrand, { params: { id }, query: { version } }),
  reorder: (ids) => callAdmin(adminRoutes.taxonomy.reorderBrands, { body: { ids } }),
});

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminBrands() {
  return <BrandsScreen data={useLoaderData<typeof clientLoader>()} />;
}
