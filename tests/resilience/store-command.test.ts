// `npm run store` against a running server on the embedded database: the command goes to the
// server's operator listener (the server holds the database), and the new store answers on its
// domain without a restart. Measures the command's duration and the delay until the domain is
// served; then pause (503), domains, and remove --purge, each seen by the running server.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "./helpers/http";
import { demoTemplate } from "./helpers/prereqs";
import { postgresBinDir } from "./helpers/private-pg";
import { type SeededPostgres, seededPostgres } from "./helpers/seeded-postgres";
import { copyTemplate, type ServerProcess, startServer } from "./helpers/server";

/** What every instance promises after a store command (issue 23). */
const SERVED_WITHIN_MS = 5_000;

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runCli(dataDir: string, args: string[], databaseUrl = ""): Promise<CliRun> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/cli/store.ts", ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (b: Buffer) => {
    stdout += b.toString();
  });
  child.stderr?.on("data", (b: Buffer) => {
    stderr += b.toString();
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** What `host` answers on `path`; 0 when the connection fails. */
async function statusOf(server: ServerProcess | null, host: string, path: string): Promise<number> {
  try {
    return (await (server as ServerProcess).send(host, path)).status;
  } catch {
    return 0;
  }
}

/** Milliseconds until `host` answers `path` with `expected`, or null after the limit. */
async function timeUntil(
  server: ServerProcess | null,
  host: string,
  path: string,
  expected: number,
  limitMs = 15_000,
): Promise<number | null> {
  const started = performance.now();
  const ok = await until(async () => (await statusOf(server, host, path)) === expected, limitMs, 25);
  return ok ? performance.now() - started : null;
}

describe("store command: a running server on the embedded database", () => {
  let dataDir = "";
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    dataDir = copyTemplate(await demoTemplate(), "store-cmd");
    server = await startServer({ dataDir, env: { OPERATOR_PORT: "0" } });
    const listening = await until(async () => {
      try {
        return JSON.parse(readFileSync(join(dataDir, "run", "operator.json"), "utf8")).url !== null;
      } catch {
        return false;
      }
    }, 30_000);
    if (!listening) throw new Error(`no operator listener:\n${server.output().slice(-3000)}`);
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const status = (host: string, path: string) => statusOf(server, host, path);
  const served = (host: string, path: string, expected: number) => timeUntil(server, host, path, expected);

  it("adds a store that the running server serves within 5 s, pages and back office included", async () => {
    expect(await status("shop4.localhost", "/")).toBe(404);
    const add = await runCli(dataDir, [
      "add",
      "--id",
      "shop4",
      "--domain",
      "shop4.localhost",
      "--name",
      "Fourth Shop",
      "--owner-email",
      "owner@shop4.test",
    ]);
    expect(add.stderr).toBe("");
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^Store shop4 \(Fourth Shop\) added in/);
    const servedMs = await served("shop4.localhost", "/", 200);
    console.log(
      `store add (embedded, through the running server): command ${(add.ms / 1000).toFixed(2)} s ` +
        `(of which the server's work: ${/added in ([\d.]+) s/.exec(add.stdout)?.[1]} s), ` +
        `then served after ${servedMs === null ? "never" : `${servedMs.toFixed(0)} ms`}`,
    );
    expect(servedMs).not.toBeNull();
    expect(servedMs as number).toBeLessThan(SERVED_WITHIN_MS);

    // The minimal store renders every page a shopper and its owner start with (no 5xx, no 404).
    for (const path of [
      "/",
      "/shop/sidebar/3cols",
      "/shop/cart",
      "/shop/wishlist",
      "/pages/about",
      "/pages/contact",
      "/pages/terms",
      "/pages/login",
      "/register",
      "/admin/login",
    ]) {
      expect(await status("shop4.localhost", path), path).toBe(200);
    }
    // A home without products says so rather than showing an empty page.
    const home = await (server as ServerProcess).send("shop4.localhost", "/");
    expect(await home.text()).toContain("Our shelves are being stocked. Please come back soon.");
    expect(await status("shop4.localhost", "/images/brand/logo.svg")).toBe(200);
    expect(await status("shop4.localhost", "/images/brand/favicon.svg")).toBe(200);
    const link = /https?:\/\/shop4\.localhost(\/admin\/accept-invite\?token=\S+)/.exec(add.stdout)?.[1];
    expect(link).toBeDefined();
    expect(await status("shop4.localhost", link as string)).toBe(200);
    // The demo stores are untouched.
    expect(await status("localhost", "/")).toBe(200);
  });

  it("refuses a taken id (exit 1) and bad arguments (exit 2) with a message, no stack trace", async () => {
    const taken = await runCli(dataDir, ["add", "--id", "main", "--domain", "x.localhost", "--name", "X"]);
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim()).toBe("A store main already exists; choose another id.");
    const bad = await runCli(dataDir, [
      "add",
      "--id",
      "shop5",
      "--domain",
      "shop5.localhost:3000",
      "--name",
      "X",
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/without a port/);
    expect(`${taken.stderr}${bad.stderr}`).not.toMatch(/\n\s+at /);
  });

  it("pauses (503 for shoppers, the back office still answers) and resumes", async () => {
    const pause = await runCli(dataDir, ["pause", "--id", "shop4"]);
    expect(pause.code).toBe(0);
    const closed = await served("shop4.localhost", "/", 503);
    console.log(`store pause: command ${(pause.ms / 1000).toFixed(2)} s, 503 after ${closed?.toFixed(0)} ms`);
    expect(closed).not.toBeNull();
    expect(closed as number).toBeLessThan(SERVED_WITHIN_MS);
    expect(await status("shop4.localhost", "/admin/login")).toBe(200);
    expect((await runCli(dataDir, ["resume", "--id", "shop4"])).code).toBe(0);
    expect(await served("shop4.localhost", "/", 200)).not.toBeNull();
  });

  it("adds and removes a domain", async () => {
    expect(
      (await runCli(dataDir, ["domain", "add", "--id", "shop4", "--domain", "shop4b.localhost"])).code,
    ).toBe(0);
    expect(await served("shop4b.localhost", "/", 200)).not.toBeNull();
    const last = await runCli(dataDir, ["domain", "remove", "--id", "shop4", "--domain", "shop4.localhost"]);
    expect(last.code).toBe(0);
    expect(await served("shop4.localhost", "/", 404)).not.toBeNull();
    const refused = await runCli(dataDir, [
      "domain",
      "remove",
      "--id",
      "shop4",
      "--domain",
      "shop4b.localhost",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/last domain of store shop4/);
  });

  it("lists, then removes with --purge: the domain answers 404 and the data is gone", async () => {
    const list = await runCli(dataDir, ["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^shop4 {2}Fourth Shop {2}\[shop4b\.localhost\] {2}embedded$/m);
    const removed = await runCli(dataDir, ["remove", "--id", "shop4", "--purge"]);
    expect(removed.stderr).toBe("");
    expect(removed.code).toBe(0);
    expect(await served("shop4b.localhost", "/", 404)).not.toBeNull();
    expect(existsSync(join(dataDir, "stores", "shop4"))).toBe(false);
    expect(existsSync(join(dataDir, "images", "shop4"))).toBe(false);
    expect(await status("localhost", "/")).toBe(200);
    expect(server?.alive()).toBe(true);
  });
});

const binaries = postgresBinDir();
const required = process.env.REQUIRE_DATABASE === "1";

describe.skipIf(!binaries && !required)("store command: PostgreSQL, run by the CLI itself", () => {
  let seeded: SeededPostgres | null = null;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    seeded = await seededPostgres("store-cmd", { seed: false });
    // The default registry TTL is long: only the change bus (NOTIFY) can make the store appear in time.
    server = await startServer({
      dataDir: seeded.dataDir,
      env: { DATABASE_URL: seeded.controlUrl, STORE_CACHE_MS: "30000", OPERATOR_PORT: "0" },
    });
  });
  afterAll(async () => {
    await server?.stop();
    seeded?.pg.destroy();
    if (seeded) rmSync(seeded.dataDir, { recursive: true, force: true });
  });

  it("adds a store on its own database that the running instance serves within 5 s, then purges it", async () => {
    const db = seeded as SeededPostgres;
    expect(await statusOf(server, "shop5.localhost", "/")).toBe(404);
    const add = await runCli(
      db.dataDir,
      [
        "add",
        "--id",
        "shop5",
        "--domain",
        "shop5.localhost",
        "--name",
        "Fifth Shop",
        "--database",
        db.pg.url("shop5_own"),
      ],
      db.controlUrl,
    );
    expect(add.stderr).toBe("");
    expect(add.code).toBe(0);
    const servedMs = await timeUntil(server, "shop5.localhost", "/", 200);
    console.log(
      `store add (PostgreSQL, in the CLI's process, NOTIFY): command ${(add.ms / 1000).toFixed(2)} s ` +
        `(of which the work: ${/added in ([\d.]+) s/.exec(add.stdout)?.[1]} s), ` +
        `then served after ${servedMs === null ? "never" : `${servedMs.toFixed(0)} ms`}`,
    );
    expect(servedMs).not.toBeNull();
    expect(servedMs as number).toBeLessThan(SERVED_WITHIN_MS);
    expect(await statusOf(server, "shop5.localhost", "/shop/sidebar/3cols")).toBe(200);

    const pause = await runCli(db.dataDir, ["pause", "--id", "shop5"], db.controlUrl);
    expect(pause.code).toBe(0);
    expect(await timeUntil(server, "shop5.localhost", "/", 503, SERVED_WITHIN_MS)).not.toBeNull();

    const list = await runCli(db.dataDir, ["list"], db.controlUrl);
    expect(list.stdout).toMatch(
      /^shop5 \(paused\) {2}Fifth Shop {2}\[shop5\.localhost\] {2}postgres:\/\/\S+\/shop5_own$/m,
    );

    const removed = await runCli(db.dataDir, ["remove", "--id", "shop5", "--purge"], db.controlUrl);
    expect(removed.stderr).toBe("");
    expect(removed.code).toBe(0);
    expect(await timeUntil(server, "shop5.localhost", "/", 404, SERVED_WITHIN_MS)).not.toBeNull();
    const client = new pg.Client({ connectionString: db.controlUrl });
    await client.connect();
    try {
      const left = await client.query("select 1 from pg_database where datname = 'shop5_own'");
      expect(left.rowCount).toBe(0);
    } finally {
      await client.end();
    }
    expect(await statusOf(server, "localhost", "/")).toBe(200);
  });
});
