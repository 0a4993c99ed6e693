// The couriers screen (docs/decisions/0055): each courier's name, the address of its tracking page
// with {tracking} where the tracking number goes, order and whether staff may choose it.
import type { adminRoutes } from "../../../core/api/admin/routes";
import { TRACKING_PLACEHOLDER } from "../../../core/shipments";
import { invalid } from "../lib/actions";
import type { AdminOutput } from "../lib/admin-api";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead, RecordScreenData } from "../records/record-action";
import { checked, RecordTable, text, whole } from "../records/records";
import { useCan } from "../session";
import { CheckboxField, TextField } from "../ui/fields";
import { Badge } from "../ui/Page";

export const CARRIERS_HREF = "/admin/carriers";

type Carrier = AdminOutput<typeof adminRoutes.carriers.get>;
type CarriersData = RecordScreenData<AdminOutput<typeof adminRoutes.carriers.list>, Carrier>;

export function readCarrierForm(form: FormData) {
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  return {
    ok: true,
    body: {
      name: text(form, "name"),
      trackingUrl: text(form, "trackingUrl") || null,
      seq,
      active: checked(form, "active"),
    },
  } satisfies FormRead<unknown>;
}

export function CarriersScreen({ data: { list, record, editing } }: { data: CarriersData }) {
  const canWrite = useCan()("content.write");
  return (
    <RecordScreen
      title="Couriers"
      add={canWrite ? { to: "?edit=new", label: "Add a courier" } : null}
      intro={
        <>
          The couriers staff choose when they ship an order. The customer's shipment mail links to the
          courier's tracking page with the parcel's tracking number.
        </>
      }
      list={
        <RecordTable
          caption="Couriers in display order"
          rows={list.items}
          nameOf={(c) => c.name}
          editHref={(c) => `?edit=${c.id}`}
          reorder={canWrite ? {} : null}
          columns={[
            { header: "Name", cell: (c) => c.name },
            {
              header: "Tracking page",
              cell: (c) => (c.trackingUrl ? <span className="break-all">{c.trackingUrl}</span> : "None"),
            },
            {
              header: "Active",
              cell: (c) => (c.active ? <Badge tone="green">Active</Badge> : <Badge>Off</Badge>),
            },
          ]}
          empty="No couriers: staff cannot ship an order."
        />
      }
      editor={
        editing ? <CarrierForm key={record?.id ?? "new"} carrier={record} readOnly={!canWrite} /> : null
      }
    />
  );
}

function CarrierForm({ carrier, readOnly }: { carrier: Carrier | null; readOnly: boolean }) {
  return (
    <RecordEditor
      title={carrier ? `Edit ${carrier.name}` : "New courier"}
      label="Courier"
      record={carrier}
      readOnly={readOnly}
      submitLabel={carrier ? "Save" : "Add courier"}
      closeHref={CARRIERS_HREF}
      remove={carrier && { noun: "courier", name: carrier.name, afterHref: CARRIERS_HREF }}
    >
      <TextField name="name" label="Name" defaultValue={carrier?.name ?? ""} required />
      <TextField
        name="trackingUrl"
        label={`Tracking page (with ${TRACKING_PLACEHOLDER} where the number goes)`}
        defaultValue={carrier?.trackingUrl ?? ""}
      />
      <TextField name="seq" label="Order" inputMode="numeric" defaultValue={String(carrier?.seq ?? 0)} />
      <CheckboxField name="active" label="Staff may ship with it" defaultChecked={carrier?.active ?? true} />
    </RecordEditor>
  );
}
