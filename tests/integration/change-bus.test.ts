// The change bus on a real PostgreSQL: a change announced by another process reaches this one's
// caches, a stock change forgets only what shows stock, a lost listener forgets everything once
// it is back, and background work under whileLocked runs once at a time.
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetStore, onStoreChanged, storeChanged, storeKey, TtlCache } from "../../services/cache";
import { type ChangeBus, publishChange, startChangeBus } from "../../services/change-bus";
import { createTestDatabase, runsOn, type TestDb } from "../helpers/databases";

const until = async (check: () => boolean, ms = 3_000) => {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
};

describe.runIf(runsOn("pg"))("change bus (PostgreSQL LISTEN/NOTIFY)", () => {
  let control: TestDb<"control">;
  let url = "";
  let bus: ChangeBus;
  const menus = new TtlCache<string>(60_000);
  const listings = new TtlCache<string>(60_000, 100, true);
  const forgotten: (string | undefined)[] = [];
  const stopListening = onStoreChanged((id) => forgotten.push(id));
  const warm = async (storeId: string) => {
    await menus.get(storeKey(storeId, "m"), null, async () => "menus");
    await listings.get(storeKey(storeId, "l"), null, async () => "listing");
  };
  const loads = { menus: 0, listings: 0 };
  const cached = async (storeId: string) => {
    let reloaded = { menus: false, listings: false };
    await menus.get(storeKey(storeId, "m"), null, async () => {
      loads.menus++;
      reloaded = { ...reloaded, menus: true };
      return "menus";
    });
    await listings.get(storeKey(storeId, "l"), null, async () => {
      loads.listings++;
      reloaded = { ...reloaded, listings: true };
      return "listing";
    });
    return reloaded;
  };
  const other = () => {
    const client = new pg.Client({ connectionString: url });
    return client;
  };

  beforeAll(async () => {
    control = await createTestDatabase("pg", "control");
    url = control.target;
    bus = startChangeBus(url, pino({ level: "silent" }));
    // The listener connects in the background: wait until its session is there.
    const probe = other();
    await probe.connect();
    const listening = async () =>
      (await probe.query("select count(*)::int as n from pg_stat_activity where query ilike 'listen %'"))
        .rows[0].n > 0;
    const t0 = Date.now();
    while (!(await listening()) && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 50));
    await probe.end();
  });
  afterAll(async () => {
    stopListening();
    await bus?.stop();
    await control?.dispose();
  });

  it("forgets a store when another process announces a change, within a fraction of a second", async () => {
    await warm("shop-a");
    await warm("shop-b");
    const client = other();
    await client.connect();
    const t0 = performance.now();
    await publishChange((text, values) => client.query(text, values), "store", "shop-a");
    expect(await until(() => forgotten.includes("shop-a"))).toBe(true);
    const delay = performance.now() - t0;
    await client.end();
    expect(delay).toBeLessThan(2_000);
    expect(await cached("shop-a")).toEqual({ menus: true, listings: true });
    // Another store's entries are kept.
    expect(await cached("shop-b")).toEqual({ menus: false, listings: false });
  });

  it("forgets only what shows stock on a stock change", async () => {
    await warm("shop-c");
    const client = other();
    await client.connect();
    const before = loads.listings;
    await publishChange((text, values) => client.query(text, values), "stock", "shop-c");
    expect(
      await until(() => {
        void cached("shop-c");
        return loads.listings > before;
      }),
    ).toBe(true);
    await client.end();
    expect(await cached("shop-c")).toEqual({ menus: false, listings: false });
  });

  it("ignores its own messages and malformed ones", async () => {
    forgotten.length = 0;
    await warm("shop-d");
    storeChanged("shop-d"); // forgets here at once, and the echo from the channel is skipped
    expect(forgotten).toEqual(["shop-d"]);
    const client = other();
    await client.connect();
    await client.query("select pg_notify('storefront_changes', $1)", ['{"nope":1}']);
    await client.query("select pg_notify('storefront_changes', $1)", ["not json"]);
    await publishChange((text, values) => client.query(text, values), "store", "shop-e");
    expect(await until(() => forgotten.includes("shop-e"))).toBe(true);
    await client.end();
    expect(forgotten).toEqual(["shop-d", "shop-e"]);
  });

  it("forgets everything once after the listener lost its connection", async () => {
    forgotten.length = 0;
    await warm("shop-f");
    const client = other();
    await client.connect();
    await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and datname = current_database()",
    );
    expect(await until(() => forgotten.includes(undefined), 8_000)).toBe(true);
    expect(await cached("shop-f")).toEqual({ menus: true, listings: true });
    // ...and hears changes again.
    await publishChange((text, values) => client.query(text, values), "store", "shop-g");
    expect(await until(() => forgotten.includes("shop-g"))).toBe(true);
    await client.end();
  });

  it("runs work under an advisory lock once at a time across connections", async () => {
    let running = 0;
    let overlap = false;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const first = control.handle.whileLocked("sweep:test", async () => {
      running++;
      await held;
      running--;
      return "first";
    });
    await until(() => running === 1);
    const second = await control.handle.whileLocked("sweep:test", async () => {
      overlap = running > 0;
      return "second";
    });
    expect(second).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: "first" });
    expect(overlap).toBe(false);
    // Released: the next run takes it.
    expect(await control.handle.whileLocked("sweep:test", async () => "third")).toEqual({
      ran: true,
      value: "third",
    });
  });

  it("is not needed in one process: forgetStore reaches every cache of this process", async () => {
    await warm("shop-h");
    forgetStore("store", "shop-h");
    expect(await cached("shop-h")).toEqual({ menus: true, listings: true });
  });
});
