// The store commands (services/operator/stores.ts) on both drivers: a store added is served by a
// fresh registry with settings that load, taken ids and domains are refused, domains change, the
// pause flag reaches the registry, removal keeps or purges the data, and an add killed before its
// registration is finished by the next one.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStoreCommand, type StoreCommand } from "../../core/operator/store-commands";
import * as controlSchema from "../../db/control/schema";
import { embeddedStoreTarget } from "../../db/control/store-target";
import * as storeSchema from "../../db/store/schema";
import { createApp } from "../../server/app";
import { createMetrics } from "../../server/http/metrics";
import { StoreRegistry } from "../../server/tenancy/registry";
import { acceptInvite } from "../../services/admin/staff";
import { isServiceError } from "../../services/failure";
import { runStoreCommand, type StoreCommandDeps } from "../../services/operator/stores";
import { createTestDatabase, driversFor, freshTarget, type TestDb } from "../helpers/databases";
import { copyDatabaseInto, migratedTemplate } from "../helpers/templates";

describe.each(driversFor("both"))("store commands on %s", (driver) => {
  let control: TestDb<"control">;
  let dataDir: string;
  let deps: StoreCommandDeps;
  const announced: string[] = [];
  const targets: { target: string; remove(): Promise<void> }[] = [];

  const run = (input: Record<string, unknown>) => {
    const parsed = parseStoreCommand(input);
    if (!parsed.ok) throw new Error(parsed.problems.join("; "));
    return runStoreCommand(deps, parsed.command as StoreCommand);
  };
  const refusal = async (input: Record<string, unknown>) => {
    try {
      await run(input);
    } catch (err) {
      if (isServiceError(err)) return { code: err.code, message: err.message };
      throw err;
    }
    throw new Error("the command was not refused");
  };
  const fresh = () => new StoreRegistry(control.handle, { dataDir, cacheMs: 60_000 });
  const targetOf = (id: string) => {
    if (driver === "pglite") return embeddedStoreTarget(dataDir, id);
    const t = freshTarget(driver, id.replace(/-/g, "_"));
    targets.push(t);
    return t.target;
  };
  const lastTarget = new Map<string, string>();

  beforeAll(async () => {
    control = await createTestDatabase(driver, "control");
    dataDir = mkdtempSync(join(tmpdir(), "sf-store-cmd-"));
    deps = {
      control: control.handle,
      dataDir,
      controlTarget: control.target,
      storeTarget: (id) => {
        const t = targetOf(id);
        lastTarget.set(id, t);
        return t;
      },
      announce: (id) => {
        announced.push(id);
      },
    };
  });
  afterAll(async () => {
    await control?.dispose();
    for (const t of targets) await t.remove().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds a store that a fresh registry serves, with settings, shipping, an owner and a logo", async () => {
    const result = await run({
      command: "add",
      id: "shop4",
      name: "Fourth Shop",
      domains: ["shop4.localhost", "Www.Shop4.Example.com"],
      ownerEmail: "owner@shop4.test",
      countries: ["cy", "GR"],
    });
    expect(result.lines[0]).toMatch(
      /^Store shop4 \(Fourth Shop\) added in [\d.]+ s: shop4\.localhost, www\.shop4\.example\.com\.$/,
    );
    expect(result.ownerLink).toMatch(/^http:\/\/shop4\.localhost\/admin\/accept-invite\?token=[\w-]{40,}$/);
    expect(announced).toContain("shop4");

    const registry = fresh();
    try {
      const store = await registry.resolve("www.shop4.example.com");
      expect(store?.config.id).toBe("shop4");
      expect(store?.config.paused).toBe(false);
      expect(store?.config.countries.map((c) => c.code)).toEqual(["CY", "GR"]);
      expect(store?.config.theme.logo).toBe("/images/brand/logo.svg");
      expect(store?.settings.companyName).toBe("Fourth Shop");
      expect(store?.settings.warehouseId).toBeGreaterThan(0);
      const methods = await present(store).db.select().from(storeSchema.shippingMethods);
      expect(methods.map((m) => m.countries)).toEqual([["CY", "GR"]]);
      const owner = await present(store).db.select().from(storeSchema.staff);
      expect(owner.map((o) => [o.email, o.role, o.passwordHash])).toEqual([
        ["owner@shop4.test", "owner", null],
      ]);
      // The owner's link is a working invitation of the back office's own code.
      const token = new URL(result.ownerLink as string).searchParams.get("token") as string;
      const accepted = await acceptInvite(
        present(store),
        {
          token,
          name: "Olga Owner",
          password: "Fourth-Shop-Owner-2026!",
          confirm: "Fourth-Shop-Owner-2026!",
        },
        { ip: null },
      );
      expect(accepted.email).toBe("owner@shop4.test");
      expect(existsSync(join(dataDir, "images", "shop4", "brand", "logo.svg"))).toBe(true);
      expect(existsSync(join(dataDir, "images", "shop4", "brand", "favicon.svg"))).toBe(true);

      // The JSON API answers on the new host: store info, categories (none yet), products (none).
      const app = createApp({
        registry,
        ssr: async () => new Response("no pages here", { status: 501 }),
        log: pino({ level: "silent" }),
        metrics: createMetrics(),
      });
      const get = (path: string) =>
        app.request(`http://shop4.localhost${path}`, { headers: { host: "shop4.localhost" } });
      const info = await get("/api/v1/store");
      expect(info.status).toBe(200);
      expect((await info.json()).name).toBe("Fourth Shop");
      expect((await get("/api/v1/categories/master")).status).toBe(200);
      expect((await get("/api/v1/products")).status).toBe(200);
      expect((await get("/images/brand/logo.svg")).status).toBe(200);
    } finally {
      await registry.close();
    }
  });

  it("refuses an id or a domain already taken, and says which", async () => {
    expect(
      await refusal({ command: "add", id: "shop4", name: "Again", domains: ["other.localhost"] }),
    ).toEqual({
      code: "duplicate",
      message: "A store shop4 already exists; choose another id.",
    });
    expect(
      await refusal({
        command: "add",
        id: "shop5",
        name: "Five",
        domains: ["new.localhost", "SHOP4.localhost"],
      }),
    ).toEqual({
      code: "duplicate",
      message: "The domain shop4.localhost already belongs to store shop4.",
    });
    const unknown = await refusal({
      command: "add",
      id: "shop5",
      name: "Five",
      domains: ["five.localhost"],
      countries: ["ZZ"],
    });
    expect(unknown.message).toMatch(/^Unknown country code: ZZ\./);
    if (driver === "pg") {
      const own = await refusal({
        command: "add",
        id: "shop5",
        name: "Five",
        domains: ["five.localhost"],
        database: control.target,
      });
      expect(own).toEqual({
        code: "invalid",
        message: "That is the control database; give the store a database of its own.",
      });
    }
    // Nothing of a refused add is registered.
    const ids = (await control.handle.db.select().from(controlSchema.stores)).map((s) => s.id);
    expect(ids).toEqual(["shop4"]);
  });

  it("adds and removes domains, never the last one", async () => {
    await run({ command: "domain-add", id: "shop4", domain: "shop4.test" });
    expect(await refusal({ command: "domain-add", id: "shop4", domain: "shop4.test" })).toEqual({
      code: "duplicate",
      message: "Store shop4 already answers on shop4.test.",
    });
    expect((await refusal({ command: "domain-add", id: "nope", domain: "x.test" })).code).toBe("not_found");
    await run({ command: "domain-remove", id: "shop4", domain: "www.shop4.example.com" });
    await run({ command: "domain-remove", id: "shop4", domain: "shop4.localhost" });
    expect(await refusal({ command: "domain-remove", id: "shop4", domain: "shop4.test" })).toEqual({
      code: "invalid_state",
      message:
        "shop4.test is the last domain of store shop4: add another first, or pause or remove the store.",
    });
    const registry = fresh();
    try {
      expect((await registry.resolve("shop4.test"))?.config.id).toBe("shop4");
      expect(await registry.resolve("shop4.localhost")).toBeNull();
    } finally {
      await registry.close();
    }
    await run({ command: "domain-add", id: "shop4", domain: "shop4.localhost" });
  });

  it("pauses and resumes: the registry's config says so", async () => {
    await run({ command: "pause", id: "shop4" });
    expect((await run({ command: "pause", id: "shop4" })).lines[0]).toMatch(/already paused/);
    let registry = fresh();
    expect((await registry.byId("shop4"))?.config.paused).toBe(true);
    await registry.close();
    const listed = await run({ command: "list" });
    expect(listed.stores?.find((s) => s.id === "shop4")?.paused).toBe(true);
    await run({ command: "resume", id: "shop4" });
    registry = fresh();
    expect((await registry.byId("shop4"))?.config.paused).toBe(false);
    await registry.close();
  });

  it("sets the storefront's languages, its default first: the registry's config and the page's language follow", async () => {
    let registry = fresh();
    expect((await registry.byId("shop4"))?.config.languages).toEqual(["en"]);
    await registry.close();
    const done = await run({ command: "languages", id: "shop4", languages: ["el", "en"] });
    expect(done.lines[0]).toBe("Store shop4 speaks el, en: el at unprefixed URLs, en under /en/.");
    expect((await run({ command: "languages", id: "shop4", languages: ["el", "en"] })).lines[0]).toMatch(
      /nothing changed/,
    );
    registry = fresh();
    expect((await registry.byId("shop4"))?.config.languages).toEqual(["el", "en"]);
    await registry.close();
    await run({ command: "languages", id: "shop4", languages: ["en"] });
  });

  it("lists stores with their database redacted", async () => {
    const listed = await run({ command: "list" });
    const shop4 = listed.stores?.find((s) => s.id === "shop4");
    expect(shop4?.domains).toEqual(["shop4.localhost", "shop4.test"]);
    if (driver === "pg") {
      // Passwords show as *** (db/client redactUrl); the test server needs none.
      expect(shop4?.database).toBe(lastTarget.get("shop4"));
    } else {
      expect(shop4?.database).toBe("embedded");
    }
  });

  it("finishes an add that was killed after filling the database but before registering it", async () => {
    // The first run got as far as the database (what a kill before the control write leaves).
    const target = targetOf("half");
    lastTarget.set("half", target);
    await copyDatabaseInto(await migratedTemplate(driver, "store"), target);
    const result = await runStoreCommand(
      { ...deps, storeTarget: () => target },
      { command: "add", id: "half", name: "Half Done", domains: ["half.localhost"] },
    );
    expect(result.lines.join("\n")).toMatch(/created and filled/);

    // A second database filled by a run that died just before registering: reused as it is.
    const target2 = targetOf("half-two");
    const first = await runStoreCommand(
      { ...deps, storeTarget: () => target2 },
      { command: "add", id: "half-two", name: "Half Two", domains: ["half2.localhost"] },
    );
    expect(first.lines.join("\n")).toMatch(/created and filled/);
    await control.handle.db.delete(controlSchema.stores).where(eq(controlSchema.stores.id, "half-two"));
    const again = await runStoreCommand(
      { ...deps, storeTarget: () => target2 },
      { command: "add", id: "half-two", name: "Half Two", domains: ["half2.localhost"] },
    );
    expect(again.lines.join("\n")).toMatch(/already filled by an earlier run: reused/);
    if (driver === "pglite") {
      // Killed during initdb: only a `.partial` folder is left, which the next add starts over.
      const target3 = targetOf("half-three");
      mkdirSync(`${target3}.partial`, { recursive: true });
      writeFileSync(join(`${target3}.partial`, "PG_VERSION"), "half");
      await runStoreCommand(
        { ...deps, storeTarget: () => target3 },
        { command: "add", id: "half-three", name: "Half Three", domains: ["half3.localhost"] },
      );
      expect(existsSync(`${target3}.partial`)).toBe(false);
      const registry = fresh();
      expect((await registry.resolve("half3.localhost"))?.settings.companyName).toBe("Half Three");
      await registry.close();
    }
    const registry = fresh();
    try {
      const store = await registry.resolve("half2.localhost");
      expect(store?.settings.companyName).toBe("Half Two");
      expect(await present(store).db.select().from(storeSchema.warehouses)).toHaveLength(1);
    } finally {
      await registry.close();
    }
  });

  it("removes a store keeping its data, or purging it", async () => {
    const kept = await run({ command: "remove", id: "half" });
    expect(kept.lines[1]).toMatch(/Its data is kept/);
    const registry = fresh();
    expect(await registry.resolve("half.localhost")).toBeNull();
    await registry.close();
    const domains = await control.handle.db
      .select()
      .from(controlSchema.storeDomains)
      .where(eq(controlSchema.storeDomains.storeId, "half"));
    expect(domains).toEqual([]);
    expect(await databaseExists(lastTarget.get("half") as string)).toBe(true);

    const closed: string[] = [];
    const target = lastTarget.get("shop4") as string;
    const purged = await runStoreCommand(
      { ...deps, closeStore: async (id) => void closed.push(id) },
      { command: "remove", id: "shop4", purge: true },
    );
    expect(purged.lines[1]).toMatch(/^Purged: /);
    expect(closed).toEqual(["shop4"]);
    expect(await databaseExists(target)).toBe(false);
    expect(existsSync(join(dataDir, "images", "shop4"))).toBe(false);
    expect((await refusal({ command: "remove", id: "shop4" })).code).toBe("not_found");
    // The id and the domains are free again.
    await run({ command: "add", id: "shop4", name: "Fourth Again", domains: ["shop4.localhost"] });
  });

  it.runIf(driver === "pg")("moves a store to another database that holds a store (a restore)", async () => {
    const emptyHandle = await createTestDatabase(driver, "store", { migrate: false });
    targets.push({ target: emptyHandle.target, remove: () => emptyHandle.dispose() });
    expect(
      (await refusal({ command: "database", id: "shop4", database: emptyHandle.target })).message,
    ).toMatch(/holds no store/);
    expect((await refusal({ command: "database", id: "shop4", database: control.target })).message).toMatch(
      /control database/,
    );
    expect((await refusal({ command: "database", id: "nope", database: emptyHandle.target })).code).toBe(
      "not_found",
    );

    // The database the removed store `half` left behind holds a whole store: shop4 moves there.
    const kept = lastTarget.get("half") as string;
    announced.length = 0;
    const moved = await run({ command: "database", id: "shop4", database: kept });
    expect(moved.lines[0]).toMatch(/^Store shop4 now uses/);
    expect(announced).toEqual(["shop4"]);
    const row = await control.handle.db
      .select({ db: controlSchema.stores.dbConnStr })
      .from(controlSchema.stores)
      .where(eq(controlSchema.stores.id, "shop4"));
    expect(row[0]?.db).toBe(kept);
    const registry = fresh();
    const store = present(await registry.resolve("shop4.localhost"));
    const warehouses = await store.db.select().from(storeSchema.warehouses);
    expect(warehouses.length).toBeGreaterThan(0);
    await registry.close();
  });

  it.runIf(driver === "pg")(
    "one database named differently (localhost, postgresql://, another user, no port) is one database: add and move refuse it, a purge never drops it",
    async () => {
      // Another login on the same server: a URL with another user names the same database.
      const alias = `alias_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: control.target });
      await admin.connect();
      await admin.query(`create role ${alias} login`);
      try {
        const spelled = (target: string, how: "localhost" | "postgresql" | "user" | "noport") => {
          const u = new URL(target);
          if (how === "localhost") u.hostname = u.hostname === "localhost" ? "127.0.0.1" : "localhost";
          if (how === "user") u.username = alias;
          const text = u.toString();
          if (how === "noport") return text.replace(/:5432\//, "/");
          return how === "postgresql" ? text.replace(/^postgres:/, "postgresql:") : text;
        };
        const first = targetOf("alias-one");
        await run({
          command: "add",
          id: "alias-one",
          name: "Alias One",
          domains: ["alias-one.localhost"],
          database: first,
        });
        await run({ command: "add", id: "alias-two", name: "Alias Two", domains: ["alias-two.localhost"] });
        for (const how of ["localhost", "postgresql", "user", "noport"] as const) {
          const other = spelled(first, how);
          expect(other).not.toBe(first);
          expect(
            await refusal({
              command: "add",
              id: "alias-three",
              name: "Alias Three",
              domains: ["alias-three.localhost"],
              database: other,
            }),
            `add on ${other}`,
          ).toEqual({
            code: "duplicate",
            message: "Store alias-one already uses that database; name another.",
          });
          expect(
            (await refusal({ command: "database", id: "alias-two", database: other })).message,
            `move to ${other}`,
          ).toBe("Store alias-one already uses that database.");
        }
        expect(
          (
            await refusal({
              command: "add",
              id: "alias-three",
              name: "Alias Three",
              domains: ["alias-three.localhost"],
              database: spelled(control.target, "localhost"),
            })
          ).message,
        ).toBe("That is the control database; give the store a database of its own.");

        // A registry that already has two stores on one database (written before this check, or
        // by hand): purging either drops nothing and removes nothing.
        await control.handle.db
          .update(controlSchema.stores)
          .set({ dbConnStr: spelled(first, "user") })
          .where(eq(controlSchema.stores.id, "alias-two"));
        expect(await refusal({ command: "remove", id: "alias-one", purge: true })).toEqual({
          code: "invalid_state",
          message: "Store alias-two uses the same database: not purged, nothing removed.",
        });
        expect(await databaseExists(first)).toBe(true);
        const ids = (await control.handle.db.select().from(controlSchema.stores)).map((s) => s.id);
        expect(ids).toEqual(expect.arrayContaining(["alias-one", "alias-two"]));
        // Without the second store, the purge goes ahead.
        await run({ command: "remove", id: "alias-two" });
        const purged = await run({ command: "remove", id: "alias-one", purge: true });
        expect(purged.lines[1]).toMatch(/^Purged: /);
        expect(await databaseExists(first)).toBe(false);
      } finally {
        await admin.query(`drop role if exists ${alias}`).catch(() => {});
        await admin.end();
      }
    },
  );

  async function databaseExists(target: string): Promise<boolean> {
    if (driver === "pglite") return existsSync(target);
    const u = new URL(target);
    const name = u.pathname.slice(1);
    u.pathname = "/postgres";
    const client = new pg.Client({ connectionString: u.toString() });
    await client.connect();
    try {
      return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  }
});

function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("expected a value");
  return value;
}
