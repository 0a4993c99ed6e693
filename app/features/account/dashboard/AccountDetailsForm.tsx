// Account Details: name, company, phone and address, checked in the browser with the server's
// own rules before they are sent.
import type { FormEvent } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../../core/api/routes";
import { accountDetailsFrom, checkAccountDetails } from "../../../../core/validation/account";
import { callApi } from "../../../lib/api-client";
import { useCoreText } from "../../../lib/localized";
import { formValues, SelectField, SubmitButton, TextField } from "../../../ui/fields";
import { showPopup } from "../../../ui/popup";
import { useVisitorCountry } from "../../visitor/useVisitorCountry";
import { problemIn } from "../translate";
import { DashboardCard } from "./DashboardCard";
import type { DashboardData } from "./types";
import { useAccountSubmit } from "./useAccountSubmit";

export function AccountDetailsForm({ customer, countries }: Pick<DashboardData, "customer" | "countries">) {
  const details = useAccountSubmit();
  const t = useTranslations("Account");
  const text = useCoreText();
  const visitorCountry = useVisitorCountry();
  const codes = countries.map((c) => c.code);

  function saveDetails(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = accountDetailsFrom(formValues(e.currentTarget));
    const problem = checkAccountDetails(input, codes);
    if (problem) return showPopup({ icon: "info", ...problemIn(text, problem) });
    void details.run(() => callApi(routes.auth.details, { body: input }), t("detailsUpdated"));
  }

  return (
    <DashboardCard title={t("tabAccountDetails")} testId="details-card">
      <form method="post" onSubmit={saveDetails} noValidate className="space-y-4" data-testid="details-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("firstName")}
            name="firstName"
            defaultValue={customer.name}
            autoComplete="given-name"
            required
          />
          <TextField
            label={t("lastName")}
            name="lastName"
            defaultValue={customer.surname}
            autoComplete="family-name"
            required
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("companyOptional")}
            name="company"
            defaultValue={customer.company}
            autoComplete="organization"
          />
          <TextField
            label={t("phone")}
            name="phone"
            type="tel"
            inputMode="numeric"
            defaultValue={customer.phone}
            autoComplete="tel"
            required
          />
        </div>
        <TextField
          label={t("streetAddress")}
          name="street"
          defaultValue={customer.street}
          autoComplete="street-address"
          required
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t("townCity")}
            name="city"
            defaultValue={customer.city}
            autoComplete="address-level2"
            required
          />
          <TextField
            label={t("postcode")}
            name="postcode"
            defaultValue={customer.postcode}
            autoComplete="postal-code"
            required
          />
          <SelectField
            label={t("country")}
            name="country"
            // An account made through Google or Facebook has no country yet: the visitor's is offered.
            defaultValue={customer.country || visitorCountry}
            autoComplete="country"
            required
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
          />
        </div>
        <SubmitButton busy={details.busy}>{t("saveChanges")}</SubmitButton>
      </form>
    </DashboardCard>
  );
}
