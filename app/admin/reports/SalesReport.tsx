// The sales report: a range (a preset or two dates) and a grouping in a GET form, so they live in
// the URL; the totals against the previous period of equal length; one table at a time (periods,
// products, categories, brands, payment methods), each downloadable as CSV.
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import {
  percentChange,
  REPORT_TOP_ROWS,
  type ReportGroup,
  type ReportPreset,
  type ReportView,
} from "../../../core/admin/reports";
import { ADMIN_API_BASE } from "../../../core/api/admin/endpoint";
import type * as contract from "../../../core/api/admin/reports";
import type { ApiOutput } from "../../../core/api/endpoint";
import { formatMoney } from "../lib/format";
import { paymentLabel } from "../orders/status";
import { buttonClass } from "../ui/AdminForm";
import { DataTable, FilterBar } from "../ui/DataTable";
import { SelectField, TextField } from "../ui/fields";
import { Card, PageHeader } from "../ui/Page";

type Report = ApiOutput<typeof contract.sales>;

export interface SalesReportData {
  report: Report;
  range: ReportPreset | "custom";
  view: ReportView;
  /** Why a custom range of the URL was not used. */
  problems: string[];
}

const RANGE_LABEL: Record<ReportPreset | "custom", string> = {
  last7: "Last 7 days",
  last30: "Last 30 days",
  lastMonth: "Last month",
  thisYear: "This year",
  custom: "Custom dates",
};
const GROUP_LABEL: Record<ReportGroup, string> = { day: "Day", week: "Week", month: "Month" };
const VIEW_LABEL: Record<ReportView, string> = {
  period: "By period",
  product: "Products",
  category: "Categories",
  brand: "Brands",
  payment: "Payment methods",
};

const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const day = (d: string) => longDate.format(new Date(`${d}T00:00:00Z`));
const count = (n: number) => n.toLocaleString("en-IE");

function periodLabel(period: string, group: ReportGroup): string {
  if (group === "month") return monthName.format(new Date(`${period}T00:00:00Z`));
  return group === "week" ? `Week of ${day(period)}` : day(period);
}

type Figures = Report["totals"];
type Period = Report["periods"][number];
type Row = Report["categories"][number];
type Payment = Report["payments"][number];

const COMPARED: { key: keyof Figures; label: string; money: boolean }[] = [
  { key: "netCents", label: "Net sales", money: true },
  { key: "orders", label: "Orders", money: false },
  { key: "averageOrderCents", label: "Average order", money: true },
  { key: "units", label: "Units sold", money: false },
  { key: "grossCents", label: "Goods (gross)", money: true },
  { key: "discountCents", label: "Discounts (points redeemed)", money: true },
  { key: "shippingCents", label: "Shipping", money: true },
];

function Change({ current, previous }: { current: number; previous: number }) {
  const pct = percentChange(current, previous);
  if (pct === null) return <span className="text-slate-600">—</span>;
  const tone = pct > 0 ? "text-green-800" : pct < 0 ? "text-red-800" : "text-slate-700";
  return (
    <span className={tone}>
      {pct > 0 ? "+" : pct < 0 ? "−" : ""}
      {Math.abs(pct).toLocaleString("en-IE", { minimumFractionDigits: 1 })}%
    </span>
  );
}

