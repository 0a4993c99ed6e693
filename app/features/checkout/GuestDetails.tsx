// Step 1 for a guest: who orders and where it goes, with the register form's fields and rules
// (core/validation/account.ts checkGuestContact). The country is lifted up: shipping follows it.
// Fields start from what this tab typed before (useGuestDetails), so a reload loses nothing.
import type { FormEvent, Ref } from "react";
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
        <p className="text-sm text-slate-600">Fields marked with * are required.</p>
        <TextField
          label="Email address"
          name="email"
          defaultValue={initial.email}
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
            defaultValue={initial.firstName}
            autoComplete="given-name"
            error={errors.firstName}
            required
          />
          <TextField
            label="Last Name"
            name="lastName"
            defaultValue={initial.lastName}
            autoComplete="family-name"
            error={errors.lastName}
            required
          />
        </div>
        <TextField
          label="Phone"
          name="phone"
          defaultValue={initial.phone}
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
          defaultValue={initial.street}
          autoComplete="street-address"
          placeholder="House number and street name"
          error={errors.street}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Postcode / ZIP"
            name="postcode"
            defaultValue={initial.postcode}
            autoComplete="postal-code"
            error={errors.postcode}
            required
          />
          <TextField
            label="Town / City"
            name="city"
            defaultValue={initial.city}
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
