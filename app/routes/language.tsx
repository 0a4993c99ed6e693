// The storefront's pages in one language (docs/decisions/0035-languages.md): this pathless layout
// hands the page its language and compiled catalogue, and frames every storefront route in the
// shop's shell. app/routes.ts mounts it once per URL prefix; its loader runs on a document load
// and when the language changes, never on a navigation within one language.
import type { ReactNode } from "react";
import { isRouteErrorResponse, Outlet } from "react-router";
import { IntlProvider, useTranslations } from "use-intl";
import { STORE_TIME_ZONE } from "../../core/time-zone";
import { coreTextsFor, pageMessagesFor } from "../../services/messages";
import { requestEnv } from "../context";
import { AccountLayer } from "../features/account/AccountLayer";
import { ContentGlobals } from "../features/content/ContentGlobals";
import { ReportBoundaryError } from "../features/errors/ErrorReporter";
import { Shell } from "../features/layout/Shell";
import { ShopToaster } from "../features/shop-state/ShopToaster";
import type { LanguageData } from "../lib/i18n";
import { LocalLink, useLanguageData } from "../lib/localized";
import type { Route } from "./+types/language";

export function loader({ context }: Route.LoaderArgs): LanguageData {
  const { lang, langPrefix } = context.get(requestEnv);
  return { lang, prefix: langPrefix, messages: pageMessagesFor(lang), coreTexts: coreTextsFor(lang) };
}

/** The catalogue only changes with the language, and another language is another route tree. */
export function shouldRevalidate() {
  return false;
}

function onIntlError(error: Error) {
  // A missing message is a bug the end-to-end suites catch through the page's console.
  console.error(error.message);
}

function Language({ data, children }: { data: LanguageData | undefined; children: ReactNode }) {
  return (
    <IntlProvider
      locale={data?.lang ?? "en"}
      messages={data?.messages as never}
      timeZone={STORE_TIME_ZONE}
      onError={onIntlError}
    >
      <Shell>{children}</Shell>
      <ShopToaster />
      <AccountLayer />
      <ContentGlobals />
    </IntlProvider>
  );
}

export default function LanguageLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Language data={loaderData}>
      <Outlet />
    </Language>
  );
}

function ErrorPage({ error }: { error: unknown }) {
  const t = useTranslations("Errors");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <ReportBoundaryError error={error} />
      <h1 className="text-3xl font-bold">{notFound ? t("notFoundTitle") : t("failedTitle")}</h1>
      <p className="mt-4 text-slate-600">{notFound ? t("notFoundText") : t("failedText")}</p>
      <LocalLink to="/" className="mt-8 inline-block rounded bg-brand px-6 py-3 font-semibold text-white">
        {t("backToHomepage")}
      </LocalLink>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useLanguageData();
  return (
    <Language data={data}>
      <ErrorPage error={error} />
    </Language>
  );
}
