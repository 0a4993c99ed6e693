// `npm test`: every suite the README promises, as timed phases:
//   unit             Vitest, tests/unit (but the two whole-tree checks below)
//   integration      Vitest, tests/integration, once per driver (PGlite always, PostgreSQL when
//                    TEST_DATABASE_URL is set), so each driver's time is seen on its own
//   build            the production build the browser suite serves
//   static checks    typecheck, Biome (no warning), and the knip and dependency-cruiser tests,
//                    run beside the browser suite: that suite leaves a core mostly idle
//   end-to-end       Playwright on the system Chromium, when it is installed
//   resilience       Vitest, tests/resilience: real server processes, a private PostgreSQL, races,
//                    crashes and outages; it reuses the browser suite's build and seeded demo data
// REQUIRE_DATABASE=1 / REQUIRE_BROWSER=1 (set by .ci/run) turn a missing part into a failure.
// Arguments (`npm test -- tests/unit/money.test.ts`) run just Vitest with them; TEST_PHASES picks
// phases (`TEST_PHASES=unit,static npm test`; names: unit, integration, static, e2e, resilience).
// The phases' times are printed at the end and written to .tmp/test-phases.json for .ci/run.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { removeE2eData, runE2e, seedE2eData } from "./e2e/run";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const requireDb = process.env.REQUIRE_DATABASE === "1";
const requireBrowser = process.env.REQUIRE_BROWSER === "1";
const hasDb = Boolean(process.env.TEST_DATABASE_URL?.trim());
const hasBrowser = existsSync(chromium);
const extra = process.argv.slice(2);
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const PHASES = ["unit", "integration", "static", "e2e", "resilience"] as const;
const picked = (process.env.TEST_PHASES || PHASES.join(",")).split(",").map((p) => p.trim());
const unknownPhase = picked.find((p) => !(PHASES as readonly string[]).includes(p));
if (unknownPhase) {
  console.error(`npm test: TEST_PHASES names ${unknownPhase}; it takes ${PHASES.join(", ")}`);
  process.exit(2);
}
const wants = (phase: (typeof PHASES)[number]) => picked.includes(phase);

/** The unit tests that run a whole-tree tool (knip, dependency-cruiser): static checks, not unit logic. */
const TREE_CHECKS = ["tests/unit/unused-code.test.ts", "tests/unit/import-direction.test.ts"];

interface Phase {
  name: string;
  ok: boolean;
  seconds: number;
}
const phases: Phase[] = [];

/** Runs one command; its output is prefixed with the phase's name when phases run side by side. */
function run(
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  opts: { prefix?: boolean } = {},
): Promise<Phase> {
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      stdio: opts.prefix ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    if (opts.prefix) {
      const tag = `[${name}] `;
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream?.setEncoding("utf8");
        stream?.on("data", (chunk: string) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) process.stdout.write(`${tag}${line}\n`);
        });
        stream?.on("end", () => rest && process.stdout.write(`${tag}${rest}\n`));
      }
    }
    const finish = (ok: boolean) => {
      const phase = { name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 };
      phases.push(phase);
      done(phase);
    };
    child.on("error", () => finish(false));
    child.on("close", (code) => finish(code === 0));
  });
}

/** Phases one after another; false as soon as one fails. */
async function inOrder(steps: (() => Promise<Phase>)[]): Promise<boolean> {
  for (const step of steps) if (!(await step()).ok) return false;
  return true;
}

function report(ok: boolean): never {
  // A seed made for a browser suite that never ran would otherwise hold memory.
  removeE2eData();
  console.log("\nnpm test: phases");
  for (const p of phases)
    console.log(`  ${p.ok ? "ok  " : "FAIL"} ${p.name.padEnd(34)} ${p.seconds.toFixed(1)} s`);
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(".tmp/test-phases.json", `${JSON.stringify(phases, null, 2)}\n`);
  console.log(ok ? "\nnpm test: all suites passed" : "\nnpm test: FAILED");
  process.exit(ok ? 0 : 1);
}

const problems: string[] = [];
if (requireDb && !hasDb) problems.push("REQUIRE_DATABASE=1 but TEST_DATABASE_URL is not set");
if (requireBrowser && !hasBrowser) problems.push(`REQUIRE_BROWSER=1 but no Chromium at ${chromium}`);
if (problems.length) {
  for (const p of problems) console.error(`npm test: ${p}`);
  process.exit(1);
}

