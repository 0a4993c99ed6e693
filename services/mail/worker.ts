// The outbox worker: delivers the mail rows of every store database, each exactly once.
//
// Claiming: one UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) sets `locked_until`
// (a lease) and counts the attempt. On PostgreSQL, SKIP LOCKED keeps concurrent workers (other
// server instances) off each other's rows; PGlite has one connection, so the same statement is
// simply serial there. A worker that crashes mid-send leaves its lease behind; the row becomes
// due again once `locked_until` has passed. Failures are retried with exponential backoff
// (`attempts`, `next_attempt_at`, `last_error`); a permanent SMTP rejection (5xx) or the
// attempt limit ends the retries and the row stays, with its error, for an operator.
import { sql } from "drizzle-orm";
import type { StoreContext, StoreDb } from "../context";
import { StoreWorker, type WorkerLog, type WorkerStores } from "../store-worker";
import { brandOf } from "./templates";
import { isPermanentMailError, type MailTransport } from "./transport";

export interface MailWorkerOptions {
  stores: WorkerStores;
  transport: MailTransport;
  log: WorkerLog;
  /** `MAIL_FROM`; otherwise "<company> <store email>". */
  mailFrom?: string | null;
  pollMs?: number;
  batchSize?: number;
  /** How long a claim holds a row; longer than the transport's worst-case send. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Delay before attempt n+1 after n failed attempts. */
  backoffMs?: (attempts: number) => number;
  now?: () => Date;
}

export type RunResult = {
  sent: number;
  failed: number;
};

type ClaimedRow = {
  id: number;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  /** Extra header fields (List-Unsubscribe ...); jsonb comes back parsed from both drivers. */
  headers: Record<string, string> | string | null;
  attempts: number;
};

/** 30 s, 1 min, 2 min, ... capped at 6 hours. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

export class MailWorker extends StoreWorker<RunResult> {
  private readonly batchSize: number;
  private readonly leaseMs: number;
  readonly maxAttempts: number;
  private readonly backoffMs: (attempts: number) => number;
  private readonly now: () => Date;

  constructor(private readonly opts: MailWorkerOptions) {
    super({ name: "mail worker", stores: opts.stores, log: opts.log, pollMs: opts.pollMs ?? 2_000 });
    this.batchSize = opts.batchSize ?? 20;
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs;
    this.now = opts.now ?? (() => new Date());
  }

  protected noWork(): RunResult {
    return { sent: 0, failed: 0 };
  }

  /** Stops polling, waits for the round in progress, then closes the transport. */
  override async stop(): Promise<void> {
    await super.stop();
    await this.opts.transport.close();
  }

  /** Claims and delivers the due mail of one store, batch after batch until none is due. */
  async processStore(store: StoreContext): Promise<RunResult> {
    const { done, failed } = await this.drain(
      () => this.claim(store.db),
      (row) => this.deliver(store, row),
      this.batchSize,
    );
    return { sent: done, failed };
  }

  private async claim(db: StoreDb): Promise<ClaimedRow[]> {
    const now = this.now();
    const lease = new Date(now.getTime() + this.leaseMs);
    // Both drivers answer `{ rows }`; the shared Drizzle type does not say so.
    const res = (await db.execute(sql`
      update outbox set locked_until = ${lease.toISOString()}, attempts = attempts + 1
      where id in (
        select id from outbox
        where sent_at is null
          and attempts < ${this.maxAttempts}
          and next_attempt_at <= ${now.toISOString()}
          and (locked_until is null or locked_until <= ${now.toISOString()})
        order by next_attempt_at, id
        limit ${this.batchSize}
        for update skip locked
      )
      returning id, kind, to_address, reply_to, subject, html, text, headers, attempts`)) as unknown as {
      rows: ClaimedRow[];
    };
    return res.rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
  }

  private async deliver(store: StoreContext, row: ClaimedRow): Promise<boolean> {
    const { db, config } = store;
    const host = hostOf(config.url);
    try {
      const sent = await this.opts.transport.send({
        storeId: config.id,
        messageId: `<outbox-${config.id}-${row.id}@${host}>`,
        from: this.fromAddress(store, host),
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: typeof row.headers === "string" ? JSON.parse(row.headers) : (row.headers ?? undefined),
        kind: row.kind,
      });
      await db.execute(sql`
        update outbox set sent_at = ${this.now().toISOString()}, locked_until = null, last_error = null
        where id = ${row.id}`);
      this.opts.log.info(
        { storeId: config.id, outboxId: row.id, kind: row.kind, detail: sent.detail },
        "mail sent",
      );
      return true;
    } catch (err) {
      const permanent = isPermanentMailError(err);
      const message = String((err as Error)?.message ?? err).slice(0, 1000);
      const next = new Date(this.now().getTime() + this.backoffMs(row.attempts));
      const attempts = permanent ? Math.max(row.attempts, this.maxAttempts) : row.attempts;
      await db.execute(sql`
        update outbox set locked_until = null, last_error = ${permanent ? `permanent: ${message}` : message},
          next_attempt_at = ${next.toISOString()}, attempts = ${attempts}
        where id = ${row.id}`);
      const finalFailure = attempts >= this.maxAttempts;
      this.opts.log[finalFailure ? "error" : "warn"](
        { storeId: config.id, outboxId: row.id, kind: row.kind, attempts, err: message },
        finalFailure ? "mail failed for good" : "mail failed, will retry",
      );
      return false;
    }
  }

  private fromAddress(store: StoreContext, host: string): string {
    if (this.opts.mailFrom) return this.opts.mailFrom;
    const name = brandOf(store).name.replace(/["\\\r\n]/g, "");
    const address = store.settings.email || `no-reply@${host}`;
    return `"${name}" <${address}>`;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}
