// /admin/products/:id: one product's details, pictures and stock; delete and restore. A role
// that may only read sees the same page with every field disabled.
import { useLoaderData, useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { ProductForm } from "../../admin/catalog/ProductForm";
import { ProductPictures } from "../../admin/catalog/ProductPictures";
import { ProductStock, readStockForm } from "../../admin/catalog/ProductStock";
import { readProductForm } from "../../admin/catalog/product-form";
import { adminAction, invalid } from "../../admin/lib/actions";
import { AdminApiError, callAdmin } from "../../admin/lib/admin-api";
import { formatDateTime } from "../../admin/lib/format";
import { useCan } from "../../admin/session";
import { buttonClass } from "../../admin/ui/AdminForm";
import { ConfirmButton } from "../../admin/ui/ConfirmButton";
import { Badge, PageHeader } from "../../admin/ui/Page";

export function meta({ data }: { data?: { product: { name: string } } }) {
  return [
    { title: `${data?.product.name ?? "Product"} · Back office` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

const idOf = (params: { id?: string }) => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

export async function clientLoader({ params }: { params: { id?: string } }) {
  const id = idOf(params);
  const [product, options] = await Promise.all([
    callAdmin(adminRoutes.catalog.one, { params: { id } }),
    callAdmin(adminRoutes.catalog.options, {}),
  ]);
  return { product, options };
}

export async function clientAction({ request, params }: { request: Request; params: { id?: string } }) {
  const id = idOf(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "update") {
    const read = readProductForm(form);
    if (!read.ok) return invalid(read.fields);
    const { version, ...rest } = read.input;
    return adminAction("Product saved. The shop shows it now.", () =>
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
  const { product, options } = useLoaderData<typeof clientLoader>();
  const can = useCan();
  const canWrite = can("catalog.write");
  const revalidator = useRevalidator();
  const toggleDeleted = async () => {
    try {
      if (product.deleted) await callAdmin(adminRoutes.catalog.restore, { params: { id: product.id } });
      else await callAdmin(adminRoutes.catalog.remove, { params: { id: product.id } });
      toast.success(
        product.deleted
          ? "Product restored: the shop shows it again."
          : "Product deleted: the shop no longer shows it.",
      );
    } catch (err) {
      toast.error(err instanceof AdminApiError ? err.message : "The shop's server could not be reached.");
    }
    revalidator.revalidate();
  };
  return (
    <>
      <PageHeader
        title={product.name}
        back={{ to: "/admin/products", label: "Products" }}
        actions={
          <>
            {!product.deleted ? (
              <a
                href={product.storefrontUrl}
                className={buttonClass("secondary")}
                target="_blank"
                rel="noreferrer"
              >
                View in the shop<span className="sr-only"> (opens a new tab)</span>
              </a>
            ) : null}
            {canWrite ? (
              product.deleted ? (
                <ConfirmButton
                  tone="primary"
                  title="Restore this product?"
                  message="The shop shows it again at once, with its prices, pictures and stock."
                  confirmLabel="Restore"
                  onConfirm={toggleDeleted}
                >
                  Restore
                </ConfirmButton>
              ) : (
                <ConfirmButton
                  title="Delete this product?"
                  message="The shop stops showing it at once. Orders keep it, and you can restore it from the deleted products."
                  confirmLabel="Delete product"
                  onConfirm={toggleDeleted}
                >
                  Delete
                </ConfirmButton>
              )
            ) : null}
          </>
        }
      >
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>Code {product.code}</span>
          <span aria-hidden="true">·</span>
          <span>Changed {formatDateTime(product.updatedAt)}</span>
          {product.deleted ? <Badge tone="red">Deleted</Badge> : null}
          {canWrite ? null : <Badge>Read only</Badge>}
        </span>
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <ProductForm
            key={product.version}
            product={product}
            options={options}
            readOnly={!canWrite}
            intent="update"
            submitLabel="Save product"
          />
        </div>
        <div className="min-w-0 space-y-6">
          <ProductPictures product={product} canWrite={canWrite} />
          <ProductStock key={JSON.stringify(product.stock)} product={product} canWrite={canWrite} />
        </div>
      </div>
    </>
  );
}
