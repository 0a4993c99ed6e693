// One order: what was bought, the totals, where it goes, how it is paid, who bought it and its
// timeline (what happened and who did it, its mails, the staff's notes), with the shop's actions
// (complete, cancel, send the confirmation again, print the packing slip). Each action asks first
// and answers with a toast.
import type { ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "sonner";
import { ORDER_STATUS_LABEL } from "../../../core/admin/orders";
import type * as contract from "../../../core/api/admin/orders";
import { adminRoutes } from "../../../core/api/admin/routes";
import type { ApiOutput } from "../../../core/api/endpoint";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime, formatMoney } from "../lib/format";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Card, PageHeader } from "../ui/Page";
import { OrderShipments } from "./OrderShipments";
import { OrderTimeline } from "./OrderTimeline";
import { OrderStatusBadge, paymentLabel } from "./status";

export type AdminOrder = ApiOutput<typeof contract.detail>;

const ACCOUNT_LABEL: Record<AdminOrder["customer"]["account"], string> = {
  guest: "Guest: bought without an account",
  active: "Customer account",
  deleted: "Account deleted since the order",
};

const th = "px-3 py-2 text-left font-semibold text-slate-700";
const thNum = "px-3 py-2 text-right font-semibold text-slate-700";
const td = "px-3 py-2 align-top text-slate-800";
const tdNum = "whitespace-nowrap px-3 py-2 text-right align-top tabular-nums text-slate-800";

/**
 * A table that may be wider than a phone scrolls inside its own box; the box takes the keyboard's
 * focus so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="overflow-x-auto" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** Term and value side by side in the narrow side column (stacked on the narrowest screens). */
