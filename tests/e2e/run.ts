// The end-to-end suite as CI runs it (docs/decisions/0039-e2e-plan.md): the demo stores are
// seeded once into a template data folder, each shard gets its own copy of it, its own port and
// its own sign-in providers' ports, and runs its part of the plan (playwright.config.ts) with the
// list reporter; a JSON report per shard gives each project's time.
//
//   import { runE2e } from "./e2e/run";   const { ok, phases } = await runE2e();
//   node --import tsx tests/e2e/run.ts [--shards 1|2] [--template DIR] [-- <playwright args>]
//
// `npm test` asks for two shards on a machine with two cores or more (tests/run.ts, decision
// 0039); run alone, this file runs one unless told. E2E_SHARDS (default 1), E2E_PORT (default 3190; shard i uses E2E_PORT + 10 * (i - 1), and the
// providers port + 5 and + 6), E2E_WORK_DIR (default .tmp/e2e-run), CHROMIUM_PATH, BUILD_DIR.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { memoryScratchRoot } from "../helpers/memory-scratch";

export interface Phase {
  name: string;
  seconds: number;
}

export interface E2eResult {
  ok: boolean;
  /**
   * "e2e seed" and "e2e run" are wall-clock times that add up to the suite's share of the run;
   * "e2e <project>" is the sum of that project's test times (over every shard, retries included),
   * which is what a project costs, not a slice of the wall clock when shards overlap.
   */
  phases: Phase[];
  /** Test outcomes per project, as Playwright counts them. */
  counts: Record<string, { passed: number; failed: number; flaky: number; skipped: number }>;
  /** Per failed shard, its errors and failed tests: "shard 1: Error: ...". */
  failures: string[];
}

export interface E2eOptions {
  shards?: number;
  /** A data folder already seeded by seedE2eData (so the seed can overlap other work). */
  template?: string;
  /** Extra arguments for `playwright test` (a spec, --project ...). */
  args?: string[];
}

const root = resolve(import.meta.dirname, "../..");
const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

function workDir(): string {
  return resolve(root, process.env.E2E_WORK_DIR || ".tmp/e2e-run");
}

let memoryData: string | undefined;
/**
 * Where the seeded template and the shards' data folders live: in memory when the machine allows
 * (../helpers/memory-scratch.ts; the servers write their embedded databases there), else in the
 * work folder. Reports, screenshots and sign-in states stay in the work folder either way.
 */
function dataRoot(): string {
  const memory = memoryScratchRoot();
  if (!memory) return workDir();
  memoryData ??= mkdtempSync(join(memory, "sf-e2e-"));
  return memoryData;
}

function shardDataDir(index: number): string {
  return join(dataRoot(), `shard-${index}-data`);
}

/** Removes the in-memory data folders (the template too), which would otherwise hold memory until a restart. */
export function removeE2eData(): void {
  if (memoryData) rmSync(memoryData, { recursive: true, force: true });
  memoryData = undefined;
}

/**
 * Seeds the demo stores into a fresh template folder, as the server would on its first start
 * (server/cli/seed.ts): once per run, however many shards copy it.
 */
export function seedE2eData(dir = join(dataRoot(), "template")): Promise<{ dir: string; seconds: number }> {
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/seed.ts"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    });
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0
        ? done({ dir, seconds: seconds(started) })
        : fail(new Error(`seeding the demo stores failed (${code})`)),
    );
  });
}

interface JsonSuite {
  suites?: JsonSuite[];
  specs?: {
    tests: { projectName: string; status: string; results: { duration: number }[] }[];
  }[];
}

/** Per project: summed test time and outcome counts, from Playwright's JSON report. */
function readReport(file: string, into: Map<string, { ms: number; counts: E2eResult["counts"][string] }>) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: JsonSuite[] };
  const walk = (suite: JsonSuite) => {
    for (const s of suite.suites ?? []) walk(s);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const p = into.get(t.projectName) ?? {
          ms: 0,
          counts: { passed: 0, failed: 0, flaky: 0, skipped: 0 },
        };
        p.ms += t.results.reduce((sum, r) => sum + r.duration, 0);
        const key =
          t.status === "expected"
            ? "passed"
            : t.status === "flaky"
              ? "flaky"
              : t.status === "skipped"
                ? "skipped"
                : "failed";
        p.counts[key]++;
        into.set(t.projectName, p);
      }
  };
  for (const s of report.suites) walk(s);
}

/** The shards' runners, told to stop (and to stop their servers) when this process is. */
const running = new Set<ChildProcess>();
function stopShards() {
  for (const child of running) child.kill("SIGINT");
}

/** How many of a failed shard's last lines are printed again once every shard has ended. */
const TAIL_LINES = 25;

interface ShardExit {
  ok: boolean;
  /** The shard's last lines (two shards only: one shard's output is already the log's tail). */
  tail: string[];
  /** Its errors and failed tests, at most NOTABLE_LINES of them, for the run's summary. */
  notable: string[];
}

const NOTABLE_LINES = 8;
/** A line that says why a shard failed: an error of the runner or a failed test. */
const NOTABLE = /^\s*(\[WebServer\]\s*)?(Error:|✘|\d+ failed|\d+ flaky)|not able to start/;

