// /admin/shipping: shipping methods: description, cost, the countries they ship to, order, active.
import { Link, useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import {
  checked,
  DeleteRecord,
  finishDelete,
  finishSave,
  idList,
  RecordTable,
  text,
  whole,
} from "../../admin/content/records";
import { invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { centsFromInput, formatMoney } from "../../admin/lib/format";
import { useCan } from "../../admin/session";
import { AdminForm, buttonClass, SubmitButton, useFieldError } from "../../admin/ui/AdminForm";
import { CheckboxField, MoneyField, TextField } from "../../admin/ui/fields";
import { Badge, Card, PageHeader } from "../../admin/ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../../admin/ui/translations";

const HREF = "/admin/shipping";

export function meta() {
  return [{ title: "Shipping methods · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const edit = new URL(request.url).searchParams.get("edit");
  const [list, record] = await Promise.all([
    callAdmin(adminRoutes.content.listShipping, { query: { page: 1, limit: 100 } }),
    edit && edit !== "new"
      ? callAdmin(adminRoutes.content.getShipping, { params: { id: Number(edit) } })
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
        await callAdmin(adminRoutes.content.reorderShipping, { body: { ids: idList(form) } });
        return { id: 0 };
      },
      HREF,
      false,
    );
  if (intent === "delete")
    return finishDelete(
      "Shipping method deleted.",
      () =>
        callAdmin(adminRoutes.content.deleteShipping, {
          params: { id: Number(form.get("id")) },
          query: { version: text(form, "version") },
        }),
      HREF,
    );
  if (intent !== "save") return invalid({}, "Unknown action.");
  const costCents = centsFromInput(form.get("costCents"));
  if (costCents === null || Number.isNaN(costCents))
    return invalid({ costCents: "Enter the cost in euros, e.g. 3.50." });
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  const codes = form.getAll("countries").map((c) => String(c).toUpperCase());
  const body = {
    description: text(form, "description"),
    costCents,
    countries: codes.length ? codes : null,
    seq,
    active: checked(form, "active"),
    translations: readTranslationsForm(form, ["description"]),
  };
  const id = text(form, "id");
  if (!id)
    return finishSave(
      "Shipping method added.",
      () => callAdmin(adminRoutes.content.createShipping, { body }),
      HREF,
      true,
    );
  return finishSave(
    "Shipping method saved.",
    () =>
      callAdmin(adminRoutes.content.updateShipping, {
        params: { id: Number(id) },
        body: { ...body, version: text(form, "version") },
      }),
    HREF,
    false,
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Method = Awaited<ReturnType<typeof clientLoader>>["list"]["items"][number];

export default function AdminShipping() {
  const { list, record, editing } = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("content.write");
  return (
    <>
      <PageHeader
        title="Shipping methods"
        actions={
          canWrite ? (
            <Link to="?edit=new" className={buttonClass()}>
              Add a shipping method
            </Link>
          ) : null
        }
      >
        What the checkout offers, in this order. Shipping is free when the goods reach the free-delivery total
        (Settings).
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_28rem]">
        <RecordTable
          caption="Shipping methods in display order"
          rows={list.items}
          nameOf={(m) => m.description}
          editHref={(m) => `?edit=${m.id}`}
          reorder={canWrite ? {} : null}
          columns={[
            { header: "Description", cell: (m) => m.description },
            { header: "Cost", cell: (m) => formatMoney(m.costCents), numeric: true },
            { header: "Countries", cell: (m) => (m.countries ? m.countries.join(", ") : "Every country") },
            {
              header: "Active",
              cell: (m) => (m.active ? <Badge tone="green">Active</Badge> : <Badge>Off</Badge>),
            },
          ]}
          empty="No shipping methods: shoppers cannot choose a delivery."
        />
        {editing ? (
          <MethodForm
            key={record?.id ?? "new"}
            method={record}
            countries={list.storeCountries}
            readOnly={!canWrite}
          />
        ) : null}
      </div>
    </>
  );
}

type Country = { code: string; name: string };

/** The shop's countries as checkboxes; none ticked means every country. */
function CountryChoice({ countries, chosen }: { countries: Country[]; chosen: string[] | null }) {
  const error = useFieldError("countries");
  return (
    <fieldset aria-describedby={error ? "countries-error countries-hint" : "countries-hint"}>
      <legend className="text-sm font-medium text-slate-800">Countries</legend>
      <p id="countries-hint" className="mt-1 text-xs text-slate-600">
        Tick the countries it ships to; none ticked means every country of the shop.
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {countries.map((c) => (
          <label key={c.code} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="countries"
              value={c.code}
              defaultChecked={chosen?.includes(c.code) ?? false}
              className="size-4 rounded border-slate-400 accent-indigo-700"
              aria-invalid={error ? true : undefined}
            />
            {c.name} ({c.code})
          </label>
        ))}
      </div>
      {error ? (
        <p id="countries-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function MethodForm({
  method,
  countries,
  readOnly,
}: {
  method: Method | null;
  countries: Country[];
  readOnly: boolean;
}) {
  return (
    <Card title={method ? `Edit ${method.description}` : "New shipping method"}>
      <AdminForm intent="save" className="space-y-4" readOnly={readOnly} aria-label="Shipping method">
        <input type="hidden" name="id" value={method?.id ?? ""} />
        <input type="hidden" name="version" value={method?.version ?? ""} />
        <LanguageTabs
          label="Language of the description"
          english={
            <TextField
              name="description"
              label="Description"
              defaultValue={method?.description ?? ""}
              required
            />
          }
          translated={(lang) => (
            <TranslatedField
              lang={lang}
              field="description"
              label="Description"
              english={method?.description}
              value={method?.translations.el?.description}
              maxLength={120}
            />
          )}
        />
        <MoneyField name="costCents" label="Cost (euros)" defaultCents={method?.costCents ?? null} required />
        <CountryChoice countries={countries} chosen={method?.countries ?? null} />
        <TextField name="seq" label="Order" inputMode="numeric" defaultValue={String(method?.seq ?? 0)} />
        <CheckboxField
          name="active"
          label="Offered at the checkout"
          defaultChecked={method?.active ?? true}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{method ? "Save" : "Add shipping method"}</SubmitButton>
          <Link to={HREF} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {method && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <DeleteRecord
            id={method.id}
            version={method.version}
            noun="shipping method"
            name={method.description}
            afterHref={HREF}
          />
        </div>
      ) : null}
    </Card>
  );
}
