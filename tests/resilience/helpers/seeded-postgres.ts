// A private PostgreSQL with the demo stores seeded into it (control database `sf`, store
// databases `sf_main`, `sf_cy`, `sf_wholesale`) and the data folder that holds their images, for
// the tests that run instances against PostgreSQL as a deployment would.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild } from "./prereqs";
import { createPrivatePostgres, type PrivatePostgres } from "./private-pg";

export const CONTROL_DB = "sf";

export interface SeededPostgres {
  pg: PrivatePostgres;
  /** DATABASE_URL of the instances (the control database). */
  controlUrl: string;
  /** The database of a demo store, named as the server names it beside the control database. */
  storeUrl(storeId: string): string;
  /** Images of the demo stores; every instance serves them from here (a shared volume in production). */
  dataDir: string;
  seedMs: number;
}

/** `seed: false`: an empty server, for instances that seed it themselves on their first start. */
export async function seededPostgres(label: string, opts: { seed?: boolean } = {}): Promise<SeededPostgres> {
  await ensureBuild();
  const pg = await createPrivatePostgres();
  // In the run's scratch folder, removed with it (tests/global-setup.ts).
  const dataDir = mkdtempSync(join(tmpdir(), `hc-${label}-`));
  const controlUrl = pg.url(CONTROL_DB);
  const started = Date.now();
  const base = {
    pg,
    controlUrl,
    storeUrl: (storeId: string) => pg.url(`${CONTROL_DB}_${storeId}`),
    dataDir,
  };
  if (opts.seed === false) return { ...base, seedMs: 0 };
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "server/cli/seed.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: controlUrl, LOG_LEVEL: "warn" },
    timeout: 600_000,
  });
  if (seeded.status !== 0) {
    pg.destroy();
    throw new Error(`seeding the demo stores into PostgreSQL failed (${seeded.status ?? seeded.signal})`);
  }
  return { ...base, seedMs: Date.now() - started };
}
