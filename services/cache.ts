// A per-process cache of loads with a time to live, for data that many requests read and few
// change: a store's menus, pages of listing ids, listing results. Each instance of the server has
// its own; a change is announced to every instance (storeChanged), and the TTL bounds what a
// missed announcement can leave stale.

interface Entry<V> {
  at: number;
  /** The database handle the value was read from: a re-opened store database starts afresh. */
  owner: unknown;
  value: Promise<V>;
}

/**
 * What changed: `store` is anything (catalogue, prices, content, settings, the registry), `stock`
 * only stock levels, which orders change all day and which only the caches that show stock forget.
 */
export type ChangeKind = "store" | "stock";

/**
 * Every cache of this process, so a change can reach them all (storeChanged), and who else
 * forgets or announces changes. The server (run by tsx) and the route modules (bundled by Vite)
 * load this file as two module copies; the registry lives in the global symbol registry so a
 * change made through either copy reaches the caches of both, as app/context.ts does for the
 * request env. (Kept per module, the loaders' listing caches were forgotten only by their TTL.)
 */
interface Registry {
  caches: Set<TtlCache<unknown>>;
  listeners: Set<(storeId: string | undefined) => void>;
  forgetters: Set<(kind: ChangeKind, storeId: string | undefined) => void>;
  broadcasters: Set<(kind: ChangeKind, storeId: string) => void>;
}
const KEY = Symbol.for("storefront.cacheRegistry");
const globalRegistry = globalThis as unknown as Record<symbol, Registry | undefined>;
globalRegistry[KEY] ??= {
  caches: new Set(),
  listeners: new Set(),
  forgetters: new Set(),
  broadcasters: new Set(),
};
const { caches: allCaches, listeners, forgetters, broadcasters } = globalRegistry[KEY];

/** Something else that keeps a store's data (the store registry) forgets it with the caches. */
export function onStoreChanged(listener: (storeId: string | undefined) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Something that keeps pages of a store (server/http/page-cache.ts) hears every forget with its
 * kind: a `stock` change forgets only what shows stock, a `store` change everything of the store,
 * `undefined` every store.
 */
export function onForget(listener: (kind: ChangeKind, storeId: string | undefined) => void): () => void {
  forgetters.add(listener);
  return () => forgetters.delete(listener);
}

/**
 * Tells the other instances of the server about a change made here (services/change-bus.ts:
 * PostgreSQL NOTIFY). With the embedded database there is one process and nobody to tell.
 */
export function onStoreChangeBroadcast(broadcast: (kind: ChangeKind, storeId: string) => void): () => void {
  broadcasters.add(broadcast);
  return () => broadcasters.delete(broadcast);
}

/**
 * A store's data changed in this process (a back-office save, an ERP write, a store command):
 * every per-process cache forgets that store at once, so the instance that made the change serves
 * it on the next request, and the other instances are told to forget it too.
 */
export function storeChanged(storeId: string): void {
  forgetStore("store", storeId);
  for (const broadcast of broadcasters) broadcast("store", storeId);
}

/** A store's stock changed in this process (an order, a release): the caches that show stock forget it. */
export function stockChanged(storeId: string): void {
  forgetStore("stock", storeId);
  for (const broadcast of broadcasters) broadcast("stock", storeId);
}

/**
 * Forget what this process keeps of one store, or of every store (`undefined`: a missed message
 * cannot be told from a quiet moment, so a reconnected listener forgets everything).
 */
export function forgetStore(kind: ChangeKind, storeId: string | undefined): void {
  for (const cache of allCaches) if (kind === "store" || cache.showsStock) cache.forget(storeId);
  if (kind === "store") for (const listener of listeners) listener(storeId);
  for (const forget of forgetters) forget(kind, storeId);
}

export class TtlCache<V> {
  private entries = new Map<string, Entry<V>>();

  /**
   * A TTL of 0 turns the cache off; at most `max` keys are kept, the oldest dropped first. A
   * function is asked on every read, so a cache made at import follows the configuration handed
   * in at boot (services/config.ts).
   */
  constructor(
    private readonly ttlMs: number | (() => number),
    private readonly max = 5_000,
    /** Its values show stock levels, so a stock change forgets them (stockChanged). */
    readonly showsStock = false,
  ) {
    allCaches.add(this as TtlCache<unknown>);
  }

  get(key: string, owner: unknown, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const ttl = typeof this.ttlMs === "function" ? this.ttlMs() : this.ttlMs;
    if (ttl <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < ttl && hit.owner === owner) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, owner, value });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // A failed load must not be served for the whole TTL.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forget one store's keys (made with `storeKey`), or every key. */
  forget(storeId?: string): void {
    if (!storeId) {
      this.entries.clear();
      return;
    }
    const prefix = storeKey(storeId, "");
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** A cache key of one store's: `forget(storeId)` drops exactly these. */
export function storeKey(storeId: string, key: string): string {
  return `${storeId}\u0000${key}`;
}
