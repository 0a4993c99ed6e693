// The loop of a background worker that goes over every store database in rounds: start, stop
// (waiting for the round in progress, so claimed work is finished, not dropped), one round at a
// time, and a store whose database fails never holding up the others. The mail outbox worker and
// the ERP webhook worker extend it with what one store's round does.
import type { StoreContext } from "./context";

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerStores {
  storeIds(): Promise<string[]>;
  byId(storeId: string): Promise<StoreContext | null>;
}

/** Counts a round answers; a round over all stores adds up each store's. */
type Counts = Record<string, number>;

export abstract class StoreWorker<R extends Counts> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<R> | null = null;
  private stopped = true;

  constructor(
    private readonly loop: {
      /** "mail worker", "webhook worker": how the log names it. */
      name: string;
      stores: WorkerStores;
      log: WorkerLog;
      pollMs: number;
    },
  ) {}

  /** One store's round: claims and handles its due work. */
  abstract processStore(store: StoreContext): Promise<R>;

  /** The counts of a round that did nothing. */
  protected abstract noWork(): R;

  /**
   * Claims due rows batch after batch until a batch comes back short, handling each; answers how
   * many were handled and how many failed.
   */
  protected async drain<Row>(
    claim: () => Promise<Row[]>,
    handle: (row: Row) => Promise<boolean>,
    batchSize: number,
  ): Promise<{ done: number; failed: number }> {
    const counts = { done: 0, failed: 0 };
    for (;;) {
      const rows = await claim();
      for (const row of rows) {
        if (await handle(row)) counts.done++;
        else counts.failed++;
      }
      if (rows.length < batchSize) return counts;
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running.catch(() => undefined);
  }

  /** One round over every store (tests call this directly). Rounds of one worker never overlap. */
  runOnce(): Promise<R> {
    if (!this.running) {
      this.running = this.round().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      this.timer = null;
      try {
        await this.runOnce();
      } catch (err) {
        this.loop.log.error({ err }, `${this.loop.name} round failed`);
      }
      this.schedule(this.loop.pollMs);
    }, ms);
    this.timer.unref?.();
  }

  private async round(): Promise<R> {
    const total = this.noWork();
    for (const storeId of await this.loop.stores.storeIds()) {
      try {
        const store = await this.loop.stores.byId(storeId);
        if (!store) continue;
        const counts = await this.processStore(store);
        for (const key of Object.keys(counts) as (keyof R)[]) (total[key] as number) += counts[key] as number;
      } catch (err) {
        // One unreachable store database must not hold up the work of the others.
        this.loop.log.warn({ storeId, err: String(err) }, `${this.loop.name}: store skipped`);
      }
    }
    return total;
  }
}
