// /pages/login: a tabbed Sign In / Register form (spec section 2) with username or email,
// password, remember me, a forgot-password link and two social sign-in buttons (SocialSignIn).
import { useState } from "react";
import { useSearchParams } from "react-router";
import { REDIRECT_PARAM } from "../../../core/safe-redirect";
import { AccountPageHeader } from "./AccountPageHeader";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { LoginForm } from "./LoginForm";
import { type CountryOption, RegisterForm } from "./RegisterForm";
import { SocialSignIn } from "./SocialSignIn";

type Tab = "signin" | "register";

export function LoginPage({
  countries,
  showSignin,
  showSignup,
  redirectTo = null,
}: {
  countries: CountryOption[];
  showSignin: boolean;
  showSignup: boolean;
  /** Already checked by the loader (safeRedirect); kept in the URL when switching tabs. */
  redirectTo?: string | null;
}) {
  const [params, setParams] = useSearchParams();
  const initial: Tab =
    params.get("tab") === "register" && showSignup ? "register" : showSignin ? "signin" : "register";
  const [tab, setTab] = useState<Tab>(initial);
  const [forgot, setForgot] = useState(false);
  // Fixed ids, not useId: the server (React) and the browser (Preact) number useId differently,
  // and a tab rendered by the server would name a panel id the browser never writes.
  const id = "login-page";
  const tabs: { key: Tab; label: string }[] = [
    ...(showSignin ? [{ key: "signin" as const, label: "Sign In" }] : []),
    ...(showSignup ? [{ key: "register" as const, label: "Register" }] : []),
  ];

  function select(next: Tab) {
    setTab(next);
    setForgot(false);
    const keep: Record<string, string> = redirectTo ? { [REDIRECT_PARAM]: redirectTo } : {};
    setParams(next === "register" ? { tab: "register", ...keep } : keep, {
      replace: true,
      preventScrollReset: true,
    });
  }

  return (
    <>
      <AccountPageHeader title="Login" />
      <section className="mx-auto max-w-xl px-4 py-8 sm:py-12">
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div
            role="tablist"
            aria-label="Sign in or register"
            className="grid grid-flow-col border-b border-slate-200"
          >
            {tabs.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                id={`${id}-${t.key}-tab`}
                aria-selected={tab === t.key}
                // Only the selected tab's panel is rendered.
                aria-controls={tab === t.key ? `${id}-${t.key}-panel` : undefined}
                onClick={() => select(t.key)}
                className={`px-4 py-4 text-center text-base font-semibold transition ${
                  tab === t.key ? "border-b-2 border-brand text-brand" : "text-slate-500 hover:text-slate-800"
                }`}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`${id}-${tab}-panel`}
            aria-labelledby={`${id}-${tab}-tab`}
            className="p-5 sm:p-8"
          >
            {tab === "signin" ? (
              forgot ? (
                <>
                  <h2 className="mb-4 text-lg font-semibold text-slate-900">Forgot Your Password?</h2>
                  <ForgotPasswordForm onBack={() => setForgot(false)} onSent={() => setForgot(false)} />
                </>
              ) : (
                <>
                  <LoginForm idPrefix="page-login" onForgot={() => setForgot(true)} redirectTo={redirectTo} />
                  <SocialSignIn />
                </>
              )
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">Billing Details</h2>
                <p className="mb-5 mt-1 text-sm text-slate-600">Fields marked with * are required.</p>
                <RegisterForm countries={countries} redirectTo={redirectTo} />
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
