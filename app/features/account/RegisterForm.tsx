// Billing Details: the registration form (spec sections 2, 4 and 5), used by /register and the
// Register tab of /pages/login. Register is disabled while processing; success shows
// 'Congrats! Registration Completed Successfully' with 'Thank you!' going home.
import { useTranslations } from "use-intl";
import { ACCOUNT_TEXT } from "../../../core/validation/account";
import { useCoreText } from "../../lib/localized";
import { SelectField, SubmitButton, TextField } from "../../ui/fields";
import { useVisitorCountry } from "../visitor/useVisitorCountry";
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
  const t = useTranslations("Account");
  const text = useCoreText();
  const { busy, submit, errors: raw, onInput } = useRegister(countries, redirectTo);
  // The rules' and the server's field messages, in the page's language.
  const errors = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, v === undefined ? undefined : text(v)]),
  ) as typeof raw;
  const single = countries.length === 1 ? countries[0].code : undefined;
  // Preselected: the visitor's country (the proxy's header, the browser's language, the store's
  // first; core/visitor-country.ts), which is always one of the store's.
  const visitorCountry = useVisitorCountry();
  const preset = single ?? (countries.some((c) => c.code === visitorCountry) ? visitorCountry : "");
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
          label={t("firstName")}
          name="firstName"
          error={errors.firstName}
          autoComplete="given-name"
          required
        />
        <TextField
          label={t("lastName")}
          name="lastName"
          error={errors.lastName}
          autoComplete="family-name"
          required
        />
      </div>
      <TextField label={t("companyOptional")} name="company" autoComplete="organization" />
      <SelectField
        label={t("country")}
        name="country"
        error={errors.country}
        required
        autoComplete="country"
        defaultValue={preset}
        placeholder={single ? undefined : t("selectCountry")}
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
      />
      <TextField
        label={t("streetAddress")}
        name="street"
        error={errors.street}
        autoComplete="street-address"
        placeholder={t("streetPlaceholder")}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("townCity")}
          name="city"
          error={errors.city}
          autoComplete="address-level2"
          required
        />
        <TextField
          label={t("postcode")}
          name="postcode"
          error={errors.postcode}
          autoComplete="postal-code"
          required
        />
      </div>
      <TextField
        label={t("phone")}
        name="phone"
        error={errors.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        hint={t("phoneHint")}
        required
      />
      <TextField
        label={t("emailUsername")}
        name="email"
        error={errors.email}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        required
      />
      <TextField
        label={t("password")}
        name="password"
        error={errors.password}
        type="password"
        autoComplete="new-password"
        hint={text(ACCOUNT_TEXT.passwordHint)}
        required
      />
      <PrivacyConsent error={errors.privacy} />
      <SubmitButton busy={busy} className="w-full sm:w-auto sm:min-w-48">
        {t("register")}
      </SubmitButton>
    </form>
  );
}
