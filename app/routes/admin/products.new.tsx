// /admin/products/new: add a product; on success the editor opens (pictures and stock there).
import { useEffect } from "react";
import { useFetcher, useLoaderData, useNavigate } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { ProductForm } from "../../admin/catalog/ProductForm";
import { readProductForm } from "../../admin/catalog/product-form";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { PageHeader } from "../../admin/ui/Page";

export function meta() {
  return [{ title: "New product · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return callAdmin(adminRoutes.catalog.options, {});
}

export async function clientAction({ request }: { request: Request }) {
  const read = readProductForm(await request.formData());
  if (!read.ok) return invalid(read.fields);
  const { version: _none, ...body } = read.input;
  return adminAction("Product added. Now add its pictures and stock.", () =>
    callAdmin(adminRoutes.catalog.create, { body }),
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminNewProduct() {
  const options = useLoaderData<typeof clientLoader>();
  const can = useCan();
  const navigate = useNavigate();
  const fetcher = useFetcher<Awaited<ReturnType<typeof clientAction>>>({ key: "new-product" });
  const created = fetcher.data?.ok ? (fetcher.data.data as { id: number } | undefined) : undefined;
  useEffect(() => {
    if (created) navigate(`/admin/products/${created.id}`);
  }, [created, navigate]);
  return (
    <>
      <PageHeader title="New product" back={{ to: "/admin/products", label: "Products" }} />
      <ProductForm
        product={null}
        options={options}
        readOnly={!can("catalog.write")}
        intent="create"
        submitLabel="Add product"
        fetcherKey="new-product"
      />
    </>
  );
}
