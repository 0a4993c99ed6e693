// The account's email and its proof (docs/decisions/0041): what a proof link did or asks for
// (EmailProofMessage, on the dashboard and the login page), and, while the address is unproven,
// the dashboard's request to open the link, with "Send the link again".
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import type { EmailProofNotice as Notice } from "../../../core/email-proof";
import { callApi } from "../../lib/api-client";
import { useCoreText } from "../../lib/localized";
import { MailLinkButton } from "./MailLinkButton";
import { call } from "./session-client";

const MESSAGE_KEYS = {
  sign_in: "emailProofSignIn",
  proven: "emailProofProven",
  expired: "emailProofExpired",
  other_account: "emailProofOtherAccount",
} as const satisfies Record<Notice | "sign_in", string>;

/** What the link did (proven, expired, other account) or needs first (sign in). */
export function EmailProofMessage({ notice }: { notice: Notice | "sign_in" }) {
  const t = useTranslations("Account");
  const bad = notice === "expired" || notice === "other_account";
  const tone = bad
    ? "border-red-200 bg-red-50 text-red-800"
    : notice === "proven"
      ? "border-green-200 bg-green-50 text-green-900"
      : "border-sky-200 bg-sky-50 text-sky-900";
  return (
    <p
      role={bad ? "alert" : "status"}
      className={`mb-4 rounded-lg border px-4 py-3 text-sm ${tone}`}
      data-testid="email-proof-notice"
    >
      {t(MESSAGE_KEYS[notice])}
    </p>
  );
}

export function EmailProofNotice({
  notice,
  pending,
  email,
}: {
  notice: Notice | null;
  pending: boolean;
  email: string;
}) {
  const t = useTranslations("Account");
  const coreText = useCoreText();

  async function resend() {
    const r = await call(() => callApi(routes.auth.emailProof, {}));
    return r.ok
      ? { ok: true, text: t("emailProofSent", { email }) }
      : { ok: false, text: coreText(r.problem.title) };
  }

  return (
    <>
      {notice ? <EmailProofMessage notice={notice} /> : null}
      {pending ? (
        <div
          className="mb-5 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
          data-testid="email-proof-pending"
        >
          <p>{t("emailProofPending", { email })}</p>
          <MailLinkButton label={t("emailProofResend")} send={resend} />
        </div>
      ) : null}
    </>
  );
}
