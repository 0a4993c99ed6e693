// The server (run by tsx) and the route modules (bundled by Vite) load services/cache.ts and
// services/config.ts as two module copies. A second import with a query string is a second copy
// here too: a change announced through one copy must reach the caches made by the other, and the
// configuration handed to one must be the one the other reads.
import { describe, expect, it } from "vitest";
import * as cacheA from "../../services/cache";
import * as configA from "../../services/config";

type CacheModule = typeof cacheA;
type ConfigModule = typeof configA;
// Through a variable, so the type checker does not look for a file named with the query.
const CACHE_COPY = "../../services/cache.ts?copy=b";
const CONFIG_COPY = "../../services/config.ts?copy=b";

describe("two module copies of the caches and the service configuration", () => {
  it("are really two copies (the test would prove nothing otherwise)", async () => {
    const cacheB = (await import(/* @vite-ignore */ CACHE_COPY)) as CacheModule;
    expect(cacheB.TtlCache).not.toBe(cacheA.TtlCache);
  });

  it("a store change through one copy forgets the caches of the other", async () => {
    const cacheB = (await import(/* @vite-ignore */ CACHE_COPY)) as CacheModule;
    const inBundle = new cacheB.TtlCache<number>(60_000, 100, true);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const key = cacheB.storeKey("copies", "listing");
    await inBundle.get(key, null, load);
    await inBundle.get(key, null, load);
    expect(loads).toBe(1);
    cacheA.storeChanged("copies");
    await inBundle.get(key, null, load);
    expect(loads).toBe(2);
    cacheA.stockChanged("copies");
    await inBundle.get(key, null, load);
    expect(loads).toBe(3);
  });

  it("a change listener registered through one copy hears changes made through the other", async () => {
    const cacheB = (await import(/* @vite-ignore */ CACHE_COPY)) as CacheModule;
    const heard: string[] = [];
    const stop = cacheA.onForget((kind, store) => heard.push(`${kind}:${store}`));
    cacheB.stockChanged("copies");
    cacheB.storeChanged("copies");
    stop();
    expect(heard).toEqual(["stock:copies", "store:copies"]);
  });

  it("the configuration handed to one copy is read by the other", async () => {
    const configB = (await import(/* @vite-ignore */ CONFIG_COPY)) as ConfigModule;
    const before = configA.serviceConfig();
    try {
      configA.configureServices({ ...before, listingCacheMs: 1234, rateLimitFactor: 7 });
      expect(configB.serviceConfig().listingCacheMs).toBe(1234);
      expect(configB.serviceConfig().rateLimitFactor).toBe(7);
    } finally {
      configA.configureServices(before);
    }
  });
});
