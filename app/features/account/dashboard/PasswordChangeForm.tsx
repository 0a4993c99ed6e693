// Change Password: the current one and the new one twice (the legacy notice links here).
import type { FormEvent } from "react";
import { routes } from "../../../../core/api/routes";
import { ACCOUNT_TEXT, checkPasswordChange } from "../../../../core/validation/account";
import { callApi } from "../../../lib/api-client";
import { formValues, SubmitButton, TextField } from "../../../ui/fields";
import { showPopup } from "../../../ui/popup";
import { DashboardCard } from "./DashboardCard";
import { useAccountSubmit } from "./useAccountSubmit";

export function PasswordChangeForm() {
  const password = useAccountSubmit();

  function savePassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { current: v.current ?? "", password: v.password ?? "", confirm: v.confirm ?? "" };
    const problem = checkPasswordChange(input);
    if (problem) return showPopup({ icon: "info", ...problem });
    void password.run(
      () => callApi(routes.auth.password, { body: input }),
      ACCOUNT_TEXT.resetDone,
      (f) => f.reset(),
      form,
    );
  }

  return (
    <DashboardCard title="Change Password" testId="password-card" id="change-password">
      <form
        method="post"
        onSubmit={savePassword}
        noValidate
        className="space-y-4"
        data-testid="password-form"
      >
        <TextField
          label="Current password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={ACCOUNT_TEXT.passwordHint}
          required
        />
        <TextField
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
        <SubmitButton busy={password.busy}>Change Password</SubmitButton>
      </form>
    </DashboardCard>
  );
}