function Comparison({ report }: { report: Report }) {
  const { totals, previous } = report;
  return (
    <Card title="Against the previous period">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">
            {day(report.from)} to {day(report.to)} against {day(previous.from)} to {day(previous.to)}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-3 text-left font-semibold">
                Figure
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                This period
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Previous
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                Change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {COMPARED.map(({ key, label, money }) => (
              <tr key={key}>
                <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-800">
                  {label}
                </th>
                <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums text-slate-900">
                  {money ? formatMoney(totals[key]) : count(totals[key])}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-700">
                  {money ? formatMoney(previous.totals[key]) : count(previous.totals[key])}
                </td>
                <td className="whitespace-nowrap py-2 pl-3 text-right tabular-nums">
                  <Change current={totals[key]} previous={previous.totals[key]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        Previous period: {day(previous.from)} to {day(previous.to)}, the same number of days.
      </p>
    </Card>
  );
}

const money = (cents: number) => <span className="whitespace-nowrap">{formatMoney(cents)}</span>;

// biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (the library's own idiom)
function periodColumns(group: ReportGroup): ColumnDef<Period, any>[] {
  const col = createColumnHelper<Period>();
  return [
    col.accessor("period", {
      header: GROUP_LABEL[group],
      cell: (c) => <span className="whitespace-nowrap">{periodLabel(c.getValue(), group)}</span>,
    }),
    col.accessor("orders", { header: "Orders", meta: { numeric: true }, cell: (c) => count(c.getValue()) }),
    col.accessor("units", {
      header: "Units",
      meta: { numeric: true, phoneHidden: true },
      cell: (c) => count(c.getValue()),
    }),
    col.accessor("grossCents", {
      header: "Goods",
      meta: { numeric: true, phoneHidden: true },
      cell: (c) => money(c.getValue()),
    }),
    col.accessor("discountCents", {
      header: "Discounts",
      meta: { numeric: true, phoneHidden: true },
      cell: (c) => money(c.getValue()),
    }),
    col.accessor("shippingCents", {
      header: "Shipping",
      meta: { numeric: true, phoneHidden: true },
      cell: (c) => money(c.getValue()),
    }),
    col.accessor("netCents", {
      header: "Net sales",
      meta: { numeric: true },
      cell: (c) => money(c.getValue()),
    }),
    col.accessor("averageOrderCents", {
      header: "Average order",
      meta: { numeric: true, phoneHidden: true },
      cell: (c) => money(c.getValue()),
    }),
  ];
}

// biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (the library's own idiom)
function rowColumns(what: string, none: string): ColumnDef<Row, any>[] {
  const col = createColumnHelper<Row>();
  return [
    col.accessor("name", {
      header: what,
      cell: (c) => (
        <div className="min-w-32">
          <div>{c.getValue() ?? none}</div>
          {c.row.original.code ? <div className="text-xs text-slate-600">{c.row.original.code}</div> : null}
        </div>
      ),
    }),
    col.accessor("orders", {
      header: "Orders",
      meta: { numeric: true },
      cell: (c) => count(Number(c.getValue())),
    }),
    col.accessor("units", {
      header: "Units",
      meta: { numeric: true },
      cell: (c) => count(Number(c.getValue())),
    }),
    col.accessor("grossCents", {
      header: "Goods",
      meta: { numeric: true },
      cell: (c) => money(Number(c.getValue())),
    }),
  ];
}

// biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (the library's own idiom)
function paymentColumns(): ColumnDef<Payment, any>[] {
  const col = createColumnHelper<Payment>();
  return [
    col.accessor("method", { header: "Payment method", cell: (c) => paymentLabel(String(c.getValue())) }),
    col.accessor("orders", {
      header: "Orders",
      meta: { numeric: true },
      cell: (c) => count(Number(c.getValue())),
    }),
    col.accessor("grossCents", {
      header: "Goods",
      meta: { numeric: true, phoneHidden: true },
      cell: (c) => money(Number(c.getValue())),
    }),
    col.accessor("netCents", {
      header: "Net sales",
      meta: { numeric: true },
      cell: (c) => money(Number(c.getValue())),
    }),
    col.accessor("averageOrderCents", {
      header: "Average order",
      meta: { numeric: true, phoneHidden: true },
      cell: (c) => money(Number(c.getValue())),
    }),
  ];
}

function ReportTable({ report, view }: { report: Report; view: ReportView }) {
  // biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (the library's own idiom)
  const table = <T,>(caption: string, columns: ColumnDef<T, any>[], rows: T[]) => (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      total={rows.length}
      page={1}
      pageSize={Math.max(1, rows.length)}
      empty="No sales in this period."
    />
  );
  switch (view) {
    case "period":
      return table(`Sales by ${report.group}`, periodColumns(report.group), report.periods);
    case "product":
      return (
        <>
          {table("Sales by product", rowColumns("Product", "—"), report.products.rows)}
          {report.products.total > REPORT_TOP_ROWS ? (
            <p className="mt-2 text-sm text-slate-700">
              The {REPORT_TOP_ROWS} best-selling products by goods sold; the CSV file has all{" "}
              {count(report.products.total)}.
            </p>
          ) : null}
        </>
      );
    case "category":
      return table("Sales by category", rowColumns("Category", "No category"), report.categories);
    case "brand":
      return table("Sales by brand", rowColumns("Brand", "No brand"), report.brands);
    case "payment":
      return table("Sales by payment method", paymentColumns(), report.payments);
  }
}

function RangeForm({ data }: { data: SalesReportData }) {
  const { report } = data;
  // Controlled: the browser build (Preact) does not apply a select's defaultValue.
  const [range, setRange] = useState<string>(data.range);
  const [group, setGroup] = useState<string>(report.group);
  return (
    <FilterBar label="Report period">
      <SelectField
        name="range"
        label="Period"
        value={range}
        onChange={(e) => setRange(e.currentTarget.value)}
        options={Object.entries(RANGE_LABEL).map(([value, label]) => ({ value, label }))}
      />
      {range === "custom" ? (
        <>
          <TextField name="from" label="From" type="date" defaultValue={report.from} required />
          <TextField name="to" label="To" type="date" defaultValue={report.to} required />
        </>
      ) : null}
      <SelectField
        name="group"
        label="Group by"
        value={group}
        onChange={(e) => setGroup(e.currentTarget.value)}
        options={Object.entries(GROUP_LABEL).map(([value, label]) => ({ value, label }))}
      />
      {data.view !== "period" ? <input type="hidden" name="view" value={data.view} /> : null}
    </FilterBar>
  );
}

export function SalesReport({ data }: { data: SalesReportData }) {
  const { report, view, problems } = data;
  const location = useLocation();
  const viewHref = (v: ReportView) => {
    const next = new URLSearchParams(location.search);
    if (v === "period") next.delete("view");
    else next.set("view", v);
    const qs = next.toString();
    return qs ? `?${qs}` : ".";
  };
  const csv = new URLSearchParams({ from: report.from, to: report.to, group: report.group, view });
  return (
    <>
      <PageHeader
        title="Reports"
        actions={
          <a
            href={`${ADMIN_API_BASE}/reports/sales.csv?${csv}`}
            className={buttonClass("secondary")}
            download
          >
            Download CSV
          </a>
        }
      >
        Sales from {day(report.from)} to {day(report.to)}, in Cyprus time: placed, paid and completed orders;
        cancelled, expired and unpaid ones are left out.
      </PageHeader>
      {/* Keyed on the URL, so back and forward show the period of the report they lead to. */}
      <RangeForm key={location.search} data={data} />
      {problems.length > 0 ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {problems.map((p) => (
            <p key={p}>{p} The last 30 days are shown instead.</p>
          ))}
        </div>
      ) : null}
      <div className="grid gap-6">
        <Comparison report={report} />
        <section aria-labelledby="report-table">
          <h2 id="report-table" className="sr-only">
            Breakdown
          </h2>
          <nav aria-label="Report tables" className="mb-3 flex flex-wrap gap-2">
            {(Object.keys(VIEW_LABEL) as ReportView[]).map((v) => (
              <Link
                key={v}
                to={viewHref(v)}
                aria-current={v === view ? "page" : undefined}
                preventScrollReset
                className={`rounded-md border px-3 py-1.5 text-sm font-medium ${
                  v === view
                    ? "border-indigo-700 bg-indigo-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {VIEW_LABEL[v]}
              </Link>
            ))}
          </nav>
          <ReportTable report={report} view={view} />
        </section>
      </div>
    </>
  );
}
