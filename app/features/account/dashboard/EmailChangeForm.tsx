// Change Email: the new address and the current password.
import type { FormEvent } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../../core/api/routes";
import { checkEmailChange } from "../../../../core/validation/account";
import { callApi } from "../../../lib/api-client";
import { useCoreText } from "../../../lib/localized";
import { formValues, SubmitButton, TextField } from "../../../ui/fields";
import { showPopup } from "../../../ui/popup";
import { problemIn } from "../translate";
import { DashboardCard } from "./DashboardCard";
import { useAccountSubmit } from "./useAccountSubmit";

export function EmailChangeForm({ email: currentEmail }: { email: string }) {
  const email = useAccountSubmit();
  const t = useTranslations("Account");
  const text = useCoreText();

  function saveEmail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { email: v.email ?? "", password: v.password ?? "" };
    const problem = checkEmailChange(input);
    if (problem) return showPopup({ icon: "info", ...problemIn(text, problem) });
    void email.run(
      () => callApi(routes.auth.email, { body: input }),
      t("emailUpdated"),
      (f) => {
        (f.elements.namedItem("password") as HTMLInputElement).value = "";
      },
      form,
    );
  }

  return (
    <DashboardCard title={t("changeEmail")} testId="email-card">
      <form method="post" onSubmit={saveEmail} noValidate className="space-y-4" data-testid="email-form">
        <TextField
          label={t("emailAddress")}
          name="email"
          type="email"
          defaultValue={currentEmail}
          autoComplete="email"
          required
        />
        <TextField
          label={t("currentPassword")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton busy={email.busy}>{t("updateEmail")}</SubmitButton>
      </form>
    </DashboardCard>
  );
}
