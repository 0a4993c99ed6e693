// Step 1 for a guest: who orders and where it goes, with the register form's fields and rules
// (core/validation/account.ts checkGuestContact). The country is lifted up: shipping follows it.
import type { FormEvent, Ref } from "react";
import { SelectField, TextField } from "../../ui/fields";
import type { FieldErrors } from "../account/field-errors";
import { CheckoutCard } from "./CheckoutCard";

export function GuestDetails({
  formRef,
  countries,
  country,
  onCountry,
  errors,
  onInput,
  onBack,
}: {
  formRef: Ref<HTMLFormElement>;
  countries: { code: string; name: string }[];
  country: string;
  onCountry: (code: string) => void;
  errors: FieldErrors;
  onInput: (e: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
}) {
  return (
    <CheckoutCard title="Billing Details" step={1}>
      <form
        ref={formRef}
        noValidate
        onInput={onInput}
        onSubmit={(e) => e.preventDefault()}
        className="space-y-4"
        data-testid="guest-details"
        aria-label="Your details"
      >
        <p className="text-sm text-slate-600">
          Ordering as a guest. Fields marked with * are required.{" "}
          <button
            type="button"
            onClick={onBack}
            className="font-medium text-brand underline underline-offset-2"
          >
            Sign in or register instead
          </button>
        </p>
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          error={errors.email}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            error={errors.firstName}
            required
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            error={errors.lastName}
            required
          />
        </div>
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint="Digits only, e.g. 99123456"
          error={errors.phone}
          required
        />
        <TextField
          label="Street address"
          name="street"
          autoComplete="street-address"
          placeholder="House number and street name"
          error={errors.street}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Postcode / ZIP"
            name="postcode"
            autoComplete="postal-code"
            error={errors.postcode}
            required
          />
          <TextField
            label="Town / City"
            name="city"
            autoComplete="address-level2"
            error={errors.city}
            required
          />
        </div>
        <SelectField
          label="Country"
          name="country"
          autoComplete="country"
          value={country}
          onChange={(e) => onCountry(e.currentTarget.value)}
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          error={errors.country}
          required
        />
      </form>
    </CheckoutCard>
  );
}
