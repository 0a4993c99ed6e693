// The trader's identity on a page (docs/decisions/0049-trader-identity-and-order-button.md): the
// footer's compact lines, and the full block of the contact and terms pages. The lines come from
// core/trader.ts traderLines, the same function every mail's footer uses.
import { useTranslations } from "use-intl";
import { traderLines } from "../../../core/trader";
import { useLayout } from "../layout/use-layout";

/** The footer's lines: name and address on one line, then contact and registration. */
export function TraderFooterLines({ className = "" }: { className?: string }) {
  const { layout } = useLayout();
  const t = useTranslations("Trader");
  if (!layout.trader) return null;
  const l = traderLines(layout.trader, t);
  return (
    <address className={`not-italic ${className}`} data-testid="trader-footer">
      <span className="font-semibold text-white">{l.name}</span>
      {" · "}
      {l.address.join(", ")}
      <br />
      {[...l.contact, ...l.registration].join(" · ")}
    </address>
  );
}

/** The full block, under its own heading: the contact and the terms pages. */
export function TraderIdentityBlock({
  className = "",
  heading: Heading = "h2",
}: {
  className?: string;
  /** The heading's level where the block sits: h3 inside the contact page's first section. */
  heading?: "h2" | "h3";
}) {
  const { layout } = useLayout();
  const t = useTranslations("Trader");
  if (!layout.trader) return null;
  const l = traderLines(layout.trader, t);
  return (
    <section
      className={`rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 ${className}`}
      aria-labelledby="trader-identity-title"
      data-testid="trader-identity"
    >
      <Heading id="trader-identity-title" className="text-base font-semibold text-slate-900">
        {t("title")}
      </Heading>
      <address className="mt-2 space-y-0.5 not-italic">
        <p className="font-semibold text-slate-900">{l.name}</p>
        {l.address.map((a) => (
          <p key={a}>{a}</p>
        ))}
        <p className="pt-1">
          <a className="text-brand underline" href={`tel:${layout.trader.phone.replace(/[^+\d]/g, "")}`}>
            {l.contact[0]}
          </a>
        </p>
        <p>
          <a className="text-brand underline" href={`mailto:${layout.trader.email}`}>
            {l.contact[1]}
          </a>
        </p>
        {l.registration.map((r) => (
          <p key={r}>{r}</p>
        ))}
      </address>
    </section>
  );
}
