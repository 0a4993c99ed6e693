// The orders list: filters in a GET form (so they live in the URL and survive reload, back and
// forward), the rows paged and sorted by the server.
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { useLocation } from "react-router";
import {
  type AdminOrderStatus,
  ORDER_STATUS_LABEL,
  ORDER_STATUSES,
  type OrderSort,
} from "../../../core/admin/orders";
import { ADMIN_API_BASE } from "../../../core/api/admin/endpoint";
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS } from "../../../core/checkout";
import { formatDateTime, formatMoney } from "../lib/format";
import { buttonClass } from "../ui/AdminForm";
import { DataTable, FilterBar } from "../ui/DataTable";
import { SelectField, TextField } from "../ui/fields";
import { PageHeader } from "../ui/Page";
import { OrderStatusBadge, paymentLabel } from "./status";

export interface OrderRow {
  code: string;
  createdAt: string;
  status: AdminOrderStatus;
  customerName: string;
  customerEmail: string;
  paymentMethod: string;
  totalCents: number;
  /** The consumer withdrew from (some of) the order. */
  withdrawn: boolean;
}

export interface OrderFilters {
  status: AdminOrderStatus[];
  payment: string;
  from: string;
  to: string;
  q: string;
}

export interface OrderListData {
  list: {
    orders: OrderRow[];
    total: number;
    page: number;
    limit: number;
    sort: OrderSort;
    dir: "asc" | "desc";
  };
  filters: OrderFilters;
  /** Filters of the URL the server refused (shown, and left out of the query). */
  problems: string[];
}

const col = createColumnHelper<OrderRow>();

// biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (the library's own idiom)
const columns: ColumnDef<OrderRow, any>[] = [
  col.accessor("code", {
    header: "Order",
    meta: { sort: "code" },
    cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span>,
  }),
  col.accessor("createdAt", {
    header: "Date",
    meta: { sort: "date", phoneHidden: true },
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor("customerName", {
    header: "Customer",
    meta: { phoneHidden: true },
    cell: (c) => (
      <div className="min-w-40">
        <div>{c.getValue()}</div>
        <div className="text-xs text-slate-600">{c.row.original.customerEmail}</div>
      </div>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    meta: { sort: "status" },
    cell: (c) => (
      <div className="flex flex-wrap items-center gap-1">
        <OrderStatusBadge status={c.getValue()} />
        {c.row.original.withdrawn ? (
          <span
            className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
            data-testid="withdrawn-badge"
          >
            Withdrawn
          </span>
        ) : null}
      </div>
    ),
  }),
  col.accessor("paymentMethod", {
    header: "Payment",
    meta: { phoneHidden: true },
    cell: (c) => paymentLabel(c.getValue()),
  }),
  col.accessor("totalCents", {
    header: "Total",
    meta: { sort: "total", numeric: true },
    cell: (c) => formatMoney(c.getValue()),
  }),
];

function OrderFilterForm({
  filters,
  sort,
  dir,
}: {
  filters: OrderFilters;
  sort: OrderSort;
  dir: "asc" | "desc";
}) {
  // Controlled: the browser build (Preact) does not apply a select's defaultValue.
  const [payment, setPayment] = useState(filters.payment);
  return (
    <FilterBar label="Order filters">
      <TextField
        name="q"
        label="Search"
        type="search"
        defaultValue={filters.q}
        hint="Order code, customer name or email"
        className="w-full sm:w-64"
      />
      <fieldset className="w-full md:w-auto">
        <legend className="block text-sm font-medium text-slate-800">Status</legend>
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {ORDER_STATUSES.map((s) => (
            <label key={s} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                name="status"
                value={s}
                defaultChecked={filters.status.includes(s)}
                className="size-4 accent-indigo-700"
              />
              {ORDER_STATUS_LABEL[s]}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        name="payment"
        label="Payment"
        value={payment}
        onChange={(e) => setPayment(e.currentTarget.value)}
        options={[
          { value: "", label: "Any" },
          ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABEL[m] })),
        ]}
      />
      <TextField name="from" label="From" type="date" defaultValue={filters.from} />
      <TextField name="to" label="To" type="date" defaultValue={filters.to} />
      {sort !== "date" || dir !== "desc" ? (
        <>
          <input type="hidden" name="sort" value={sort} />
          <input type="hidden" name="dir" value={dir} />
        </>
      ) : null}
    </FilterBar>
  );
}

/** The list's filters as the export's query: every matching order, so no page or sort. */
function csvQuery(f: OrderFilters): string {
  const params = new URLSearchParams();
  if (f.status.length) params.set("status", f.status.join(","));
  for (const key of ["payment", "from", "to", "q"] as const) if (f[key]) params.set(key, f[key]);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function OrderList({ data }: { data: OrderListData }) {
  const { list, filters, problems } = data;
  const location = useLocation();
  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          <a
            href={`${ADMIN_API_BASE}/orders.csv${csvQuery(filters)}`}
            className={buttonClass("secondary")}
            download
          >
            Download CSV
          </a>
        }
      >
        {list.total.toLocaleString("en-IE")} {list.total === 1 ? "order" : "orders"}
        {filters.status.length || filters.payment || filters.from || filters.to || filters.q
          ? " match these filters."
          : " in all."}
      </PageHeader>
      {/* Keyed on the URL, so back and forward show the filters of the list they lead to. */}
      <OrderFilterForm key={location.search} filters={filters} sort={list.sort} dir={list.dir} />
      {problems.length > 0 ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {problems.map((p) => (
            <p key={p}>{p} This filter was left out.</p>
          ))}
        </div>
      ) : null}
      {/* relative + overflow-hidden: the sort links' screen-reader text (absolutely positioned)
          would otherwise stick out of the table's scroll box and widen the page on phones. */}
      <div className="relative overflow-hidden">
        <DataTable
          caption="Orders"
          columns={columns}
          rows={list.orders}
          total={list.total}
          page={list.page}
          pageSize={list.limit}
          sort={list.sort}
          dir={list.dir}
          rowHref={(o) => `/admin/orders/${encodeURIComponent(o.code)}`}
          phoneSummary={(o) => (
            <>
              <div className="break-words">{o.customerName}</div>
              <div>
                {formatDateTime(o.createdAt)} · {paymentLabel(o.paymentMethod)}
              </div>
            </>
          )}
          empty="No orders match these filters."
        />
      </div>
    </>
  );
}
