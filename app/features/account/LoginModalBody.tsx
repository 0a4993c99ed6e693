// The login modal's content (loaded on first open): Sign In, Forgot Your Password, Register link.
import { useTranslations } from "use-intl";
import { withRedirect } from "../../../core/safe-redirect";
import { LocalLink } from "../../lib/localized";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { LoginForm } from "./LoginForm";
import { closeLoginModal, type LoginModalView, showLoginView } from "./login-modal";

export default function LoginModalBody({
  view,
  titleId,
  showSignup,
  redirectTo = null,
}: {
  view: LoginModalView;
  titleId: string;
  showSignup: boolean;
  redirectTo?: string | null;
}) {
  const t = useTranslations("Account");
  return (
    <div className="px-6 pb-6 pt-7 sm:px-8">
      <h2 id={titleId} className="text-center text-2xl font-bold text-slate-900">
        {view === "forgot" ? t("forgotYourPassword") : t("signInTitle")}
      </h2>
      <div className="mt-6">
        {view === "forgot" ? (
          <ForgotPasswordForm onBack={() => showLoginView("login")} onSent={() => showLoginView("login")} />
        ) : (
          <LoginForm
            idPrefix="modal-login"
            onForgot={() => showLoginView("forgot")}
            redirectTo={redirectTo}
          />
        )}
      </div>
      {showSignup ? (
        <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
          {t("newHere")}{" "}
          <LocalLink
            to={withRedirect("/register", redirectTo)}
            onClick={closeLoginModal}
            className="font-semibold text-brand underline-offset-2 hover:underline"
          >
            {t("register")}
          </LocalLink>
        </p>
      ) : null}
    </div>
  );
}
