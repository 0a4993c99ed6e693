// Keeps the per-process caches of every instance in step (docs/decisions/0029): a change made on
// one instance is published with PostgreSQL NOTIFY on the control database, and every other
// instance LISTENs and forgets that store. The cache TTLs stay as the safety net for a message
// lost while a listener reconnects, which is why a reconnect forgets everything.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import { z } from "zod";
import { guardPool } from "../db/client";
import { type ChangeKind, forgetStore, onStoreChangeBroadcast } from "./cache";

export const CHANGE_CHANNEL = "storefront_changes";

const Message = z.object({ o: z.string(), k: z.enum(["store", "stock"]), s: z.string().min(1) });

/** Stock changes with every order: at most one message per store in this window. */
const STOCK_COALESCE_MS = 200;

/** Sends one change on the channel from any process (the store command, a server instance). */
export async function publishChange(
  query: (text: string, values: unknown[]) => Promise<unknown>,
  kind: ChangeKind,
  storeId: string,
  origin = "cli",
): Promise<void> {
  await query("select pg_notify($1, $2)", [
    CHANGE_CHANNEL,
    JSON.stringify({ o: origin, k: kind, s: storeId }),
  ]);
}

export interface ChangeBus {
  /** This process's id in messages: its own come back on the channel and are skipped. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Listens on a connection of its own (a pooled one would lose LISTEN when returned) and publishes
 * through a small pool, so a burst of changes never waits behind the listener.
 */
export function startChangeBus(controlUrl: string, log: Logger): ChangeBus {
  const origin = randomUUID();
  const pool = guardPool(
    new pg.Pool({ connectionString: controlUrl, max: 2, connectionTimeoutMillis: 5_000 }),
  );
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let connectedBefore = false;

  const send = (kind: ChangeKind, storeId: string) =>
    publishChange((text, values) => pool.query(text, values), kind, storeId, origin).catch((err) =>
      log.warn(
        { err: String(err), store: storeId },
        "could not announce a change; other instances wait for their cache TTL",
      ),
    );

  // Stock: the first change goes at once, those that follow within the window go together at its end.
  const pendingStock = new Map<string, NodeJS.Timeout>();
  const lastStockSent = new Map<string, number>();
  const sendStock = (storeId: string) => {
    lastStockSent.set(storeId, Date.now());
    void send("stock", storeId);
  };
  const stopBroadcast = onStoreChangeBroadcast((kind, storeId) => {
    if (stopped) return;
    if (kind === "store") {
      void send(kind, storeId);
      return;
    }
    if (pendingStock.has(storeId)) return;
    const wait = (lastStockSent.get(storeId) ?? 0) + STOCK_COALESCE_MS - Date.now();
    if (wait <= 0) {
      sendStock(storeId);
      return;
    }
    pendingStock.set(
      storeId,
      setTimeout(() => {
        pendingStock.delete(storeId);
        sendStock(storeId);
      }, wait),
    );
  });

  const onMessage = (msg: pg.Notification) => {
    if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
    let parsed: z.infer<typeof Message>;
    try {
      parsed = Message.parse(JSON.parse(msg.payload));
    } catch {
      log.warn({ payload: msg.payload.slice(0, 200) }, "ignored a malformed change message");
      return;
    }
    if (parsed.o === origin) return;
    forgetStore(parsed.k, parsed.s);
  };

  const connect = async (delayMs: number) => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: controlUrl, connectionTimeoutMillis: 5_000 });
    const reconnect = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => {});
      const next = Math.min(delayMs * 2, 5_000);
      log.warn({ retryMs: next }, "change listener lost its connection; reconnecting");
      retry = setTimeout(() => void connect(next), next);
      retry.unref();
    };
    c.on("error", reconnect);
    c.on("end", reconnect);
    c.on("notification", onMessage);
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${CHANGE_CHANNEL}`);
      if (connectedBefore) {
        // Messages sent while disconnected are gone: forget everything once.
        forgetStore("store", undefined);
        log.info("change listener reconnected; every cache forgotten once");
      }
      connectedBefore = true;
    } catch {
      reconnect();
    }
  };
  void connect(250);

  return {
    origin,
    stop: async () => {
      stopped = true;
      stopBroadcast();
      if (retry) clearTimeout(retry);
      for (const t of pendingStock.values()) clearTimeout(t);
      const c = client;
      client = null;
      await Promise.allSettled([c?.end(), pool.end()]);
    },
  };
}
