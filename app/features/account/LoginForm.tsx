// Username-or-email + password sign-in, used by the login modal and the /pages/login page.
import { type FormEvent, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { safeRedirect } from "../../../core/safe-redirect";
import { ACCOUNT_TEXT, checkLogin } from "../../../core/validation/account";
import { CheckboxField, formValues, SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { afterSignIn, login } from "./session-client";

export function LoginForm({
  onForgot,
  idPrefix = "login",
  redirectTo = null,
}: {
  onForgot: () => void;
  idPrefix?: string;
  /** Set when sign-in started from the cart or checkout: go back there, not to the dashboard. */
  redirectTo?: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { username: v.username ?? "", password: v.password ?? "" };
    const empty = checkLogin(input);
    if (empty) {
      showPopup({ icon: "info", ...empty });
      return;
    }
    const remember = (form.elements.namedItem("remember") as HTMLInputElement | null)?.checked ?? false;
    setBusy(true);
    const result = await login(input.username, input.password, remember);
    setBusy(false);
    if (!result.ok) {
      const wrong = result.code === "invalid_credentials";
      showPopup({ icon: wrong ? "warning" : "error", ...result.problem });
      return;
    }
    afterSignIn(result.value.customer);
    await navigate(safeRedirect(redirectTo) ?? result.value.redirect);
    await revalidator.revalidate();
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4" data-testid={`${idPrefix}-form`}>
      <TextField
        label="Username or email address"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField name="remember" label="Remember Me" />
        <button
          type="button"
          onClick={onForgot}
          className="text-sm font-medium text-brand underline-offset-2 hover:underline"
        >
          Forgot Your Password?
        </button>
      </div>
      <SubmitButton busy={busy} className="w-full">
        Log in
      </SubmitButton>
      <p
        className="rounded-lg bg-slate-50 px-3.5 py-3 text-xs leading-relaxed text-slate-600"
        data-testid="legacy-hint"
      >
        {ACCOUNT_TEXT.legacyHint}
      </p>
    </form>
  );
}
