// Opens, migrates and (on an empty data folder) seeds the databases; shared by start and CLIs.
import { mkdirSync } from "node:fs";
import type { Logger } from "pino";
import { isPostgresUrl, migrateDatabase, openDatabase } from "../db/client";
import * as controlSchema from "../db/control/schema";
import type { AppConfig } from "./config";
import { type ControlHandle, embeddedStoreTarget, StoreRegistry } from "./tenancy/registry";

export async function openControl(config: AppConfig): Promise<ControlHandle> {
  mkdirSync(config.dataDir, { recursive: true });
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
  const control = await openControl(config);
  await migrateDatabase(control, "control");
  let seeded = false;
  const existing = await control.db
    .select({ id: controlSchema.stores.id })
    .from(controlSchema.stores)
    .limit(1);
  if (existing.length === 0 && opts.seed) {
    log.info("empty data folder: creating the demo stores");
    const started = Date.now();
    const { seedDemoStores } = await import("../db/seed/demo");
    await seedDemoStores({
      control,
      dataDir: config.dataDir,
      storeTarget: (id) => defaultStoreTarget(config, id),
      log: (m) => log.info(m),
    });
    log.info({ ms: Date.now() - started }, "demo stores created");
    seeded = true;
  }
  const registry = new StoreRegistry(control, { dataDir: config.dataDir, cacheMs: config.storeCacheMs });
  const ids = await registry.migrateAll();
  log.info({ stores: ids }, "databases migrated");
  return { control, registry, seeded };
}
