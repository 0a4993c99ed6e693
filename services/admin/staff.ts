// Owners manage the shop's staff: invite by mail (an account without a password plus a one-use
// link whose sha256 is kept), change a role, disable or enable; the invited person accepts with
// the link and chooses a password. The last active owner can be neither demoted nor disabled.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { isStaffRole, ROLE_LABEL, type StaffRole } from "../../core/admin/permissions";
import { INVITE_DAYS } from "../../core/admin/staff";
import { escapeHtml } from "../../core/html";
import type { Tx } from "../../db/client";
import { staff, staffTokens } from "../../db/store/schema";
import { hashPassword } from "../auth/password";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { enqueueMail } from "../mail/outbox";
import { brandOf, renderLayout } from "../mail/templates";
import { type AuditActor, assertVersion, recordAudit, type StaffActor, versionOf } from "./audit";
import { STAFF_TEXT, staffPasswordProblem } from "./staff-auth";
import { destroyStaffSessions } from "./staff-sessions";

type StaffRow = typeof staff.$inferSelect;

const INVITE_MS = INVITE_DAYS * 24 * 60 * 60 * 1000;
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a version covers: what an owner changes and sees, not the sign-in bookkeeping. */
const versioned = (row: StaffRow) => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabledAt: row.disabledAt,
  invited: row.passwordHash === null,
});

function memberView(row: StaffRow, inviteExpiresAt: Date | null = null) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : ("staff" as const),
    totpEnabled: row.totpEnabledAt !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    disabled: row.disabledAt !== null,
    invited: row.passwordHash === null,
    inviteExpiresAt: row.passwordHash === null ? (inviteExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    version: versionOf(versioned(row)),
  };
}

type StaffMemberView = ReturnType<typeof memberView>;

/** Audit's view of a member: never a hash or a secret. */
const auditView = (row: StaffRow) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabledAt !== null,
});

async function openInviteExpiry(db: StoreContext["db"] | Tx, staffId: number, now = new Date()) {
  const rows = await db
    .select({ expiresAt: staffTokens.expiresAt })
    .from(staffTokens)
    .where(
      and(
        eq(staffTokens.staffId, staffId),
        eq(staffTokens.purpose, "invite"),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
      ),
    )
    .orderBy(sql`${staffTokens.expiresAt} desc`)
    .limit(1);
  return rows[0]?.expiresAt ?? null;
}