function SideList({ items }: { items: { term: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-2 text-sm min-[420px]:grid-cols-[6.5rem_1fr]">
      {items.map((item) => (
        <div key={item.term} className="contents">
          <dt className="font-medium text-slate-600">{item.term}</dt>
          <dd className="min-w-0 break-words text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function useOrderAction() {
  const revalidator = useRevalidator();
  return async (run: () => Promise<{ message: string }>) => {
    try {
      const done = await run();
      toast.success(done.message);
    } catch (err) {
      toast.error(err instanceof AdminApiError ? err.message : "The shop's server could not be reached.");
    }
    revalidator.revalidate();
  };
}

function Actions({ order }: { order: AdminOrder }) {
  const can = useCan();
  const act = useOrderAction();
  const params = { code: order.code };
  const write = can("orders.write");
  return (
    <>
      <Link to={`/admin/orders/${encodeURIComponent(order.code)}/slip`} className={buttonClass("secondary")}>
        Print packing slip
      </Link>
      {write && order.actions.resend ? (
        <ConfirmButton
          tone="secondary"
          title="Send the confirmation again?"
          message={`The customer's order confirmation goes to ${order.customer.email} once more.`}
          confirmLabel="Send it"
          onConfirm={() => act(() => callAdmin(adminRoutes.orders.resend, { params }))}
        >
          Resend confirmation
        </ConfirmButton>
      ) : null}
      {write && order.actions.complete ? (
        <ConfirmButton
          tone="primary"
          title={`Complete order ${order.code}?`}
          message={
            order.totals.pointsEarnedCents > 0
              ? `The customer is credited ${formatMoney(order.totals.pointsEarnedCents)} in reward points. A completed order can still be cancelled later.`
              : "The order is marked as delivered. A completed order can still be cancelled later."
          }
          confirmLabel="Complete order"
          onConfirm={() => act(() => callAdmin(adminRoutes.orders.complete, { params }))}
        >
          Complete
        </ConfirmButton>
      ) : null}
      {write && order.actions.cancel ? (
        <ConfirmButton
          tone="danger"
          title={`Cancel order ${order.code}?`}
          message={
            order.status === "completed"
              ? "Redeemed points go back to the customer and the points this order earned are taken back. The stock is not changed: the goods have left the shop. This cannot be undone."
              : "Its goods go back into stock and any points it held return to the customer. This cannot be undone."
          }
          confirmLabel="Cancel order"
          onConfirm={() => act(() => callAdmin(adminRoutes.orders.cancel, { params }))}
        >
          Cancel order
        </ConfirmButton>
      ) : null}
    </>
  );
}

export function OrderDetail({ order }: { order: AdminOrder }) {
  const can = useCan();
  const t = order.totals;
  const address = [order.shipping.address, order.shipping.city, order.shipping.country].filter(Boolean);
  return (
    <>
      <PageHeader
        title={`Order ${order.code}`}
        back={{ to: "/admin/orders", label: "Orders" }}
        actions={<Actions order={order} />}
      >
        <span className="inline-flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} /> Ordered {formatDateTime(order.createdAt)}
        </span>
      </PageHeader>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
        <Card title="Items" className="lg:col-span-2 lg:self-start">
          <ScrollBox label={`Items of order ${order.code}`}>
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Items of order {order.code}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Product
                  </th>
                  <th scope="col" className={thNum}>
                    Qty
                  </th>
                  <th scope="col" className={thNum}>
                    Price
                  </th>
                  <th scope="col" className={thNum}>
                    Sum
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {order.lines.map((l) => (
                  <tr key={l.id}>
                    <td className={td}>
                      <div>{l.description}</div>
                      {l.productCode ? (
                        <div className="text-xs text-slate-600">Code {l.productCode}</div>
                      ) : null}
                    </td>
                    <td className={tdNum}>{l.qty}</td>
                    <td className={tdNum}>{formatMoney(l.unitPriceCents)}</td>
                    <td className={tdNum}>{formatMoney(l.lineTotalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <dl className="mt-4 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-700">Goods</dt>
            <dd className="text-right tabular-nums">{formatMoney(t.goodsCents)}</dd>
            <dt className="text-slate-700">Shipping</dt>
            <dd className="text-right tabular-nums">
              {t.shippingCents === 0 ? "Free" : formatMoney(t.shippingCents)}
            </dd>
            {t.pointsRedeemedCents > 0 ? (
              <>
                <dt className="text-slate-700">Points redeemed</dt>
                <dd className="text-right tabular-nums">−{formatMoney(t.pointsRedeemedCents)}</dd>
              </>
            ) : null}
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="text-right font-semibold tabular-nums">{formatMoney(t.totalCents)}</dd>
            <dt className="text-slate-700">VAT</dt>
            <dd className="text-right">{t.vatExcluded ? "Excluded (trade customer)" : "Included"}</dd>
            {t.pointsEarnedCents > 0 ? (
              <>
                <dt className="text-slate-700">Points earned</dt>
                <dd className="text-right tabular-nums">
                  {formatMoney(t.pointsEarnedCents)}
                  {order.status === "completed" ? " (credited)" : " (on completion)"}
                </dd>
              </>
            ) : null}
            {t.pointsUnrecoveredCents > 0 ? (
              <>
                <dt className="text-slate-700">Points not taken back</dt>
                <dd className="text-right tabular-nums">{formatMoney(t.pointsUnrecoveredCents)}</dd>
              </>
            ) : null}
          </dl>
        </Card>

        <OrderShipments order={order} />

        {order.withdrawals.length > 0 ? (
          <Card title="Withdrawal by the consumer">
            <div data-testid="order-withdrawals" className="space-y-4 text-sm">
              <p className="text-slate-700">
                The customer used the right of withdrawal for these goods. Returning the goods and refunding
                the money follow from it.
              </p>
              {order.withdrawals.map((w) => (
                <div key={w.id} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
                  <p className="font-semibold text-slate-900">
                    {formatDateTime(w.createdAt)} · {w.byName} ({w.byKind === "guest" ? "guest" : "customer"})
                  </p>
                  <ul className="mt-1 list-disc pl-5">
                    {w.lines.map((l) => (
                      <li key={l.description}>
                        {l.qty} × {l.description}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-slate-700">
                    {w.email
                      ? `Acknowledgement mailed to ${w.email}`
                      : "No email address: no acknowledgement mailed"}
                  </p>
                </div>
              ))}
            </div>
          </Card>
        ) : null}

        <div className="space-y-6 lg:row-span-3">
          <Card title="Customer">
            <SideList
              items={[
                {
                  term: "Name",
                  value:
                    can("customers.read") && order.customer.id !== null ? (
                      <Link
                        to={`/admin/customers/${order.customer.id}`}
                        className="font-medium text-indigo-800 underline underline-offset-2"
                      >
                        {order.customer.name}
                      </Link>
                    ) : (
                      order.customer.name
                    ),
                },
                {
                  term: "Email",
                  value: order.customer.email ? (
                    <a
                      href={`mailto:${order.customer.email}`}
                      className="break-all text-indigo-800 underline underline-offset-2"
                    >
                      {order.customer.email}
                    </a>
                  ) : (
                    "—"
                  ),
                },
                { term: "Phone", value: order.customer.phone || "—" },
                {
                  term: "Account",
                  value: ACCOUNT_LABEL[order.customer.account],
                },
              ]}
            />
          </Card>
          <Card title="Shipping">
            <SideList
              items={[
                { term: "Method", value: order.shipping.method || "—" },
                { term: "Address", value: address.length ? address.join(", ") : "—" },
                {
                  term: "Notes",
                  value: order.notes ? <span className="whitespace-pre-line">{order.notes}</span> : "None",
                },
              ]}
            />
          </Card>
          <Card title="Payment">
            <SideList
              items={[
                { term: "Method", value: paymentLabel(order.payment.method) },
                { term: "Reference", value: order.payment.reference || "—" },
                { term: "Paid", value: order.paidAt ? formatDateTime(order.paidAt) : "—" },
                ...(order.status === "pending_payment" && order.reservedUntil
                  ? [{ term: "Reserved until", value: formatDateTime(order.reservedUntil) }]
                  : []),
              ]}
            />
          </Card>
        </div>

        {order.payment.payments.length > 0 ? (
          <Card title="Payment attempts" className="lg:col-span-2 lg:self-start">
            <ScrollBox label={`Payment attempts of order ${order.code}`}>
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">Payment attempts of order {order.code}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Started
                    </th>
                    <th scope="col" className={th}>
                      Provider
                    </th>
                    <th scope="col" className={th}>
                      Status
                    </th>
                    <th scope="col" className={th}>
                      Transaction
                    </th>
                    <th scope="col" className={thNum}>
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {order.payment.payments.map((p) => (
                    <tr key={p.id}>
                      <td className={td}>{formatDateTime(p.createdAt)}</td>
                      <td className={td}>
                        {p.provider}
                        <div className="text-xs text-slate-600 break-all">{p.providerOrderCode}</div>
                      </td>
                      <td className={td}>
                        {p.status}
                        {p.verifiedAt ? (
                          <div className="text-xs text-slate-600">{formatDateTime(p.verifiedAt)}</div>
                        ) : null}
                        {p.refundDue ? (
                          <div className="text-xs font-medium text-red-800">Refund due: {p.refundDue}</div>
                        ) : null}
                      </td>
                      <td className={`${td} break-all`}>{p.transactionId || "—"}</td>
                      <td className={tdNum}>{formatMoney(p.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          </Card>
        ) : null}

        <OrderTimeline order={order} />
      </div>
      <p className="sr-only" aria-live="polite">
        Status: {ORDER_STATUS_LABEL[order.status]}
      </p>
    </>
  );
}
