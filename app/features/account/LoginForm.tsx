// Username-or-email + password sign-in, used by the login modal and the /pages/login page.
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { isEmailProofPath } from "../../../core/email-proof";
import { safeRedirect } from "../../../core/safe-redirect";
import { PROVIDER_LABEL } from "../../../core/social-sign-in";
import { ACCOUNT_TEXT, checkLogin } from "../../../core/validation/account";
import { useCoreText, useLocalNavigate } from "../../lib/localized";
import { CheckboxField, formValues, SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { afterSignIn, login } from "./session-client";
import { problemIn } from "./translate";

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
  const t = useTranslations("Account");
  const text = useCoreText();
  // Awaited before the revalidation, so the target is put in the page's language here.
  const navigate = useLocalNavigate();
  const revalidator = useRevalidator();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { username: v.username ?? "", password: v.password ?? "" };
    const empty = checkLogin(input);
    if (empty) {
      showPopup({ icon: "info", ...problemIn(text, empty) });
      return;
    }
    const remember = (form.elements.namedItem("remember") as HTMLInputElement | null)?.checked ?? false;
    setBusy(true);
    const result = await login(input.username, input.password, remember);
    setBusy(false);
    if (!result.ok) {
      const wrong = result.code === "invalid_credentials";
      showPopup({ icon: wrong ? "warning" : "error", ...problemIn(text, result.problem) });
      return;
    }
    afterSignIn(result.value.customer);
    const linked = result.value.linked;
    if (linked)
      showPopup({
        icon: "success",
        title: t("providerLinkedTitle", { provider: PROVIDER_LABEL[linked] }),
        text: t("providerLinkedText", { provider: PROVIDER_LABEL[linked] }),
      });
    const next = safeRedirect(redirectTo) ?? result.value.redirect;
    // The email proof link is a server route, not a page: the browser loads it whole.
    if (isEmailProofPath(next)) {
      window.location.assign(next);
      return;
    }
    await navigate(next);
    await revalidator.revalidate();
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4" data-testid={`${idPrefix}-form`}>
      <TextField
        label={t("usernameOrEmail")}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField
        label={t("password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField name="remember" label={t("rememberMe")} />
        <button
          type="button"
          onClick={onForgot}
          className="text-sm font-medium text-brand underline-offset-2 hover:underline"
        >
          {t("forgotYourPassword")}
        </button>
      </div>
      <SubmitButton busy={busy} className="w-full">
        {t("logIn")}
      </SubmitButton>
      <p
        className="rounded-lg bg-slate-50 px-3.5 py-3 text-xs leading-relaxed text-slate-600"
        data-testid="legacy-hint"
      >
        {text(ACCOUNT_TEXT.legacyHint)}
      </p>
    </form>
  );
}
