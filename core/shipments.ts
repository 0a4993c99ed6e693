// Shipments of an order (docs/decisions/0055): the couriers' tracking links, what a shipment may
// carry, and when an order counts as shipped. Pure, so the back office, the ERP endpoint, the
// service that records a shipment and the tests read one definition.
import { z } from "zod";

/** Where the tracking number goes in a courier's tracking-page address. */
export const TRACKING_PLACEHOLDER = "{tracking}";

/** Tracking numbers as couriers print them: letters, digits, dashes and spaces. */
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * A courier's tracking page for one tracking number, or null without a template or a number. The
 * number is URL-encoded, so nothing typed into it can change where the link goes.
 */
export function trackingLink(template: string | null, trackingNumber: string | null): string | null {
  if (!template || !trackingNumber) return null;
  return template.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}

/** Why a tracking-page template is refused, or null when it is fine. */
export function trackingTemplateProblem(template: string): string | null {
  let url: URL;
  try {
    url = new URL(template.split(TRACKING_PLACEHOLDER).join("X"));
  } catch {
    return "Enter the full address of the courier's tracking page, starting with https://.";
  }
  if (url.protocol !== "https:") return "The tracking page's address must start with https://.";
  const count = template.split(TRACKING_PLACEHOLDER).length - 1;
  if (count !== 1)
    return `Put ${TRACKING_PLACEHOLDER} once where the tracking number goes, e.g. https://courier.example/track/${TRACKING_PLACEHOLDER}.`;
  return null;
}

const CarrierFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter the courier's name.")
    .max(80, "A courier's name has at most 80 characters."),
  trackingUrl: z
    .string()
    .trim()
    .max(500, "The address has at most 500 characters.")
    .nullable()
    .transform((v) => (v ? v : null)),
  seq: z.number().int().min(0).max(100_000).default(0),
  active: z.boolean().default(true),
});

function checkTemplate(v: { trackingUrl: string | null }, ctx: z.RefinementCtx) {
  const problem = v.trackingUrl ? trackingTemplateProblem(v.trackingUrl) : null;
  if (problem) ctx.addIssue({ code: "custom", path: ["trackingUrl"], message: problem });
}

export const CarrierInput = CarrierFields.superRefine(checkTemplate);
/** An edit, with the version it was read at. */
export const CarrierUpdate = CarrierFields.extend({
  version: z.string().min(1, "The record's version is missing.").max(64),
}).superRefine(checkTemplate);

const MAX_SHIPMENT_LINES = 200;

/** One shipment as staff or the ERP send it. */
export const ShipmentInput = z.object({
  /** A fresh key per press or per ERP request: a repeat answers the first shipment. */
  idempotencyKey: z
    .string()
    .trim()
    .min(8, "The idempotency key has 8 to 100 characters.")
    .max(100, "The idempotency key has 8 to 100 characters."),
  carrierId: z.number({ error: "Choose the courier." }).int().positive("Choose the courier."),
  trackingNumber: z
    .string()
    .trim()
    .max(60, "A tracking number has at most 60 characters.")
    .regex(TRACKING_NUMBER, "A tracking number has letters, digits, dashes and spaces only.")
    .nullable()
    .or(z.literal("").transform(() => null))
    .default(null),
  lines: z
    .array(
      z.object({
        orderLineId: z.number().int().positive(),
        qty: z.number().int("Quantities are whole numbers.").min(1, "Ship at least 1 of a line."),
      }),
      { error: "Name the lines shipped." },
    )
    .min(1, "Ship at least one line.")
    .max(MAX_SHIPMENT_LINES),
});
export type ShipmentInputValue = z.output<typeof ShipmentInput>;

/** An order line with what has left the shop so far. */
interface ShippableLine {
  id: number;
  description: string;
  qty: number;
  shippedQty: number;
}

/** How much of each line is still to ship (lines with nothing left are omitted). */
export function unshipped(lines: ShippableLine[]): { id: number; description: string; remaining: number }[] {
  return lines
    .map((l) => ({ id: l.id, description: l.description, remaining: Math.max(0, l.qty - l.shippedQty) }))
    .filter((l) => l.remaining > 0);
}

/**
 * Why a shipment of these lines is refused, or null: a line of another order, a line named twice,
 * or more than is left to ship of a line.
 */
export function shipmentLinesProblem(
  lines: ShippableLine[],
  requested: { orderLineId: number; qty: number }[],
): string | null {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  for (const r of requested) {
    const line = byId.get(r.orderLineId);
    if (!line) return `Line ${r.orderLineId} is not a line of this order.`;
    if (seen.has(r.orderLineId)) return `Line ${r.orderLineId} is named twice.`;
    seen.add(r.orderLineId);
    const left = line.qty - line.shippedQty;
    if (r.qty > left)
      return left === 0
        ? `${line.description}: everything ordered has already been shipped.`
        : `${line.description}: only ${left} of ${line.qty} is left to ship.`;
  }
  return null;
}

/** True when every unit ordered has been shipped, counting a shipment about to be recorded. */
export function fullyShipped(
  lines: ShippableLine[],
  adding: { orderLineId: number; qty: number }[] = [],
): boolean {
  const extra = new Map<number, number>();
  for (const a of adding) extra.set(a.orderLineId, (extra.get(a.orderLineId) ?? 0) + a.qty);
  return lines.every((l) => l.shippedQty + (extra.get(l.id) ?? 0) >= l.qty);
}
