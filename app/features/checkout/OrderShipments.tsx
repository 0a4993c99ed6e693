// The shipments of an order on the shopper's order pages (My Account's orders and the guest's signed
// link; docs/decisions/0055): each parcel's courier, tracking number with the courier's tracking
// link, what it carried, and the delivery date once the order is delivered.
import { useLocale, useTranslations } from "use-intl";
import type { Order } from "../../../core/api/orders";
import { STORE_TIME_ZONE } from "../../../core/time-zone";

export function OrderShipments({
  shipments,
  deliveredAt,
}: {
  shipments: Order["shipments"];
  deliveredAt: string | null;
}) {
  const t = useTranslations("Shipments");
  const locale = useLocale();
  if (shipments.length === 0) return null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale === "el" ? "el-GR" : "en-IE", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: STORE_TIME_ZONE,
    }).format(new Date(iso));
  return (
    <section className="mt-4 rounded-lg border border-slate-200 p-3 text-sm" data-testid="order-shipments">
      <h3 className="font-semibold text-slate-900">{t("title")}</h3>
      {deliveredAt ? (
        <p className="mt-1 font-medium text-green-800">{t("deliveredOn", { date: date(deliveredAt) })}</p>
      ) : null}
      <ul className="mt-2 space-y-3">
        {shipments.map((s) => (
          <li key={s.id} data-testid="order-shipment">
            <p className="font-medium text-slate-900">
              {t("shipmentN", { seq: s.seq })} · {t("shippedOn", { date: date(s.createdAt) })}
            </p>
            <p className="text-slate-700">{t("carrier", { carrier: s.carrier })}</p>
            {s.trackingNumber ? (
              s.trackingUrl ? (
                <a
                  href={s.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-teal-800 underline underline-offset-2"
                >
                  {t("track", { number: s.trackingNumber })}
                </a>
              ) : (
                <p className="text-slate-700">{t("trackingNumber", { number: s.trackingNumber })}</p>
              )
            ) : null}
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              {s.lines.map((l) => (
                <li key={l.orderLineId}>
                  {l.qty} × {l.description}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
