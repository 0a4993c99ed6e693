// The product's safety information (GPSR art. 19, docs/decisions/0058): the nicotine health
// warning of Directive 2014/40/EU art. 20(4)(b)(iii) in the page's language, the other warnings,
// the manufacturer (and the EU responsible person for one outside the EU) with postal and e-mail
// address, and what identifies the product. On the product page and both quick views.
import { useId } from "react";
import { useTranslations } from "use-intl";
import type { OperatorContact, ProductCompliance } from "../../../core/regulatory";

function Operator({ title, who }: { title: string; who: OperatorContact }) {
  return (
    <div>
      <dt className="font-semibold text-slate-800">{title}</dt>
      <dd>
        <address className="not-italic">
          {who.name}
          {who.postalAddress.split("\n").map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <a className="underline" href={`mailto:${who.email}`}>
            {who.email}
          </a>
        </address>
      </dd>
    </div>
  );
}

const number = (n: number) => String(n);

export function ComplianceBlock({ compliance, code }: { compliance: ProductCompliance; code: string }) {
  const t = useTranslations("Product");
  const headingId = useId();
  const c = compliance;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 border-t border-slate-100 pt-4 text-sm text-slate-700"
      data-testid="compliance"
    >
      {c.nicotineWarning ? (
        <p className="border-2 border-black bg-white p-3 font-bold text-black" data-testid="nicotine-warning">
          {c.nicotineWarning}
        </p>
      ) : null}
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t("complianceTitle")}
      </h2>
      {c.warnings.length > 0 ? (
        <div>
          <p className="font-semibold text-slate-800">{t("complianceWarnings")}</p>
          <ul className="list-disc ps-5">
            {c.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2">
        {c.manufacturer ? <Operator title={t("complianceManufacturer")} who={c.manufacturer} /> : null}
        {c.responsiblePerson ? (
          <Operator title={t("complianceResponsible")} who={c.responsiblePerson} />
        ) : null}
        <div>
          <dt className="font-semibold text-slate-800">{t("complianceIdentification")}</dt>
          <dd>
            <span className="block">{t("complianceCode", { code })}</span>
            {c.ecId ? <span className="block">{t("complianceEcId", { ecId: c.ecId })}</span> : null}
            {c.nicotineMgPerMl !== null ? (
              <span className="block">{t("complianceNicotine", { mg: number(c.nicotineMgPerMl) })}</span>
            ) : null}
            {c.volumeMl !== null ? (
              <span className="block">{t("complianceVolume", { ml: number(c.volumeMl) })}</span>
            ) : null}
            {c.tankCapacityMl !== null ? (
              <span className="block">{t("complianceTank", { ml: number(c.tankCapacityMl) })}</span>
            ) : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}
