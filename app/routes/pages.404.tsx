import { data } from "react-router";
import { useTranslations } from "use-intl";
import { metaTranslator } from "../lib/i18n";
import { LocalLink } from "../lib/localized";
import type { Route } from "./+types/pages.404";

export function loader() {
  // A real 404 status, so crawlers do not index the error page as content.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(matches, "Errors")("notFoundTitle") },
];

export default function NotFoundPage() {
  const t = useTranslations("Errors");
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-5xl font-bold text-brand">{t("notFoundTitle")}</h1>
      <p className="mt-4 text-slate-600">{t("notFoundText")}</p>
      <LocalLink
        to="/"
        className="mt-8 inline-block rounded bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        {t("backToHomepage")}
      </LocalLink>
    </section>
  );
}
