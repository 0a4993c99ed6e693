// The trader's identity (docs/decisions/0049-trader-identity-and-order-button.md): who the shoppers
// contract with, as the law asks a shop to show it before an order and in every mail. Owners edit
// it; the server checks the whole of it (core/trader-schema.ts) and records the change.
import type * as contract from "../../../core/api/admin/settings";
import type { ApiOutput } from "../../../core/api/endpoint";
import { AdminForm, SubmitButton } from "../ui/AdminForm";
import { TextField } from "../ui/fields";
import { Card } from "../ui/Page";

export type TraderCardView = ApiOutput<typeof contract.trader>;

/** The form's fields, in the order the card shows them; each input is named `identity.<field>`. */
export const TRADER_FORM_FIELDS = [
  "legalName",
  "addressLine1",
  "addressLine2",
  "postcode",
  "city",
  "country",
  "email",
  "phone",
  "vatNumber",
  "registrationNumber",
  "registerName",
] as const;

export function TraderCard({ view }: { view: TraderCardView }) {
  const v = view.identity;
  const field = (name: (typeof TRADER_FORM_FIELDS)[number]) => ({
    name: `identity.${name}`,
    defaultValue: v?.[name] ?? "",
  });
  return (
    <Card title="Trader's identity">
      <p className="mb-4 text-sm text-slate-700">
        Who your customers buy from. It shows in the shop's footer, on the contact and terms pages and in
        every mail. The address must be where the business is established (not a PO box).
        {v ? null : (
          <strong className="block pt-2 text-amber-900">Not filled in yet: the shop shows none.</strong>
        )}
      </p>
      <AdminForm intent="trader" className="grid gap-4 sm:grid-cols-2" aria-label="Trader's identity">
        <input type="hidden" name="version" value={view.version} />
        <TextField
          {...field("legalName")}
          label="Legal name"
          required
          autoComplete="organization"
          hint="The company's registered name, or the owner's own name for a sole trader."
          className="sm:col-span-2"
        />
        <TextField
          {...field("addressLine1")}
          label="Street and number"
          required
          autoComplete="address-line1"
        />
        <TextField {...field("addressLine2")} label="Address, second line" autoComplete="address-line2" />
        <TextField {...field("postcode")} label="Postcode" required autoComplete="postal-code" />
        <TextField {...field("city")} label="Town or city" required autoComplete="address-level2" />
        <TextField
          {...field("country")}
          label="Country"
          required
          maxLength={2}
          placeholder="CY"
          hint="The 2-letter code, e.g. CY or GR."
        />
        <TextField {...field("email")} label="Email" type="email" required autoComplete="email" />
        <TextField {...field("phone")} label="Telephone" type="tel" required autoComplete="tel" />
        <TextField
          {...field("vatNumber")}
          label="VAT number"
          hint="With the country prefix, e.g. CY10000000X or EL123456789; empty if not registered for VAT."
        />
        <TextField
          {...field("registrationNumber")}
          label="Registration number"
          hint="The number in the company or trade register, e.g. HE 123456."
        />
        <TextField
          {...field("registerName")}
          label="Register"
          hint="The register's name, e.g. Registrar of Companies, Cyprus."
        />
        <div className="sm:col-span-2">
          <SubmitButton>Save the identity</SubmitButton>
        </div>
      </AdminForm>
    </Card>
  );
}
