// Terms, privacy and returns: title and paragraph pairs; the HTML was sanitised on the server
// (services/content.ts) before it reached this component.
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { LegalSection } from "../../../core/api/content";
import { fallbackLang } from "../../../core/translation";
import { PageHeader } from "./PageHeader";

export function LegalPage({
  title,
  path,
  sections,
  before,
}: {
  title: string;
  path: string;
  sections: LegalSection[];
  /** Shown above the sections: the trader's identity on the terms page. */
  before?: ReactNode;
}) {
  const t = useTranslations("Content");
  return (
    <>
      <PageHeader title={title} path={path} />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        {before}
        {sections.length === 0 ? <p className="text-slate-600">{t("pageBeingUpdated")}</p> : null}
        {sections.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the sections are static; the index keeps equal titles apart.
          <section key={`${i}-${s.title}`} className="mb-8" aria-labelledby={`section-${i}`}>
            <h2
              id={`section-${i}`}
              className="text-xl font-semibold text-slate-900"
              lang={fallbackLang(s, "title")}
            >
              {s.title}
            </h2>
            <div
              lang={fallbackLang(s, "html")}
              className="content-html mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:text-brand [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server.
              dangerouslySetInnerHTML={{ __html: s.html }}
            />
          </section>
        ))}
      </div>
    </>
  );
}
