// The product list: one page from the server, sortable by the columns that name a sort key.
import { createColumnHelper } from "@tanstack/react-table";
import type { z } from "zod";
import type { AdminProductListSchema } from "../../../core/api/admin/catalog";
import { formatDateTime, formatMoney } from "../lib/format";
import { DataTable } from "../ui/DataTable";
import { Badge } from "../ui/Page";

type List = z.output<typeof AdminProductListSchema>;
type Row = List["products"][number];

const col = createColumnHelper<Row>();

function flagsOf(r: Row): string[] {
  return [r.isNew && "New", r.isTop && "Top", r.isHot && "Hot", r.popupAd && "Pop-up"].filter(
    (x): x is string => Boolean(x),
  );
}

export function ProductTable({
  data,
  lowStock,
  selected,
  onSelect,
}: {
  data: List;
  lowStock: number;
  /** Ticked rows for a bulk edit; absent: no tick boxes (a role that may only read). */
  selected?: ReadonlySet<number>;
  onSelect?: (ids: number[], on: boolean) => void;
}) {
  const pageIds = data.products.map((r) => r.id);
  const allTicked = pageIds.length > 0 && pageIds.every((id) => selected?.has(id));
  // The first column is the row's link, so the tick box is the second.
  // Hidden below 640 px, where the list scrolls sideways: a phone edits all matches of a filter.
  const tick = col.display({
    id: "select",
    meta: { phoneHidden: true },
    header: () => (
      <input
        type="checkbox"
        aria-label="Tick every product on this page"
        checked={allTicked}
        onChange={(e) => onSelect?.(pageIds, e.currentTarget.checked)}
        className="size-4 accent-indigo-700"
      />
    ),
    cell: (c) => (
      <input
        type="checkbox"
        aria-label={`Tick ${c.row.original.name}`}
        checked={selected?.has(c.row.original.id) ?? false}
        onChange={(e) => onSelect?.([c.row.original.id], e.currentTarget.checked)}
        className="size-4 accent-indigo-700"
      />
    ),
  });
  const columns = [
    col.accessor("name", {
      header: "Name",
      meta: { sort: "name" },
      cell: (c) => (
        <span className="inline-flex items-center gap-2">
          {c.row.original.picture ? (
            <img
              src={c.row.original.picture}
              alt=""
              width={32}
              height={32}
              className="size-8 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <span className="size-8 rounded bg-slate-100" aria-hidden="true" />
          )}
          <span className="inline-block min-w-40">{c.getValue()}</span>
        </span>
      ),
    }),
    ...(selected ? [tick] : []),
    col.accessor("code", {
      header: "Code",
      meta: { sort: "code" },
      cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span>,
    }),
    col.accessor("priceCents", {
      header: "Price",
      meta: { sort: "price", numeric: true },
      cell: (c) =>
        c.row.original.salePriceCents !== null ? (
          <span className="whitespace-nowrap">
            {formatMoney(c.row.original.salePriceCents)}{" "}
            <s className="text-slate-600">
              <span className="sr-only">was </span>
              {formatMoney(c.getValue())}
            </s>
          </span>
        ) : (
          formatMoney(c.getValue())
        ),
    }),
    col.accessor("stock", {
      header: "Stock",
      meta: { sort: "stock", numeric: true },
      cell: (c) => {
        const qty = c.getValue();
        return (
          <span className="inline-flex items-center gap-1">
            {qty ?? "—"}
            {(qty ?? 0) <= lowStock ? <Badge tone="amber">Low</Badge> : null}
          </span>
        );
      },
    }),
    col.accessor("brandName", { header: "Brand", cell: (c) => c.getValue() ?? "—" }),
    col.display({
      id: "flags",
      header: "Shown as",
      cell: (c) => (
        <span className="flex flex-wrap gap-1">
          {c.row.original.state === "draft" ? <Badge tone="amber">Draft</Badge> : null}
          {c.row.original.state === "inactive" ? <Badge tone="red">Deleted</Badge> : null}
          {flagsOf(c.row.original).map((f) => (
            <Badge key={f} tone="blue">
              {f}
            </Badge>
          ))}
        </span>
      ),
    }),
    col.accessor("updatedAt", {
      header: "Changed",
      meta: { sort: "updated" },
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
  ];
  // The wrapper holds the table's visually hidden texts (position: absolute): without it they
  // sit at their place in the scrolled table and widen the whole page at 768 px.
  return (
    <div className="relative overflow-clip [overflow-clip-margin:8px]">
      <DataTable
        caption="Products"
        columns={columns}
        rows={data.products}
        total={data.total}
        page={data.page}
        pageSize={data.limit}
        sort={data.sort}
        dir={data.dir}
        rowHref={(r) => `/admin/products/${r.id}`}
        empty="No products match these filters."
      />
    </div>
  );
}
