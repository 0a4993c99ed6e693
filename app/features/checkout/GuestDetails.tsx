// Step 1 for a guest: who orders and where it goes, with the register form's fields and rules
// (core/validation/account.ts checkGuestContact). The country is lifted up: shipping follows it.
// Fields start from what this tab typed before (useGuestDetails), so a reload loses nothing.
import type { FormEvent, Ref } from "react";
import { useTranslations } from "use-intl";
import { useCoreText } from "../../lib/localized";
import { SelectField, TextField } from "../../ui/fields";
import type { FieldErrors } from "../account/field-errors";
import { CheckoutCard } from "./CheckoutCard";
import type { GuestDetailsDraft } from "./storage";

export function GuestDetails({
  formRef,
  countries,
  country,
  onCountry,
  errors,
  onInput,
  initial,
}: {
  formRef: Ref<HTMLFormElement>;
  countries: { code: string; name: string }[];
  country: string;
  onCountry: (code: string) => void;
  errors: FieldErrors;
  onInput: (e: FormEvent<HTMLFormElement>) => void;
  initial: GuestDetailsDraft;
}) {
  const t = useTranslations("Checkout");
  const text = useCoreText();
  // The rules' messages (core/validation/account.ts) and the server's, in the page's language.
  const err = (field: string) => {
    const message = errors[field];
    return message === undefined ? undefined : text(message);
  };
  return (
    <CheckoutCard title={t("billingDetails")} step={1}>
      <form
        ref={formRef}
        noValidate
        onInput={onInput}
        onSubmit={(e) => e.preventDefault()}
        className="space-y-4"
        data-testid="guest-details"
        aria-label={t("yourDetails")}
      >
        <p className="text-sm text-slate-600">{t("requiredNote")}</p>
        <TextField
          label={t("email")}
          name="email"
          defaultValue={initial.email}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          error={err("email")}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("firstName")}
            name="firstName"
            defaultValue={initial.firstName}
            autoComplete="given-name"
            error={err("firstName")}
            required
          />
          <TextField
            label={t("lastName")}
            name="lastName"
            defaultValue={initial.lastName}
            autoComplete="family-name"
            error={err("lastName")}
            required
          />
        </div>
        <TextField
          label={t("phone")}
          name="phone"
          defaultValue={initial.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint={t("phoneHint")}
          error={err("phone")}
          required
        />
        <TextField
          label={t("street")}
          name="street"
          defaultValue={initial.street}
          autoComplete="street-address"
          placeholder={t("streetPlaceholder")}
          error={err("street")}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("postcode")}
            name="postcode"
            defaultValue={initial.postcode}
            autoComplete="postal-code"
            error={err("postcode")}
            required
          />
          <TextField
            label={t("city")}
            name="city"
            defaultValue={initial.city}
            autoComplete="address-level2"
            error={err("city")}
            required
          />
        </div>
        <SelectField
          label={t("country")}
          name="country"
          autoComplete="country"
          value={country}
          onChange={(e) => onCountry(e.currentTarget.value)}
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          error={err("country")}
          required
        />
      </form>
    </CheckoutCard>
  );
}
