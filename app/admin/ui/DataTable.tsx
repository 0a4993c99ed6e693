// The back office's tables: rows paged, sorted and filtered by the server, the state in the URL
// (so reload, back and a shared link keep it), drawn with @tanstack/react-table. Columns that
// can be sorted name the server's sort key in `meta.sort`.
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  useReactTable,
} from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { buttonClass } from "./AdminForm";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The server's sort key for this column (query `sort`); absent: not sortable. */
    sort?: string;
    /** Right-aligned numbers. */
    numeric?: boolean;
    /** Left out below 640 px, where `phoneSummary` says it under the row's link instead. */
    phoneHidden?: boolean;
  }
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers ("Orders"). */
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (the library's own idiom)
  columns: ColumnDef<T, any>[];
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  /** The current sort key and direction, as the server applied them. */
  sort?: string;
  dir?: "asc" | "desc";
  /** Where a row leads (its detail page); the first column's text becomes the link. */
  rowHref?: (row: T) => string;
  /**
   * Below 640 px only, under the first column's link: what the columns marked `phoneHidden` say,
   * so a phone shows every row whole without scrolling sideways.
   */
  phoneSummary?: (row: T) => ReactNode;
  empty?: ReactNode;
}

const PHONE_HIDDEN = "hidden sm:table-cell";

/** The URL of the same list with some search parameters changed (page reset unless given). */
function useListHref() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    if (!("page" in changes)) next.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  total,
  page,
  pageSize,
  sort,
  dir,
  rowHref,
  phoneSummary,
  empty,
}: DataTableProps<T>) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
  });
  const href = useListHref();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div>
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const active = meta?.sort !== undefined && meta.sort === sort;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                      className={`px-2 py-2 font-semibold sm:px-3 text-slate-700 ${meta?.numeric ? "text-right" : "text-left"} ${meta?.phoneHidden ? PHONE_HIDDEN : ""}`}
                    >
                      {meta?.sort ? (
                        <Link
                          to={href({ sort: meta.sort, dir: active && dir === "desc" ? "asc" : "desc" })}
                          className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                          preventScrollReset
                        >
                          {label}
                          <span aria-hidden="true">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
                          <span className="sr-only">
                            {active ? `, sorted ${dir === "asc" ? "ascending" : "descending"}` : ", sort"}
                          </span>
                        </Link>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50">
                {row.getVisibleCells().map((cell, i) => {
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  const meta = cell.column.columnDef.meta;
                  return (
                    <td
                      key={cell.id}
                      className={`px-2 py-2 align-top sm:px-3 text-slate-800 ${meta?.numeric ? "whitespace-nowrap text-right tabular-nums" : ""} ${meta?.phoneHidden ? PHONE_HIDDEN : ""}`}
                    >
                      {i === 0 && rowHref ? (
                        <Link
                          to={rowHref(row.original)}
                          className="font-medium text-indigo-800 underline-offset-2 hover:underline"
                        >
                          {content}
                        </Link>
                      ) : (
                        content
                      )}
                      {i === 0 && phoneSummary ? (
                        <div className="mt-0.5 text-xs text-slate-600 sm:hidden">
                          {phoneSummary(row.original)}
                        </div>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-600">
                  {empty ?? "Nothing matches these filters."}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav
        aria-label={`${caption} pages`}
        className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700"
      >
        <p>
          {total === 0
            ? "No results"
            : `${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, total)} of ${total.toLocaleString("en-IE")}`}
        </p>
        <div className="flex gap-2">
          {page > 1 ? (
            <Link
              to={href({ page: String(page - 1) })}
              className={buttonClass("secondary")}
              preventScrollReset
            >
              Previous
            </Link>
          ) : null}
          <span className="self-center">
            Page {page} of {pages.toLocaleString("en-IE")}
          </span>
          {page < pages ? (
            <Link
              to={href({ page: String(page + 1) })}
              className={buttonClass("secondary")}
              preventScrollReset
            >
              Next
            </Link>
          ) : null}
        </div>
      </nav>
    </div>
  );
}

/**
 * The filters above a table: a GET form, so the filters land in the URL and the route's
 * clientLoader reads them from there. Put plain named inputs inside.
 */
export function FilterBar({ children, label = "Filters" }: { children: ReactNode; label?: string }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      {children}
      <button type="submit" className={buttonClass("secondary")}>
        Apply
      </button>
    </Form>
  );
}

/** The look of a select or text input in a FilterBar. */
export const filterControl =
  "mt-1 block rounded-md border border-slate-400 bg-white px-2 py-2 text-sm text-slate-900";

/** One labelled control of a FilterBar. */
export function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * A labelled select of a FilterBar. `resetKey` changes with the URL's filters, so the select shows
 * the URL's value again after a navigation (defaultValue is read once).
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  resetKey,
  className,
}: {
  id: string;
  name: string;
  label: string;
  value: string | number | undefined;
  options: { value: string | number; label: string }[];
  resetKey: string;
  className?: string;
}) {
  return (
    <Filter id={id} label={label}>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        key={resetKey}
        className={className ? `${filterControl} ${className}` : filterControl}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Filter>
  );
}

/** Reads the common list parameters of a URL: page, sort, dir (and the rest as they are). */
export function listParams(url: string, defaults: { sort: string; dir?: "asc" | "desc" }) {
  const params = new URL(url).searchParams;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const dir =
    params.get("dir") === "asc" ? "asc" : params.get("dir") === "desc" ? "desc" : (defaults.dir ?? "desc");
  return { params, page, sort: params.get("sort") || defaults.sort, dir: dir as "asc" | "desc" };
}
