// 'Forgot Your Password': asks for the email and has a reset link mailed (spec sections 5 and 7).
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { ACCOUNT_TEXT, checkForgot } from "../../../core/validation/account";
import { callApi } from "../../lib/api-client";
import { useCoreText } from "../../lib/localized";
import { SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { call } from "./session-client";
import { problemIn } from "./translate";

export function ForgotPasswordForm({ onBack, onSent }: { onBack: () => void; onSent?: () => void }) {
  const [busy, setBusy] = useState(false);
  const t = useTranslations("Account");
  const text = useCoreText();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    const problem = checkForgot(email);
    if (problem) {
      // The spec shows 'Email format not valid' as an error, the empty field as info.
      showPopup({
        icon: problem.title === ACCOUNT_TEXT.forgotFormat ? "error" : "info",
        ...problemIn(text, problem),
      });
      return;
    }
    setBusy(true);
    const result = await call(() => callApi(routes.auth.forgot, { body: { email } }));
    setBusy(false);
    if (result.ok) {
      showPopup({ icon: "success", title: text(result.value.message), onClose: onSent });
      return;
    }
    if (result.code === "not_found") showPopup({ icon: "warning", title: text(ACCOUNT_TEXT.forgotNotFound) });
    else if (result.status === 400 || result.status === 429)
      showPopup({ icon: "info", ...problemIn(text, result.problem) });
    // 'Something went wrong' with the server's text under it.
    else
      showPopup({
        icon: "error",
        title: text(ACCOUNT_TEXT.somethingWrong),
        text: text(result.problem.text ?? result.problem.title),
      });
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4" data-testid="forgot-form">
      <p className="text-sm text-slate-600">{t("forgotIntro")}</p>
      <TextField label={t("emailAddress")} name="email" type="email" autoComplete="email" required />
      <SubmitButton busy={busy} className="w-full">
        {t("resetPassword")}
      </SubmitButton>
      <button
        type="button"
        onClick={onBack}
        className="w-full text-sm font-medium text-brand underline-offset-2 hover:underline"
      >
        {t("backToSignIn")}
      </button>
    </form>
  );
}
