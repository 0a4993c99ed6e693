// Billing Details: the registration form (spec sections 2, 4 and 5), used by /register and the
// Register tab of /pages/login. Register is disabled while processing; success shows
// 'Congrats! Registration Completed Successfully' with 'Thank you!' going home.
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { PublicCustomer } from "../../../core/account";
import { ACCOUNT_TEXT, checkRegister } from "../../../core/validation/account";
import { apiJson } from "../../lib/api-client";
import { CheckboxField, formValues, SelectField, SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { call } from "./session-client";
import { markCookiesDate, saveLoginData } from "./storage";

export interface CountryOption {
  code: string;
  name: string;
}

export function RegisterForm({ countries }: { countries: CountryOption[] }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const v = formValues(form);
    const input = {
      firstName: v.firstName ?? "",
      lastName: v.lastName ?? "",
      company: v.company ?? "",
      country: v.country ?? "",
      street: v.street ?? "",
      city: v.city ?? "",
      postcode: v.postcode ?? "",
      phone: v.phone ?? "",
      email: v.email ?? "",
      password: v.password ?? "",
      privacy: (form.elements.namedItem("privacy") as HTMLInputElement | null)?.checked ?? false,
    };
    setBusy(true);
    const problem = checkRegister(
      input,
      countries.map((c) => c.code),
    );
    if (problem) {
      // On validation failure processing ends.
      setBusy(false);
      showPopup({ icon: "info", ...problem });
      return;
    }
    const r = await call(
      () =>
        apiJson<{ customer: PublicCustomer; title: string; button: string }>("/api/v1/auth/register", {
          method: "POST",
          json: input,
        }),
      ACCOUNT_TEXT.registerFailed,
    );
    setBusy(false);
    if (r.ok) {
      saveLoginData(r.value.customer);
      markCookiesDate();
      showPopup({
        icon: "success",
        title: r.value.title,
        button: r.value.button,
        onClose: async () => {
          await navigate("/");
          await revalidator.revalidate();
        },
      });
      return;
    }
    if (r.status === 409) showPopup({ icon: "warning", ...r.problem });
    else if (r.status === 400 || r.status === 429) showPopup({ icon: "info", ...r.problem });
    else showPopup({ icon: "error", title: ACCOUNT_TEXT.registerFailed });
  }

  const single = countries.length === 1 ? countries[0].code : undefined;
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-5" data-testid="register-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" name="firstName" autoComplete="given-name" required />
        <TextField label="Last Name" name="lastName" autoComplete="family-name" required />
      </div>
      <TextField label="Company Name (Optional)" name="company" autoComplete="organization" />
      <SelectField
        label="Country"
        name="country"
        required
        autoComplete="country"
        defaultValue={single ?? ""}
        placeholder={single ? undefined : "Select a country"}
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
      />
      <TextField
        label="Street address"
        name="street"
        autoComplete="street-address"
        placeholder="House number and street name"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Town / City" name="city" autoComplete="address-level2" required />
        <TextField label="Postcode / ZIP" name="postcode" autoComplete="postal-code" required />
      </div>
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        hint="Digits only, e.g. 99123456"
        required
      />
      <TextField
        label="Email address (Username)"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={ACCOUNT_TEXT.passwordHint}
        required
      />
      <CheckboxField
        name="privacy"
        label={
          <>
            I have read and agree to the{" "}
            <Link to="/pages/privacy" className="font-medium text-brand underline underline-offset-2">
              privacy policy
            </Link>
            .
          </>
        }
      />
      <SubmitButton busy={busy} className="w-full sm:w-auto sm:min-w-48">
        Register
      </SubmitButton>
    </form>
  );
}
