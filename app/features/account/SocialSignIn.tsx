// The social sign-in buttons under the login form: one per provider the shop has configured,
// each a form that posts to /auth/{provider}/start (the server sends the shopper on to the
// provider; docs/decisions/0031). Plain forms, so they work before the page's JavaScript runs.
import { useTranslations } from "use-intl";
import { PROVIDER_LABEL, type SocialProvider, socialStartPath } from "../../../core/social-sign-in";
import { CsrfInput } from "../../lib/csrf";
import { useLocalePath } from "../../lib/localized";

const LOOK: Record<SocialProvider, { className: string; icon: string }> = {
  facebook: {
    className: "bg-[#1466d8] text-white hover:bg-[#0f5fd6]",
    icon: "M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21z",
  },
  google: {
    className: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
    icon: "M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 01-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3zM12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0012 22zM6.4 13.9a6 6 0 010-3.8V7.5H3.1a10 10 0 000 9zM12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 003.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z",
  },
};

/** The spec's order: Facebook first, then Google. */
const ORDER: SocialProvider[] = ["facebook", "google"];

export function SocialSignIn({
  providers,
  redirectTo = null,
}: {
  providers: Record<SocialProvider, boolean>;
  redirectTo?: string | null;
}) {
  const t = useTranslations("Account");
  const localePath = useLocalePath();
  const shown = ORDER.filter((p) => providers[p]);
  // Where to land afterwards, in this page's language: the server follows its prefix for the
  // login page and the dashboard too.
  const back = localePath(redirectTo ?? "/shop/dashboard");
  if (shown.length === 0) return null;
  return (
    <div className="mt-6">
      <p className="relative text-center text-sm text-slate-500 before:absolute before:left-0 before:top-1/2 before:h-px before:w-full before:bg-slate-200">
        <span className="relative bg-white px-3">{t("orSignInWith")}</span>
      </p>
      <div className={`mt-4 grid gap-3 ${shown.length > 1 ? "sm:grid-cols-2" : ""}`}>
        {shown.map((p) => (
          <form key={p} method="post" action={socialStartPath(p)} data-testid={`social-${p}`}>
            <CsrfInput />
            <input type="hidden" name="redirectTo" value={back} />
            <button
              type="submit"
              className={`inline-flex w-full items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 py-2.5 text-[15px] font-semibold transition ${LOOK[p].className}`}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
                <path d={LOOK[p].icon} />
              </svg>
              {t("loginWith", { provider: PROVIDER_LABEL[p] })}
            </button>
          </form>
        ))}
      </div>
    </div>
  );
}
