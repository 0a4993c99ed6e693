// `npm test`: unit and integration tests (Vitest; PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser suite (Playwright) when Chromium is present.
// REQUIRE_DATABASE=1 / REQUIRE_BROWSER=1 (set by .ci/run) turn a missing part into a failure.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const requireDb = process.env.REQUIRE_DATABASE === "1";
const requireBrowser = process.env.REQUIRE_BROWSER === "1";
const hasDb = Boolean(process.env.TEST_DATABASE_URL?.trim());
const hasBrowser = existsSync(chromium);
const extra = process.argv.slice(2);

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}: ${cmd} ${args.join(" ")}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

const problems: string[] = [];
if (requireDb && !hasDb) problems.push("REQUIRE_DATABASE=1 but TEST_DATABASE_URL is not set");
if (requireBrowser && !hasBrowser) problems.push(`REQUIRE_BROWSER=1 but no Chromium at ${chromium}`);
if (problems.length) {
  for (const p of problems) console.error(`npm test: ${p}`);
  process.exit(1);
}

console.log(
  `npm test: database drivers: pglite${hasDb ? " + pg (TEST_DATABASE_URL)" : " only (set TEST_DATABASE_URL to add PostgreSQL)"}; browser: ${
    hasBrowser ? chromium : "none (end-to-end suite skipped)"
  }`,
);

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
let ok = run("unit + integration", npx, ["vitest", "run", ...extra]);

if (hasBrowser && ok) {
  const buildDir = process.env.BUILD_DIR || "build";
  ok = run("build", npx, ["react-router", "build"], { BUILD_DIR: buildDir }) && ok;
  const dataDir = resolve(process.env.E2E_DATA_DIR || ".tmp/e2e-data");
  rmSync(dataDir, { recursive: true, force: true });
  if (ok)
    ok = run("end-to-end (Chromium)", npx, ["playwright", "test"], {
      E2E_DATA_DIR: dataDir,
      CHROMIUM_PATH: chromium,
    });
} else if (!hasBrowser) {
  console.log("\nnpm test: end-to-end suite skipped: no Chromium");
}

console.log(ok ? "\nnpm test: all suites passed" : "\nnpm test: FAILED");
process.exit(ok ? 0 : 1);
