// Change Password: the current one and the new one twice (the legacy notice links here).
import type { FormEvent } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../../core/api/routes";
import { ACCOUNT_TEXT, checkPasswordChange } from "../../../../core/validation/account";
import { callApi } from "../../../lib/api-client";
import { useCoreText } from "../../../lib/localized";
import { formValues, SubmitButton, TextField } from "../../../ui/fields";
import { showPopup } from "../../../ui/popup";
import { problemIn } from "../translate";
import { DashboardCard } from "./DashboardCard";
import { useAccountSubmit } from "./useAccountSubmit";

export function PasswordChangeForm() {
  const password = useAccountSubmit();
  const t = useTranslations("Account");
  const text = useCoreText();

  function savePassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { current: v.current ?? "", password: v.password ?? "", confirm: v.confirm ?? "" };
    const problem = checkPasswordChange(input);
    if (problem) return showPopup({ icon: "info", ...problemIn(text, problem) });
    void password.run(
      () => callApi(routes.auth.password, { body: input }),
      text(ACCOUNT_TEXT.resetDone),
      (f) => f.reset(),
      form,
    );
  }

  return (
    <DashboardCard title={t("changePassword")} testId="password-card" id="change-password">
      <form
        method="post"
        onSubmit={savePassword}
        noValidate
        className="space-y-4"
        data-testid="password-form"
      >
        <TextField
          label={t("currentPassword")}
          name="current"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          label={t("newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={text(ACCOUNT_TEXT.passwordHint)}
          required
        />
        <TextField
          label={t("confirmNewPassword")}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
        <SubmitButton busy={password.busy}>{t("changePassword")}</SubmitButton>
      </form>
    </DashboardCard>
  );
}
