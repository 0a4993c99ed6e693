// The privacy policy checkbox of every form that makes an account (registration, an account
// made from a guest order): the spec's required consent, linking to the store's policy.
import { Link } from "react-router";
import { CheckboxField } from "../../ui/fields";

export function PrivacyConsent({ error }: { error?: string }) {
  return (
    <CheckboxField
      name="privacy"
      error={error}
      label={
        <>
          I have read and agree to the{" "}
          <Link to="/pages/privacy" className="font-medium text-brand underline underline-offset-2">
            privacy policy
          </Link>
          .
        </>
      }
    />
  );
}
