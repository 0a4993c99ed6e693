// The pages of the newsletter's mailed links (docs/decisions/0052): the confirmation and the
// unsubscribe link each show the address and one button, a plain form POST that works without
// JavaScript (server/http/newsletter-links.ts); after it, the outcome. Opening the link changes
// nothing, so a mail scanner that follows links neither confirms nor unsubscribes anyone.
import { useTranslations } from "use-intl";
import type { NewsletterOutcome } from "../../../core/newsletter";
import { CsrfInput } from "../../lib/csrf";
import { LocalLink } from "../../lib/localized";

export type NewsletterLinkData =
  | { state: "ask"; kind: "confirm" | "unsubscribe"; email: string; token: string }
  | { state: NewsletterOutcome };

const TEXTS = {
  confirmed: ["confirmedTitle", "confirmedText"],
  unsubscribed: ["unsubscribedTitle", "unsubscribedText"],
  expired: ["expiredTitle", "expiredText"],
} as const;

export function NewsletterLinkPage(data: NewsletterLinkData) {
  const t = useTranslations("Subscription");
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="newsletter-link-page">
      {data.state === "ask" ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">
            {t(data.kind === "confirm" ? "confirmTitle" : "unsubscribeTitle")}
          </h1>
          <p className="mt-4 break-words text-slate-700">
            {t(data.kind === "confirm" ? "confirmText" : "unsubscribeText", { email: data.email })}
          </p>
          <form method="post" className="mt-8">
            {data.kind === "confirm" ? (
              <CsrfInput />
            ) : (
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            )}
            <input type="hidden" name="token" value={data.token} />
            <button
              type="submit"
              className="rounded-md bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
            >
              {t(data.kind === "confirm" ? "confirmButton" : "unsubscribeButton")}
            </button>
          </form>
        </>
      ) : (
        <div role="status">
          <h1 className="text-3xl font-bold text-slate-900">{t(TEXTS[data.state][0])}</h1>
          <p className="mt-4 text-slate-700">{t(TEXTS[data.state][1])}</p>
          <LocalLink
            to="/"
            className="mt-8 inline-block rounded-md bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
          >
            {t("homeLink")}
          </LocalLink>
        </div>
      )}
    </section>
  );
}