if (extra.length) {
  const only = await run("vitest", npx, ["vitest", "run", ...extra]);
  report(only.ok);
}

console.log(
  `npm test: database drivers: pglite${hasDb ? " + pg (TEST_DATABASE_URL)" : " only (set TEST_DATABASE_URL to add PostgreSQL)"}; browser: ${
    hasBrowser ? chromium : "none (end-to-end suite skipped)"
  }`,
);

const vitest =
  (name: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  () =>
    run(name, npx, ["vitest", "run", ...args], env);
const integration = (driver: "pglite" | "pg") =>
  vitest(`integration (${driver === "pg" ? "PostgreSQL" : "PGlite"})`, ["tests/integration"], {
    TEST_DRIVER: driver,
  });

let ok = await inOrder([
  ...(wants("unit") ? [vitest("unit", ["tests/unit", ...TREE_CHECKS.flatMap((f) => ["--exclude", f])])] : []),
  ...(wants("integration") ? [integration("pglite"), ...(hasDb ? [integration("pg")] : [])] : []),
]);

const staticChecks = () =>
  Promise.all([
    inOrder([
      () => run("typecheck", "npm", ["run", "-s", "typecheck"], {}, { prefix: true }),
      () =>
        run(
          "lint (Biome, no warning)",
          npx,
          ["biome", "check", "--error-on-warnings", "."],
          {},
          { prefix: true },
        ),
    ]),
    run("knip + dependency-cruiser", npx, ["vitest", "run", ...TREE_CHECKS], {}, { prefix: true }).then(
      (p) => p.ok,
    ),
  ]).then((all) => all.every(Boolean));
const noStaticChecks = async () => true;

/**
 * The browser suite's shards (E2E_SHARDS; default two where there are two cores or more). One
 * shard leaves about a third of two cores idle (the runner, Chromium and the server take turns);
 * two took the suite from 1,064 s to 827 s of wall clock in back-to-back clean-clone runs on the
 * same quiet machine (docs/decisions/0039-e2e-plan.md).
 */
function e2eShards(): number {
  const asked = process.env.E2E_SHARDS?.trim();
  if (asked) return Number(asked);
  return availableParallelism() >= 2 ? 2 : 1;
}

/** The demo data folder the browser suite seeded, handed on to the resilience suite. */
let demoData: string | undefined;

if (ok && hasBrowser && wants("e2e")) {
  // The demo data the browser suite's servers copy is seeded while the app builds (two
  // processes, two cores); the static checks then run beside the suite.
  const seedStarted = Date.now();
  const seeding = seedE2eData().then(
    (seeded) => ({ dir: seeded.dir, error: undefined }),
    (error: Error) => ({ dir: undefined, error }),
  );
  const buildDir = process.env.BUILD_DIR || "build";
  const build = await run("build", npx, ["react-router", "build"], { BUILD_DIR: buildDir });
  const seeded = await seeding;
  phases.push({
    name: "e2e seed (beside the build)",
    ok: !seeded.error,
    seconds: Math.round((Date.now() - seedStarted) / 100) / 10,
  });
  if (seeded.error) console.error(`npm test: ${seeded.error.message}`);
  ok = build.ok && Boolean(seeded.dir);
  demoData = seeded.dir;
  if (ok) {
    console.log("\n=== end-to-end (Chromium), static checks beside it");
    const [statics, e2e] = await Promise.all([
      wants("static") ? staticChecks() : noStaticChecks(),
      runE2e({ template: seeded.dir, shards: e2eShards() }),
    ]);
    for (const p of e2e.phases) phases.push({ name: p.name, ok: e2e.ok, seconds: p.seconds });
    for (const [project, c] of Object.entries(e2e.counts))
      console.log(
        `e2e ${project}: ${c.passed} passed, ${c.flaky} flaky, ${c.failed} failed, ${c.skipped} skipped`,
      );
    for (const line of e2e.failures) console.log(`e2e ${line}`);
    ok = statics && e2e.ok;
  }
} else if (ok) {
  if (!hasBrowser) console.log("\nnpm test: end-to-end suite skipped: no Chromium");
  if (wants("static")) ok = await staticChecks();
}

if (ok && wants("resilience")) {
  const resilience = await run(
    "resilience",
    npx,
    ["vitest", "run", "--config", "vitest.resilience.config.ts"],
    demoData ? { RESILIENCE_DEMO_TEMPLATE: demoData } : {},
  );
  ok = resilience.ok;
}

report(ok);
