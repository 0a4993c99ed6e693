// The settings form: one card per group of core/admin/settings.ts, each field with its
// one-line explanation, and the shop's registry fields (name, address, countries, hours).

import {
  SETTING_FIELDS,
  SETTING_GROUPS,
  type SettingField,
  type SettingValue,
  WEEKDAYS,
} from "../../../core/admin/settings";
import { advertisingRestrictions, unrestrictedParts } from "../../../core/advertising";
import type * as contract from "../../../core/api/admin/settings";
import type { ApiOutput } from "../../../core/api/endpoint";
import { AdminForm, SubmitButton, useFieldError } from "../ui/AdminForm";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../ui/fields";
import { Card } from "../ui/Page";
import { AdvertisingNotice } from "./AdvertisingNotice";
import { formatCountries } from "./form";

export type SettingsView = ApiOutput<typeof contract.get>;

function labelWithUnit(f: SettingField) {
  return f.unit ? `${f.label} (${f.unit})` : f.label;
}

function Field({
  f,
  value,
  warehouses,
}: {
  f: SettingField;
  value: SettingValue | undefined;
  warehouses: SettingsView["warehouses"];
}) {
  const name = `values.${f.key}`;
  const common = { name, label: labelWithUnit(f), hint: f.help };
  switch (f.kind) {
    case "switch":
      return <CheckboxField {...common} defaultChecked={value === true} />;
    case "warehouse":
      return (
        <SelectField
          {...common}
          defaultValue={value === null || value === undefined ? "" : String(value)}
          options={[
            { value: "", label: "None chosen" },
            ...warehouses.map((w) => ({ value: String(w.id), label: `${w.name} (${w.code})` })),
          ]}
        />
      );
    case "textarea":
      return <TextAreaField {...common} defaultValue={String(value ?? "")} maxLength={f.maxLength} />;
    case "number":
    case "money":
      return (
        <TextField
          {...common}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={
            value === null || value === undefined
              ? ""
              : f.kind === "money"
                ? Number(value).toFixed(2)
                : String(value)
          }
          required={!f.optional}
        />
      );
    default:
      return (
        <TextField
          {...common}
          type={f.kind === "email" ? "email" : f.kind === "url" ? "url" : "text"}
          autoComplete="off"
          defaultValue={String(value ?? "")}
          placeholder={f.placeholder}
          maxLength={f.maxLength}
          required={!f.optional}
        />
      );
  }
}

function HoursError() {
  const error = useFieldError("store.workingHours");
  return error ? (
    <p id="f-store.workingHours-error" className="mt-2 text-sm font-medium text-red-700" role="alert">
      {error}
    </p>
  ) : null;
}

function WorkingHours({ hours }: { hours: SettingsView["store"]["workingHours"] }) {
  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-800">Working hours</legend>
      <p className="mt-1 text-xs text-slate-600">
        Shown on the contact page. Leave both times empty on a day the shop is closed.
      </p>
      <table className="mt-2 text-sm">
        <caption className="sr-only">Opening and closing time per weekday</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-3 text-left font-semibold text-slate-700">
              Day
            </th>
            <th scope="col" className="pr-3 text-left font-semibold text-slate-700">
              Opens
            </th>
            <th scope="col" className="text-left font-semibold text-slate-700">
              Closes
            </th>
          </tr>
        </thead>
        <tbody>
          {[1, 2, 3, 4, 5, 6, 0].map((day) => {
            const h = hours.find((x) => x.day === day);
            return (
              <tr key={day}>
                <th scope="row" className="py-1 pr-3 text-left font-medium text-slate-800">
                  {WEEKDAYS[day]}
                </th>
                <td className="py-1 pr-3">
                  <input
                    type="time"
                    name={`hours.${day}.open`}
                    aria-label={`${WEEKDAYS[day]} opens`}
                    defaultValue={h?.open ?? ""}
                    className="rounded-md border border-slate-400 px-2 py-1 text-slate-900"
                  />
                </td>
                <td className="py-1">
                  <input
                    type="time"
                    name={`hours.${day}.close`}
                    aria-label={`${WEEKDAYS[day]} closes`}
                    defaultValue={h?.close ?? ""}
                    className="rounded-md border border-slate-400 px-2 py-1 text-slate-900"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <HoursError />
    </fieldset>
  );
}

export function SettingsForm({ view }: { view: SettingsView }) {
  return (
    <AdminForm intent="save" className="space-y-6" aria-label="Shop settings">
      <input type="hidden" name="version" value={view.version} />
      <Card title="Shop">
        <p className="mb-4 text-sm text-slate-700">
          The shop's name, public address, delivery countries and hours.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="store.name"
            label="Shop name"
            hint="Shown in the browser tab, mails and the back office."
            defaultValue={view.store.name}
            required
            maxLength={120}
          />
          <TextField
            name="store.url"
            label="Shop address"
            type="url"
            hint="The public address links in mails point to, e.g. https://shop.example.com."
            defaultValue={view.store.url}
            required
          />
          <TextAreaField
            name="store.countries"
            label="Delivery countries"
            hint='One per line: the 2-letter code, then the name, e.g. "CY Cyprus". Checkout offers only these.'
            defaultValue={formatCountries(view.store.countries)}
            rows={5}
            className="sm:col-span-2"
          />
          <WorkingHours hours={view.store.workingHours} />
        </div>
      </Card>
      {SETTING_GROUPS.map((group) => (
        <Card key={group.id} id={`group-${group.id}`} title={group.title}>
          <p className="mb-4 text-sm text-slate-700">{group.help}</p>
          {group.id === "advertising" ? (
            <AdvertisingNotice
              restrictedProducts={view.restrictedProducts}
              unrestricted={unrestrictedParts(
                advertisingRestrictions((key, fallback) => {
                  const v = view.values[key];
                  return typeof v === "boolean" ? v : fallback;
                }),
              )}
              settingsLink={false}
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {SETTING_FIELDS.filter((f) => f.group === group.id).map((f) => (
              <Field
                key={f.key}
                f={f}
                value={view.values[f.key] as SettingValue | undefined}
                warehouses={view.warehouses}
              />
            ))}
          </div>
        </Card>
      ))}
      <div className="sticky bottom-0 -mx-1 flex justify-end border-t border-slate-200 bg-slate-100/95 px-1 py-3">
        <SubmitButton>Save settings</SubmitButton>
      </div>
    </AdminForm>
  );
}
