// What a visitor sees instead of the checkout: sign in or register, the cart stays. Both carry
// the checkout as where to go next, so the shopper comes back here, not to the dashboard. Where
// the store allows guests (`guest`), it is a line above the guest checkout instead.
import { useTranslations } from "use-intl";
import { CHECKOUT_PATH, withRedirect } from "../../../core/safe-redirect";
import { LocalLink } from "../../lib/localized";
import type { RootData } from "../../root-data";
import { openLoginModal } from "../account/login-modal";

const BUTTON = {
  full: {
    signin:
      "rounded-lg border border-transparent bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2",
    register:
      "rounded-lg border border-brand px-6 py-3 font-semibold text-brand hover:bg-brand hover:text-white",
  },
  line: {
    signin:
      "rounded-lg border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white",
    register:
      "rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100",
  },
} as const;

function SignInButtons({
  showSignin,
  showSignup,
  size,
  className,
}: {
  showSignin: boolean;
  showSignup: boolean;
  size: keyof typeof BUTTON;
  className: string;
}) {
  const t = useTranslations("Checkout");
  return (
    <div className={className}>
      {showSignin ? (
        <button
          type="button"
          onClick={() => openLoginModal("login", CHECKOUT_PATH)}
          className={BUTTON[size].signin}
        >
          {t("signIn")}
        </button>
      ) : null}
      {showSignup ? (
        <LocalLink to={withRedirect("/register", CHECKOUT_PATH)} className={BUTTON[size].register}>
          {t("register")}
        </LocalLink>
      ) : null}
    </div>
  );
}

export function SignInPrompt({ account, guest = false }: { account?: RootData["account"]; guest?: boolean }) {
  const t = useTranslations("Checkout");
  const showSignin = account?.showSignin ?? true;
  const showSignup = account?.showSignup ?? true;
  if (guest) {
    if (!showSignin && !showSignup) return null;
    return (
      <div
        className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-slate-50 px-5 py-4"
        data-testid="checkout-signin"
      >
        <p className="min-w-0 flex-1 basis-64 text-sm text-slate-700">
          {t.rich("guestSignIn", {
            strong: (chunks) => <strong className="text-slate-900">{chunks}</strong>,
          })}
        </p>
        <SignInButtons
          showSignin={showSignin}
          showSignup={showSignup}
          size="line"
          className="flex flex-wrap gap-2"
        />
      </div>
    );
  }
  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-center sm:p-8"
      data-testid="checkout-signin"
    >
      <h2 className="text-xl font-bold text-slate-900">{t("checkout")}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{t("signInToOrder")}</p>
      <SignInButtons
        showSignin={showSignin}
        showSignup={showSignup}
        size="full"
        className="mt-5 flex flex-wrap justify-center gap-3"
      />
    </div>
  );
}
