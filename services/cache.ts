// A per-process cache of loads with a time to live, for data that many requests read and few
// change: a store's menus, pages of listing ids, listing results. Each instance of the server has
// its own, so what a cache may serve stale is bounded by its TTL, never by a missed message.

interface Entry<V> {
  at: number;
  /** The database handle the value was read from: a re-opened store database starts afresh. */
  owner: unknown;
  value: Promise<V>;
}

/** Every cache of this process, so a change can reach them all (storeChanged). */
const allCaches = new Set<{ forget(storeId?: string): void }>();
const listeners = new Set<(storeId: string) => void>();

/** Something else that keeps a store's data (the store registry) forgets it with the caches. */
export function onStoreChanged(listener: (storeId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A store's data changed in this process (a back-office save): every per-process cache forgets
 * that store at once, so the instance that made the change serves it on the next request.
 */
export function storeChanged(storeId: string): void {
  for (const cache of allCaches) cache.forget(storeId);
  for (const listener of listeners) listener(storeId);
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
  ) {
    allCaches.add(this);
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
