// Staff sign-in, password change and two-factor (TOTP, RFC 6238, through `otpauth`). Attempts are
// claimed before the password is verified, per name and per account, so parallel guesses cannot
// outrun the lockout (the customers' rule, services/auth/limits.ts, with keys of its own). The
// per-name lock is anyone's to trigger, so it does not hold back the owner of the account: a
// browser that signed in as them before (the signed known-browser mark, staffBrowserMark) or a
// valid two-factor code gets past it, under limits of its own (docs/decisions/0027-back-office.md).
import { and, eq, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { isStaffRole } from "../../core/admin/permissions";
import { checkPasswordStrength } from "../../core/validation/account-password";
import { staff } from "../../db/store/schema";
import {
  claimSignInAttempt,
  clearSignInAttempts,
  hitAll,
  LOCKOUT,
  normalizeKey,
  RULES,
  tooManyAttempts,
} from "../auth/limits";
import { burnVerification, hashPassword, verifyPassword } from "../auth/password";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { serverSignature, verifyServerSignature } from "../orders/order-link";
import { hitRateLimit } from "../rate-limit";
import { type AuditActor, recordAudit, type StaffActor } from "./audit";
import { destroyStaffSessions } from "./staff-sessions";

export const STAFF_TEXT = {
  wrongCredentials: "The email or password is not correct.",
  totpRequired: "Enter the 6-digit code from your authenticator app.",
  totpWrong: "That code is not correct or has already been used. Enter the current code.",
  wrongCurrentPassword: "Your current password is not correct.",
  passwordMismatch: "The new passwords do not match.",
  passwordShort: "Use at least 10 characters for a back-office password.",
} as const;

export const STAFF_PASSWORD_MIN = 10;
const nameKey = (email: string) => `staff:name:${normalizeKey(email)}`;
const accountKey = (id: number) => `staff:account:${id}`;
const browserKey = (id: number) => `staff:browser:${id}`;

/** Who a browser signed in as before, as the client tells it (the known-browser cookie's value). */
export interface StaffClient {
  ip: string;
  knownBrowser?: string | undefined;
}

const browserText = (storeId: string, staffId: number) => `staff-browser:${storeId}:${staffId}`;

/** The known-browser mark for a member of staff: their id and an HMAC of it with the session secret. */
export async function staffBrowserMark(storeId: string, staffId: number): Promise<string> {
  return `${staffId}.${await serverSignature(browserText(storeId, staffId))}`;
}

/** The member of staff a known-browser mark was made for, or null when it is not one of ours. */
export async function staffOfBrowserMark(storeId: string, mark: string | undefined): Promise<number | null> {
  const m = /^(\d{1,9})\.([\w-]{1,64})$/.exec(mark ?? "");
  if (!m) return null;
  const id = Number(m[1]);
  return (await verifyServerSignature(browserText(storeId, id), m[2] ?? "")) ? id : null;
}

function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** The TOTP step a code belongs to, or null when it is not valid now (one step of drift allowed). */
function acceptedStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret, "x", "x").validate({
    token: code.replace(/\s/g, ""),
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 30_000) + delta;
}

/**
 * Checks email, password and (when two-factor is on) the code. Answers the member of staff, or
 * throws invalid_credentials, totp_required or rate_limited. A disabled account, an invitation not
 * yet accepted and an unknown email all answer like a wrong password. Every outcome but the code
 * prompt leaves an audit entry (auditSignIn).
 */
export async function authenticateStaff(
  store: StoreContext,
  input: { email: string; password: string; code?: string | undefined },
  client: StaffClient,
  now = new Date(),
): Promise<Omit<StaffActor, "ip">> {
  try {
    const member = await checkStaffSignIn(store, input, client, now);
    await auditSignIn(store, { ...member, ip: client.ip }, "staff.sign_in", "Signed in", now);
    return member;
  } catch (err) {
    await auditRefusedSignIn(store, input, client, err, now);
    throw err;
  }
}

/** One sign-in entry, in a transaction of its own (a sign-in writes nothing else to keep with it). */
function auditSignIn(store: StoreContext, actor: AuditActor, action: string, summary: string, now: Date) {
  return store.db.transaction((tx) =>
    recordAudit(tx, actor, { action, entity: "staff", entityId: actor.id, summary }, now),
  );
}

/** What a refusal is recorded as; null for the code prompt, which is a step and not a failure. */
function refusalOf(err: unknown, codeGiven: boolean): { action: string; summary: string } | null {
  if (!(err instanceof ServiceError)) return null;
  if (err.code === "invalid_credentials")
    return { action: "staff.sign_in_failed", summary: "Sign-in refused: wrong email or password" };
  if (err.code === "totp_required")
    return codeGiven
      ? { action: "staff.totp_failed", summary: "Sign-in refused: wrong two-factor code" }
      : null;
  if (err.code === "rate_limited")
    return { action: "staff.sign_in_locked", summary: "Sign-in refused: too many attempts (locked)" };
  return null;
}

