// /admin/brands: brands with their logo, order and whether the home page shows them.
import { Link, useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import {
  checked,
  DeleteRecord,
  finishDelete,
  finishSave,
  ImageField,
  idList,
  RecordTable,
  text,
  whole,
} from "../../admin/content/records";
import { invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { AdminForm, buttonClass, SubmitButton } from "../../admin/ui/AdminForm";
import { CheckboxField, TextField } from "../../admin/ui/fields";
import { Badge, Card, PageHeader } from "../../admin/ui/Page";

const HREF = "/admin/brands";

export function meta() {
  return [{ title: "Brands · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const edit = new URL(request.url).searchParams.get("edit");
  const [list, record] = await Promise.all([
    callAdmin(adminRoutes.taxonomy.listBrands, { query: { page: 1, limit: 100 } }),
    edit && edit !== "new"
      ? callAdmin(adminRoutes.taxonomy.getBrand, { params: { id: Number(edit) } })
      : null,
  ]);
  return { list, record, editing: edit };
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "reorder")
    return finishSave(
      "New order saved.",
      async () => {
        await callAdmin(adminRoutes.taxonomy.reorderBrands, { body: { ids: idList(form) } });
        return { id: 0 };
      },
      HREF,
      false,
    );
  if (intent === "delete")
    return finishDelete(
      "Brand deleted.",
      () =>
        callAdmin(adminRoutes.taxonomy.deleteBrand, {
          params: { id: Number(form.get("id")) },
          query: { version: text(form, "version") },
        }),
      HREF,
    );
  if (intent !== "save") return invalid({}, "Unknown action.");
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  const body = {
    name: text(form, "name"),
    code: text(form, "code"),
    seq,
    showHome: checked(form, "showHome"),
    image: text(form, "image"),
  };
  const id = text(form, "id");
  if (!id)
    return finishSave(
      "Brand added.",
      () => callAdmin(adminRoutes.taxonomy.createBrand, { body }),
      HREF,
      true,
    );
  return finishSave(
    "Brand saved.",
    () =>
      callAdmin(adminRoutes.taxonomy.updateBrand, {
        params: { id: Number(id) },
        body: { ...body, version: text(form, "version") },
      }),
    HREF,
    false,
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Brand = Awaited<ReturnType<typeof clientLoader>>["list"]["items"][number];

export default function AdminBrands() {
  const { list, record, editing } = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("catalog.write");
  return (
    <>
      <PageHeader
        title="Brands"
        actions={
          canWrite ? (
            <Link to="?edit=new" className={buttonClass()}>
              Add a brand
            </Link>
          ) : null
        }
      >
        {list.total} brands, in the order the shop lists them.
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_28rem]">
        <RecordTable
          caption="Brands in display order"
          rows={list.items}
          nameOf={(b) => b.name}
          editHref={(b) => `?edit=${b.id}`}
          reorder={canWrite ? {} : null}
          columns={[
            {
              header: "Logo",
              cell: (b) => (b.image ? <img src={b.image} alt="" className="h-8 w-16 object-contain" /> : "—"),
            },
            { header: "Name", cell: (b) => b.name },
            { header: "Code", cell: (b) => b.code },
            { header: "Products", cell: (b) => b.products, numeric: true },
            {
              header: "Home page",
              cell: (b) => (b.showHome ? <Badge tone="green">Shown</Badge> : <Badge>No</Badge>),
            },
          ]}
        />
        {editing ? <BrandForm key={record?.id ?? "new"} brand={record} readOnly={!canWrite} /> : null}
      </div>
    </>
  );
}

function BrandForm({ brand, readOnly }: { brand: Brand | null; readOnly: boolean }) {
  return (
    <Card title={brand ? `Edit ${brand.name}` : "New brand"}>
      <AdminForm intent="save" className="space-y-4" readOnly={readOnly} aria-label="Brand">
        <input type="hidden" name="id" value={brand?.id ?? ""} />
        <input type="hidden" name="version" value={brand?.version ?? ""} />
        <TextField name="name" label="Name" defaultValue={brand?.name ?? ""} required />
        <TextField
          name="code"
          label="Code"
          defaultValue={brand?.code ?? ""}
          required
          hint="The code your till or ERP uses for this brand."
        />
        <TextField name="seq" label="Order" inputMode="numeric" defaultValue={String(brand?.seq ?? 0)} />
        <CheckboxField
          name="showHome"
          label="Show on the home page"
          defaultChecked={brand?.showHome ?? false}
        />
        <ImageField
          name="image"
          label="Logo"
          uploadPath="/uploads/taxonomy?kind=brand"
          defaultValue={brand?.image ?? null}
          hint="Fitted inside 400 × 200."
          disabled={readOnly}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{brand ? "Save brand" : "Add brand"}</SubmitButton>
          <Link to={HREF} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {brand && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          {brand.products > 0 ? (
            <p className="text-sm text-slate-700">
              {brand.products} products have this brand, so it cannot be deleted.
            </p>
          ) : (
            <DeleteRecord
              id={brand.id}
              version={brand.version}
              noun="brand"
              name={brand.name}
              afterHref={HREF}
            />
          )}
        </div>
      ) : null}
    </Card>
  );
}