export async function listStaff(store: StoreContext, q: { page: number; limit: number }) {
  const now = new Date();
  // "staff"."id" by hand: in a one-table select drizzle writes ${staff.id} as a bare "id", which
  // inside this subquery would be the token's own id.
  const openInvite = sql<Date | null>`(select max(${staffTokens.expiresAt}) from ${staffTokens}
    where ${staffTokens.staffId} = "staff"."id" and ${staffTokens.purpose} = 'invite'
    and ${staffTokens.usedAt} is null and ${staffTokens.expiresAt} > ${now})`;
  const [rows, total] = await Promise.all([
    store.db
      .select({ row: staff, inviteExpiresAt: openInvite })
      .from(staff)
      .orderBy(asc(staff.disabledAt), asc(sql`lower(${staff.name})`), asc(staff.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    store.db.select({ n: count() }).from(staff),
  ]);
  return {
    items: rows.map((r) =>
      memberView(r.row, r.inviteExpiresAt ? new Date(r.inviteExpiresAt as unknown as string) : null),
    ),
    page: q.page,
    limit: q.limit,
    total: total[0]?.n ?? 0,
  };
}

function inviteMail(
  store: StoreContext,
  to: string,
  input: { name: string; link: string; inviter: string; role: StaffRole },
) {
  const brand = brandOf(store);
  const role = ROLE_LABEL[input.role];
  const { html, text } = renderLayout(brand, {
    title: "You are invited to the back office",
    bodyHtml: `<p>Hello ${escapeHtml(input.name)},</p><p>${escapeHtml(input.inviter)} invited you to run ${escapeHtml(brand.name)} with them, as ${escapeHtml(role)}. Choose your password with the link below; it is valid for ${INVITE_DAYS} days and works once.</p><p>If you did not expect this, you can ignore this mail.</p>`,
    bodyText: `Hello ${input.name},\n\n${input.inviter} invited you to run ${brand.name} with them, as ${role}. Choose your password with the link below; it is valid for ${INVITE_DAYS} days and works once.\n\nIf you did not expect this, you can ignore this mail.`,
    button: { label: "Accept the invitation", href: input.link },
  });
  return { kind: "staff-invite", to, subject: `Your invitation to ${brand.name}'s back office`, html, text };
}

/** Who invites: a member of staff, or the platform operator adding a store's first owner. */
export type InvitingActor = AuditActor & { name: string };

/** A member invited, and the link the invitation mail carries (for the operator who adds a store). */
export interface Invitation {
  member: StaffMemberView;
  link: string;
}

/** Issues a new invitation link for a member (older open links stop working) and queues its mail. */
async function issueInvite(
  tx: Tx,
  store: StoreContext,
  actor: InvitingActor,
  row: StaffRow,
  now: Date,
): Promise<{ expiresAt: Date; link: string }> {
  await tx
    .update(staffTokens)
    .set({ usedAt: now })
    .where(
      and(eq(staffTokens.staffId, row.id), eq(staffTokens.purpose, "invite"), isNull(staffTokens.usedAt)),
    );
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITE_MS);
  await tx.insert(staffTokens).values({
    staffId: row.id,
    purpose: "invite",
    tokenHash: tokenHash(token),
    expiresAt,
    createdAt: now,
  });
  const origin = store.config.url.replace(/\/+$/, "");
  const link = `${origin}/admin/accept-invite?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    tx,
    inviteMail(store, row.email, {
      name: row.name,
      link,
      inviter: actor.name || actor.email,
      role: isStaffRole(row.role) ? row.role : "staff",
    }),
  );
  return { expiresAt, link };
}

export async function inviteStaff(
  store: StoreContext,
  actor: InvitingActor,
  input: { email: string; name: string; role: StaffRole },
  now = new Date(),
): Promise<Invitation> {
  const email = input.email.trim();
  return store.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (existing[0])
      throw new ServiceError("duplicate", "There is already an account with this email.", {
        details: { fields: { email: "There is already an account with this email." } },
      });
    const inserted = await tx
      .insert(staff)
      .values({
        email,
        name: input.name,
        role: input.role,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row)
      throw new ServiceError("duplicate", "There is already an account with this email.", {
        details: { fields: { email: "There is already an account with this email." } },
      });
    const { expiresAt, link } = await issueInvite(tx, store, actor, row, now);
    await recordAudit(tx, actor, {
      action: "staff.invite",
      entity: "staff",
      entityId: row.id,
      summary: `Invited ${email} as ${ROLE_LABEL[input.role]}`,
      after: auditView(row),
    });
    return { member: memberView(row, expiresAt), link };
  });
}

async function lockedMember(tx: Tx, id: number): Promise<StaffRow> {
  const rows = await tx.select().from(staff).where(eq(staff.id, id)).for("update");
  const row = rows[0];
  if (!row) throw new ServiceError("not_found", "This account no longer exists.");
  return row;
}

export async function resendInvite(
  store: StoreContext,
  actor: InvitingActor,
  id: number,
  now = new Date(),
): Promise<Invitation> {
  return store.db.transaction(async (tx) => {
    const row = await lockedMember(tx, id);
    if (row.passwordHash !== null)
      throw new ServiceError("invalid_state", `${row.name} has already accepted the invitation.`);
    if (row.disabledAt !== null)
      throw new ServiceError("invalid_state", `${row.name}'s account is disabled; enable it first.`);
    const { expiresAt, link } = await issueInvite(tx, store, actor, row, now);
    await recordAudit(tx, actor, {
      action: "staff.invite_resend",
      entity: "staff",
      entityId: row.id,
      summary: `Sent a new invitation to ${row.email}`,
    });
    return { member: memberView(row, expiresAt), link };
  });
}

const LAST_OWNER =
  "This is the shop's last active owner. Make another member of staff an owner first, so someone can still manage the shop.";

/**
 * Would the shop keep an active owner (signed-up, enabled) without this member? The caller holds
 * the owners' locks (lockOwners), so two owners demoting each other at the same time cannot both pass.
 */
async function assertAnotherActiveOwner(tx: Tx, exceptId: number): Promise<void> {
  const others = await tx
    .select({ n: count() })
    .from(staff)
    .where(
      and(
        eq(staff.role, "owner"),
        isNull(staff.disabledAt),
        isNotNull(staff.passwordHash),
        ne(staff.id, exceptId),
      ),
    );
  if ((others[0]?.n ?? 0) === 0) throw new ServiceError("invalid_state", LAST_OWNER);
}

/**
 * Every change of a role or of disabled starts by locking the owners' rows, in id order, before the
 * member's own row: two owners demoting each other then queue on the same first lock instead of
 * each holding one row and waiting for the other's (a deadlock).
 */
async function lockOwners(tx: Tx): Promise<void> {
  await tx
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.role, "owner"))
    .orderBy(asc(staff.id))
    .for("update");
}

const isActiveOwner = (row: StaffRow) =>
  row.role === "owner" && row.disabledAt === null && row.passwordHash !== null;

