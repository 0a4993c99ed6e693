// The privacy policy checkbox of every form that makes an account (registration, an account
// made from a guest order): the spec's required consent, linking to the store's policy.
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";
import { CheckboxField } from "../../ui/fields";

export function PrivacyConsent({ error }: { error?: string }) {
  const t = useTranslations("Account");
  return (
    <CheckboxField
      name="privacy"
      error={error}
      label={t.rich("privacyConsent", {
        link: (chunks) => (
          <LocalLink to="/pages/privacy" className="font-medium text-brand underline underline-offset-2">
            {chunks}
          </LocalLink>
        ),
      })}
    />
  );
}
