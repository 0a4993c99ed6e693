// Test databases on both drivers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
// A migrated database is a copy of the run's template (tests/helpers/templates.ts); every
// PostgreSQL database made here is new, named after the run's database, and dropped after.
import { type DbHandle, type Driver, openDatabase } from "../../db/client";
import * as controlSchema from "../../db/control/schema";
import * as storeSchema from "../../db/store/schema";
import { copyDatabase, freshTarget, migratedTemplate } from "./templates";

export { driversFor, runsOn, TEST_DATABASE_URL } from "./drivers";
export { freshTarget } from "./templates";

const schemas = { control: controlSchema, store: storeSchema } as const;
type SchemaOf<K extends keyof typeof schemas> = (typeof schemas)[K];

export interface TestDb<K extends keyof typeof schemas> {
  handle: DbHandle<SchemaOf<K>>;
  target: string;
  dispose(): Promise<void>;
}

/**
 * A migrated database of the kind (a copy of the run's template), or with `migrate: false` an
 * empty one made by initdb, for the tests of the migrations themselves.
 */
export async function createTestDatabase<K extends keyof typeof schemas>(
  driver: Driver,
  kind: K,
  opts: { migrate?: boolean } = {},
): Promise<TestDb<K>> {
  const fresh =
    opts.migrate === false
      ? freshTarget(driver, kind)
      : await copyDatabase(driver, await migratedTemplate(driver, kind), kind);
  const handle = (await openDatabase(fresh.target, schemas[kind], {
    createIfMissing: true,
    poolSize: 4,
  })) as DbHandle<SchemaOf<K>>;
  return {
    handle,
    target: fresh.target,
    dispose: async () => {
      await handle.close();
      await fresh.remove();
    },
  };
}
