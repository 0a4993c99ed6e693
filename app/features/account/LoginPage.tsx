// /pages/login: a tabbed Sign In / Register form (spec section 2) with username or email,
// password, remember me, a forgot-password link and the social sign-in buttons the shop has
// configured (SocialSignIn), with what a Google or Facebook sign-in came back with.
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { REDIRECT_PARAM } from "../../../core/safe-redirect";
import { PROVIDER_LABEL, type SocialProblem, type SocialProvider } from "../../../core/social-sign-in";
import { AccountPageHeader } from "./AccountPageHeader";
import { EmailProofMessage } from "./EmailProofNotice";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { LinkPendingNotice } from "./LinkPendingNotice";
import { LoginForm } from "./LoginForm";
import { type CountryOption, RegisterForm } from "./RegisterForm";
import { SocialSignIn } from "./SocialSignIn";

type Tab = "signin" | "register";

/** core/social-sign-in.ts's problems, as catalogue keys (`{p}` is the provider's name). */
const SOCIAL_PROBLEM_KEYS = {
  cancelled: "socialCancelled",
  expired: "socialExpired",
  unavailable: "socialUnavailable",
  failed: "socialFailed",
  no_email: "socialNoEmail",
  signup_off: "socialSignupOff",
  signin_off: "socialSigninOff",
  rate_limited: "socialRateLimited",
  link_expired: "socialLinkExpired",
} as const satisfies Record<SocialProblem, string>;

/** Why a Google or Facebook sign-in came back without signing in (the loader's findings). */
export interface SocialProblemData {
  problem: SocialProblem;
  /** The provider it came back from, or null when unknown ("Google or Facebook"). */
  provider: SocialProvider | null;
}

/** An identity of an existing account's email, waiting for the account's password or mailed link. */
export interface LinkPendingData {
  provider: SocialProvider;
  email: string;
}

export function LoginPage({
  countries,
  showSignin,
  showSignup,
  redirectTo = null,
  social,
  socialProblem = null,
  linkPending = null,
  emailProof = null,
}: {
  countries: CountryOption[];
  showSignin: boolean;
  showSignup: boolean;
  /** Already checked by the loader (safeRedirect); kept in the URL when switching tabs. */
  redirectTo?: string | null;
  /** The providers the shop has configured. */
  social: Record<SocialProvider, boolean>;
  /** Why a Google or Facebook sign-in came back without signing in. */
  socialProblem?: SocialProblemData | null;
  /** An identity of an existing account's email waits for the account's password or mailed link. */
  linkPending?: LinkPendingData | null;
  /** Sent here by an email proof link: to sign in first, or because it could not prove. */
  emailProof?: "sign_in" | "expired" | "other_account" | null;
}) {
  const t = useTranslations("Account");
  const tp = useTranslations("Privacy");
  const [params, setParams] = useSearchParams();
  const initial: Tab =
    params.get("tab") === "register" && showSignup ? "register" : showSignin ? "signin" : "register";
  const [tab, setTab] = useState<Tab>(initial);
  const [forgot, setForgot] = useState(false);
  // Fixed ids, not useId: the server (React) and the browser (Preact) number useId differently,
  // and a tab rendered by the server would name a panel id the browser never writes.
  const id = "login-page";
  const tabs: { key: Tab; label: string }[] = [
    ...(showSignin ? [{ key: "signin" as const, label: t("signInTitle") }] : []),
    ...(showSignup ? [{ key: "register" as const, label: t("register") }] : []),
  ];
  const p = socialProblem?.provider ? PROVIDER_LABEL[socialProblem.provider] : t("googleOrFacebook");

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
      <AccountPageHeader title={t("login")} />
      <section className="mx-auto max-w-xl px-4 py-8 sm:py-12">
        {socialProblem ? (
          <p
            role="alert"
            className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            data-testid="social-problem"
          >
            {t(SOCIAL_PROBLEM_KEYS[socialProblem.problem], { p })}
          </p>
        ) : null}
        {emailProof ? <EmailProofMessage notice={emailProof} /> : null}
        {params.get("account") === "deleted" ? (
          <p
            role="status"
            className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
            data-testid="account-deleted"
          >
            {tp("accountDeleted")}
          </p>
        ) : null}
        {linkPending && tab === "signin" ? (
          <LinkPendingNotice
            text={t("linkPending", { p: PROVIDER_LABEL[linkPending.provider], email: linkPending.email })}
          />
        ) : null}
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div
            role="tablist"
            aria-label={t("signInOrRegister")}
            className="grid grid-flow-col border-b border-slate-200"
          >
            {tabs.map((item) => (
              <button
                key={item.key}
                type="button"
                role="tab"
                id={`${id}-${item.key}-tab`}
                aria-selected={tab === item.key}
                // Only the selected tab's panel is rendered.
                aria-controls={tab === item.key ? `${id}-${item.key}-panel` : undefined}
                onClick={() => select(item.key)}
                className={`px-4 py-4 text-center text-base font-semibold transition ${
                  tab === item.key
                    ? "border-b-2 border-brand text-brand"
                    : "text-slate-500 hover:text-slate-800"
                }`}
              >
                {item.label}
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
                  <h2 className="mb-4 text-lg font-semibold text-slate-900">{t("forgotYourPassword")}</h2>
                  <ForgotPasswordForm onBack={() => setForgot(false)} onSent={() => setForgot(false)} />
                </>
              ) : (
                <>
                  <LoginForm idPrefix="page-login" onForgot={() => setForgot(true)} redirectTo={redirectTo} />
                  <SocialSignIn providers={social} redirectTo={redirectTo} />
                </>
              )
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">{t("billingDetails")}</h2>
                <p className="mb-5 mt-1 text-sm text-slate-600">{t("requiredNote")}</p>
                <RegisterForm countries={countries} redirectTo={redirectTo} />
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
