// The audit log as owners read it: newest first, paged, filtered by member of staff, entity,
// action, entity id and a date range (UTC days), all in SQL on the log's indexes.
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { auditLog, staff } from "../../db/store/schema";
import type { StoreContext } from "../context";

export interface AuditQuery {
  page: number;
  limit: number;
  staffId?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  entityId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listAudit(store: StoreContext, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.staffId !== undefined) where.push(eq(auditLog.staffId, q.staffId));
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS)));
  const filter = where.length > 0 ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    store.db
      .select({ entry: auditLog, staffName: staff.name })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    store.db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return {
    items: rows.map(({ entry, staffName }) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      staffId: entry.staffId,
      staffEmail: entry.staffEmail,
      staffName,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      summary: entry.summary,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
    })),
    page: q.page,
    limit: q.limit,
    total: total[0]?.n ?? 0,
  };
}

/** The filters' choices: every member of staff, and the entities and actions logged so far. */
export async function auditFilters(store: StoreContext) {
  const [people, entities, actions] = await Promise.all([
    store.db
      .select({ id: staff.id, name: staff.name, email: staff.email })
      .from(staff)
      .orderBy(sql`lower(${staff.name})`, staff.id),
    store.db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity).limit(200),
    store.db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action).limit(500),
  ]);
  return { staff: people, entities: entities.map((r) => r.v), actions: actions.map((r) => r.v) };
}