/**
 * Records a refused sign-in under the typed email (and its account, when one has that email).
 * While a lock lasts every attempt is refused: one lock entry per name and address per lock
 * window is enough, so a flood of refused attempts cannot fill the append-only log.
 */
async function auditRefusedSignIn(
  store: StoreContext,
  input: { email: string; code?: string | undefined },
  client: { ip: string },
  err: unknown,
  now: Date,
): Promise<void> {
  const refusal = refusalOf(err, Boolean(input.code));
  if (!refusal) return;
  const name = normalizeKey(input.email);
  if (refusal.action === "staff.sign_in_locked") {
    const once = { limit: 1, windowMs: LOCKOUT.lockMs };
    const byName = await hitRateLimit(store.db, `audit:staff-lock:name:${name}`, once, now);
    const byIp = await hitRateLimit(store.db, `audit:staff-lock:ip:${client.ip}`, once, now);
    if (!byName.allowed || !byIp.allowed) return;
  }
  const [row] = await store.db
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(sql`lower(${staff.email}) = ${name}`)
    .limit(1);
  const actor = { id: row?.id ?? null, email: row?.email ?? name, ip: client.ip };
  await auditSignIn(store, actor, refusal.action, refusal.summary, now);
}

type StaffRow = typeof staff.$inferSelect;

/** Takes a code's TOTP step once (a code works once, even in two parallel sign-ins); false if it cannot. */
async function takeTotpStep(store: StoreContext, row: StaffRow, code: string, now: Date): Promise<boolean> {
  if (!row.totpSecret) return false;
  const step = acceptedStep(row.totpSecret, code, now);
  if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) return false;
  const taken = await store.db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, row.id), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
    .returning({ id: staff.id });
  return taken.length > 0;
}

/**
 * How a sign-in gets past the per-name and per-account lock, which anyone who knows the name can
 * fill: from a browser that signed in as this member of staff before ("browser", limited by its
 * own lock per account), or with a valid two-factor code ("totp", the code then taken, so each
 * attempt costs a code only the owner's app makes). Null: the ordinary locks apply.
 */
async function pastTheLock(
  store: StoreContext,
  row: StaffRow | undefined,
  input: { code?: string | undefined },
  client: StaffClient,
  now: Date,
): Promise<"browser" | "totp" | null> {
  if (!row) return null;
  if ((await staffOfBrowserMark(store.config.id, client.knownBrowser)) === row.id) return "browser";
  if (input.code && row.totpEnabledAt && (await takeTotpStep(store, row, input.code, now))) return "totp";
  return null;
}

async function checkStaffSignIn(
  store: StoreContext,
  input: { email: string; password: string; code?: string | undefined },
  client: StaffClient,
  now = new Date(),
): Promise<Omit<StaffActor, "ip">> {
  const perIp = await hitAll(store.db, [{ key: `staff:ip:${client.ip}`, rule: RULES.loginPerIp }], now);
  if (!perIp.allowed) throw tooManyAttempts(perIp.retryAfterSeconds);

  const rows = await store.db
    .select()
    .from(staff)
    .where(and(sql`lower(${staff.email}) = ${input.email.trim().toLowerCase()}`, isNull(staff.disabledAt)))
    .limit(1);
  const found = rows[0];
  const row = found?.passwordHash && isStaffRole(found.role) ? { ...found, role: found.role } : undefined;
  const past = await pastTheLock(store, row, input, client, now);
  // Known and unknown names are claimed alike, so the lock does not tell which exist. A code
  // past the lock has been taken already: each attempt that way costs one of the owner's codes.
  const keys =
    past === "browser" && row
      ? [browserKey(row.id)]
      : past === "totp"
        ? []
        : [nameKey(input.email), ...(row ? [accountKey(row.id)] : [])];
  for (const key of keys) {
    const claim = await claimSignInAttempt(store.db, key, now);
    if (!claim.allowed) throw tooManyAttempts(claim.retryAfterSeconds);
  }
  if (!row?.passwordHash) {
    await burnVerification(input.password);
    throw new ServiceError("invalid_credentials", STAFF_TEXT.wrongCredentials);
  }
  if (!(await verifyPassword(row.passwordHash, input.password)))
    throw new ServiceError("invalid_credentials", STAFF_TEXT.wrongCredentials);

  if (row.totpEnabledAt && row.totpSecret && past !== "totp") {
    if (!input.code) throw new ServiceError("totp_required", STAFF_TEXT.totpRequired);
    if (!(await takeTotpStep(store, row, input.code, now)))
      throw new ServiceError("totp_required", STAFF_TEXT.totpWrong);
  }
  // A sign-in past the lock gives back only its own claims: the owner signing in must not hand
  // whoever fills the name's lock a fresh five attempts.
  await clearSignInAttempts(store.db, past ? [browserKey(row.id)] : [nameKey(row.email), accountKey(row.id)]);
  await store.db.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, row.id));
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/** A new password's problem, or null: long enough, confirmed, and not guessable (zxcvbn). */
export function staffPasswordProblem(
  password: string,
  confirm: string,
  owner: { email: string; name: string },
): string | null {
  if (password.length < STAFF_PASSWORD_MIN) return STAFF_TEXT.passwordShort;
  if (password !== confirm) return STAFF_TEXT.passwordMismatch;
  const weak = checkPasswordStrength(password, { email: owner.email, names: owner.name.split(/\s+/) });
  return weak ? (weak.text ?? weak.title) : null;
}

