// The consumer's right of withdrawal (Consumer Rights Directive 2011/83/EU art. 9-11a; the reading
// and its choices: docs/decisions/0050): whether an order may be withdrawn from now, until when,
// and which lines and quantities are still open. Pure, so the order pages, the service that records
// a withdrawal and the tests read one definition.
import { z } from "zod";
import { STORE_TIME_ZONE, zoneOffsetMs } from "./time-zone";

/** Art. 9(1): "a period of 14 days"; a shop may give more, never less (core/settings.ts). */
export const MIN_WITHDRAWAL_DAYS = 14;

/**
 * Orders whose contract stands: placed, paid or shipped (not yet delivered: art. 9 lets the consumer
 * withdraw before the period starts), delivered and completed. Unpaid, lapsed and cancelled orders
 * have nothing to withdraw from.
 */
const OPEN_STATUSES = new Set(["placed", "paid", "shipped", "delivered", "completed"]);

export interface WithdrawalLineState {
  /** order_lines.id */
  id: number;
  description: string;
  qty: number;
  /** Already withdrawn by earlier withdrawals. */
  withdrawnQty: number;
}

export type WithdrawalWindow =
  | {
      open: true;
      /** The first moment the right has ended (exclusive); null while the goods are not delivered. */
      until: Date | null;
      /** The last day of the period in the shop's time zone (YYYY-MM-DD); null before delivery. */
      lastDay: string | null;
      /** Lines with something left to withdraw, and how much. */
      lines: { id: number; description: string; remaining: number }[];
    }
  | { open: false; reason: "business" | "status" | "expired" | "withdrawn" };

function localDate(at: Date, timeZone: string): { y: number; m: number; d: number } {
  const local = new Date(at.getTime() + zoneOffsetMs(at, timeZone));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/** The instant the local day y-m-d begins in `timeZone`. */
function localMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d);
  // Twice, so a day that begins on the other side of a clock change still lands on its midnight.
  let at = wall - zoneOffsetMs(new Date(wall), timeZone);
  at = wall - zoneOffsetMs(new Date(at), timeZone);
  return new Date(at);
}

/**
 * The end of the period that starts with delivery at `deliveredAt`: Regulation 1182/71 (which
 * recital 41 of the directive applies to its periods) does not count the day of the event (art.
 * 3(1)), ends a period in days at the end of its last day (art. 3(2)(b)), and moves a last day
 * falling on a Saturday or Sunday to the end of the next working day (art. 3(4)). Public holidays
 * differ per country and are not known here: they are left to the shop (README).
 */
export function withdrawalDeadline(
  deliveredAt: Date,
  days: number,
  timeZone: string = STORE_TIME_ZONE,
): { until: Date; lastDay: string } {
  const { y, m, d } = localDate(deliveredAt, timeZone);
  const last = new Date(Date.UTC(y, m - 1, d + Math.max(days, MIN_WITHDRAWAL_DAYS)));
  const weekday = last.getUTCDay();
  if (weekday === 6) last.setUTCDate(last.getUTCDate() + 2);
  else if (weekday === 0) last.setUTCDate(last.getUTCDate() + 1);
  const lastDay = last.toISOString().slice(0, 10);
  const until = localMidnight(last.getUTCFullYear(), last.getUTCMonth() + 1, last.getUTCDate() + 1, timeZone);
  return { until, lastDay };
}

/** Where an order stands with the right of withdrawal at `now`. */
export function withdrawalWindow(p: {
  consumerSales: boolean;
  status: string;
  /** When the order was delivered (completed, docs/decisions/0050); null before. */
  deliveredAt: Date | null;
  days: number;
  now: Date;
  lines: WithdrawalLineState[];
  timeZone?: string;
}): WithdrawalWindow {
  if (!p.consumerSales) return { open: false, reason: "business" };
  if (!OPEN_STATUSES.has(p.status)) return { open: false, reason: "status" };
  let until: Date | null = null;
  let lastDay: string | null = null;
  if (p.deliveredAt) {
    ({ until, lastDay } = withdrawalDeadline(p.deliveredAt, p.days, p.timeZone));
    if (p.now.getTime() >= until.getTime()) return { open: false, reason: "expired" };
  }
  const lines = p.lines
    .map((l) => ({ id: l.id, description: l.description, remaining: Math.max(0, l.qty - l.withdrawnQty) }))
    .filter((l) => l.remaining > 0);
  if (lines.length === 0) return { open: false, reason: "withdrawn" };
  return { open: true, until, lastDay, lines };
}

export const WITHDRAWAL_TEXT = {
  notOpen: "This order can no longer be withdrawn from.",
  unknownLine: "One of the chosen lines is not part of this order.",
  tooMany: "You chose more of a product than is left to withdraw from.",
  noLines: "Choose at least one product to withdraw from.",
} as const;

/** What the shopper sends with 'Confirm withdrawal'. */
export const WithdrawalInput = z.object({
  /** A random key made when the confirmation step opens: a repeat of the same press finds the first withdrawal. */
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid request key."),
  /** The order page's signature, for a guest's order (the signed link). */
  sig: z.string().max(64).optional(),
  lines: z
    .array(z.object({ lineId: z.number().int().positive(), qty: z.number().int().min(1).max(100_000) }))
    .min(1, WITHDRAWAL_TEXT.noLines)
    .max(200),
});
export type WithdrawalInput = z.infer<typeof WithdrawalInput>;

/**
 * The problem with the chosen lines against what is open, or null when they can be withdrawn.
 * `withdrawn`: lines of the order already withdrawn from; one with nothing left is asked for too
 * much, not unknown.
 */
export function withdrawalLinesProblem(
  chosen: { lineId: number; qty: number }[],
  open: { id: number; remaining: number }[],
  withdrawn: ReadonlySet<number> = new Set(),
): string | null {
  if (chosen.length === 0) return WITHDRAWAL_TEXT.noLines;
  const seen = new Set<number>();
  for (const c of chosen) {
    const line = open.find((l) => l.id === c.lineId);
    if (seen.has(c.lineId)) return WITHDRAWAL_TEXT.unknownLine;
    if (!line) return withdrawn.has(c.lineId) ? WITHDRAWAL_TEXT.tooMany : WITHDRAWAL_TEXT.unknownLine;
    seen.add(c.lineId);
    if (c.qty > line.remaining) return WITHDRAWAL_TEXT.tooMany;
  }
  return null;
}
