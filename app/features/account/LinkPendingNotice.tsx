// Shown on the login page while a Google or Facebook identity waits to be linked to the existing
// account of its email: signing in with the password links it, or a link mailed to the account does.
import { useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { callApi } from "../../lib/api-client";
import { useCoreText } from "../../lib/localized";
import { call } from "./session-client";

export function LinkPendingNotice({ text }: { text: string }) {
  const [busy, setBusy] = useState(false);
  const t = useTranslations("Account");
  const coreText = useCoreText();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function mailLink() {
    setBusy(true);
    const r = await call(() => callApi(routes.auth.socialLinkMail, {}));
    setBusy(false);
    setAnswer(
      r.ok ? { ok: true, text: coreText(r.value.message) } : { ok: false, text: coreText(r.problem.title) },
    );
  }

  return (
    <div
      className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
      data-testid="link-pending"
    >
      <p>{text}</p>
      <button
        type="button"
        onClick={mailLink}
        disabled={busy}
        className="mt-2 font-semibold text-sky-900 underline underline-offset-2 hover:no-underline disabled:opacity-60"
      >
        {t("emailMeALink")}
      </button>
      <p
        role="status"
        className={answer ? `mt-2 ${answer.ok ? "text-green-800" : "text-red-800"}` : "sr-only"}
      >
        {answer?.text ?? ""}
      </p>
    </div>
  );
}
