// A guest order's own page, opened through the signed link of its confirmation mail
// (/shop/order/<code>?k=<signature>, services/orders/order-link.ts): what was ordered, where it
// goes, how it is paid and where it stands, and, while the order has no account, the offer to
// make one from it; and the right of withdrawal (docs/decisions/0050).
import { useTranslations } from "use-intl";
import type { Order } from "../../../core/api/orders";
import { reviewDate } from "../../../core/product-reviews";
import { LocalLink, useLanguage, useMoney } from "../../lib/localized";
import { useRootData } from "../../root-data";
import type { WithdrawalData } from "../withdrawal/types";
import { Withdrawal } from "../withdrawal/Withdrawal";
import { countryName } from "./BillingDetails";
import { ClaimAccount, parseOrderUrl } from "./ClaimAccount";
import { isKnownStatus, isPaymentMethod, METHOD_LABEL_KEY, STATUS_KEY } from "./labels";
import { OrderShipments } from "./OrderShipments";

export interface GuestOrderData {
  order: Order;
  claimable: boolean;
  /** The page's own signed path: the account is made through the same signature. */
  orderUrl: string;
  /** The right of withdrawal on this order (docs/decisions/0050); null when it has none to show. */
  withdrawal: WithdrawalData | null;
}

export function GuestOrderPage({ data }: { data: GuestOrderData }) {
  const { order } = data;
  const root = useRootData();
  const signedIn = Boolean(root?.customer);
  const t = useTranslations("Checkout");
  const { lang } = useLanguage();
  const euro = useMoney();
  const method = isPaymentMethod(order.paymentMethod)
    ? t(METHOD_LABEL_KEY[order.paymentMethod])
    : order.paymentMethod;
  const status = isKnownStatus(order.status) ? t(STATUS_KEY[order.status]) : order.status;
  const c = order.customer;
  return (
    <div
      className="mx-auto grid max-w-5xl gap-6 px-4 py-8 lg:grid-cols-[1fr_22rem]"
      data-testid="guest-order"
    >
      <section
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        aria-labelledby="order-lines-title"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="order-lines-title" className="text-lg font-semibold text-slate-900">
            {t.rich("orderCode", {
              code: order.code,
              num: (chunks) => <span data-testid="order-code">{chunks}</span>,
            })}
          </h2>
          <p className="text-sm text-slate-700">
            {reviewDate(order.createdAt, lang)} · <strong data-testid="order-status">{status}</strong>
          </p>
        </div>
        <ul className="mt-4 divide-y divide-slate-200 text-sm">
          {order.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id here and never reorder
            <li key={i} className="flex justify-between gap-3 py-2" data-testid="order-line">
              <span className="min-w-0 text-slate-700">
                <span className="font-medium text-slate-900">{l.qty} ×</span> {l.description}
              </span>
              <span className="shrink-0 font-medium text-slate-900">{euro(l.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-700">{t("subtotal")}</dt>
            <dd>{euro(order.goodsTotalCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-700">{order.shippingDescription ?? t("shipping")}</dt>
            <dd>{order.shippingCostCents === 0 ? t("free") : euro(order.shippingCostCents)}</dd>
          </div>
          <div className="flex justify-between pt-1 text-base font-bold text-slate-900">
            <dt>{t("total")}</dt>
            <dd data-testid="order-total">{euro(order.totalCents)}</dd>
          </div>
        </dl>
        <OrderShipments shipments={order.shipments} deliveredAt={order.deliveredAt} />
        {data.withdrawal ? (
          <Withdrawal code={order.code} sig={parseOrderUrl(data.orderUrl)?.sig} data={data.withdrawal} />
        ) : null}
      </section>
      <aside className="space-y-4">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700">
          <h2 className="font-semibold text-slate-900">{t("deliveryTo")}</h2>
          <address className="mt-1 not-italic" data-testid="order-address">
            {c.name}
            <br />
            {c.address}
            <br />
            {c.city}
            {c.country ? `, ${countryName(c.country, lang)}` : ""}
            <br />
            <span className="break-all">{c.email}</span>
            {c.phone ? ` · ${c.phone}` : ""}
          </address>
          <h2 className="mt-4 font-semibold text-slate-900">{t("payment")}</h2>
          <p className="mt-1">{method}</p>
        </div>
        {data.claimable && !signedIn && root?.account?.showSignup ? (
          <ClaimAccount orderUrl={data.orderUrl} pointsEnabled={Boolean(root?.account?.pointsEnabled)} />
        ) : null}
        <LocalLink
          to="/"
          className="inline-block rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t("continueShopping")}
        </LocalLink>
      </aside>
    </div>
  );
}
