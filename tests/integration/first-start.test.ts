// The demo seed's resume rules (server/boot.ts, db/seed/demo.ts), in-process and without kills:
// a data folder seeded before the marker existed counts as done; a start that finds the marker
// `started` finishes the seed, making an unregistered store's half-made folder or database
// again and clearing stray picture files; on PostgreSQL two instances booting an empty control
// database at once seed it once. The SIGKILL variants are in tests/resilience/first-start.test.ts.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type Driver, dropPostgresDatabase, openDatabase, queryRows } from "../../db/client";
import * as controlSchema from "../../db/control/schema";
import { DEMO_STORE_IDS } from "../../db/seed/demo-accounts";
import { DEMO_SEED_KEY, readDemoSeedMarker, writeDemoSeedMarker } from "../../db/seed/marker";
import * as storeSchema from "../../db/store/schema";
import { type Booted, bootDatabases, defaultStoreTarget } from "../../server/boot";
import { type AppConfig, loadConfig } from "../../server/config";
import { checkReadiness } from "../../server/tenancy/readiness";
import { driversFor, freshTarget } from "../helpers/databases";

const quiet = pino({ level: "silent" });

interface Setup {
  config: AppConfig;
  dispose(): Promise<void>;
}

/** An empty data folder (and, on PostgreSQL, a control database name not created yet). */
function emptySetup(driver: Driver): Setup {
  const dataDir = mkdtempSync(join(tmpdir(), "sf-first-start-"));
  const control = driver === "pg" ? freshTarget("pg", "boot") : null;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: control?.target ?? "",
    LOG_LEVEL: "silent",
  });
  return {
    config,
    dispose: async () => {
      if (control) {
        for (const id of DEMO_STORE_IDS) await dropPostgresDatabase(defaultStoreTarget(config, id));
        await control.remove();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withBoot<T>(config: AppConfig, use: (b: Booted) => Promise<T>): Promise<T> {
  const booted = await bootDatabases(config, quiet, { seed: true });
  try {
    return await use(booted);
  } finally {
    await booted.registry.close();
    await booted.control.close();
  }
}

const storeIds = async (b: Booted) =>
  (await b.control.db.select().from(controlSchema.stores)).map((s) => s.id).sort();

describe.each(driversFor("both"))("first start on %s", (driver) => {
  const setups: Setup[] = [];
  afterAll(async () => {
    for (const s of setups) await s.dispose();
  });

  it("seeds once, takes an unmarked seeded folder as done, and resumes a half-way seed", async () => {
    const s = emptySetup(driver);
    setups.push(s);
    const { config } = s;

    await withBoot(config, async (b) => {
      expect(b.seeded).toBe(true);
      expect(await readDemoSeedMarker(b.control)).toBe("done");
    });

    // A data folder seeded before the marker existed: stores, no marker. Never seeded again.
    await withBoot(config, async (b) => {
      await b.control.db
        .delete(controlSchema.controlMeta)
        .where(eq(controlSchema.controlMeta.key, DEMO_SEED_KEY));
    });
    await withBoot(config, async (b) => {
      expect(b.seeded).toBe(false);
      expect(await readDemoSeedMarker(b.control)).toBe("done");
      expect(await storeIds(b)).toEqual(["cy", "main", "wholesale"]);
    });

    // As a kill in the middle of store cy leaves it: marker `started`, cy unregistered, its
    // database half-made, a picture half-written under a temporary name.
    await withBoot(config, async (b) => {
      await writeDemoSeedMarker(b.control, "started");
      await b.control.db.delete(controlSchema.stores).where(eq(controlSchema.stores.id, "cy"));
    });
    const cyTarget = defaultStoreTarget(config, "cy");
    if (driver === "pglite") {
      rmSync(cyTarget, { recursive: true, force: true });
      mkdirSync(join(cyTarget, "base"), { recursive: true });
      writeFileSync(join(cyTarget, "PG_VERSION"), "1"); // not a database anyone could open
    } else {
      const cy = await openDatabase(cyTarget, storeSchema);
      await cy.db.delete(storeSchema.settings); // as if the fill had not committed
      await cy.close();
    }
    const stray = join(config.dataDir, "images", "cy", "products", "x-1.webp.4242.partial");
    mkdirSync(join(stray, ".."), { recursive: true });
    writeFileSync(stray, "half");

    await withBoot(config, async (b) => {
      expect(b.seeded).toBe(true);
      expect(await readDemoSeedMarker(b.control)).toBe("done");
      expect(await storeIds(b)).toEqual(["cy", "main", "wholesale"]);
      const cy = await b.registry.storeHandle("cy");
      const [row] = await queryRows<{ n: number }>(cy.db, sql`select count(*)::int as n from products`);
      expect(row.n).toBeGreaterThan(50);
      expect(await checkReadiness(b.registry, b.control)).toEqual({ ready: true, problems: [] });
    });
    expect(
      readdirSync(join(config.dataDir, "images", "cy", "products")).filter((f) => f.endsWith(".partial")),
    ).toEqual([]);
  });

  it.runIf(driver === "pg")(
    "seeds once when two instances boot an empty PostgreSQL at the same moment",
    async () => {
      const s = emptySetup(driver);
      setups.push(s);
      // The control database exists (empty) before both start: two `create database` of one
      // name at the same moment fail in db/client.ts ensurePostgresDatabase (23505, not 42P04).
      await (await openDatabase(s.config.controlTarget, controlSchema, { createIfMissing: true })).close();
      const settled = await Promise.allSettled([
        bootDatabases(s.config, quiet, { seed: true }),
        bootDatabases(s.config, quiet, { seed: true }),
      ]);
      const boots = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      try {
        expect(settled.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
        expect(boots.map((b) => b.seeded).sort()).toEqual([false, true]);
        for (const b of boots) {
          expect(await storeIds(b)).toEqual(["cy", "main", "wholesale"]);
          expect(await checkReadiness(b.registry, b.control)).toEqual({ ready: true, problems: [] });
        }
      } finally {
        for (const b of boots) {
          await b.registry.close();
          await b.control.close();
        }
      }
    },
  );
});
