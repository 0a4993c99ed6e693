// The Orders tab: each order's code, total, date, status and lines; unpaid card orders can be
// paid or cancelled from here, a consumer withdraws from an order here (docs/decisions/0050), and
// the products of paid or completed ones are reviewed (docs/decisions/0053).
import { useTranslations } from "use-intl";
import { isKnownStatus, STATUS_KEY } from "../../checkout/labels";
import { OrderShipments } from "../../checkout/OrderShipments";
import { Withdrawal } from "../../withdrawal/Withdrawal";
import { DashboardCard } from "./DashboardCard";
import { LineReview } from "./LineReview";
import type { DashboardData } from "./types";
import { UnpaidOrder } from "./UnpaidOrder";

export function OrderList({ orders }: { orders: DashboardData["orders"] }) {
  const t = useTranslations("Account");
  const checkout = useTranslations("Checkout");
  const status = (s: string) => (isKnownStatus(s) ? checkout(STATUS_KEY[s]) : s);
  if (orders.length === 0) {
    return (
      <DashboardCard title={t("tabOrders")} testId="orders">
        <p className="text-slate-600">{t("noOrders")}</p>
      </DashboardCard>
    );
  }
  return (
    <DashboardCard title={t("tabOrders")} testId="orders">
      <ul className="divide-y divide-slate-200">
        {orders.map((o) => (
          <li key={o.code} className="py-4 first:pt-0 last:pb-0" data-testid="order">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="font-semibold text-slate-900">
                {t.rich("orderCode", {
                  code: o.code,
                  c: (chunks) => <span data-testid="order-code">{chunks}</span>,
                })}
              </p>
              <p className="text-lg font-bold text-slate-900" data-testid="order-total">
                {o.total}
              </p>
            </div>
            <p className="mt-0.5 text-sm text-slate-500">
              <span data-testid="order-date">{o.date}</span> · {status(o.status)}
            </p>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              {o.lines.map((l) => (
                <li key={l.lineId} data-testid="order-line">
                  <div className="flex justify-between gap-4">
                    <span>{l.description}</span>
                    <span className="shrink-0 text-slate-500">× {l.qty}</span>
                  </div>
                  <LineReview code={o.code} line={l} />
                </li>
              ))}
            </ul>
            {o.status === "pending_payment" ? <UnpaidOrder code={o.code} payUntil={o.payUntil} /> : null}
            <OrderShipments shipments={o.shipments} deliveredAt={o.deliveredAt} />
            {o.withdrawal ? <Withdrawal code={o.code} data={o.withdrawal} /> : null}
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
