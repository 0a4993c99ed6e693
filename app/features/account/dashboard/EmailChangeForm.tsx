// Change Email: the new address and the current password.
import type { FormEvent } from "react";
import { routes } from "../../../../core/api/routes";
import { checkEmailChange } from "../../../../core/validation/account";
import { callApi } from "../../../lib/api-client";
import { formValues, SubmitButton, TextField } from "../../../ui/fields";
import { showPopup } from "../../../ui/popup";
import { DashboardCard } from "./DashboardCard";
import { useAccountSubmit } from "./useAccountSubmit";

export function EmailChangeForm({ email: currentEmail }: { email: string }) {
  const email = useAccountSubmit();

  function saveEmail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { email: v.email ?? "", password: v.password ?? "" };
    const problem = checkEmailChange(input);
    if (problem) return showPopup({ icon: "info", ...problem });
    void email.run(
      () => callApi(routes.auth.email, { body: input }),
      "Email updated successfully",
      (f) => {
        (f.elements.namedItem("password") as HTMLInputElement).value = "";
      },
      form,
    );
  }

  return (
    <DashboardCard title="Change Email" testId="email-card">
      <form method="post" onSubmit={saveEmail} noValidate className="space-y-4" data-testid="email-form">
        <TextField
          label="Email address"
          name="email"
          type="email"
          defaultValue={currentEmail}
          autoComplete="email"
          required
        />
        <TextField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton busy={email.busy}>Update Email</SubmitButton>
      </form>
    </DashboardCard>
  );
}
