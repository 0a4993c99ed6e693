// Guest buyers: who ordered without an account, one row per email address, latest first, each
// leading to their orders. Listed apart from the accounts, which hold points, prices and passwords
// that a guest does not have.
import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import type * as contract from "../../../core/api/admin/customers";
import { adminRoutes } from "../../../core/api/admin/routes";
import type { ApiOutput } from "../../../core/api/endpoint";
import { callAdmin } from "../lib/admin-api";
import { formatDate, formatMoney } from "../lib/format";
import { DataTable, Filter, FilterBar, filterControl, listParams } from "../ui/DataTable";
import { PageHeader } from "../ui/Page";
import { GuestPersonalData } from "./GuestPersonalData";

const PAGE_SIZE = 25;

export async function loadGuestBuyers({ request }: { request: Request }) {
  const { params, page } = listParams(request.url, { sort: "last" });
  const q = params.get("q")?.trim().slice(0, 100) || "";
  const list = await callAdmin(adminRoutes.customers.guests, {
    query: { page, limit: PAGE_SIZE, ...(q ? { q } : {}) },
  });
  return { list, q };
}

type Row = ApiOutput<typeof contract.guests>["items"][number];

/** The orders list searched for this guest's email address. */
const ordersOf = (r: Row) => `/admin/orders?q=${encodeURIComponent(r.email)}`;

const columns: ColumnDef<Row>[] = [
  {
    id: "name",
    header: "Name",
    cell: ({ row }) => row.original.name || row.original.email,
  },
  {
    id: "email",
    header: "Email and phone",
    meta: { phoneHidden: true },
    cell: ({ row }) => (
      <div className="break-all">
        <div>{row.original.email}</div>
        <div className="text-slate-600">{row.original.phone || "—"}</div>
      </div>
    ),
  },
  {
    id: "orders",
    header: "Orders",
    meta: { numeric: true },
    cell: ({ row }) => row.original.ordersCount,
  },
  {
    id: "spent",
    header: "Spent",
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(row.original.spentCents),
  },
  {
    id: "last",
    header: "Last order",
    meta: { phoneHidden: true },
    cell: ({ row }) => (
      <div className="whitespace-nowrap">
        <Link
          to={`/admin/orders/${encodeURIComponent(row.original.lastOrderCode)}`}
          className="text-indigo-800 underline underline-offset-2"
        >
          {row.original.lastOrderCode}
        </Link>
        <div className="text-slate-600">{formatDate(row.original.lastOrderAt)}</div>
      </div>
    ),
  },
];

export function GuestBuyersScreen({ data }: { data: Awaited<ReturnType<typeof loadGuestBuyers>> }) {
  const { list, q } = data;
  return (
    <>
      <PageHeader title="Guest buyers" back={{ to: "/admin/customers", label: "Customers with an account" }}>
        People who ordered without an account, one row per email address. Their name and phone are those of
        their latest order; spent counts placed, paid and completed orders.
      </PageHeader>
      <GuestPersonalData />
      <FilterBar label="Find guest buyers">
        <Filter id="guests-q" label="Search">
          <input
            id="guests-q"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={100}
            className={`${filterControl} w-64 max-w-full`}
          />
        </Filter>
      </FilterBar>
      <DataTable
        caption="Guest buyers"
        columns={columns}
        rows={list.items}
        total={list.total}
        page={list.page}
        pageSize={list.limit}
        rowHref={ordersOf}
        phoneSummary={(r) => (
          <>
            <div className="break-all">{r.email}</div>
            <div>Last order {formatDate(r.lastOrderAt)}</div>
          </>
        )}
        empty={q ? "No guest buyer matches this search." : "Nobody has ordered as a guest yet."}
      />
    </>
  );
}
