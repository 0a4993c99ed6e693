// /admin/products/new: add a product with its pictures and stock, published or as a draft; on
// success its editor opens.
import { useEffect } from "react";
import { useFetcher, useLoaderData, useNavigate } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { NewProductExtras, readNewProductExtras } from "../../admin/catalog/NewProductExtras";
import { uploadProductPictures } from "../../admin/catalog/PictureDrop";
import { ProductForm } from "../../admin/catalog/ProductForm";
import { readProductForm } from "../../admin/catalog/product-form";
import { adminAction, invalid } from "../../admin/lib/actions";
import { adminJson, callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { PageHeader } from "../../admin/ui/Page";

export function meta() {
  return [{ title: "New product · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return callAdmin(adminRoutes.catalog.options, {});
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const read = readProductForm(form);
  const extras = readNewProductExtras(form);
  if (!read.ok || !extras.ok)
    return invalid({ ...(read.ok ? {} : read.fields), ...(extras.ok ? {} : extras.fields) });
  const { version: _none, ...body } = read.input;
  const { state, stock, pictures } = extras.value;
  return adminAction(
    (made: { id: number; warning: string | null }) =>
      made.warning
        ? { warning: made.warning }
        : state === "draft"
          ? "Product saved as a draft: the shop does not show it until you publish it."
          : "Product added: the shop shows it now.",
    async () => {
      // With pictures it stays a draft until they are all up, so the shop never shows it half made.
      const created = await callAdmin(adminRoutes.catalog.create, {
        body: { ...body, stock, state: pictures.length > 0 ? "draft" : state },
      });
      try {
        await uploadProductPictures(created.id, pictures, (path, data) =>
          adminJson(path, { method: "POST", body: data }),
        );
      } catch (err) {
        return {
          id: created.id,
          warning: `Product saved as a draft, but ${err instanceof Error ? err.message : "a picture failed"}. Add it here, then publish.`,
        };
      }
      if (pictures.length > 0 && state === "published")
        await callAdmin(adminRoutes.catalog.state, { params: { id: created.id }, body: { state } });
      return { id: created.id, warning: null };
    },
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
        extra={<NewProductExtras options={options} />}
      />
    </>
  );
}
