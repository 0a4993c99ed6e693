// A first start that cannot break: the real server is SIGKILLed at several moments of its first
// start on an empty data folder (initdb, a store half-filled with pictures being written, right
// after a store registered, in the middle of the second store), then started again on the same
// folder. Every time, all three demo stores serve their pages, API and demo sign-in, /readyz is
// ready, and nothing half-written (`.partial` folders or files) is left behind.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_STORE_IDS } from "../../db/seed/demo-accounts";
import { readDemoSeedMarker } from "../../db/seed/marker";
import { bootDatabases } from "../../server/boot";
import { loadConfig } from "../../server/config";
import { checkReadiness } from "../../server/tenancy/readiness";
import { Client, type Send } from "./helpers/http";
import { ensureBuild } from "./helpers/prereqs";
import { createPrivatePostgres, type PrivatePostgres } from "./helpers/private-pg";
import { type SpawnedServer, spawnServer } from "./helpers/server";

const HOSTS = { main: "localhost", cy: "cy.localhost", wholesale: "wholesale.localhost" } as const;
const FIRST_START_MS = 120_000;
const quiet = pino({ level: "silent" });

function freshDataDir(label: string): string {
  mkdirSync(resolve(".tmp"), { recursive: true });
  return mkdtempSync(join(resolve(".tmp"), `hb-first-${label}-`));
}

/** Half-made folders or files (`*.partial`), the seed's scratch template, empty pictures. */
function leftovers(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.name.endsWith(".partial") || e.name === ".seed-template") found.push(p);
      else if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".webp") && statSync(p).size === 0) found.push(p);
    }
  };
  walk(dir);
  return found;
}

function countPartials(dir: string): number {
  try {
    return leftovers(dir).length;
  } catch {
    return 0;
  }
}

/** What the storefront promises once up: every demo store serves, lists, signs in, is ready. */
async function expectAllStoresServe(send: Send): Promise<void> {
  const ready = await send("localhost", "/readyz");
  expect(ready.status, await ready.clone().text()).toBe(200);
  for (const id of DEMO_STORE_IDS) {
    const host = HOSTS[id];
    const page = await send(host, "/");
    expect(page.status, `${host} /`).toBe(200);
    const list = await send(host, "/api/v1/products?page=1&perPage=1");
    expect(list.status, `${host} products`).toBe(200);
    expect(((await list.json()) as { total: number }).total, `${host} product count`).toBeGreaterThan(20);
    const account = DEMO_ACCOUNTS.find((a) => a.storeId === id);
    if (!account) throw new Error(`no demo account for ${id}`);
    await new Client(send, host).signIn(account.username, account.password);
  }
}

/** Readiness as /readyz computes it, in-process on a stopped server's data folder. */
async function readinessOf(env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: "silent" });
  const { control, registry } = await bootDatabases(config, quiet, { seed: false });
  try {
    return { marker: await readDemoSeedMarker(control), ...(await checkReadiness(registry, control)) };
  } finally {
    await registry.close();
    await control.close();
  }
}

interface KillPoint {
  label: string;
  /** Starts the first server and kills it; true when the intended moment was reached. */
  kill(server: SpawnedServer, dataDir: string): Promise<boolean>;
  /** The marker `started` must be present at the kill (false for a kill before the control DB exists). */
  markerWritten: boolean;
}

const KILL_POINTS: KillPoint[] = [
  {
    label: "during the first store's initdb",
    kill: (s, dir) => s.killWhenExists(join(dir, "stores", "main.partial"), FIRST_START_MS),
    markerWritten: true,
  },
  {
    label: "with the first store filled, its pictures being written, not yet registered",
    kill: (s) => s.killOn(/seed: store main: \d+ products/),
    markerWritten: true,
  },
  {
    label: "right after the first store registered",
    kill: (s) => s.killOn(/seed: store main ready/),
    markerWritten: true,
  },
  {
    label: "in the middle of the second store",
    kill: (s) => s.killOn(/seed: store cy database copied from the empty template/),
    markerWritten: true,
  },
];

