// The customers list: name, contact, price list, points and orders, linked to each customer.
import type { ColumnDef } from "@tanstack/react-table";
import type * as contract from "../../../core/api/admin/customers";
import type { ApiOutput } from "../../../core/api/endpoint";
import { formatDate, formatMoney } from "../lib/format";
import { DataTable } from "../ui/DataTable";
import { Badge } from "../ui/Page";

export type CustomerPage = ApiOutput<typeof contract.list>;
type Row = CustomerPage["items"][number];

const columns: ColumnDef<Row>[] = [
  {
    id: "name",
    header: "Name",
    meta: { sort: "name" },
    cell: ({ row }) => `${row.original.name} ${row.original.surname}`.trim() || `#${row.original.id}`,
  },
  {
    id: "email",
    header: "Email and phone",
    meta: { sort: "email" },
    cell: ({ row }) => (
      <div className="break-all">
        <div>{row.original.email || "—"}</div>
        <div className="text-slate-600">{row.original.phone || "—"}</div>
      </div>
    ),
  },
  {
    id: "pricing",
    header: "Prices",
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        {row.original.priceListName ? <Badge tone="blue">{row.original.priceListName}</Badge> : "Normal"}
        {row.original.excludeVat ? <Badge tone="amber">VAT excluded</Badge> : null}
        {row.original.deactivated ? <Badge tone="red">Deactivated</Badge> : null}
      </div>
    ),
  },
  {
    id: "points",
    header: "Points",
    meta: { sort: "points", numeric: true },
    cell: ({ row }) => formatMoney(row.original.pointsBalanceCents),
  },
  {
    id: "orders",
    header: "Orders",
    meta: { numeric: true },
    cell: ({ row }) => row.original.ordersCount,
  },
  {
    id: "created",
    header: "Since",
    meta: { sort: "created" },
    cell: ({ row }) => formatDate(row.original.createdAt),
  },
];

export function CustomerTable({
  data,
  sort,
  dir,
}: {
  data: CustomerPage;
  sort: string;
  dir: "asc" | "desc";
}) {
  return (
    <DataTable
      caption="Customers"
      columns={columns}
      rows={data.items}
      total={data.total}
      page={data.page}
      pageSize={data.limit}
      sort={sort}
      dir={dir}
      rowHref={(r) => `/admin/customers/${r.id}`}
      empty="No customer matches these filters."
    />
  );
}
