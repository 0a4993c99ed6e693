// An order's timeline in the back office (docs/decisions/0045): what happened to it and who did it,
// newest first. It joins three records that each keep their own part: the order's events (placed,
// paid, lapsed, completed, cancelled, confirmation re-sent, internal notes; table order_events), its
// payment attempts (payments) and its mails (outbox). Pure: the service reads, this arranges.
import { z } from "zod";
import { formatEuro } from "../money";

export const ORDER_EVENT_KINDS = [
  "placed",
  "paid",
  "expired",
  "completed",
  "cancelled",
  "confirmation_resent",
  "note",
  "withdrawn",
  "shipped",
  "delivered",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Who an event is recorded for. `provider` is the payment provider; `system` the shop itself. */
export const ORDER_ACTOR_KINDS = ["customer", "guest", "staff", "erp", "provider", "system"] as const;
export type OrderActorKind = (typeof ORDER_ACTOR_KINDS)[number];

export interface OrderActor {
  kind: OrderActorKind;
  /** The name shown: the customer's or staff member's name, the provider, "ERP". */
  name: string;
}

/** The longest internal note, as the table's check has it. */
export const ORDER_NOTE_MAX = 2000;

export const OrderNoteInput = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write the note first.")
    .max(ORDER_NOTE_MAX, `A note has at most ${ORDER_NOTE_MAX.toLocaleString("en-IE")} characters.`),
});

/** What each outbox kind of an order's mails is, in the owner's words. */
export const ORDER_MAIL_LABEL: Record<string, string> = {
  "order-company": "New order mail to the shop",
  "order-customer": "Order confirmation to the customer",
  "order-completed": "“Order completed” mail to the customer",
  "order-cancelled": "“Order cancelled” mail to the customer",
  "order-withdrawal": "Withdrawal acknowledgement to the customer",
  "order-shipment": "Shipment mail to the customer",
};

export interface TimelineInput {
  events: {
    id: number;
    kind: OrderEventKind;
    actorKind: OrderActorKind;
    actor: string;
    body: string | null;
    createdAt: string;
  }[];
  payments: {
    id: number;
    provider: string;
    status: string;
    amountCents: number;
    createdAt: string;
  }[];
  mails: {
    id: number;
    kind: string;
    to: string;
    createdAt: string;
    sentAt: string | null;
    attempts: number;
    lastError: string | null;
  }[];
}

export type TimelineEntryKind = OrderEventKind | "payment_started" | "mail";

export interface TimelineEntry {
  /** Unique within the order's timeline (a React key, a test's handle). */
  key: string;
  at: string;
  kind: TimelineEntryKind;
  title: string;
  /** A note's text, a mail's address and state, a payment's amount. */
  detail: string | null;
  /** "Maria Ioannou (customer)", "Eleni (staff)"; null where nobody acted (a mail's delivery). */
  by: string | null;
  /** Something the owner should look at: a mail that keeps failing, a payment that failed. */
  warning: boolean;
}

const EVENT_TITLE: Record<OrderEventKind, string> = {
  placed: "Order placed",
  paid: "Payment received",
  expired: "Unpaid order lapsed: its stock and held points were released",
  completed: "Order completed",
  cancelled: "Order cancelled",
  confirmation_resent: "Confirmation sent again",
  note: "Internal note",
  withdrawn: "The consumer withdrew from the contract",
  shipped: "Shipment sent",
  delivered: "Order delivered",
};

const ACTOR_ROLE: Record<OrderActorKind, string> = {
  customer: "customer",
  guest: "guest",
  staff: "staff",
  erp: "ERP",
  provider: "payment provider",
  system: "the shop",
};

function byLine(kind: OrderActorKind, name: string): string {
  if (kind === "system") return name === ACTOR_ROLE.system ? "the shop" : `${name} (the shop)`;
  if (kind === "erp" && name === "ERP") return "ERP";
  return `${name} (${ACTOR_ROLE[kind]})`;
}

/** The order's timeline, newest first; entries at the same moment keep the order they were made in. */
export function orderTimeline(input: TimelineInput): TimelineEntry[] {
  // rank breaks ties between entries of one moment: an event before the mail it caused.
  const entries: (TimelineEntry & { rank: number; seq: number })[] = [];
  for (const e of input.events)
    entries.push({
      key: `event-${e.id}`,
      at: e.createdAt,
      kind: e.kind,
      title: EVENT_TITLE[e.kind],
      detail: e.kind === "paid" && e.body ? `Transaction ${e.body}` : e.body,
      by: byLine(e.actorKind, e.actor),
      warning: false,
      rank: 0,
      seq: e.id,
    });
  for (const p of input.payments)
    entries.push({
      key: `payment-${p.id}`,
      at: p.createdAt,
      kind: "payment_started",
      title: `Online payment started with ${p.provider}`,
      detail: `${formatEuro(p.amountCents)}, ${p.status === "created" ? "waiting for the shopper" : p.status}`,
      by: null,
      warning: p.status === "failed",
      rank: 1,
      seq: p.id,
    });
  for (const m of input.mails) {
    const label = ORDER_MAIL_LABEL[m.kind] ?? m.kind;
    entries.push({
      key: `mail-${m.id}`,
      at: m.sentAt ?? m.createdAt,
      kind: "mail",
      title: m.sentAt ? `${label} sent` : `${label} waiting to be sent`,
      detail:
        m.lastError && !m.sentAt
          ? `To ${m.to}. ${m.attempts} ${m.attempts === 1 ? "attempt" : "attempts"}; last error: ${m.lastError}`
          : `To ${m.to}`,
      by: null,
      warning: Boolean(m.lastError) && !m.sentAt,
      rank: 2,
      seq: m.id,
    });
  }
  entries.sort((a, b) => {
    const t = Date.parse(b.at) - Date.parse(a.at);
    if (t !== 0) return t;
    return b.rank - a.rank || b.seq - a.seq;
  });
  return entries.map(({ rank: _rank, seq: _seq, ...entry }) => entry);
}
