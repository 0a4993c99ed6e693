// The inbox's three lists: messages, newsletter subscribers, back-in-stock requests.
import type { ColumnDef } from "@tanstack/react-table";
import type * as contract from "../../../core/api/admin/inbox";
import type { ApiOutput } from "../../../core/api/endpoint";
import { formatDateTime } from "../lib/format";
import { DataTable } from "../ui/DataTable";
import { Badge } from "../ui/Page";

export type InquiryPage = ApiOutput<typeof contract.inquiries>;
export type SubscriberPage = ApiOutput<typeof contract.newsletter>;
export type NotifyPage = ApiOutput<typeof contract.notifyRequests>;

type InquiryRow = InquiryPage["items"][number];

const inquiryColumns: ColumnDef<InquiryRow>[] = [
  {
    id: "from",
    header: "From",
    cell: ({ row }) => (
      <span className="break-all">
        {row.original.name} &lt;{row.original.email}&gt;
      </span>
    ),
  },
  {
    id: "kind",
    header: "Form",
    cell: ({ row }) => (
      <Badge tone={row.original.kind === "partner" ? "blue" : "grey"}>
        {row.original.kind === "partner" ? "Partner" : "Contact"}
      </Badge>
    ),
  },
  {
    id: "message",
    header: "Message",
    cell: ({ row }) => (
      <div>
        {row.original.subject ? <div className="font-medium">{row.original.subject}</div> : null}
        <div className="text-slate-700">{row.original.excerpt}</div>
      </div>
    ),
  },
  { id: "received", header: "Received", cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

export function InquiryTable({ data, hrefOf }: { data: InquiryPage; hrefOf: (id: number) => string }) {
  return (
    <DataTable
      caption="Messages"
      columns={inquiryColumns}
      rows={data.items}
      total={data.total}
      page={data.page}
      pageSize={data.limit}
      rowHref={(r) => hrefOf(r.id)}
      empty="No messages."
    />
  );
}

type SubscriberRow = SubscriberPage["items"][number];
const subscriberColumns: ColumnDef<SubscriberRow>[] = [
  {
    id: "email",
    header: "Email",
    cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
  },
  { id: "since", header: "Confirmed", cell: ({ row }) => formatDateTime(row.original.confirmedAt) },
  { id: "lang", header: "Language", cell: ({ row }) => row.original.lang },
];

export function SubscriberTable({ data }: { data: SubscriberPage }) {
  return (
    <DataTable
      caption="Newsletter subscribers (confirmed)"
      columns={subscriberColumns}
      rows={data.items}
      total={data.total}
      page={data.page}
      pageSize={data.limit}
      empty="No confirmed subscribers."
    />
  );
}

type NotifyRow = NotifyPage["items"][number];
const notifyColumns: ColumnDef<NotifyRow>[] = [
  {
    id: "product",
    header: "Product",
    cell: ({ row }) => (
      <div>
        <div>{row.original.productName}</div>
        <div className="text-slate-600">{row.original.productCode}</div>
      </div>
    ),
  },
  {
    id: "email",
    header: "Email",
    cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
  },
  { id: "asked", header: "Asked", cell: ({ row }) => formatDateTime(row.original.createdAt) },
  {
    id: "notified",
    header: "Notified",
    cell: ({ row }) =>
      row.original.notifiedAt ? formatDateTime(row.original.notifiedAt) : <Badge tone="amber">Waiting</Badge>,
  },
];

export function NotifyTable({ data }: { data: NotifyPage }) {
  return (
    <DataTable
      caption="Back-in-stock requests"
      columns={notifyColumns}
      rows={data.items}
      total={data.total}
      page={data.page}
      pageSize={data.limit}
      empty="No requests."
    />
  );
}
