// The cookie-consent banner (EU stores): necessary storage always, analytics only after
// 'Accept'. Not a modal: the shop stays usable, and a spacer at the end of the page lets the
// footer scroll above the banner. It waits its turn (first-visit/overlay-turn.ts): not under
// the 18+ gate nor under its welcome. The footer's 'Cookie settings' brings it back with the
// current choice named and focus on it; 'Decline' withdraws in one click (docs/decisions/0052).
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";
import { useOverlayTurn } from "../first-visit/overlay-turn";
import { chooseConsent, useConsent, useConsentChoice } from "./consent";

export function ConsentBanner() {
  if (useOverlayTurn() !== "consent") return null;
  return <Banner />;
}

function Banner() {
  const t = useTranslations("Consent");
  const s = useTranslations("CookieSettings");
  const choice = useConsentChoice();
  const reopened = useConsent((st) => st.reopened);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (reopened) ref.current?.focus();
  }, [reopened]);
  return (
    <>
      <div aria-hidden="true" className="h-44 sm:h-24" />
      <section
        ref={ref}
        tabIndex={-1}
        aria-label={t("label")}
        data-testid="consent-banner"
        className="fixed inset-x-0 bottom-0 z-40 border-t outline-none border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            {t.rich("text", {
              link: (chunks) => (
                <LocalLink to="/pages/privacy" className="font-medium text-slate-900 underline">
                  {chunks}
                </LocalLink>
              ),
            })}
            {choice ? (
              <span className="mt-1 block font-medium text-slate-900" data-testid="consent-current">
                {s(choice === "granted" ? "currentGranted" : "currentDenied")}
              </span>
            ) : null}
          </p>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              onClick={() => chooseConsent("denied")}
              className="flex-1 rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:flex-none"
            >
              {t("decline")}
            </button>
            <button
              type="button"
              onClick={() => chooseConsent("granted")}
              className="flex-1 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark sm:flex-none"
            >
              {t("accept")}
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
