// Back-office sessions in the store's `staff_sessions` table, apart from the shoppers' sessions.
// The cookie (path /admin) carries a random token; the table keeps its sha256. A session lasts
// at most 12 hours and ends after 2 idle hours; a disabled account's sessions end at once.
import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { isStaffRole } from "../../core/admin/permissions";
import type { Tx } from "../../db/client";
import { staff, staffSessions } from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../context";
import { hashSessionToken, newSessionToken } from "../sessions";
import type { StaffActor } from "./audit";

export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export async function createStaffSession(
  store: StoreContext,
  staffId: number,
  client: { ip: string | null; userAgent: string | null },
  replacesToken?: string,
  now = new Date(),
): Promise<string> {
  const token = newSessionToken();
  await store.db.transaction(async (tx) => {
    if (replacesToken)
      await tx.delete(staffSessions).where(eq(staffSessions.idHash, hashSessionToken(replacesToken)));
    await tx.insert(staffSessions).values({
      idHash: hashSessionToken(token),
      staffId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAFF_SESSION_MAX_MS),
      ip: client.ip?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
  });
  if (Math.random() < 0.05) await store.db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  return token;
}

/** The member of staff signed in with this token, or null (no session, expired, idle, disabled). */
export async function loadStaffSession(
  store: StoreContext,
  token: string,
  ip: string | null,
  now = new Date(),
): Promise<StaffActor | null> {
  const idHash = hashSessionToken(token);
  const rows = await store.db
    .select({
      lastSeenAt: staffSessions.lastSeenAt,
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, idHash), gt(staffSessions.expiresAt, now), isNull(staff.disabledAt)))
    .limit(1);
  const row = rows[0];
  if (!row || !isStaffRole(row.role)) return null;
  const idle = now.getTime() - row.lastSeenAt.getTime();
  if (idle > STAFF_SESSION_IDLE_MS) {
    await store.db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
    return null;
  }
  if (idle > TOUCH_EVERY_MS)
    await store.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  return { id: row.id, email: row.email, name: row.name, role: row.role, ip };
}

export async function destroyStaffSession(store: StoreContext, token: string): Promise<void> {
  await store.db.delete(staffSessions).where(eq(staffSessions.idHash, hashSessionToken(token)));
}

/** Ends every session of a member of staff, or every one but `keepToken`'s. */
export async function destroyStaffSessions(
  db: StoreDb | Tx,
  staffId: number,
  keepToken?: string,
): Promise<void> {
  const theirs = eq(staffSessions.staffId, staffId);
  await db
    .delete(staffSessions)
    .where(keepToken ? and(theirs, ne(staffSessions.idHash, hashSessionToken(keepToken))) : theirs);
}