/** One shard: its own data folder, ports and sign-in states; resolves with its exit status. */
function runShard(index: number, total: number, template: string, args: string[]): Promise<ShardExit> {
  const base = Number(process.env.E2E_PORT || 3190);
  const port = base + 10 * (index - 1);
  const dir = join(workDir(), `shard-${index}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dataDir = shardDataDir(index);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(template, dataDir, { recursive: true });
  const shardArgs = total > 1 ? [`--shard=${index}/${total}`] : [];
  const child = spawn(
    process.execPath,
    [join(root, "node_modules/@playwright/test/cli.js"), "test", ...shardArgs, ...args],
    {
      cwd: root,
      stdio: ["ignore", total > 1 ? "pipe" : "inherit", total > 1 ? "pipe" : "inherit"],
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_DATA_DIR: dataDir,
        E2E_AUTH_DIR: join(dir, "auth"),
        SOCIAL_OIDC_PORT: String(port + 5),
        SOCIAL_FACEBOOK_PORT: String(port + 6),
        E2E_JSON_REPORT: join(dir, "report.json"),
        PLAYWRIGHT_HTML_OPEN: "never",
        // Each shard keeps its own failure screenshots.
        E2E_OUTPUT_DIR: join(dir, "test-results"),
      },
    },
  );
  const tail: string[] = [];
  const notable: string[] = [];
  const print = (line: string) => {
    if (!line.trim()) return;
    console.log(`[shard ${index}] ${line}`);
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    if (notable.length < NOTABLE_LINES && NOTABLE.test(line)) notable.push(line.trim());
  };
  if (total > 1) {
    // Whole lines, each marked with its shard, so two shards' output stays readable.
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream?.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) print(line);
      });
      stream?.on("end", () => print(rest));
    }
  }
  running.add(child);
  return new Promise((done) =>
    child.on("close", (code, signal) => {
      running.delete(child);
      if (signal) tail.push(`(stopped by ${signal})`);
      done({ ok: code === 0, tail, notable });
    }),
  );
}

export async function runE2e(opts: E2eOptions = {}): Promise<E2eResult> {
  const shards = opts.shards ?? Number(process.env.E2E_SHARDS || 1);
  if (!Number.isInteger(shards) || shards < 1 || shards > 4)
    throw new Error(`E2E_SHARDS: 1 to 4, not ${shards}`);
  const phases: Phase[] = [];
  let template = opts.template;
  if (!template) {
    const seeded = await seedE2eData();
    template = seeded.dir;
    phases.push({ name: "e2e seed", seconds: seeded.seconds });
  }
  const started = Date.now();
  process.once("SIGINT", stopShards).once("SIGTERM", stopShards);
  const results = await Promise.all(
    Array.from({ length: shards }, (_, i) => runShard(i + 1, shards, template, opts.args ?? [])),
  ).finally(() => {
    process.off("SIGINT", stopShards).off("SIGTERM", stopShards);
    // The shards' copies go; the template stays for the caller (the resilience suite reuses it).
    for (let i = 1; i <= shards; i++) rmSync(shardDataDir(i), { recursive: true, force: true });
  });
  // A shard that failed while the other ran on would leave its reason far up the log (a server
  // that did not start is one line, before the first test): its last lines again, at the end.
  results.forEach((r, i) => {
    if (r.ok || !r.tail.length) return;
    console.log(`\n[shard ${i + 1}] failed; its last ${r.tail.length} lines:`);
    for (const line of r.tail) console.log(`[shard ${i + 1}] ${line}`);
  });
  phases.push({
    name: `e2e run (${shards} shard${shards > 1 ? "s" : ""}, wall clock)`,
    seconds: seconds(started),
  });
  const projects = new Map<string, { ms: number; counts: E2eResult["counts"][string] }>();
  for (let i = 1; i <= shards; i++) readReport(join(workDir(), `shard-${i}`, "report.json"), projects);
  const counts: E2eResult["counts"] = {};
  for (const [name, p] of [...projects].sort()) {
    phases.push({ name: `e2e ${name} (test time)`, seconds: Math.round(p.ms / 100) / 10 });
    counts[name] = p.counts;
  }
  const failures = results.flatMap((r, i) =>
    r.ok ? [] : (r.notable.length ? r.notable : ["failed"]).map((line) => `shard ${i + 1}: ${line}`),
  );
  return { ok: results.every((r) => r.ok), phases, counts, failures };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf("--");
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const args = dash < 0 ? [] : argv.slice(dash + 1);
  const shardFlag = own.indexOf("--shards");
  const shards = shardFlag >= 0 ? Number(own[shardFlag + 1]) : undefined;
  // --template DIR: a data folder seeded earlier (seedE2eData), to time runs without the seed.
  const templateFlag = own.indexOf("--template");
  const template = templateFlag >= 0 ? resolve(own[templateFlag + 1] as string) : undefined;
  // A stale build would be rebuilt by each shard's server inside its start-up timeout.
  const { buildIsStale } = await import("../../server/build");
  if (buildIsStale(root)) {
    console.log("e2e: building first (npx react-router build)");
    if (spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" }).status !== 0)
      process.exit(1);
  }
  const result = await runE2e({ shards, template, args });
  removeE2eData();
  console.log("\ne2e phases:");
  for (const p of result.phases) console.log(`  ${p.name.padEnd(40)} ${p.seconds.toFixed(1).padStart(8)} s`);
  for (const [name, c] of Object.entries(result.counts))
    console.log(`  ${name}: ${c.passed} passed, ${c.flaky} flaky, ${c.failed} failed, ${c.skipped} skipped`);
  for (const line of result.failures) console.log(`  ${line}`);
  console.log(result.ok ? "e2e: passed" : "e2e: FAILED");
  process.exit(result.ok ? 0 : 1);
}
