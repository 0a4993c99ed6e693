// 'Become a Partner': name, email, phone, subject and message; stored and mailed to the shop.
import { InquiryForm } from "./InquiryForm";
import { PageHeader } from "./PageHeader";

export function PartnerPage({ storeName, intro }: { storeName: string; intro: string }) {
  return (
    <>
      <PageHeader title="Become a Partner" path="/pages/partner" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:py-12 lg:grid-cols-5">
        <section className="lg:col-span-2" aria-labelledby="partner-why">
          <h2 id="partner-why" className="text-xl font-semibold text-slate-900">
            Partner with {storeName}
          </h2>
          <p className="mt-3 leading-relaxed text-slate-700">{intro}</p>
          <p className="mt-3 leading-relaxed text-slate-700">
            Tell us about your business and what you would like to stock. We answer every application
            personally.
          </p>
        </section>
        <section className="lg:col-span-3" aria-labelledby="partner-form-title">
          <h2 id="partner-form-title" className="text-xl font-semibold text-slate-900">
            Apply now
          </h2>
          <div className="mt-4 rounded-lg border border-slate-200 p-4 sm:p-6">
            <InquiryForm idPrefix="partner" submitLabel="Submit" />
          </div>
        </section>
      </div>
    </>
  );
}
