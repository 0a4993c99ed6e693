// About Us: top image, two titles, vision, mission, a third title and who-we-are, all from
// page-content records ('top image about', 'about title 1/2/3', 'our vision', 'our mission',
// 'who we are').
import { useTranslations } from "use-intl";
import type { AboutContent } from "../../../core/api/content";
import { fallbackLang } from "../../../core/translation";
import { PageHeader } from "./PageHeader";

export function AboutPage({ about }: { about: AboutContent }) {
  const t = useTranslations("Content");
  return (
    <>
      <PageHeader title={t("aboutUs")} path="/pages/about" />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
        {about.topImage ? (
          <img
            src={about.topImage.src}
            alt={about.topImage.alt}
            lang={fallbackLang(about, "topImage")}
            width={1600}
            height={600}
            fetchPriority="high"
            className="aspect-[16/7] w-full rounded-lg bg-slate-100 object-cover sm:aspect-[16/6]"
            data-testid="about-top-image"
          />
        ) : null}
        <section className="mx-auto mt-10 max-w-3xl text-center">
          {about.title1 ? (
            <h2
              className="text-2xl font-bold text-slate-900 sm:text-3xl"
              lang={fallbackLang(about, "title1")}
            >
              {about.title1}
            </h2>
          ) : null}
          {about.title2 ? (
            <p className="mt-3 text-lg font-medium text-brand" lang={fallbackLang(about, "title2")}>
              {about.title2}
            </p>
          ) : null}
        </section>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="about-vision">
            <h3 id="about-vision" className="text-lg font-semibold text-slate-900">
              {t("ourVision")}
            </h3>
            <p className="mt-3 leading-relaxed text-slate-700" lang={fallbackLang(about, "vision")}>
              {about.vision}
            </p>
          </section>
          <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="about-mission">
            <h3 id="about-mission" className="text-lg font-semibold text-slate-900">
              {t("ourMission")}
            </h3>
            <p className="mt-3 leading-relaxed text-slate-700" lang={fallbackLang(about, "mission")}>
              {about.mission}
            </p>
          </section>
        </div>
        <section className="mx-auto mt-12 max-w-3xl" aria-labelledby="about-title-3">
          <h2
            id="about-title-3"
            className="text-2xl font-bold text-slate-900"
            lang={about.title3 ? fallbackLang(about, "title3") : undefined}
          >
            {about.title3 || t("whoWeAre")}
          </h2>
          <p
            className="mt-4 whitespace-pre-line leading-relaxed text-slate-700"
            lang={fallbackLang(about, "whoWeAre")}
          >
            {about.whoWeAre}
          </p>
        </section>
      </div>
    </>
  );
}
