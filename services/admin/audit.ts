// The back office's write discipline: who is acting (StaffActor), the audit entry every write
// leaves in the same transaction, and the version check that stops a second editor from
// silently overwriting the first (a save names the version it was read at).
import { createHash } from "node:crypto";
import type { OrderActor } from "../../core/admin/order-timeline";
import type { StaffRole } from "../../core/admin/permissions";
import type { Tx } from "../../db/client";
import { auditLog } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";

/** Who a write is recorded for: a member of staff, or a system such as the ERP's API key. */
export interface AuditActor {
  /** The staff row; null for a system. */
  id: number | null;
  /** The staff member's email, or the system's name (`erp-api`, `csv-import`). */
  email: string;
  /** The client address, recorded with each audit entry. */
  ip: string | null;
}

/** The audit log's name for the ERP's integration API key. */
export const ERP_ACTOR_EMAIL = "erp-api";

/** How an order's timeline names who acted: a member of staff by name, the ERP's key, another system. */
export function orderActorOf(actor: AuditActor): OrderActor {
  if ("name" in actor && typeof actor.name === "string") return { kind: "staff", name: actor.name };
  if (actor.email === ERP_ACTOR_EMAIL) return { kind: "erp", name: "ERP" };
  return { kind: "system", name: actor.email };
}

/** The signed-in member of staff a back-office service acts for. */
export interface StaffActor extends AuditActor {
  id: number;
  name: string;
  role: StaffRole;
}

export interface AuditEntry {
  /** What was done, `<entity>.<verb>`: product.update, order.complete, setting.update ... */
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** One line a person reads in the log, e.g. "Price 19.99 → 17.99". */
  summary?: string;
  /** The record before and after, without secrets or password hashes. */
  before?: unknown;
  after?: unknown;
}

/** Writes one audit entry; call it inside the transaction of the write it records. */
export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  entry: AuditEntry,
  now = new Date(),
): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.id,
    staffEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary ?? "",
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
    ip: actor.ip,
    createdAt: now,
  });
}

/**
 * Records that a member of staff exported personal data (customers, orders, subscribers) and with
 * which filters: a read, but one a data-protection authority asks about (GDPR Art. 5(2), 30).
 */
export async function recordExport(
  store: StoreContext,
  actor: AuditActor,
  entry: { entity: string; summary: string; filters: Record<string, unknown> },
): Promise<void> {
  await store.db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: `${entry.entity}.export`,
      entity: entry.entity,
      summary: entry.summary,
      after: { filters: entry.filters },
    }),
  );
}

/** Dates as ISO strings, undefined dropped: what jsonb keeps anyway, said once. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** JSON with object keys sorted, so the same values always give the same text. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
    return v;
  });
}

/**
 * A record's version: a short hash of what is stored. Editors receive it with the record and send
 * it back with their save; any change by anyone in between gives another version.
 */
export function versionOf(record: unknown): string {
  return createHash("sha256")
    .update(stableJson(toJson(record)))
    .digest("base64url")
    .slice(0, 16);
}

export const EDIT_CONFLICT_MESSAGE =
  "Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.";

/**
 * Refuses a save made on an older version of the record. Read the record FOR UPDATE in the save's
 * transaction before calling, so two saves cannot both pass the check.
 */
export function assertVersion(current: unknown, expected: string): void {
  if (versionOf(current) !== expected) throw new ServiceError("edit_conflict", EDIT_CONFLICT_MESSAGE);
}
