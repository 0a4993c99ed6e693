// The back office's orders: statuses, sort keys and the list query, shared by the server (its
// contract validates the query with it) and the browser (the list keeps its filters in the URL and
// reads them back with the same schema). The shop's own day is Europe/Nicosia.
import { z } from "zod";
import { PAYMENT_METHODS } from "../checkout";
import { STORE_TIME_ZONE, zoneOffsetMs } from "../time-zone";
import { IsoDateInput } from "../validation/iso-date";

export const ORDER_STATUSES = [
  "pending_payment",
  "placed",
  "paid",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
  "expired",
] as const;
export type AdminOrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABEL: Record<AdminOrderStatus, string> = {
  pending_payment: "Awaiting payment",
  placed: "Placed",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** Orders the shop still has to act on: confirmed (placed, or paid online) and not yet completed. */
export const WAITING_STATUSES = ["placed", "paid"] as const satisfies readonly AdminOrderStatus[];
/** Orders that count as sales on the dashboard. */
export const SALE_STATUSES = [
  "placed",
  "paid",
  "shipped",
  "delivered",
  "completed",
] as const satisfies readonly AdminOrderStatus[];
/** What the shop may do to an order in each status (services/orders/lifecycle.ts decides). */
export const CAN_COMPLETE: readonly AdminOrderStatus[] = ["placed", "paid", "shipped", "delivered"];
export const CAN_CANCEL: readonly AdminOrderStatus[] = ["placed", "paid", "pending_payment", "completed"];
/** The customer's confirmation mail exists only once the order was confirmed. */
export const CAN_RESEND: readonly AdminOrderStatus[] = [
  "placed",
  "paid",
  "shipped",
  "delivered",
  "completed",
];
/**
 * Shipments (docs/decisions/0055): an order is shipped in parts while placed or paid, becomes
 * shipped when everything has left, and delivered when staff or the ERP say so. A shipped or
 * delivered order is not cancelled: its goods are out, so a return and a refund undo it.
 */
export const CAN_SHIP: readonly AdminOrderStatus[] = ["placed", "paid"];
export const CAN_DELIVER: readonly AdminOrderStatus[] = ["shipped"];

export const ORDER_SORTS = ["date", "total", "code", "status"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const MAX_ORDER_PAGE_SIZE = 100;
export const DEFAULT_ORDER_PAGE_SIZE = 25;

/** Several statuses as one comma-separated value (`placed,paid`), the way the URL keeps them. */
const statusList = z
  .string()
  .max(200)
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(ORDER_STATUSES, { error: "Unknown order status." })).max(ORDER_STATUSES.length));

export const OrderListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_ORDER_PAGE_SIZE).optional(),
    sort: z.enum(ORDER_SORTS).optional(),
    dir: z.enum(["asc", "desc"]).optional(),
    status: statusList.optional(),
    payment: z.enum(PAYMENT_METHODS, { error: "Unknown payment method." }).optional(),
    from: IsoDateInput.optional(),
    to: IsoDateInput.optional(),
    q: z.string().trim().max(100, "Search for at most 100 characters.").optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "The start date is after the end date.",
    path: ["to"],
  });

/** Order codes as the shop makes them (letters, digits, dashes). */
export const OrderCodeParam = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, "Not an order code."),
});

/** The UTC instant a calendar day starts in the given time zone (default: the shop's). */
export function zonedDayStart(date: string, timeZone = STORE_TIME_ZONE): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // Start from midnight UTC and correct by the zone's offset at that moment; a second pass settles
  // days on which the offset changes (daylight saving).
  let guess = Date.UTC(y, m - 1, d);
  for (let i = 0; i < 2; i++) {
    const offset = zoneOffsetMs(new Date(guess), timeZone);
    guess = Date.UTC(y, m - 1, d) - offset;
  }
  return new Date(guess);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the shop's time zone. */
export function zonedDate(at: Date, timeZone = STORE_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The day after a YYYY-MM-DD date. */
export function nextDate(date: string, days = 1): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
