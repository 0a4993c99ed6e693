// The newsletter modal's content (loaded when it first opens): email, Subscribe, the hide box.
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { checkNewsletter, NEWSLETTER_TEXT } from "../../../core/validation/account";
import { callApi } from "../../lib/api-client";
import { LocalLink, useCoreText } from "../../lib/localized";
import { CheckboxField, SubmitButton } from "../../ui/fields";
import { CloseButton } from "../../ui/Overlay";
import { call } from "../account/session-client";

export default function NewsletterBody({
  titleId,
  storeName,
  neutral,
  hide,
  onHideChange,
  onClose,
}: {
  titleId: string;
  storeName: string;
  /** Restricted advertising: an invitation to the shop's news, no deals promised (core/advertising.ts). */
  neutral: boolean;
  hide: boolean;
  onHideChange: (hide: boolean) => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const t = useTranslations("Newsletter");
  const s = useTranslations("Subscription");
  const text = useCoreText();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    const problem = checkNewsletter(email);
    if (problem) {
      setMessage({ ok: false, text: problem.title });
      return;
    }
    setBusy(true);
    const r = await call(() => callApi(routes.newsletter.subscribe, { body: { email } }));
    setBusy(false);
    setMessage(
      r.ok ? { ok: true, text: r.value.message } : { ok: false, text: r.problem.text ?? r.problem.title },
    );
  }

  return (
    <div className="overflow-hidden rounded-2xl">
      <CloseButton onClick={onClose} />
      <div className="bg-gradient-to-br from-brand to-brand-dark px-6 pb-6 pt-8 text-center text-white sm:px-10">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-white/80">{storeName}</p>
        <h2 id={titleId} className="mt-2 text-2xl font-bold sm:text-3xl">
          {text(NEWSLETTER_TEXT.title)}
        </h2>
        <p className="mt-2 text-sm text-white/90">
          {text(neutral ? NEWSLETTER_TEXT.introNeutral : NEWSLETTER_TEXT.intro)}
        </p>
      </div>
      <div className="px-6 pb-6 pt-5 sm:px-10">
        {message?.ok ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-4 py-3 text-center font-semibold text-emerald-800"
            data-testid="newsletter-done"
          >
            {text(message.text)}
          </p>
        ) : (
          <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row">
            <label className="sr-only" htmlFor={`${titleId}-email`}>
              {t("emailLabel")}
            </label>
            <input
              id={`${titleId}-email`}
              name="email"
              type="email"
              autoComplete="email"
              placeholder={t("emailPlaceholder")}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3.5 py-2.5 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25"
            />
            <SubmitButton busy={busy}>{t("subscribe")}</SubmitButton>
          </form>
        )}
        {message?.ok ? null : (
          <p className="mt-3 text-xs leading-relaxed text-slate-600" data-testid="newsletter-consent">
            {s("consentText", { shop: storeName })}{" "}
            <LocalLink to="/pages/privacy" className="font-medium text-slate-900 underline">
              {s("privacyLink")}
            </LocalLink>
          </p>
        )}
        {message && !message.ok ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {text(message.text)}
          </p>
        ) : null}
        <div className="mt-5">
          <CheckboxField
            label={text(NEWSLETTER_TEXT.hide)}
            checked={hide}
            onChange={(e) => onHideChange(e.currentTarget.checked)}
          />
        </div>
      </div>
    </div>
  );
}
