// The footer's 'Cookie settings' (docs/decisions/0052): brings the cookie banner back, with the
// current choice named, so withdrawing takes one more click than giving did, and no search.
import { useTranslations } from "use-intl";
import { reopenConsent } from "./consent";

export function CookieSettingsLink({ className }: { className: string }) {
  const t = useTranslations("CookieSettings");
  return (
    <button type="button" onClick={reopenConsent} className={className} data-testid="cookie-settings">
      {t("link")}
    </button>
  );
}
