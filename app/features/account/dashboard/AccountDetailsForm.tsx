// Account Details: name, company, phone and address, checked in the browser with the server's
// own rules before they are sent.
import type { FormEvent } from "react";
import { routes } from "../../../../core/api/routes";
import { accountDetailsFrom, checkAccountDetails } from "../../../../core/validation/account";
import { callApi } from "../../../lib/api-client";
import { formValues, SelectField, SubmitButton, TextField } from "../../../ui/fields";
import { showPopup } from "../../../ui/popup";
import { DashboardCard } from "./DashboardCard";
import type { DashboardData } from "./types";
import { useAccountSubmit } from "./useAccountSubmit";

export function AccountDetailsForm({ customer, countries }: Pick<DashboardData, "customer" | "countries">) {
  const details = useAccountSubmit();
  const codes = countries.map((c) => c.code);

  function saveDetails(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = accountDetailsFrom(formValues(e.currentTarget));
    const problem = checkAccountDetails(input, codes);
    if (problem) return showPopup({ icon: "info", ...problem });
    void details.run(
      () => callApi(routes.auth.details, { body: input }),
      "Account details updated successfully",
    );
  }

  return (
    <DashboardCard title="Account Details" testId="details-card">
      <form method="post" onSubmit={saveDetails} noValidate className="space-y-4" data-testid="details-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            defaultValue={customer.name}
            autoComplete="given-name"
            required
          />
          <TextField
            label="Last Name"
            name="lastName"
            defaultValue={customer.surname}
            autoComplete="family-name"
            required
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Company Name (Optional)"
            name="company"
            defaultValue={customer.company}
            autoComplete="organization"
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="numeric"
            defaultValue={customer.phone}
            autoComplete="tel"
            required
          />
        </div>
        <TextField
          label="Street address"
          name="street"
          defaultValue={customer.street}
          autoComplete="street-address"
          required
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Town / City"
            name="city"
            defaultValue={customer.city}
            autoComplete="address-level2"
            required
          />
          <TextField
            label="Postcode / ZIP"
            name="postcode"
            defaultValue={customer.postcode}
            autoComplete="postal-code"
            required
          />
          <SelectField
            label="Country"
            name="country"
            defaultValue={customer.country}
            autoComplete="country"
            required
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
          />
        </div>
        <SubmitButton busy={details.busy}>Save Changes</SubmitButton>
      </form>
    </DashboardCard>
  );
}
