// Test databases on both drivers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
// Every PostgreSQL database made here is new, named after the run's database, and dropped after.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type DbHandle,
  type Driver,
  dropPostgresDatabase,
  migrateDatabase,
  openDatabase,
} from "../../db/client";
import * as controlSchema from "../../db/control/schema";
import * as storeSchema from "../../db/store/schema";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const drivers: Driver[] = TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];

const schemas = { control: controlSchema, store: storeSchema } as const;
type SchemaOf<K extends keyof typeof schemas> = (typeof schemas)[K];

/** A fresh, empty target (URL or folder) for the driver, and a way to remove it. */
export function freshTarget(driver: Driver, label: string): { target: string; remove(): Promise<void> } {
  if (driver === "pg") {
    if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    const u = new URL(TEST_DATABASE_URL);
    const base = u.pathname.replace(/^\//, "").slice(0, 30) || "test";
    u.pathname = `/${base}_${label}_${randomBytes(4).toString("hex")}`;
    const target = u.toString();
    return { target, remove: () => dropPostgresDatabase(target) };
  }
  const dir = mkdtempSync(join(tmpdir(), `sf-${label}-`));
  return { target: dir, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestDb<K extends keyof typeof schemas> {
  handle: DbHandle<SchemaOf<K>>;
  target: string;
  dispose(): Promise<void>;
}

export async function createTestDatabase<K extends keyof typeof schemas>(
  driver: Driver,
  kind: K,
  opts: { migrate?: boolean } = {},
): Promise<TestDb<K>> {
  const fresh = freshTarget(driver, kind);
  const handle = (await openDatabase(fresh.target, schemas[kind], {
    createIfMissing: true,
    poolSize: 4,
  })) as DbHandle<SchemaOf<K>>;
  if (opts.migrate !== false) await migrateDatabase(handle, kind);
  return {
    handle,
    target: fresh.target,
    dispose: async () => {
      await handle.close();
      await fresh.remove();
    },
  };
}
