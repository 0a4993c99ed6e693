// /admin/warehouses: the shops and stores: description, phone, email, hours, address, map point,
// and whether the contact page shows them.
import { Link, useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { checked, finishSave, RecordTable, text } from "../../admin/content/records";
import { invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { AdminForm, buttonClass, SubmitButton } from "../../admin/ui/AdminForm";
import { CheckboxField, TextField } from "../../admin/ui/fields";
import { Badge, Card, PageHeader } from "../../admin/ui/Page";

const HREF = "/admin/warehouses";

export function meta() {
  return [{ title: "Warehouses · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const edit = new URL(request.url).searchParams.get("edit");
  const [list, record] = await Promise.all([
    callAdmin(adminRoutes.content.listWarehouses, { query: { page: 1, limit: 100 } }),
    edit && edit !== "new"
      ? callAdmin(adminRoutes.content.getWarehouse, { params: { id: Number(edit) } })
      : null,
  ]);
  return { list, record, editing: edit };
}

function coordinate(form: FormData, name: string): number | null {
  const v = text(form, name).replace(",", ".");
  return v === "" ? null : Number(v);
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  if (form.get("intent") !== "save") return invalid({}, "Unknown action.");
  const latitude = coordinate(form, "latitude");
  const longitude = coordinate(form, "longitude");
  if (Number.isNaN(latitude)) return invalid({ latitude: "Enter the latitude as a number, e.g. 34.6786." });
  if (Number.isNaN(longitude))
    return invalid({ longitude: "Enter the longitude as a number, e.g. 33.0413." });
  const body = {
    webDescription: text(form, "webDescription"),
    phone: text(form, "phone"),
    email: text(form, "email"),
    workingDays: text(form, "workingDays"),
    weekend: text(form, "weekend"),
    address: text(form, "address"),
    latitude,
    longitude,
    showOnWeb: checked(form, "showOnWeb"),
  };
  const id = text(form, "id");
  if (!id)
    return finishSave(
      "Warehouse added.",
      () => callAdmin(adminRoutes.content.createWarehouse, { body: { ...body, code: text(form, "code") } }),
      HREF,
      true,
    );
  return finishSave(
    "Warehouse saved.",
    () =>
      callAdmin(adminRoutes.content.updateWarehouse, {
        params: { id: Number(id) },
        body: { ...body, version: text(form, "version") },
      }),
    HREF,
    false,
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Warehouse = Awaited<ReturnType<typeof clientLoader>>["list"]["items"][number];

export default function AdminWarehouses() {
  const { list, record, editing } = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("content.write");
  return (
    <>
      <PageHeader
        title="Warehouses"
        actions={
          canWrite ? (
            <Link to="?edit=new" className={buttonClass()}>
              Add a warehouse
            </Link>
          ) : null
        }
      >
        Shops and stores that hold stock. Those shown on the web are listed on the contact page.
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_28rem]">
        <RecordTable
          caption="Warehouses"
          rows={list.items}
          nameOf={(w) => w.webDescription}
          editHref={(w) => `?edit=${w.id}`}
          columns={[
            { header: "Name", cell: (w) => w.webDescription },
            { header: "Code", cell: (w) => w.code },
            { header: "Phone", cell: (w) => w.phone ?? "—" },
            {
              header: "Contact page",
              cell: (w) => (w.showOnWeb ? <Badge tone="green">Shown</Badge> : <Badge>Hidden</Badge>),
            },
          ]}
        />
        {editing ? <WarehouseForm key={record?.id ?? "new"} warehouse={record} readOnly={!canWrite} /> : null}
      </div>
    </>
  );
}

function WarehouseForm({ warehouse: w, readOnly }: { warehouse: Warehouse | null; readOnly: boolean }) {
  return (
    <Card title={w ? `Edit ${w.webDescription}` : "New warehouse"}>
      <AdminForm intent="save" className="space-y-4" readOnly={readOnly} aria-label="Warehouse">
        <input type="hidden" name="id" value={w?.id ?? ""} />
        <input type="hidden" name="version" value={w?.version ?? ""} />
        {w ? null : <TextField name="code" label="Code" required hint="The code your till or ERP uses." />}
        <TextField
          name="webDescription"
          label="Name shoppers see"
          defaultValue={w?.webDescription ?? ""}
          required
        />
        <TextField name="phone" label="Phone" type="tel" defaultValue={w?.phone ?? ""} />
        <TextField name="email" label="Email" type="email" defaultValue={w?.email ?? ""} />
        <TextField name="workingDays" label="Working days and hours" defaultValue={w?.workingDays ?? ""} />
        <TextField name="weekend" label="Weekend hours" defaultValue={w?.weekend ?? ""} />
        <TextField name="address" label="Address" defaultValue={w?.address ?? ""} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="latitude"
            label="Latitude"
            inputMode="decimal"
            defaultValue={w?.latitude?.toString() ?? ""}
          />
          <TextField
            name="longitude"
            label="Longitude"
            inputMode="decimal"
            defaultValue={w?.longitude?.toString() ?? ""}
          />
        </div>
        <CheckboxField
          name="showOnWeb"
          label="Show on the contact page"
          defaultChecked={w?.showOnWeb ?? true}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{w ? "Save warehouse" : "Add warehouse"}</SubmitButton>
          <Link to={HREF} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
    </Card>
  );
}