describe("first start: SIGKILL while seeding, then start again (embedded database)", () => {
  const dirs: string[] = [];
  let server: SpawnedServer | null = null;
  beforeAll(async () => {
    await ensureBuild();
  });
  afterAll(async () => {
    await server?.kill();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("survives a kill while the control database is being created", async () => {
    const dataDir = freshDataDir("control");
    dirs.push(dataDir);
    const t0 = Date.now();
    server = spawnServer({ dataDir });
    const hit = await server.killWhenExists(join(dataDir, "control.partial"), FIRST_START_MS);
    console.log(`first-start: control initdb: killed after ${Date.now() - t0} ms (partial seen: ${hit})`);
    expect(hit).toBe(true);
    await restartAndCheck(dataDir, {});
  });

  for (const point of KILL_POINTS) {
    it(`survives a kill ${point.label}`, async () => {
      const dataDir = freshDataDir("seed");
      dirs.push(dataDir);
      const t0 = Date.now();
      server = spawnServer({ dataDir });
      const hit = await point.kill(server, dataDir);
      const partials = countPartials(dataDir);
      console.log(
        `first-start: ${point.label}: killed after ${Date.now() - t0} ms (moment reached: ${hit}, ` +
          `${partials} half-made paths at the kill)`,
      );
      expect(hit, server.output().slice(-2000)).toBe(true);
      if (point.markerWritten) {
        // What /readyz would say of this folder: not ready, the seed is half-way.
        const r = await readinessOf({ DATA_DIR: dataDir, DATABASE_URL: "" });
        expect(r.marker).toBe("started");
        expect(r.ready).toBe(false);
      }
      await restartAndCheck(dataDir, {});
    });
  }

  async function restartAndCheck(dataDir: string, env: Record<string, string>) {
    const t1 = Date.now();
    server = spawnServer({ dataDir, env });
    const send = await server.listening(FIRST_START_MS);
    console.log(`first-start: restart served after ${Date.now() - t1} ms`);
    await expectAllStoresServe(send);
    await server.stop();
    server = null;
    expect(leftovers(dataDir)).toEqual([]);
    const r = await readinessOf({ DATA_DIR: dataDir, DATABASE_URL: env.DATABASE_URL ?? "" });
    expect(r).toEqual({ marker: "done", ready: true, problems: [] });
  }
});

describe("first start: SIGKILL while seeding, then start again (PostgreSQL)", () => {
  let pg: PrivatePostgres | null = null;
  let server: SpawnedServer | null = null;
  let dataDir = "";
  beforeAll(async () => {
    await ensureBuild();
    pg = await createPrivatePostgres();
    dataDir = freshDataDir("pg");
  });
  afterAll(async () => {
    await server?.kill();
    pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("survives a kill right after the first store registered, while the second is being made", async () => {
    const env = { DATABASE_URL: pg?.url("sf") ?? "" };
    const t0 = Date.now();
    server = spawnServer({ dataDir, env });
    const hit = await server.killOn(/seed: store main ready/);
    console.log(`first-start (pg): killed after ${Date.now() - t0} ms (moment reached: ${hit})`);
    expect(hit, server.output().slice(-2000)).toBe(true);
    expect(await readinessOf({ DATA_DIR: dataDir, ...env })).toMatchObject({
      marker: "started",
      ready: false,
    });

    const t1 = Date.now();
    server = spawnServer({ dataDir, env });
    const send = await server.listening(FIRST_START_MS);
    console.log(`first-start (pg): restart served after ${Date.now() - t1} ms`);
    const resumed = server.output().match(/seed: store cy[^"]*/g) ?? [];
    console.log(`first-start (pg): resume of cy: ${resumed.join(" | ")}`);
    await expectAllStoresServe(send);
    await server.stop();
    server = null;
    expect(leftovers(dataDir)).toEqual([]);
    expect(await readinessOf({ DATA_DIR: dataDir, ...env })).toEqual({
      marker: "done",
      ready: true,
      problems: [],
    });
  });
});
