// Shown on the login page while a Google or Facebook identity waits to be linked to the existing
// account of its email: signing in with the password links it, or a link mailed to the account does.
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { callApi } from "../../lib/api-client";
import { useCoreText } from "../../lib/localized";
import { MailLinkButton } from "./MailLinkButton";
import { call } from "./session-client";

export function LinkPendingNotice({ text }: { text: string }) {
  const t = useTranslations("Account");
  const coreText = useCoreText();

  async function mailLink() {
    const r = await call(() => callApi(routes.auth.socialLinkMail, {}));
    return r.ok
      ? { ok: true, text: coreText(r.value.message) }
      : { ok: false, text: coreText(r.problem.title) };
  }

  return (
    <div
      className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
      data-testid="link-pending"
    >
      <p>{text}</p>
      <MailLinkButton label={t("emailMeALink")} send={mailLink} />
    </div>
  );
}
