// What a visitor sees instead of the checkout: sign in or register, the cart stays. Both carry
// the checkout as where to go next, so the shopper comes back here, not to the dashboard.
import { Link } from "react-router";
import { CHECKOUT_PATH, withRedirect } from "../../../core/safe-redirect";
import type { RootData } from "../../root-data";
import { openLoginModal } from "../account/login-modal";

export function SignInPrompt({ account }: { account?: RootData["account"] }) {
  const showSignin = account?.showSignin ?? true;
  const showSignup = account?.showSignup ?? true;
  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-center sm:p-8"
      data-testid="checkout-signin"
    >
      <h2 className="text-xl font-bold text-slate-900">Checkout</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        Please sign in or register to place your order. Your cart is kept while you do.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {showSignin ? (
          <button
            type="button"
            onClick={() => openLoginModal("login", CHECKOUT_PATH)}
            className="rounded-lg border border-transparent bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2"
          >
            Sign in
          </button>
        ) : null}
        {showSignup ? (
          <Link
            to={withRedirect("/register", CHECKOUT_PATH)}
            className="rounded-lg border border-brand px-6 py-3 font-semibold text-brand hover:bg-brand hover:text-white"
          >
            Register
          </Link>
        ) : null}
      </div>
    </div>
  );
}