async function staffRow(store: StoreContext, id: number) {
  const rows = await store.db.select().from(staff).where(eq(staff.id, id)).limit(1);
  const row = rows[0];
  if (!row) throw new ServiceError("not_found", "This account no longer exists.");
  return row;
}

/**
 * Changes one's own password (the current one confirms it) and ends every other session of the
 * account; the session that made the change (keepToken) stays signed in.
 */
export async function changeStaffPassword(
  store: StoreContext,
  actor: StaffActor,
  v: { current: string; password: string; confirm: string },
  keepToken: string,
  now = new Date(),
): Promise<void> {
  const limit = await hitAll(
    store.db,
    [{ key: `staff:pw:${actor.id}`, rule: RULES.passwordChangePerCustomer }],
    now,
  );
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  const row = await staffRow(store, actor.id);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, v.current)))
    throw new ServiceError("wrong_password", STAFF_TEXT.wrongCurrentPassword, {
      details: { field: "current" },
    });
  const problem = staffPasswordProblem(v.password, v.confirm, row);
  if (problem) throw new ServiceError("invalid", problem, { details: { field: "password" } });
  const passwordHash = await hashPassword(v.password);
  await store.db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(staff.id, actor.id));
    await destroyStaffSessions(tx, actor.id, keepToken);
    await recordAudit(tx, actor, {
      action: "staff.password",
      entity: "staff",
      entityId: actor.id,
      summary: "Changed their own password; other sessions ended",
    });
  });
}

export interface TotpSetup {
  secret: string;
  uri: string;
  /** The URI as an SVG QR code, for the authenticator app's camera. */
  qrSvg: string;
}

/** Starts two-factor setup: a new secret, kept but not in force until a code confirms it. */
export async function beginTotpSetup(store: StoreContext, actor: StaffActor): Promise<TotpSetup> {
  const row = await staffRow(store, actor.id);
  if (row.totpEnabledAt) throw new ServiceError("invalid_state", "Two-factor sign-in is already on.");
  const secret = new Secret({ size: 20 }).base32;
  await store.db
    .update(staff)
    .set({ totpSecret: secret, updatedAt: new Date() })
    .where(eq(staff.id, actor.id));
  const uri = totpFor(secret, row.email, store.config.name).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
}

/** Turns two-factor on once the app's first code matches the secret of beginTotpSetup. */
export async function enableTotp(
  store: StoreContext,
  actor: StaffActor,
  code: string,
  now = new Date(),
): Promise<void> {
  const row = await staffRow(store, actor.id);
  if (row.totpEnabledAt) throw new ServiceError("invalid_state", "Two-factor sign-in is already on.");
  if (!row.totpSecret) throw new ServiceError("invalid_state", "Start the two-factor setup first.");
  const step = acceptedStep(row.totpSecret, code, now);
  if (step === null) throw new ServiceError("invalid", STAFF_TEXT.totpWrong, { details: { field: "code" } });
  await store.db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
      .where(eq(staff.id, actor.id));
    await recordAudit(tx, actor, {
      action: "staff.totp_on",
      entity: "staff",
      entityId: actor.id,
      summary: "Turned two-factor sign-in on",
    });
  });
}

/** Turns two-factor off; the password confirms it is the owner of the account asking. */
export async function disableTotp(
  store: StoreContext,
  actor: StaffActor,
  password: string,
  now = new Date(),
): Promise<void> {
  const row = await staffRow(store, actor.id);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, password)))
    throw new ServiceError("wrong_password", STAFF_TEXT.wrongCurrentPassword, {
      details: { field: "password" },
    });
  await store.db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ totpEnabledAt: null, totpSecret: null, totpLastStep: null, updatedAt: now })
      .where(eq(staff.id, actor.id));
    await recordAudit(tx, actor, {
      action: "staff.totp_off",
      entity: "staff",
      entityId: actor.id,
      summary: "Turned two-factor sign-in off",
    });
  });
}

/** What the signed-in member of staff sees of their own account. */
export async function staffProfile(store: StoreContext, actor: StaffActor) {
  const row = await staffRow(store, actor.id);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: actor.role,
    totpEnabled: row.totpEnabledAt !== null,
    passwordChangedAt: row.passwordChangedAt?.toISOString() ?? null,
  };
}
