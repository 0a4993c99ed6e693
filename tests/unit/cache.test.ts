import { describe, expect, it } from "vitest";
import { storeKey, TtlCache } from "../../services/cache";

describe("TtlCache", () => {
  const db = {};
  const counter = () => {
    let n = 0;
    return () => Promise.resolve(++n);
  };

  it("serves a load for its TTL, then loads again", async () => {
    const cache = new TtlCache<number>(1000);
    const load = counter();
    expect(await cache.get("k", db, load, 0)).toBe(1);
    expect(await cache.get("k", db, load, 999)).toBe(1);
    expect(await cache.get("k", db, load, 1000)).toBe(2);
  });

  it("starts afresh for another database handle of the same key", async () => {
    const cache = new TtlCache<number>(1000);
    const load = counter();
    await cache.get("k", db, load, 0);
    expect(await cache.get("k", {}, load, 1)).toBe(2);
  });

  it("never keeps a failed load", async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get("k", db, () => Promise.reject(new Error("down")), 0)).rejects.toThrow("down");
    expect(await cache.get("k", db, () => Promise.resolve(7), 1)).toBe(7);
  });

  it("forgets one store's keys only, or all", async () => {
    const cache = new TtlCache<number>(1000);
    const load = counter();
    await cache.get(storeKey("main", "a"), db, load, 0); // 1
    await cache.get(storeKey("main2", "a"), db, load, 0); // 2
    cache.forget("main");
    expect(await cache.get(storeKey("main", "a"), db, load, 1)).toBe(3);
    expect(await cache.get(storeKey("main2", "a"), db, load, 1)).toBe(2);
    cache.forget();
    expect(await cache.get(storeKey("main2", "a"), db, load, 2)).toBe(4);
  });

  it("keeps at most `max` keys, dropping the oldest", async () => {
    const cache = new TtlCache<number>(1000, 2);
    const load = counter();
    await cache.get("a", db, load, 0); // 1
    await cache.get("b", db, load, 0); // 2
    await cache.get("c", db, load, 0); // 3: drops a
    expect(await cache.get("b", db, load, 1)).toBe(2);
    expect(await cache.get("a", db, load, 1)).toBe(4);
  });

  it("is off with a TTL of 0", async () => {
    const cache = new TtlCache<number>(0);
    const load = counter();
    await cache.get("k", db, load, 0);
    expect(await cache.get("k", db, load, 0)).toBe(2);
  });

  it("asks a TTL function on every read, so configuration handed in later applies", async () => {
    let ttl = 0;
    const cache = new TtlCache<number>(() => ttl);
    const load = counter();
    await cache.get("k", db, load, 0);
    expect(await cache.get("k", db, load, 0)).toBe(2);
    ttl = 100;
    await cache.get("k", db, load, 0);
    expect(await cache.get("k", db, load, 50)).toBe(3);
  });
});
