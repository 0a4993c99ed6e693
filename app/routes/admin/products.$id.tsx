// /admin/products/:id: one product's details, pictures and stock; delete and restore. A role
// that may only read sees the same page with every field disabled.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { loadProduct, ProductScreen } from "../../admin/catalog/ProductScreen";
import { readStockForm } from "../../admin/catalog/ProductStock";
import { readProductForm } from "../../admin/catalog/product-form";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { idParam } from "../../admin/lib/params";

export function meta({ data }: { data?: { product: { name: string } } }) {
  return [
    { title: `${data?.product.name ?? "Product"} · Back office` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function clientLoader({ params }: { params: { id?: string } }) {
  return loadProduct({ params });
}

export async function clientAction({ request, params }: { request: Request; params: { id?: string } }) {
  const id = idParam(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "update") {
    const read = readProductForm(form);
    if (!read.ok) return invalid(read.fields);
    const { version, ...rest } = read.input;
    // Variants with prices of their own keep them: the owner is told so, not that the shop follows.
    return adminAction(
      (saved) =>
        saved.priceNotice === null
          ? "Product saved. The shop shows it now."
          : { warning: `Product saved. ${saved.priceNotice}` },
      () =>
        callAdmin(adminRoutes.catalog.update, { params: { id }, body: { ...rest, version: version ?? "" } }),
    );
  }
  if (intent === "stock") {
    const read = readStockForm(form);
    if (!read.ok) return invalid({ lines: read.message }, read.message);
    if (read.lines.length === 0) return invalid({}, "Nothing changed: type the new counts first.");
    return adminAction("Stock saved.", () =>
      callAdmin(adminRoutes.catalog.stock, { params: { id }, body: { lines: read.lines } }),
    );
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminProduct() {
  return <ProductScreen data={useLoaderData<typeof clientLoader>()} />;
}
