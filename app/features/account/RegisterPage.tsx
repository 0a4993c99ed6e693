// /register: Billing Details.
import { useTranslations } from "use-intl";
import { withRedirect } from "../../../core/safe-redirect";
import { LocalLink } from "../../lib/localized";
import { AccountPageHeader } from "./AccountPageHeader";
import { openLoginModal } from "./login-modal";
import { type CountryOption, RegisterForm } from "./RegisterForm";

export function RegisterPage({
  countries,
  showSignin,
  redirectTo = null,
}: {
  countries: CountryOption[];
  showSignin: boolean;
  /** Where the shopper goes after registering (the checkout when started there). */
  redirectTo?: string | null;
}) {
  const t = useTranslations("Account");
  return (
    <>
      <AccountPageHeader title={t("register")} />
      <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 className="text-xl font-semibold text-slate-900">{t("billingDetails")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("requiredNote")}</p>
          <div className="mt-6">
            <RegisterForm countries={countries} redirectTo={redirectTo} />
          </div>
        </div>
        {showSignin ? (
          <p className="mt-6 text-center text-sm text-slate-600">
            {t.rich("alreadyHaveAccount", {
              signin: (chunks) => (
                <button
                  type="button"
                  onClick={() => openLoginModal("login", redirectTo)}
                  className="font-semibold text-brand underline-offset-2 hover:underline"
                >
                  {chunks}
                </button>
              ),
              page: (chunks) => (
                <LocalLink
                  to={withRedirect("/pages/login", redirectTo)}
                  className="font-semibold text-brand underline-offset-2 hover:underline"
                >
                  {chunks}
                </LocalLink>
              ),
            })}
          </p>
        ) : null}
      </section>
    </>
  );
}
