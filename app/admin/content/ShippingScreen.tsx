// The shipping methods screen: description, cost, prices by weight band (docs/decisions/0057), the
// countries they ship to, order, active.
import { Fragment } from "react";
import type { adminRoutes } from "../../../core/api/admin/routes";
import { formatGrams } from "../../../core/grams";
import { MAX_WEIGHT_BANDS } from "../../../core/shipping-weight";
import { invalid } from "../lib/actions";
import type { AdminOutput } from "../lib/admin-api";
import { centsFromInput, formatMoney } from "../lib/format";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead, RecordScreenData } from "../records/record-action";
import { checked, RecordTable, text, whole } from "../records/records";
import { useCan } from "../session";
import { useFieldError } from "../ui/AdminForm";
import { CheckboxField, MoneyField, TextField } from "../ui/fields";
import { Badge } from "../ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../ui/translations";

export const SHIPPING_HREF = "/admin/shipping";

type Method = AdminOutput<typeof adminRoutes.content.getShipping>;
export type ShippingData = RecordScreenData<AdminOutput<typeof adminRoutes.content.listShipping>, Method>;

export function readShippingForm(form: FormData) {
  const costCents = centsFromInput(form.get("costCents"));
  if (costCents === null || Number.isNaN(costCents))
    return invalid({ costCents: "Enter the cost in euros, e.g. 3.50." });
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  const bands = readBands(form);
  if (!bands.ok) return invalid(bands.fields);
  const codes = form.getAll("countries").map((c) => String(c).toUpperCase());
  return {
    ok: true,
    body: {
      description: text(form, "description"),
      costCents,
      weightBands: bands.bands,
      countries: codes.length ? codes : null,
      seq,
      active: checked(form, "active"),
      translations: readTranslationsForm(form, ["description"]),
    },
  } satisfies FormRead<unknown>;
}

/** Rows of the bands table the form shows: the method's bands and this many empty ones. */
const EMPTY_BAND_ROWS = 3;

/**
 * The weight bands typed in the form, lightest first: a row with neither field filled is skipped;
 * a row with one of them is marked. The server checks the order (core/shipping-weight.ts).
 */
function readBands(
  form: FormData,
):
  | { ok: true; bands: { upToGrams: number; costCents: number }[] }
  | { ok: false; fields: Record<string, string> } {
  const bands: { upToGrams: number; costCents: number }[] = [];
  const fields: Record<string, string> = {};
  for (let i = 0; i < MAX_WEIGHT_BANDS; i++) {
    const gramsName = `weightBands.${i}.upToGrams`;
    const costName = `weightBands.${i}.costCents`;
    if (!form.has(gramsName) && !form.has(costName)) break;
    const gramsText = String(form.get(gramsName) ?? "").trim();
    const cost = centsFromInput(form.get(costName));
    if (gramsText === "" && cost === null) continue;
    const n = bands.length;
    if (!/^\d{1,7}$/.test(gramsText))
      fields[`weightBands.${n}.upToGrams`] = "Enter the limit in whole grams, e.g. 500.";
    if (cost === null || Number.isNaN(cost))
      fields[`weightBands.${n}.costCents`] = "Enter the cost in euros, e.g. 3.50.";
    bands.push({ upToGrams: Number(gramsText), costCents: cost ?? 0 });
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, bands };
}

/** "up to 500 g 3.50 €, up to 2 kg 5.90 €", or the flat cost. */
function bandsText(m: Method): string {
  if (m.weightBands.length === 0) return `${formatMoney(m.costCents)} (any weight)`;
  return m.weightBands.map((b) => `≤ ${formatGrams(b.upToGrams)}: ${formatMoney(b.costCents)}`).join(", ");
}

/** The bands as rows of two fields (a row's fields are named by the server's error paths). */
function BandRows({ bands }: { bands: readonly { upToGrams: number; costCents: number }[] }) {
  const rows = Math.min(MAX_WEIGHT_BANDS, bands.length + EMPTY_BAND_ROWS);
  const rowNames = Array.from({ length: rows }, (_, i) => `weightBands.${i}`);
  const bandError = useFieldError("weightBands");
  return (
    <fieldset aria-describedby="bands-hint" data-testid="weight-bands">
      <legend className="text-sm font-medium text-slate-800">Prices by weight</legend>
      <p id="bands-hint" className="mt-1 text-xs text-slate-600">
        The basket's weight picks the first band it fits in ("up to" includes the limit). A basket heavier
        than the last band cannot go by this method. Leave every row empty to charge the cost above whatever
        the weight. The free-delivery total still makes delivery free.
      </p>
      {bandError ? <p className="mt-1 text-sm font-medium text-red-700">{bandError}</p> : null}
      <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:max-w-md">
        {rowNames.map((row, i) => {
          const band = bands[i];
          return (
            <Fragment key={row}>
              <TextField
                name={`${row}.upToGrams`}
                label={`Band ${i + 1}: up to (grams)`}
                inputMode="numeric"
                defaultValue={band ? String(band.upToGrams) : ""}
                autoComplete="off"
              />
              <MoneyField
                name={`${row}.costCents`}
                label={`Band ${i + 1}: cost (euros)`}
                defaultCents={band?.costCents ?? null}
              />
            </Fragment>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ShippingScreen({ data: { list, record, editing } }: { data: ShippingData }) {
  const canWrite = useCan()("content.write");
  return (
    <RecordScreen
      title="Shipping methods"
      add={canWrite ? { to: "?edit=new", label: "Add a shipping method" } : null}
      intro={
        <>
          What the checkout offers, in this order. Shipping is free when the goods reach the free-delivery
          total (Settings).
        </>
      }
      list={
        <RecordTable
          caption="Shipping methods in display order"
          rows={list.items}
          nameOf={(m) => m.description}
          editHref={(m) => `?edit=${m.id}`}
          reorder={canWrite ? {} : null}
          columns={[
            { header: "Description", cell: (m) => m.description },
            { header: "Cost", cell: (m) => bandsText(m) },
            { header: "Countries", cell: (m) => (m.countries ? m.countries.join(", ") : "Every country") },
            {
              header: "Active",
              cell: (m) => (m.active ? <Badge tone="green">Active</Badge> : <Badge>Off</Badge>),
            },
          ]}
          empty="No shipping methods: shoppers cannot choose a delivery."
        />
      }
      editor={
        editing ? (
          <MethodForm
            key={record?.id ?? "new"}
            method={record}
            countries={list.storeCountries}
            readOnly={!canWrite}
          />
        ) : null
      }
    />
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
    <RecordEditor
      title={method ? `Edit ${method.description}` : "New shipping method"}
      label="Shipping method"
      record={method}
      readOnly={readOnly}
      submitLabel={method ? "Save" : "Add shipping method"}
      closeHref={SHIPPING_HREF}
      remove={method && { noun: "shipping method", name: method.description, afterHref: SHIPPING_HREF }}
    >
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
      <MoneyField
        name="costCents"
        label="Cost (euros)"
        hint="Charged whatever the weight when the method has no weight bands."
        defaultCents={method?.costCents ?? null}
        required
      />
      <BandRows bands={method?.weightBands ?? []} />
      <CountryChoice countries={countries} chosen={method?.countries ?? null} />
      <TextField name="seq" label="Order" inputMode="numeric" defaultValue={String(method?.seq ?? 0)} />
      <CheckboxField name="active" label="Offered at the checkout" defaultChecked={method?.active ?? true} />
    </RecordEditor>
  );
}
