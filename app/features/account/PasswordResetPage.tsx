// The reset password page (spec sections 2, 4, 5, 8): 'Password Reset Form' with the new password
// and a re-type, or the expired-token message. Success goes home.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { ACCOUNT_TEXT, checkNewPassword } from "../../../core/validation/account";
import { apiJson } from "../../lib/api-client";
import { formValues, SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { AccountPageHeader } from "./AccountPageHeader";
import { openLoginModal } from "./login-modal";
import { call } from "./session-client";

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
  const navigate = useNavigate();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const v = formValues(e.currentTarget);
    const password = v.password ?? "";
    const confirm = v.confirm ?? "";
    const problem = checkNewPassword(password, confirm);
    if (problem) {
      showPopup({ icon: "info", ...problem });
      return;
    }
    setBusy(true);
    const r = await call(() =>
      apiJson<{ message: string }>("/api/v1/auth/reset", {
        method: "POST",
        json: { token, custid, password, confirm },
      }),
    );
    setBusy(false);
    if (r.ok) {
      showPopup({ icon: "success", title: r.value.message, onClose: () => void navigate("/") });
      return;
    }
    if (r.code === "token_expired") {
      setExpired(true);
      return;
    }
    // A weak password (400) or too many attempts (429): the server's own words.
    if (r.status === 400 || r.status === 429) showPopup({ icon: "info", ...r.problem });
    else showPopup({ icon: "error", title: ACCOUNT_TEXT.somethingWrong });
  }

  return (
    <>
      <AccountPageHeader title="Reset Password" />
      <section className="mx-auto max-w-md px-4 py-10 sm:py-14">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {expired ? (
            <div className="text-center" data-testid="reset-expired">
              <span
                className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-600"
                aria-hidden="true"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="28"
                  height="28"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <circle cx="12" cy="12" r="9" />
                  <path d="M12 7v5l3 2" />
                </svg>
              </span>
              <h2 className="mt-4 text-xl font-semibold text-slate-900">Link expired</h2>
              <p className="mt-2 text-slate-600">{ACCOUNT_TEXT.resetExpired}</p>
              {canSignIn ? (
                <button
                  type="button"
                  onClick={() => openLoginModal("forgot")}
                  className="mt-6 inline-flex rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
                >
                  Send a new link
                </button>
              ) : null}
            </div>
          ) : (
            <form method="post" onSubmit={submit} noValidate className="space-y-4" data-testid="reset-form">
              <h2 className="text-xl font-semibold text-slate-900">{ACCOUNT_TEXT.resetTitle}</h2>
              <TextField
                label="New password"
                name="password"
                type="password"
                autoComplete="new-password"
                hint={ACCOUNT_TEXT.passwordHint}
                required
              />
              <TextField
                label="Re-type new password"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
              />
              <SubmitButton busy={busy} className="w-full">
                Reset Password
              </SubmitButton>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
