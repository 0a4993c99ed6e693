// The dashboard: today's and the week's sales, the orders waiting for the shop, low stock and
// (for roles that read the inbox) the newest inquiries.
import { Link } from "react-router";
import type * as contract from "../../../core/api/admin/dashboard";
import type { ApiOutput } from "../../../core/api/endpoint";
import { formatDate, formatDateTime, formatMoney } from "../lib/format";
import { OrderStatusBadge } from "../orders/status";
import { useAdminSession, useCan } from "../session";
import { AdvertisingNotice } from "../settings/AdvertisingNotice";
import { Card, PageHeader } from "../ui/Page";

export type DashboardData = ApiOutput<typeof contract.summary>;

const link = "font-medium text-indigo-800 underline-offset-2 hover:underline";
const weekday = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", timeZone: "UTC" });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

export function Dashboard({ data }: { data: DashboardData }) {
  const { staff } = useAdminSession();
  const can = useCan();
  const max = Math.max(1, ...data.week.days.map((d) => d.revenueCents));
  return (
    <>
      <PageHeader title="Dashboard">Welcome, {staff.name}. Days are counted in Cyprus time.</PageHeader>
      {data.advertising ? <AdvertisingNotice {...data.advertising} /> : null}
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Card title="Today">
          <dl className="grid grid-cols-2 gap-4">
            <Figure label="Orders" value={data.today.orders.toLocaleString("en-IE")} />
            <Figure label="Revenue" value={formatMoney(data.today.revenueCents)} />
          </dl>
          <p className="mt-3 text-xs text-slate-600">
            Placed, paid and completed orders; not cancelled or unpaid ones.
          </p>
        </Card>
        <Card title="Last 7 days">
          <dl className="grid grid-cols-2 gap-4">
            <Figure label="Orders" value={data.week.orders.toLocaleString("en-IE")} />
            <Figure label="Revenue" value={formatMoney(data.week.revenueCents)} />
          </dl>
          <table className="mt-3 w-full text-xs">
            <caption className="sr-only">Orders and revenue per day</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Revenue</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {data.week.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="w-16 py-0.5 pr-2 text-left font-normal text-slate-700">
                    {weekday.format(new Date(`${d.date}T00:00:00Z`))}
                  </th>
                  <td className="py-0.5">
                    <div className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="block h-2 rounded bg-indigo-600"
                        style={{ width: `${Math.round((d.revenueCents / max) * 100)}%`, minWidth: "2px" }}
                      />
                      <span className="whitespace-nowrap tabular-nums text-slate-800">
                        {formatMoney(d.revenueCents)}
                      </span>
                    </div>
                  </td>
                  <td className="w-20 py-0.5 text-right tabular-nums text-slate-700">
                    {d.orders} {d.orders === 1 ? "order" : "orders"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card
          title="Waiting for action"
          actions={
            can("orders.read") ? (
              <Link
                to="/admin/orders?status=placed&status=paid&sort=date&dir=asc"
                className={`${link} text-sm`}
              >
                All {data.waiting.count.toLocaleString("en-IE")}
              </Link>
            ) : null
          }
        >
          {data.waiting.orders.length === 0 ? (
            <p className="text-sm text-slate-700">Nothing waiting: every confirmed order is completed.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {data.waiting.orders.map((o) => (
                <li key={o.code} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <Link to={`/admin/orders/${encodeURIComponent(o.code)}`} className={link}>
                      {o.code}
                    </Link>{" "}
                    <span className="text-slate-700">{o.customerName}</span>
                    <span className="block text-xs text-slate-600">{formatDateTime(o.createdAt)}</span>
                  </span>
                  <span className="flex items-center gap-2">
                    <OrderStatusBadge status={o.status} />
                    <span className="tabular-nums">{formatMoney(o.totalCents)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Low stock">
          {data.lowStock.warehouse === null ? (
            <p className="text-sm text-slate-700">No web warehouse is set, so stock is not tracked.</p>
          ) : data.lowStock.products.length === 0 ? (
            <p className="text-sm text-slate-700">
              No product has {data.lowStock.threshold} or fewer in {data.lowStock.warehouse.name}.
            </p>
          ) : (
            <table className="w-full text-sm">
              <caption className="mb-2 text-left text-xs text-slate-600">
                {data.lowStock.threshold} or fewer left in {data.lowStock.warehouse.name}, lowest first
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 text-left font-semibold text-slate-700">
                    Product
                  </th>
                  <th scope="col" className="whitespace-nowrap py-1 text-right font-semibold text-slate-700">
                    In stock
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.lowStock.products.map((p) => (
                  <tr key={p.id}>
                    <td className="py-1.5 pr-2">
                      {can("catalog.read") ? (
                        <Link to={`/admin/products/${p.id}`} className={link}>
                          {p.name}
                        </Link>
                      ) : (
                        p.name
                      )}
                      <span className="block text-xs text-slate-600">Code {p.code}</span>
                    </td>
                    <td
                      className={`py-1.5 text-right tabular-nums ${p.qty === 0 ? "font-semibold text-red-800" : ""}`}
                    >
                      {p.qty === 0 ? "Sold out" : p.qty}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        {data.inquiries !== null ? (
          <Card
            title="Newest inquiries"
            actions={
              <Link to="/admin/inbox" className={`${link} text-sm`}>
                Inbox
              </Link>
            }
          >
            {data.inquiries.length === 0 ? (
              <p className="text-sm text-slate-700">No messages yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {data.inquiries.map((q) => (
                  <li key={q.id} className="py-2">
                    <span className="font-medium text-slate-900">{q.name}</span>{" "}
                    <span className="text-slate-700">
                      ({q.kind === "partner" ? "partner request" : "contact"})
                    </span>
                    {q.subject ? <span className="block text-slate-800">{q.subject}</span> : null}
                    <span className="block text-xs text-slate-600">
                      {q.email} · {formatDate(q.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ) : null}
      </div>
    </>
  );
}
