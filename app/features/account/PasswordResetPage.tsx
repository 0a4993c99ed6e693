// The reset password page (spec sections 2, 4, 5, 8): 'Password Reset Form' with the new password
// and a re-type, or the expired-token message. Success goes home.
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { ACCOUNT_TEXT, checkNewPassword } from "../../../core/validation/account";
import { callApi } from "../../lib/api-client";
import { useCoreText, useLocalNavigate } from "../../lib/localized";
import { formValues, SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { AccountPageHeader } from "./AccountPageHeader";
import { ResetLinkExpired } from "./ResetLinkExpired";
import { call } from "./session-client";
import { problemIn } from "./translate";

export function PasswordResetPage({
  valid,
  token,
  custid,
  canSignIn,
}: {
  valid: boolean;
  token: string;
  custid: number;
  canSignIn: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(!valid);
  const navigate = useLocalNavigate();
  const t = useTranslations("Account");
  const text = useCoreText();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const v = formValues(e.currentTarget);
    const password = v.password ?? "";
    const confirm = v.confirm ?? "";
    const problem = checkNewPassword(password, confirm);
    if (problem) {
      showPopup({ icon: "info", ...problemIn(text, problem) });
      return;
    }
    setBusy(true);
    const r = await call(() => callApi(routes.auth.reset, { body: { token, custid, password, confirm } }));
    setBusy(false);
    if (r.ok) {
      showPopup({ icon: "success", title: text(r.value.message), onClose: () => navigate("/") });
      return;
    }
    if (r.code === "token_expired") {
      setExpired(true);
      return;
    }
    // A weak password (400) or too many attempts (429): the server's own words.
    if (r.status === 400 || r.status === 429) showPopup({ icon: "info", ...problemIn(text, r.problem) });
    else showPopup({ icon: "error", title: text(ACCOUNT_TEXT.somethingWrong) });
  }

  return (
    <>
      <AccountPageHeader title={t("resetPassword")} />
      <section className="mx-auto max-w-md px-4 py-10 sm:py-14">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {expired ? (
            <ResetLinkExpired canSignIn={canSignIn} />
          ) : (
            <form method="post" onSubmit={submit} noValidate className="space-y-4" data-testid="reset-form">
              <h2 className="text-xl font-semibold text-slate-900">{text(ACCOUNT_TEXT.resetTitle)}</h2>
              <TextField
                label={t("newPassword")}
                name="password"
                type="password"
                autoComplete="new-password"
                hint={text(ACCOUNT_TEXT.passwordHint)}
                required
              />
              <TextField
                label={t("retypeNewPassword")}
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
              />
              <SubmitButton busy={busy} className="w-full">
                {t("resetPassword")}
              </SubmitButton>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
