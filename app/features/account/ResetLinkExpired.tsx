// What the reset password page shows when its link has expired: the spec's message and, where
// sign-in is offered, a way to ask for a new link.
import { useTranslations } from "use-intl";
import { ACCOUNT_TEXT } from "../../../core/validation/account";
import { useCoreText } from "../../lib/localized";
import { openLoginModal } from "./login-modal";

export function ResetLinkExpired({ canSignIn }: { canSignIn: boolean }) {
  const t = useTranslations("Account");
  const text = useCoreText();
  return (
    <div className="text-center" data-testid="reset-expired">
      <span
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-600"
        aria-hidden="true"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="28"
          height="28"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{t("linkExpired")}</h2>
      <p className="mt-2 text-slate-600">{text(ACCOUNT_TEXT.resetExpired)}</p>
      {canSignIn ? (
        <button
          type="button"
          onClick={() => openLoginModal("forgot")}
          className="mt-6 inline-flex rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
        >
          {t("sendNewLink")}
        </button>
      ) : null}
    </div>
  );
}
