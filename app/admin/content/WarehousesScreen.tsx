// The warehouses screen: the shops and stores: description, phone, email, hours, address, map
// point, and whether the contact page shows them. The screen neither deletes nor reorders them.
import type { adminRoutes } from "../../../core/api/admin/routes";
import { invalid } from "../lib/actions";
import type { AdminOutput } from "../lib/admin-api";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead, RecordScreenData } from "../records/record-action";
import { checked, RecordTable, text } from "../records/records";
import { useCan } from "../session";
import { CheckboxField, TextField } from "../ui/fields";
import { Badge } from "../ui/Page";

export const WAREHOUSES_HREF = "/admin/warehouses";

type Warehouse = AdminOutput<typeof adminRoutes.content.getWarehouse>;
export type WarehousesData = RecordScreenData<
  AdminOutput<typeof adminRoutes.content.listWarehouses>,
  Warehouse
>;

function coordinate(form: FormData, name: string): number | null {
  const v = text(form, name).replace(",", ".");
  return v === "" ? null : Number(v);
}

export function readWarehouseForm(form: FormData) {
  const latitude = coordinate(form, "latitude");
  const longitude = coordinate(form, "longitude");
  if (Number.isNaN(latitude)) return invalid({ latitude: "Enter the latitude as a number, e.g. 34.6786." });
  if (Number.isNaN(longitude))
    return invalid({ longitude: "Enter the longitude as a number, e.g. 33.0413." });
  return {
    ok: true,
    body: {
      webDescription: text(form, "webDescription"),
      phone: text(form, "phone"),
      email: text(form, "email"),
      workingDays: text(form, "workingDays"),
      weekend: text(form, "weekend"),
      address: text(form, "address"),
      latitude,
      longitude,
      showOnWeb: checked(form, "showOnWeb"),
    },
  } satisfies FormRead<unknown>;
}

export function WarehousesScreen({ data: { list, record, editing } }: { data: WarehousesData }) {
  const canWrite = useCan()("content.write");
  return (
    <RecordScreen
      title="Warehouses"
      add={canWrite ? { to: "?edit=new", label: "Add a warehouse" } : null}
      intro={<>Shops and stores that hold stock. Those shown on the web are listed on the contact page.</>}
      list={
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
      }
      editor={
        editing ? <WarehouseForm key={record?.id ?? "new"} warehouse={record} readOnly={!canWrite} /> : null
      }
    />
  );
}

function WarehouseForm({ warehouse: w, readOnly }: { warehouse: Warehouse | null; readOnly: boolean }) {
  return (
    <RecordEditor
      title={w ? `Edit ${w.webDescription}` : "New warehouse"}
      label="Warehouse"
      record={w}
      readOnly={readOnly}
      submitLabel={w ? "Save warehouse" : "Add warehouse"}
      closeHref={WAREHOUSES_HREF}
    >
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
    </RecordEditor>
  );
}
