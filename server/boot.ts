// Opens, migrates and (on an empty data folder) seeds the databases; shared by start and CLIs.
import { mkdirSync } from "node:fs";
import pg from "pg";
import type { Logger } from "pino";
import { isPostgresUrl, migrateDatabase, openDatabase } from "../db/client";
import * as controlSchema from "../db/control/schema";
import { embeddedStoreTarget } from "../db/control/store-target";
import { createMigratedFolder, isFreshEmbeddedTarget } from "../db/seed/embedded-template";
import { readDemoSeedMarker, writeDemoSeedMarker } from "../db/seed/marker";
import { configureServices } from "../services/config";
import type { AppConfig } from "./config";
import { type ControlHandle, StoreRegistry } from "./tenancy/registry";

export async function openControl(config: AppConfig): Promise<ControlHandle> {
  mkdirSync(config.dataDir, { recursive: true });
  const target = config.controlTarget;
  if (!isPostgresUrl(target) && (await isFreshEmbeddedTarget(target))) {
    // initdb under a temporary name: a first start killed during it leaves no half data folder
    // that every later start would fail to open.
    await createMigratedFolder(target, "control");
  }
  return openDatabase(config.controlTarget, controlSchema, { createIfMissing: true, poolSize: 4 });
}

/**
 * Where a new store's database goes: beside a postgres control database (same server,
 * database `<control>_<store>`), or in the embedded folder.
 */
export function defaultStoreTarget(config: AppConfig, storeId: string): string {
  if (isPostgresUrl(config.controlTarget)) {
    const u = new URL(config.controlTarget);
    const base = u.pathname.replace(/^\//, "") || "storefront";
    u.pathname = `/${base}_${storeId}`;
    return u.toString();
  }
  return embeddedStoreTarget(config.dataDir, storeId);
}

export interface Booted {
  control: ControlHandle;
  registry: StoreRegistry;
  seeded: boolean;
}

export async function bootDatabases(
  config: AppConfig,
  log: Logger,
  opts: { seed: boolean },
): Promise<Booted> {
  // The seed writes pictures to the deployment's picture store (services/pictures/store.ts).
  configureServices(config.services);
  const control = await openControl(config);
  const unlock = await lockBoot(config.controlTarget);
  try {
    await migrateDatabase(control, "control");
    const seeded = opts.seed ? await seedIfNeeded(config, control, log) : false;
    const registry = new StoreRegistry(control, { dataDir: config.dataDir, cacheMs: config.storeCacheMs });
    const ids = await registry.migrateAll();
    log.info({ stores: ids }, "databases migrated");
    return { control, registry, seeded };
  } finally {
    await unlock();
  }
}

/**
 * Seeds the demo stores on an empty data folder, or finishes a seed that a kill interrupted
 * (marker `started`). Stores already registered are complete by construction (registered last);
 * an unregistered store's embedded folder is then the seed's own and is made again, its default
 * PostgreSQL database too unless its fill committed (then it is registered as it is). A data
 * folder with stores and no marker was seeded before the marker existed: it counts as done.
 */
async function seedIfNeeded(config: AppConfig, control: ControlHandle, log: Logger): Promise<boolean> {
  const marker = await readDemoSeedMarker(control);
  if (marker === "done") return false;
  if (marker === null) {
    const existing = await control.db
      .select({ id: controlSchema.stores.id })
      .from(controlSchema.stores)
      .limit(1);
    if (existing.length > 0) {
      await writeDemoSeedMarker(control, "done");
      return false;
    }
    log.info("empty data folder: creating the demo stores");
  } else {
    log.warn("the demo stores were not finished by an earlier start: resuming");
  }
  const started = Date.now();
  const { seedDemoStores } = await import("../db/seed/demo");
  await seedDemoStores({
    control,
    dataDir: config.dataDir,
    storeTarget: (id) => defaultStoreTarget(config, id),
    // Only what an earlier run of this seed left (marker `started`) is made again; on a first
    // seed, a folder or database already at a store's place is not the seed's, and is kept.
    startOver: (id, target) => marker === "started" && target === defaultStoreTarget(config, id),
    log: (m) => log.info(m),
  });
  log.info({ ms: Date.now() - started }, "demo stores created");
  return true;
}

/** The control database migrated under the boot lock, for a CLI that needs no store migrated. */
export async function migrateControl(config: AppConfig, control: ControlHandle): Promise<void> {
  const unlock = await lockBoot(config.controlTarget);
  try {
    await migrateDatabase(control, "control");
  } finally {
    await unlock();
  }
}

/**
 * With a PostgreSQL control database several instances (and CLIs) may start at once: one
 * migrates and seeds, the others wait for it (then find the migrations applied and the marker
 * `done`) instead of racing the migrator or dropping databases it is filling. The embedded
 * database belongs to one process, so there is nothing to lock.
 */
async function lockBoot(controlTarget: string): Promise<() => Promise<void>> {
  if (!isPostgresUrl(controlTarget)) return async () => {};
  const client = new pg.Client({ connectionString: controlTarget });
  client.on("error", () => {}); // a lost connection releases the lock; the boot's own queries fail loudly
  await client.connect();
  try {
    // Polled, not a blocking pg_advisory_lock: a statement waiting for minutes would hold back
    // the server's transaction horizon, and with it the ERP change feed of every store on it.
    while (
      !(await client.query<{ got: boolean }>("select pg_try_advisory_lock($1) as got", [BOOT_LOCK])).rows[0]
        ?.got
    )
      await new Promise((r) => setTimeout(r, 200));
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return async () => {
    await client.end().catch(() => {}); // ending the session releases the lock
  };
}

/** Session advisory lock key on the control database for booting (any fixed number). */
const BOOT_LOCK = 7_146_020_231;
