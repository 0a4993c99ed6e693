// A member of staff who forgot their password asks for a link by email and chooses a new one with
// it: the same one-use, hashed-token links as invitations (staff_tokens, purpose "reset"), valid
// for an hour. The answer never tells whether the email has an account; requests are limited per
// address and per email; the new password ends every session of the account.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { escapeHtml } from "../../core/html";
import type { Tx } from "../../db/client";
import { staff, staffTokens } from "../../db/store/schema";
import { hitAll, normalizeKey, RULES, tooManyAttempts } from "../auth/limits";
import { hashPassword } from "../auth/password";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { enqueueMail } from "../mail/outbox";
import { brandOf, renderLayout } from "../mail/templates";
import { recordAudit } from "./audit";
import { STAFF_TEXT, staffPasswordProblem } from "./staff-auth";
import { destroyStaffSessions } from "./staff-sessions";

const RESET_MS = 60 * 60 * 1000;
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export const RESET_SENT =
  "If a back-office account uses this email, a link to choose a new password is on its way. It works once, within an hour.";
const RESET_EXPIRED =
  "This link was already used, replaced by a newer one, or has run out. Ask for a new one from the sign-in page.";

function resetMail(store: StoreContext, to: string, name: string, link: string) {
  const brand = brandOf(store);
  const { html, text } = renderLayout(brand, {
    title: "Choose a new back-office password",
    bodyHtml: `<p>Hello ${escapeHtml(name)},</p><p>Someone asked for a new password for your account in ${escapeHtml(brand.name)}'s back office. Choose one with the link below; it works once, within an hour, and signs you out everywhere else.</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
    bodyText: `Hello ${name},\n\nSomeone asked for a new password for your account in ${brand.name}'s back office. Choose one with the link below; it works once, within an hour, and signs you out everywhere else.\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    button: { label: "Choose a new password", href: link },
  });
  return { kind: "staff-reset", to, subject: `Your ${brand.name} back-office password`, html, text };
}

/** Queues a reset link when an active account has this email; answers the same either way. */
export async function requestStaffPasswordReset(
  store: StoreContext,
  email: string,
  client: { ip: string },
  now = new Date(),
): Promise<void> {
  const limit = await hitAll(
    store.db,
    [
      { key: `staff-forgot:ip:${client.ip}`, rule: RULES.forgotPerIp },
      { key: `staff-forgot:email:${normalizeKey(email)}`, rule: RULES.forgotPerEmail },
    ],
    now,
  );
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  const rows = await store.db
    .select()
    .from(staff)
    .where(
      and(
        sql`lower(${staff.email}) = ${email.trim().toLowerCase()}`,
        isNull(staff.disabledAt),
        isNotNull(staff.passwordHash),
      ),
    )
    .limit(1);
  const member = rows[0];
  if (!member) return;
  await store.db.transaction(async (tx) => {
    // A new link replaces any open one.
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(
        and(eq(staffTokens.staffId, member.id), eq(staffTokens.purpose, "reset"), isNull(staffTokens.usedAt)),
      );
    const token = randomBytes(32).toString("base64url");
    await tx.insert(staffTokens).values({
      staffId: member.id,
      purpose: "reset",
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + RESET_MS),
      createdAt: now,
    });
    const origin = store.config.url.replace(/\/+$/, "");
    const link = `${origin}/admin/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, resetMail(store, member.email, member.name, link));
  });
}

async function openReset(db: StoreContext["db"] | Tx, token: string, now: Date, lock = false) {
  const q = db
    .select({ token: staffTokens, member: staff })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.id, staffTokens.staffId))
    .where(and(eq(staffTokens.tokenHash, tokenHash(token.trim())), eq(staffTokens.purpose, "reset")))
    .limit(1);
  const found = (lock ? await q.for("update") : await q)[0];
  if (
    !found ||
    found.token.usedAt !== null ||
    found.token.expiresAt.getTime() <= now.getTime() ||
    found.member.disabledAt !== null
  )
    throw new ServiceError("token_expired", RESET_EXPIRED);
  return found;
}

/** Sets the new password of a reset link (once) and ends every session of the account. */
export async function resetStaffPassword(
  store: StoreContext,
  input: { token: string; password: string; confirm: string },
  client: { ip: string | null },
  now = new Date(),
): Promise<{ email: string }> {
  const first = await openReset(store.db, input.token, now);
  const problem = staffPasswordProblem(input.password, input.confirm, first.member);
  if (problem) {
    const field = problem === STAFF_TEXT.passwordMismatch ? "confirm" : "password";
    throw new ServiceError("invalid", problem, { details: { field, fields: { [field]: problem } } });
  }
  const passwordHash = await hashPassword(input.password);
  return store.db.transaction(async (tx) => {
    const { token, member } = await openReset(tx, input.token, now, true);
    await tx.update(staffTokens).set({ usedAt: now }).where(eq(staffTokens.id, token.id));
    await tx
      .update(staff)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(staff.id, member.id));
    await destroyStaffSessions(tx, member.id);
    await recordAudit(
      tx,
      { id: member.id, email: member.email, ip: client.ip },
      {
        action: "staff.password_reset",
        entity: "staff",
        entityId: member.id,
        summary: "Chose a new password with a reset link; every session ended",
      },
    );
    return { email: member.email };
  });
}
