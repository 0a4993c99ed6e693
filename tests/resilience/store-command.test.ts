// `npm run store` against a running server on the embedded database: the command goes to the
// server's operator listener (the server holds the database), and the new store answers on its
// domain without a restart. Measures the command's duration and the delay until the domain is
// served; then pause (503), domains, and remove --purge, each seen by the running server.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "./helpers/http";
import { demoTemplate } from "./helpers/prereqs";
import { copyTemplate, type ServerProcess, startServer } from "./helpers/server";

/** What every instance promises after a store command (issue 23). */
const SERVED_WITHIN_MS = 5_000;

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runCli(dataDir: string, args: string[]): Promise<CliRun> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/cli/store.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", NODE_ENV: "production" },
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

  const status = async (host: string, path: string) => {
    try {
      return (await (server as ServerProcess).send(host, path)).status;
    } catch {
      return 0;
    }
  };
  /** Milliseconds until `host` answers `path` with `expected`, or null after the limit. */
  const timeUntil = async (host: string, path: string, expected: number, limitMs = 15_000) => {
    const started = performance.now();
    const ok = await until(async () => (await status(host, path)) === expected, limitMs, 25);
    return ok ? performance.now() - started : null;
  };

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
    const served = await timeUntil("shop4.localhost", "/", 200);
    console.log(
      `store add (embedded, through the running server): command ${(add.ms / 1000).toFixed(2)} s ` +
        `(of which the server's work: ${/added in ([\d.]+) s/.exec(add.stdout)?.[1]} s), ` +
        `then served after ${served === null ? "never" : `${served.toFixed(0)} ms`}`,
    );
    expect(served).not.toBeNull();
    expect(served as number).toBeLessThan(SERVED_WITHIN_MS);

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
    const closed = await timeUntil("shop4.localhost", "/", 503);
    console.log(`store pause: command ${(pause.ms / 1000).toFixed(2)} s, 503 after ${closed?.toFixed(0)} ms`);
    expect(closed).not.toBeNull();
    expect(closed as number).toBeLessThan(SERVED_WITHIN_MS);
    expect(await status("shop4.localhost", "/admin/login")).toBe(200);
    expect((await runCli(dataDir, ["resume", "--id", "shop4"])).code).toBe(0);
    expect(await timeUntil("shop4.localhost", "/", 200)).not.toBeNull();
  });

  it("adds and removes a domain", async () => {
    expect(
      (await runCli(dataDir, ["domain", "add", "--id", "shop4", "--domain", "shop4b.localhost"])).code,
    ).toBe(0);
    expect(await timeUntil("shop4b.localhost", "/", 200)).not.toBeNull();
    const last = await runCli(dataDir, ["domain", "remove", "--id", "shop4", "--domain", "shop4.localhost"]);
    expect(last.code).toBe(0);
    expect(await timeUntil("shop4.localhost", "/", 404)).not.toBeNull();
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
    expect(await timeUntil("shop4b.localhost", "/", 404)).not.toBeNull();
    expect(existsSync(join(dataDir, "stores", "shop4"))).toBe(false);
    expect(existsSync(join(dataDir, "images", "shop4"))).toBe(false);
    expect(await status("localhost", "/")).toBe(200);
    expect(server?.alive()).toBe(true);
  });
});
