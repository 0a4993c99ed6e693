// /readyz's store checks (server/tenancy/readiness.ts): a complete platform is ready; a store
// behind on migrations, without settings or unreachable, an unfinished demo seed and an
// unreachable control database are not, each named in an operator-readable problem.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../db/client";
import * as controlSchema from "../../db/control/schema";
import { writeDemoSeedMarker } from "../../db/seed/marker";
import { checkReadiness } from "../../server/tenancy/readiness";
import { StoreRegistry } from "../../server/tenancy/registry";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor, freshTarget } from "../helpers/databases";

const UNREACHABLE = "postgres://readyz:s3cret-pass@127.0.0.1:1/nowhere";

describe.each(driversFor("both"))("readiness on %s", (driver) => {
  let platform: Platform;
  const control = () => platform.registry.control;
  const check = () => checkReadiness(platform.registry, control());
  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "minimal" });
  });
  afterAll(async () => platform?.dispose());

  it("is ready when every store is migrated and has settings", async () => {
    expect(await check()).toEqual({ ready: true, problems: [] });
  });

  it("is not ready while the demo seed is marked started, and ready once it is done", async () => {
    await writeDemoSeedMarker(control(), "started");
    const r = await check();
    expect(r.ready).toBe(false);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/demo stores/);
    await writeDemoSeedMarker(control(), "done");
    expect(await check()).toEqual({ ready: true, problems: [] });
  });

  it("names a store whose database lacks the latest migration", async () => {
    const db = (await platform.registry.storeHandle("beta")).db;
    const [last] = await queryRows<{ at: string }>(
      db,
      sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    );
    // As if the newest migration had never run: its history row goes back in time.
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = 1 where created_at = ${last.at}::bigint`,
    );
    try {
      const r = await check();
      expect(r.ready).toBe(false);
      expect(r.problems).toEqual([expect.stringMatching(/^store beta: database not migrated to \d{4}_\w+$/)]);
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${last.at}::bigint where created_at = 1`,
      );
    }
    expect((await check()).ready).toBe(true);
  });

  it("names a store whose database has no settings", async () => {
    const { settings } = await import("../../db/store/schema");
    const db = (await platform.registry.storeHandle("gamma")).db;
    const saved = await db.select().from(settings);
    await db.delete(settings);
    try {
      expect(await check()).toEqual({ ready: false, problems: ["store gamma: database has no settings"] });
    } finally {
      await db.insert(settings).values(saved);
    }
    expect((await check()).ready).toBe(true);
  });

  it("names an unreachable store database without showing its address", async () => {
    await control()
      .db.insert(controlSchema.stores)
      .values({
        id: "lost",
        name: "Lost Store",
        dbConnStr: UNREACHABLE,
        imgFolder: "lost",
        url: "https://lost.localhost",
        seo: { title: "Lost", description: "Lost" },
        countries: [],
        theme: {
          primary: "#000000",
          primaryDark: "#000000",
          accent: "#000000",
          logo: "/images/brand/logo.svg",
          favicon: "/images/brand/favicon.svg",
        },
      });
    platform.registry.invalidate();
    try {
      const r = await check();
      expect(r).toEqual({ ready: false, problems: ["store lost: database not reachable"] });
      expect(JSON.stringify(r)).not.toMatch(/s3cret|127\.0\.0\.1|postgres:/);
    } finally {
      await control().db.delete(controlSchema.stores).where(eq(controlSchema.stores.id, "lost"));
      platform.registry.invalidate();
    }
    expect((await check()).ready).toBe(true);
  });

  it("is not ready when the control database does not answer", async () => {
    const fresh = freshTarget(driver, "ctl");
    const closed = await openDatabase(fresh.target, controlSchema, { createIfMissing: true });
    await closed.close();
    try {
      const registry = new StoreRegistry(closed, { dataDir: platform.dataDir, cacheMs: 1_000 });
      expect(await checkReadiness(registry, closed)).toEqual({
        ready: false,
        problems: ["the control database is not reachable"],
      });
    } finally {
      await fresh.remove();
    }
  });
});
