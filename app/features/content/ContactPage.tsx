// Contact Us: contact-info text, the office, working hours per weekday, the form, the stores
// (warehouses: web description, phone, email, working days, weekend) and, when the maps
// setting is on, the map.
import { useTranslations } from "use-intl";
import type { ContactContent } from "../../../core/api/content";
import { fallbackLang } from "../../../core/translation";
import { TraderIdentityBlock } from "../trader/TraderIdentity";
import { ContactMap } from "./ContactMap";
import { InquiryForm } from "./InquiryForm";
import { PageHeader } from "./PageHeader";
import { WorkingHoursTable } from "./WorkingHours";

export function ContactPage({ contact, storeName }: { contact: ContactContent; storeName: string }) {
  const t = useTranslations("Content");
  const { office } = contact;
  return (
    <>
      <PageHeader title={t("contactUs")} path="/pages/contact" />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
        {contact.topImage ? (
          <img
            src={contact.topImage.src}
            alt={contact.topImage.alt}
            lang={fallbackLang(contact, "topImage")}
            width={1600}
            height={500}
            className="mb-10 aspect-[16/6] w-full rounded-lg bg-slate-100 object-cover sm:aspect-[16/5]"
          />
        ) : null}
        <div className="grid gap-10 lg:grid-cols-5">
          <section className="lg:col-span-2" aria-labelledby="contact-info-title">
            <h2 id="contact-info-title" className="text-xl font-semibold text-slate-900">
              {t("contactInformation")}
            </h2>
            {contact.contactInfo ? (
              <p
                className="mt-3 leading-relaxed text-slate-700"
                data-testid="contact-info"
                lang={fallbackLang(contact, "contactInfo")}
              >
                {contact.contactInfo}
              </p>
            ) : null}
            <dl className="mt-6 space-y-3 text-sm">
              {office.phone ? (
                <div>
                  <dt className="font-medium text-slate-900">{t("phone")}</dt>
                  <dd>
                    <a
                      href={`tel:${office.phone.replace(/\s+/g, "")}`}
                      className="text-brand hover:underline"
                    >
                      {office.phone}
                    </a>
                  </dd>
                </div>
              ) : null}
              {office.email ? (
                <div>
                  <dt className="font-medium text-slate-900">{t("email")}</dt>
                  <dd>
                    <a href={`mailto:${office.email}`} className="text-brand hover:underline">
                      {office.email}
                    </a>
                  </dd>
                </div>
              ) : null}
              {office.address ? (
                <div>
                  <dt className="font-medium text-slate-900">{t("address")}</dt>
                  <dd className="text-slate-700" lang={fallbackLang(contact, "office.address")}>
                    {office.address}
                  </dd>
                </div>
              ) : null}
            </dl>
            <h3 className="mt-8 text-base font-semibold text-slate-900">{t("workingHoursTitle")}</h3>
            <WorkingHoursTable className="mt-2" />
            <TraderIdentityBlock className="mt-8" heading="h3" />
          </section>
          <section className="lg:col-span-3" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
              {t("sendUsAMessage")}
            </h2>
            <div className="mt-4 rounded-lg border border-slate-200 p-4 sm:p-6">
              <InquiryForm idPrefix="contact" submitLabel={t("sendMessage")} />
            </div>
          </section>
        </div>

        {contact.stores.length > 0 ? (
          <section className="mt-12" aria-labelledby="stores-title">
            <h2 id="stores-title" className="text-xl font-semibold text-slate-900">
              {t("ourStores")}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="store-list">
              {contact.stores.map((s) => (
                <li key={s.id} className="rounded-lg border border-slate-200 p-5 text-sm">
                  <h3 className="text-base font-semibold text-slate-900">{s.webDescription}</h3>
                  {s.address ? <p className="mt-2 text-slate-700">{s.address}</p> : null}
                  <dl className="mt-3 space-y-1 text-slate-700">
                    {s.phone ? (
                      <div className="flex gap-2">
                        <dt className="font-medium text-slate-900">{t("phoneColon")}</dt>
                        <dd>
                          <a
                            href={`tel:${s.phone.replace(/\s+/g, "")}`}
                            className="text-brand hover:underline"
                          >
                            {s.phone}
                          </a>
                        </dd>
                      </div>
                    ) : null}
                    {s.email ? (
                      <div className="flex gap-2">
                        <dt className="font-medium text-slate-900">{t("emailColon")}</dt>
                        <dd>
                          <a href={`mailto:${s.email}`} className="break-all text-brand hover:underline">
                            {s.email}
                          </a>
                        </dd>
                      </div>
                    ) : null}
                    {s.workingDays ? (
                      <div className="flex gap-2">
                        <dt className="font-medium text-slate-900">{t("workingDays")}</dt>
                        <dd>{s.workingDays}</dd>
                      </div>
                    ) : null}
                    {s.weekend ? (
                      <div className="flex gap-2">
                        <dt className="font-medium text-slate-900">{t("weekend")}</dt>
                        <dd>{s.weekend}</dd>
                      </div>
                    ) : null}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {contact.map.enabled ? (
          <section className="mt-12" aria-labelledby="map-title">
            <h2 id="map-title" className="text-xl font-semibold text-slate-900">
              {t("findUs")}
            </h2>
            <div className="mt-4">
              <ContactMap
                map={contact.map}
                office={office}
                storeName={storeName}
                untranslated={contact.untranslated}
              />
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
