// The back office's sales report: which orders are sales, how a date range splits into days, ISO
// weeks or months in the shop's time zone, the previous period it is compared with, and the
// figures worked out of the sums the database returns (docs/decisions/0046). Pure: the server
// validates the query with it and the browser fills the presets and the comparison with it.
import { z } from "zod";
import { IsoDateInput } from "../validation/iso-date";
import { zonedDate } from "./orders";

/** How the report splits its range. Weeks are ISO weeks (Monday to Sunday). */
export const REPORT_GROUPS = ["day", "week", "month"] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The tables under the report: what one CSV download holds. */
export const REPORT_VIEWS = ["period", "product", "category", "brand", "payment"] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

export const REPORT_PRESETS = ["last7", "last30", "lastMonth", "thisYear"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** The longest range one report covers: two years and a leap day (730 days of day rows at most). */
export const MAX_REPORT_DAYS = 731;
/** Rows of a breakdown (products, categories, brands) the screen shows; the CSV has them all. */
export const REPORT_TOP_ROWS = 50;

const rangeFields = {
  from: IsoDateInput,
  to: IsoDateInput,
  group: z.enum(REPORT_GROUPS, { error: "Group by day, week or month." }).default("day"),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.from > v.to) {
    ctx.addIssue({ code: "custom", message: "The start date is after the end date.", path: ["to"] });
  } else if (daysBetween(v.from, v.to) + 1 > MAX_REPORT_DAYS) {
    ctx.addIssue({
      code: "custom",
      message: `A report covers at most ${MAX_REPORT_DAYS} days.`,
      path: ["from"],
    });
  }
}

/** A report: a range of the shop's calendar days, both ends included, and how to split it. */
export const ReportQuery = z.object(rangeFields).superRefine(checkRange);
export type ReportQuery = z.infer<typeof ReportQuery>;

/** One table of the report as a CSV file. */
export const ReportCsvQuery = z
  .object({
    ...rangeFields,
    view: z.enum(REPORT_VIEWS, { error: "Unknown report table." }).default("period"),
  })
  .superRefine(checkRange);
export type ReportCsvQuery = z.infer<typeof ReportCsvQuery>;

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Whole days from `a` to `b` (YYYY-MM-DD; negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / DAY_MS);
}

function addDays(date: string, n: number): string {
  return ymd(utc(date) + n * DAY_MS);
}

/** The first day of the day, ISO week (its Monday) or month a calendar day belongs to. */
export function periodStart(date: string, group: ReportGroup): string {
  if (group === "day") return date;
  if (group === "month") return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(utc(date)).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return addDays(date, -weekday);
}

function nextPeriod(start: string, group: ReportGroup): string {
  if (group === "day") return addDays(start, 1);
  if (group === "week") return addDays(start, 7);
  const d = new Date(utc(start));
  return ymd(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** Every period the range touches, by its first day: a row for each, sales or none. */
export function periodsOf(from: string, to: string, group: ReportGroup): string[] {
  const out: string[] = [];
  for (let p = periodStart(from, group); p <= to; p = nextPeriod(p, group)) out.push(p);
  return out;
}

/** The range of equal length that ends the day before `from`: what the report is compared with. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** A preset range as calendar days of the shop, `now` being today. */
export function presetRange(preset: ReportPreset, now: Date = new Date()): { from: string; to: string } {
  const today = zonedDate(now);
  switch (preset) {
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
    case "lastMonth": {
      const firstOfThis = `${today.slice(0, 7)}-01`;
      const lastOfPrev = addDays(firstOfThis, -1);
      return { from: `${lastOfPrev.slice(0, 7)}-01`, to: lastOfPrev };
    }
    case "thisYear":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The sums the database returns for a set of sales (cents, whole numbers). */
export interface SalesSums {
  orders: number;
  units: number;
  /** Goods at the prices paid, VAT included (what the order lines add up to). */
  grossCents: number;
  /** Reward points redeemed against the orders: the only discount an order carries. */
  discountCents: number;
  shippingCents: number;
  /** Money the order's refunds gave back (docs/decisions/0056). */
  refundedCents: number;
}

export interface SalesFigures extends SalesSums {
  /** What the shop was paid and keeps: gross - discounts + shipping - refunds. */
  netCents: number;
  /** Net per order, rounded to the cent; 0 without orders. */
  averageOrderCents: number;
}

export const NO_SALES: SalesSums = {
  orders: 0,
  units: 0,
  grossCents: 0,
  discountCents: 0,
  shippingCents: 0,
  refundedCents: 0,
};

export function salesFigures(s: SalesSums): SalesFigures {
  const netCents = s.grossCents - s.discountCents + s.shippingCents - s.refundedCents;
  return { ...s, netCents, averageOrderCents: s.orders > 0 ? Math.round(netCents / s.orders) : 0 };
}

/** Change against the previous period in percent, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