export async function setStaffRole(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: { role: StaffRole; version: string },
  now = new Date(),
): Promise<StaffMemberView> {
  return store.db.transaction(async (tx) => {
    await lockOwners(tx);
    const row = await lockedMember(tx, id);
    assertVersion(versioned(row), input.version);
    if (row.role === input.role) return memberView(row, await openInviteExpiry(tx, row.id, now));
    if (isActiveOwner(row) && input.role !== "owner") await assertAnotherActiveOwner(tx, row.id);
    const updated = await tx
      .update(staff)
      .set({ role: input.role, updatedAt: now })
      .where(eq(staff.id, id))
      .returning();
    const next = updated[0] ?? row;
    await recordAudit(tx, actor, {
      action: "staff.role",
      entity: "staff",
      entityId: row.id,
      summary: `${row.name}: role ${ROLE_LABEL[row.role as StaffRole] ?? row.role} → ${ROLE_LABEL[input.role]}`,
      before: { role: row.role },
      after: { role: input.role },
    });
    return memberView(next, await openInviteExpiry(tx, row.id, now));
  });
}

export async function setStaffDisabled(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: { disabled: boolean; version: string },
  now = new Date(),
): Promise<StaffMemberView> {
  return store.db.transaction(async (tx) => {
    await lockOwners(tx);
    const row = await lockedMember(tx, id);
    assertVersion(versioned(row), input.version);
    if ((row.disabledAt !== null) === input.disabled)
      return memberView(row, await openInviteExpiry(tx, row.id, now));
    if (input.disabled && isActiveOwner(row)) await assertAnotherActiveOwner(tx, row.id);
    const updated = await tx
      .update(staff)
      .set({ disabledAt: input.disabled ? now : null, updatedAt: now })
      .where(eq(staff.id, id))
      .returning();
    const next = updated[0] ?? row;
    if (input.disabled) await destroyStaffSessions(tx, row.id);
    await recordAudit(tx, actor, {
      action: input.disabled ? "staff.disable" : "staff.enable",
      entity: "staff",
      entityId: row.id,
      summary: input.disabled ? `Disabled ${row.name}; their sessions ended` : `Enabled ${row.name}`,
      before: { disabled: row.disabledAt !== null },
      after: { disabled: input.disabled },
    });
    return memberView(next, await openInviteExpiry(tx, row.id, now));
  });
}

const EXPIRED =
  "This invitation link was already used, replaced by a newer one, or has run out. Ask the shop's owner for a new invitation.";

async function openInvite(db: StoreContext["db"] | Tx, token: string, now: Date, lock = false) {
  const q = db
    .select({ token: staffTokens, member: staff })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.id, staffTokens.staffId))
    .where(and(eq(staffTokens.tokenHash, tokenHash(token.trim())), eq(staffTokens.purpose, "invite")))
    .limit(1);
  const rows = lock ? await q.for("update") : await q;
  const found = rows[0];
  if (
    !found ||
    found.token.usedAt !== null ||
    found.token.expiresAt.getTime() <= now.getTime() ||
    found.member.passwordHash !== null ||
    found.member.disabledAt !== null
  )
    throw new ServiceError("token_expired", EXPIRED);
  return found;
}

export async function invitationInfo(store: StoreContext, token: string, now = new Date()) {
  const { member } = await openInvite(store.db, token, now);
  return {
    email: member.email,
    name: member.name,
    role: isStaffRole(member.role) ? member.role : ("staff" as const),
    storeName: store.settings.companyName || store.config.name,
  };
}

/** Accepts an invitation: the person's own name and password; the link works once. */
export async function acceptInvite(
  store: StoreContext,
  input: { token: string; name: string; password: string; confirm: string },
  client: { ip: string | null },
  now = new Date(),
): Promise<{ ok: true; email: string }> {
  // The slow hash is made outside the transaction, after a first look at the link.
  const first = await openInvite(store.db, input.token, now);
  const problem = staffPasswordProblem(input.password, input.confirm, {
    email: first.member.email,
    name: input.name,
  });
  if (problem) {
    const field = problem === STAFF_TEXT.passwordMismatch ? "confirm" : "password";
    throw new ServiceError("invalid", problem, { details: { field, fields: { [field]: problem } } });
  }
  const passwordHash = await hashPassword(input.password);
  return store.db.transaction(async (tx) => {
    const { token, member } = await openInvite(tx, input.token, now, true);
    const claimed = await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.id, token.id), isNull(staffTokens.usedAt)))
      .returning({ id: staffTokens.id });
    if (claimed.length === 0) throw new ServiceError("token_expired", EXPIRED);
    await tx
      .update(staff)
      .set({ name: input.name, passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(and(eq(staff.id, member.id), isNull(staff.passwordHash)));
    await recordAudit(
      tx,
      { id: member.id, email: member.email, ip: client.ip },
      {
        action: "staff.accept_invite",
        entity: "staff",
        entityId: member.id,
        summary: `${input.name} accepted the invitation and chose a password`,
        before: { name: member.name },
        after: { name: input.name },
      },
    );
    return { ok: true as const, email: member.email };
  });
}
