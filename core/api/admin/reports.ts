// The back office's sales report (contract): a range of the shop's days by day, ISO week or month,
// its totals against the previous range of equal length, and its breakdowns; one table as CSV.
import { z } from "zod";
import { REPORT_GROUPS, ReportCsvQuery, ReportQuery } from "../../admin/reports";
import { errorResponse } from "../common";
import { json } from "../endpoint";
import { adminEndpoint } from "./endpoint";
import { reportsRoutes as routes } from "./reports.routes";

const Figures = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  grossCents: z.number().int(),
  discountCents: z.number().int(),
  shippingCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  averageOrderCents: z.number().int(),
});

const BreakdownRow = z.object({
  /** Null: lines of products in no category, or of no brand. */
  id: z.number().int().nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  orders: z.number().int(),
  units: z.number().int(),
  grossCents: z.number().int(),
});

export const SalesReportSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  totals: Figures,
  previous: z.object({ from: z.string(), to: z.string(), totals: Figures }),
  /** Every period the range touches, by its first day (a Monday for weeks), sales or none. */
  periods: z.array(Figures.extend({ period: z.string() })),
  /** The best-selling products (by gross), and how many products sold in all. */
  products: z.object({ rows: z.array(BreakdownRow), total: z.number().int() }),
  categories: z.array(BreakdownRow),
  brands: z.array(BreakdownRow),
  payments: z.array(Figures.extend({ method: z.string() })),
});

export const sales = adminEndpoint(routes.sales, {
  permission: "reports.read",
  tags: ["admin"],
  summary: "Sales of a date range by day, week or month, against the previous period, with breakdowns",
  request: { query: ReportQuery },
  responses: { 200: json(SalesReportSchema, "The sales report"), 400: errorResponse("Bad range") },
});

export const salesCsv = adminEndpoint(routes.salesCsv, {
  permission: "reports.read",
  tags: ["admin"],
  summary: "One table of the sales report (periods, products, categories, brands or payment methods) as CSV",
  request: { query: ReportCsvQuery },
  responses: {
    200: {
      description:
        "text/csv with a header row; view=period: period_start, orders, units, gross_eur, discounts_eur, shipping_eur, refunds_eur, net_eur, average_order_eur; product|category|brand: <view>_code, <view>_name, orders, units, gross_eur; payment: payment_method and the period figures",
      content: { "text/csv": { schema: z.string() } },
    },
    400: errorResponse("Bad range"),
  },
});
