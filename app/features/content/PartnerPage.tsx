// 'Become a Partner': name, email, phone, subject and message; stored and mailed to the shop.
import { useTranslations } from "use-intl";
import { InquiryForm } from "./InquiryForm";
import { PageHeader } from "./PageHeader";

/** `intro`: the store's own text (its SEO description of the page), or null for the standard one. */
export function PartnerPage({ storeName, intro }: { storeName: string; intro: string | null }) {
  const t = useTranslations("Content");
  return (
    <>
      <PageHeader title={t("becomePartner")} path="/pages/partner" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:py-12 lg:grid-cols-5">
        <section className="lg:col-span-2" aria-labelledby="partner-why">
          <h2 id="partner-why" className="text-xl font-semibold text-slate-900">
            {t("partnerWith", { name: storeName })}
          </h2>
          <p className="mt-3 leading-relaxed text-slate-700">
            {intro || t("partnerIntro", { name: storeName })}
          </p>
          <p className="mt-3 leading-relaxed text-slate-700">{t("partnerTellUs")}</p>
        </section>
        <section className="lg:col-span-3" aria-labelledby="partner-form-title">
          <h2 id="partner-form-title" className="text-xl font-semibold text-slate-900">
            {t("applyNow")}
          </h2>
          <div className="mt-4 rounded-lg border border-slate-200 p-4 sm:p-6">
            <InquiryForm idPrefix="partner" submitLabel={t("submit")} />
          </div>
        </section>
      </div>
    </>
  );
}
