// The audit log's table: who, when, what; each row opens to the keys that changed.
import type { ColumnDef } from "@tanstack/react-table";
import type * as contract from "../../../core/api/admin/audit";
import type { ApiOutput } from "../../../core/api/endpoint";
import { formatDateTime } from "../lib/format";
import { DataTable } from "../ui/DataTable";
import { changedKeys } from "./diff";

export type AuditPage = ApiOutput<typeof contract.list>;
type Entry = AuditPage["items"][number];

function Changes({ entry }: { entry: Entry }) {
  const changes = changedKeys(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <details>
      <summary className="cursor-pointer font-medium text-indigo-800">
        {changes.length} change{changes.length === 1 ? "" : "s"}
      </summary>
      <table className="mt-2 text-xs">
        <caption className="sr-only">Changes of entry {entry.id}</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-3 text-left font-semibold text-slate-700">
              Field
            </th>
            <th scope="col" className="pr-3 text-left font-semibold text-slate-700">
              Before
            </th>
            <th scope="col" className="text-left font-semibold text-slate-700">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.key} className="align-top">
              <th scope="row" className="pr-3 text-left font-mono font-normal text-slate-800">
                {c.key}
              </th>
              <td className="max-w-64 break-words pr-3 text-red-900">
                <del className="no-underline">
                  <span className="sr-only">before: </span>
                  {c.before}
                </del>
              </td>
              <td className="max-w-64 break-words text-green-900">
                <ins className="no-underline">
                  <span className="sr-only">after: </span>
                  {c.after}
                </ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const columns: ColumnDef<Entry>[] = [
  {
    header: "When",
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>,
  },
  {
    header: "Who",
    cell: ({ row }) => (
      <div>
        <div className="text-slate-900">{row.original.staffName ?? row.original.staffEmail}</div>
        {row.original.staffName ? (
          <div className="text-xs text-slate-600">{row.original.staffEmail}</div>
        ) : null}
      </div>
    ),
  },
  {
    header: "What",
    cell: ({ row }) => (
      <div>
        <div className="text-slate-900">{row.original.summary || row.original.action}</div>
        <div className="font-mono text-xs text-slate-600">
          {row.original.action}
          {row.original.entityId ? ` · ${row.original.entity} ${row.original.entityId}` : ""}
        </div>
      </div>
    ),
  },
  { header: "Changes", cell: ({ row }) => <Changes entry={row.original} /> },
];

export function AuditTable({ data }: { data: AuditPage }) {
  return (
    <DataTable
      caption="Audit log"
      columns={columns}
      rows={data.items}
      total={data.total}
      page={data.page}
      pageSize={data.limit}
      empty="No entries match these filters."
    />
  );
}
