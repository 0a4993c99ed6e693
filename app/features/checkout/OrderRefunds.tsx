// The refunds of an order on the shopper's order pages (My Account's orders and the guest's signed
// link; docs/decisions/0056): only the money that went back, when, how, for which goods, and the
// points that moved with it.
import { useLocale, useTranslations } from "use-intl";
import type { Order } from "../../../core/api/orders";
import { STORE_TIME_ZONE } from "../../../core/time-zone";
import { useMoney } from "../../lib/localized";

const METHOD_KEY = {
  provider: "method_provider",
  cash: "method_cash",
  bank_transfer: "method_bank_transfer",
  other: "method_other",
} as const;

export function OrderRefunds({ refunds }: { refunds: Order["refunds"] }) {
  const t = useTranslations("Refunds");
  const locale = useLocale();
  const euro = useMoney();
  if (refunds.length === 0) return null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale === "el" ? "el-GR" : "en-IE", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: STORE_TIME_ZONE,
    }).format(new Date(iso));
  const total = refunds.reduce((s, r) => s + r.amountCents, 0);
  return (
    <section className="mt-4 rounded-lg border border-slate-200 p-3 text-sm" data-testid="order-refunds">
      <h3 className="font-semibold text-slate-900">{t("title")}</h3>
      <ul className="mt-2 space-y-3">
        {refunds.map((r) => (
          <li key={r.id} data-testid="order-refund">
            <p className="font-medium text-slate-900">
              {t("refundedOn", { amount: euro(r.amountCents), date: date(r.at) })}
            </p>
            <p className="text-slate-700">
              {t(METHOD_KEY[r.method as keyof typeof METHOD_KEY] ?? "method_other")}
            </p>
            {r.lines.length > 0 || r.shippingCents > 0 || r.extraCents > 0 ? (
              <ul className="mt-1 list-disc pl-5 text-slate-700">
                {r.lines.map((l) => (
                  <li key={l.description} className="break-words">
                    {l.qty} × {l.description}: {euro(l.amountCents)}
                  </li>
                ))}
                {r.shippingCents > 0 ? (
                  <li>
                    {t("shipping")}: {euro(r.shippingCents)}
                  </li>
                ) : null}
                {r.extraCents > 0 ? (
                  <li>
                    {t("extra")}: {euro(r.extraCents)}
                  </li>
                ) : null}
              </ul>
            ) : null}
            {r.pointsReturnedCents > 0 ? (
              <p className="text-slate-700">{t("pointsReturned", { amount: euro(r.pointsReturnedCents) })}</p>
            ) : null}
            {r.pointsTakenCents > 0 ? (
              <p className="text-slate-700">{t("pointsTaken", { amount: euro(r.pointsTakenCents) })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {refunds.length > 1 ? (
        <p className="mt-2 font-semibold text-slate-900">{t("total", { amount: euro(total) })}</p>
      ) : null}
    </section>
  );
}
