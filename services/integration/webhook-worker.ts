// The ERP webhook worker: posts the webhook_outbox rows of every store database until the ERP
// acknowledges each one with a 2xx (services/integration/webhook.ts queues them; the scheme is in
// docs/integration.md, "Webhook").
//
// Claiming is the mail worker's (services/mail/worker.ts): one UPDATE ... WHERE id IN (SELECT ...
// FOR UPDATE SKIP LOCKED) sets a lease (`locked_until`) and counts the attempt, so several server
// instances never post the same row at once, and a worker that dies mid-post leaves a lease that
// lapses. A 2xx sets `delivered_at` and the row is never posted again. Anything else (another
// status, a redirect, a timeout, a refused connection, no signing secret) records `last_status` and
// `last_error` and schedules the next attempt with exponential backoff and jitter, capped at an
// hour. There is no attempt limit: an order the ERP never acknowledged is retried until it is (the
// back office shows it as failing). Redirects are never followed: the URL the owner set is the
// only place an order is sent.
import { sql } from "drizzle-orm";
import { webhookUrlProblem } from "../../core/api/admin/settings";
import type { StoreContext, StoreDb } from "../context";
import { StoreWorker, type WorkerLog, type WorkerStores } from "../store-worker";
import { webhookSignature } from "./webhook";

export interface WebhookWorkerOptions {
  stores: WorkerStores;
  log: WorkerLog;
  pollMs?: number;
  batchSize?: number;
  /** How long a claim holds a row; longer than the request timeout. */
  leaseMs?: number;
  /** How long the ERP has to answer one post. */
  timeoutMs?: number;
  /** Delay before attempt n+1 after n failed attempts. */
  backoffMs?: (attempts: number) => number;
  now?: () => Date;
}

export type WebhookRunResult = {
  delivered: number;
  failed: number;
};

type ClaimedRow = { id: number; event: string; event_key: string; body: string; attempts: number };

const HOUR_MS = 3600_000;

/** 30 s, 1 min, 2 min, ... capped at an hour; each between 80 % and 120 % of that (jitter), never above the cap. */
export function webhookBackoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR_MS);
  return Math.round(Math.min(HOUR_MS, base * (0.8 + 0.4 * random())));
}

/** How much of an answer's body is kept in last_error. */
const ERROR_BODY_CHARS = 300;

export class WebhookWorker extends StoreWorker<WebhookRunResult> {
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private readonly backoffMs: (attempts: number) => number;
  private readonly now: () => Date;

  constructor(private readonly opts: WebhookWorkerOptions) {
    super({ name: "webhook worker", stores: opts.stores, log: opts.log, pollMs: opts.pollMs ?? 5_000 });
    this.batchSize = opts.batchSize ?? 20;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.leaseMs = opts.leaseMs ?? Math.max(60_000, this.timeoutMs * 3);
    this.backoffMs = opts.backoffMs ?? webhookBackoffMs;
    this.now = opts.now ?? (() => new Date());
  }

  protected noWork(): WebhookRunResult {
    return { delivered: 0, failed: 0 };
  }

  /**
   * Claims and posts the due rows of one store, batch after batch until none is due. A store
   * whose URL was cleared keeps its rows, unposted, until a URL is set again.
   */
  async processStore(store: StoreContext): Promise<WebhookRunResult> {
    if (!store.secrets.erpWebhookUrl) return this.noWork();
    const { done, failed } = await this.drain(
      () => this.claim(store.db),
      (row) => this.deliver(store, row),
      this.batchSize,
    );
    return { delivered: done, failed };
  }

  private async claim(db: StoreDb): Promise<ClaimedRow[]> {
    const now = this.now();
    const lease = new Date(now.getTime() + this.leaseMs);
    // Both drivers answer `{ rows }`; the shared Drizzle type does not say so.
    const res = (await db.execute(sql`
      update webhook_outbox set locked_until = ${lease.toISOString()}, attempts = attempts + 1
      where id in (
        select id from webhook_outbox
        where delivered_at is null
          and next_attempt_at <= ${now.toISOString()}
          and (locked_until is null or locked_until <= ${now.toISOString()})
        order by next_attempt_at, id
        limit ${this.batchSize}
        for update skip locked
      )
      returning id, event, event_key, body, attempts`)) as unknown as { rows: ClaimedRow[] };
    return res.rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
  }

  /** One post of one row; true when the ERP acknowledged it. */
  private async deliver(store: StoreContext, row: ClaimedRow): Promise<boolean> {
    const { db, config, secrets } = store;
    const url = secrets.erpWebhookUrl ?? "";
    let status: number | null = null;
    let error: string;
    try {
      const problem = webhookUrlProblem(url);
      if (problem) throw new Error(`The webhook URL cannot be used: ${problem}`);
      if (!secrets.erpWebhookSecret)
        throw new Error("No signing secret is set: make one in the back office (Settings, ERP webhook).");
      const timestamp = Math.floor(this.now().getTime() / 1000);
      const res = await fetch(url, {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          "content-type": "application/json",
          "user-agent": "storefront-webhook/1",
          "x-webhook-event": row.event,
          "x-webhook-id": row.event_key,
          "x-webhook-timestamp": String(timestamp),
          "x-webhook-signature": webhookSignature(secrets.erpWebhookSecret, timestamp, row.body),
        },
        body: row.body,
      });
      status = res.status;
      if (status >= 200 && status < 300) {
        await res.body?.cancel().catch(() => undefined);
        await db.execute(sql`
          update webhook_outbox set delivered_at = ${this.now().toISOString()}, locked_until = null,
            last_status = ${status}, last_error = null
          where id = ${row.id}`);
        this.opts.log.info(
          { storeId: config.id, webhookId: row.event_key, attempts: row.attempts, status },
          "webhook delivered",
        );
        return true;
      }
      const location = res.headers.get("location");
      const text = await headOf(res);
      error =
        status >= 300 && status < 400
          ? `HTTP ${status}: redirect${location ? ` to ${location.slice(0, 200)}` : ""} not followed`
          : `HTTP ${status}${text ? `: ${text}` : ""}`;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      error =
        e?.name === "TimeoutError"
          ? `No answer within ${this.timeoutMs / 1000} s`
          : [e?.message ?? String(err), e?.cause?.code ?? e?.cause?.message].filter(Boolean).join(": ");
    }
    const next = new Date(this.now().getTime() + this.backoffMs(row.attempts));
    await db.execute(sql`
      update webhook_outbox set locked_until = null, last_status = ${status}, last_error = ${error.slice(0, 1000)},
        next_attempt_at = ${next.toISOString()}
      where id = ${row.id}`);
    this.opts.log.warn(
      { storeId: config.id, webhookId: row.event_key, attempts: row.attempts, status, err: error },
      "webhook not acknowledged, will retry",
    );
    return false;
  }
}

/** The first few hundred characters of an answer, on one line; the rest is not read. */
async function headOf(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ERROR_BODY_CHARS * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body cut off halfway still says what it said so far.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString("utf8").replace(/\s+/g, " ").trim().slice(0, ERROR_BODY_CHARS);
}
