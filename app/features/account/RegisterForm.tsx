// Billing Details: the registration form (spec sections 2, 4 and 5), used by /register and the
// Register tab of /pages/login. Register is disabled while processing; success shows
// 'Congrats! Registration Completed Successfully' with 'Thank you!' going home.
import { ACCOUNT_TEXT } from "../../../core/validation/account";
import { SelectField, SubmitButton, TextField } from "../../ui/fields";
import { PrivacyConsent } from "./PrivacyConsent";
import { useRegister } from "./useRegister";

export interface CountryOption {
  code: string;
  name: string;
}

export function RegisterForm({
  countries,
  redirectTo = null,
}: {
  countries: CountryOption[];
  redirectTo?: string | null;
}) {
  const { busy, submit, errors, onInput } = useRegister(countries, redirectTo);
  const single = countries.length === 1 ? countries[0].code : undefined;
  return (
    <form
      method="post"
      onSubmit={submit}
      onInput={onInput}
      noValidate
      className="space-y-5"
      data-testid="register-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          name="firstName"
          error={errors.firstName}
          autoComplete="given-name"
          required
        />
        <TextField
          label="Last Name"
          name="lastName"
          error={errors.lastName}
          autoComplete="family-name"
          required
        />
      </div>
      <TextField label="Company Name (Optional)" name="company" autoComplete="organization" />
      <SelectField
        label="Country"
        name="country"
        error={errors.country}
        required
        autoComplete="country"
        defaultValue={single ?? ""}
        placeholder={single ? undefined : "Select a country"}
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
      />
      <TextField
        label="Street address"
        name="street"
        error={errors.street}
        autoComplete="street-address"
        placeholder="House number and street name"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Town / City"
          name="city"
          error={errors.city}
          autoComplete="address-level2"
          required
        />
        <TextField
          label="Postcode / ZIP"
          name="postcode"
          error={errors.postcode}
          autoComplete="postal-code"
          required
        />
      </div>
      <TextField
        label="Phone"
        name="phone"
        error={errors.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        hint="Digits only, e.g. 99123456"
        required
      />
      <TextField
        label="Email address (Username)"
        name="email"
        error={errors.email}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        required
      />
      <TextField
        label="Password"
        name="password"
        error={errors.password}
        type="password"
        autoComplete="new-password"
        hint={ACCOUNT_TEXT.passwordHint}
        required
      />
      <PrivacyConsent error={errors.privacy} />
      <SubmitButton busy={busy} className="w-full sm:w-auto sm:min-w-48">
        Register
      </SubmitButton>
    </form>
  );
}
