// One product's editor: its fields, pictures and stock.
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { idParam } from "../lib/params";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Badge, PageHeader } from "../ui/Page";
import { ProductForm } from "./ProductForm";
import { ProductPictures } from "./ProductPictures";
import { ProductStock } from "./ProductStock";

export async function loadProduct({ params }: { params: { id?: string } }) {
  const id = idParam(params);
  const [product, options] = await Promise.all([
    callAdmin(adminRoutes.catalog.one, { params: { id } }),
    callAdmin(adminRoutes.catalog.options, {}),
  ]);
  return { product, options };
}

export type ProductScreenData = Awaited<ReturnType<typeof loadProduct>>;

export function ProductScreen({ data }: { data: ProductScreenData }) {
  const { product, options } = data;
  const can = useCan();
  const canWrite = can("catalog.write");
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const publish = async () => {
    try {
      await callAdmin(adminRoutes.catalog.state, {
        params: { id: product.id },
        body: { state: "published" },
      });
      toast.success("Product published: the shop shows it now.");
    } catch (err) {
      toast.error(err instanceof AdminApiError ? err.message : "The shop's server could not be reached.");
    }
    revalidator.revalidate();
  };
  const duplicate = async () => {
    try {
      const copy = await callAdmin(adminRoutes.catalog.duplicate, { params: { id: product.id } });
      toast.success(`Copied as a draft: ${copy.name}. The shop does not show it until you publish it.`);
      navigate(`/admin/products/${copy.id}`);
    } catch (err) {
      toast.error(err instanceof AdminApiError ? err.message : "The shop's server could not be reached.");
    }
  };
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
              <ConfirmButton
                tone="secondary"
                title="Duplicate this product?"
                message="A copy is made as a draft, named '(copy)', with a new code and web address, the same prices, texts, categories, variants and pictures, and no stock. Its editor opens."
                confirmLabel="Duplicate"
                onConfirm={duplicate}
              >
                Duplicate
              </ConfirmButton>
            ) : null}
            {canWrite ? (
              product.state === "draft" ? (
                <ConfirmButton
                  tone="primary"
                  title="Publish this product?"
                  message="The shop shows it at once, with its prices, pictures and stock."
                  confirmLabel="Publish"
                  onConfirm={publish}
                >
                  Publish
                </ConfirmButton>
              ) : product.deleted ? (
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
          {product.state === "draft" ? <Badge tone="amber">Draft</Badge> : null}
          {product.state === "inactive" ? <Badge tone="red">Deleted</Badge> : null}
          {canWrite ? null : <Badge>Read only</Badge>}
        </span>
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
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
