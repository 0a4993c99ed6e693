// Which database drivers a test file runs on (docs/decisions/0038-test-databases.md). PGlite
// always, PostgreSQL when TEST_DATABASE_URL is set; `TEST_DRIVER=pglite|pg` keeps one of them,
// so one vitest run times one driver. A file declares whether its code path depends on the
// driver: `driversFor("both")` (hand-written SQL, migrations, triggers, locking, the embedded
// database, prepared statements) or `driversFor("either")`, which `TEST_DRIVER_SPLIT=1` (CI)
// runs on PostgreSQL alone. No database import here: vitest.config.ts reads it too.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Driver } from "../../db/client";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export type DriverNeed = "both" | "either";

/** The drivers this run tests: those available, narrowed by TEST_DRIVER. */
function selectedDrivers(): Driver[] {
  const available: Driver[] = TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];
  const only = process.env.TEST_DRIVER?.trim();
  if (!only) return available;
  if (only !== "pglite" && only !== "pg") throw new Error(`TEST_DRIVER must be pglite or pg, not ${only}`);
  if (only === "pg" && !TEST_DATABASE_URL) throw new Error("TEST_DRIVER=pg needs TEST_DATABASE_URL");
  return [only];
}

const split = () => process.env.TEST_DRIVER_SPLIT === "1";

/**
 * The drivers a file runs on. A driver-independent file ("either") runs on PostgreSQL alone when
 * TEST_DRIVER_SPLIT=1 and PostgreSQL is there (the closer match to production); without
 * PostgreSQL it still runs, on PGlite.
 */
export function driversFor(need: DriverNeed): Driver[] {
  const chosen = selectedDrivers();
  if (need === "both" || !split() || !TEST_DATABASE_URL) return chosen;
  return chosen.filter((d) => d === "pg");
}

/** For the few files written for one driver only: whether this run tests that driver. */
export function runsOn(driver: Driver): boolean {
  return selectedDrivers().includes(driver);
}

const EITHER = /driversFor\(\s*"either"\s*\)/;
const BOTH = /driversFor\(\s*"both"\s*\)/;

/**
 * Test files (relative to the repository root) that have nothing to run in this run: the
 * driver-independent ones when the split leaves them no driver (TEST_DRIVER=pglite with
 * TEST_DRIVER_SPLIT=1). A file with no test fails in vitest, so the config leaves them out.
 */
export function filesWithoutDrivers(root: string): string[] {
  if (driversFor("either").length > 0) return [];
  const out: string[] = [];
  for (const folder of ["tests/integration", "tests/resilience"]) {
    for (const name of readdirSync(join(root, folder))) {
      if (!name.endsWith(".test.ts")) continue;
      const text = readFileSync(join(root, folder, name), "utf8");
      if (!EITHER.test(text)) continue;
      // One declaration per file: leaving out a file must never leave out a "both" suite.
      if (BOTH.test(text)) throw new Error(`${folder}/${name} declares both "either" and "both"`);
      out.push(`${folder}/${name}`);
    }
  }
  return out;
}
