// /register: Billing Details.
import { Link } from "react-router";
import { withRedirect } from "../../../core/safe-redirect";
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
  return (
    <>
      <AccountPageHeader title="Register" />
      <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 className="text-xl font-semibold text-slate-900">Billing Details</h2>
          <p className="mt-1 text-sm text-slate-600">Fields marked with * are required.</p>
          <div className="mt-6">
            <RegisterForm countries={countries} redirectTo={redirectTo} />
          </div>
        </div>
        {showSignin ? (
          <p className="mt-6 text-center text-sm text-slate-600">
            Already have an account?{" "}
            <button
              type="button"
              onClick={() => openLoginModal("login", redirectTo)}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              Sign in
            </button>{" "}
            or use the{" "}
            <Link
              to={withRedirect("/pages/login", redirectTo)}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              login page
            </Link>
            .
          </p>
        ) : null}
      </section>
    </>
  );
}
