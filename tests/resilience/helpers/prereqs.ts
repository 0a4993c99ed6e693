// What real-server tests need, made once per run and shared through the run folder: a current
// production build (BUILD_DIR, default build/) and a seeded demo data folder to copy.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { BUILD_DIR } from "./server";

/** Builds into BUILD_DIR unless the build there is current (checked once per run). */
export async function ensureBuild(): Promise<void> {
  const done = join(inject("runDir"), "build.done");
  if (existsSync(done)) return;
  process.env.BUILD_DIR = BUILD_DIR;
  const { buildIsStale } = await import("../../../server/build");
  if (!existsSync(join(BUILD_DIR, "server", "index.js")) || buildIsStale()) {
    console.log(`resilience: building into ${BUILD_DIR}`);
    const r = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, BUILD_DIR },
    });
    if (r.status !== 0) throw new Error("react-router build failed");
  }
  writeFileSync(done, "ok");
}

/**
 * The seeded demo data folder the real-server tests copy. `npm test` hands over the one it seeded
 * for the browser suite (RESILIENCE_DEMO_TEMPLATE, a cleanly closed folder nobody opens), so a
 * full run seeds the embedded demo stores once; alone, the suite seeds its own.
 */
export async function demoTemplate(): Promise<string> {
  const given = process.env.RESILIENCE_DEMO_TEMPLATE?.trim();
  if (given && existsSync(join(given, "control"))) return given;
  const runDir = inject("runDir");
  const dir = join(runDir, "template");
  const done = join(runDir, "template.done");
  if (existsSync(done)) return dir;
  await ensureBuild();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "server/cli/seed.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
  if (seeded.status !== 0) throw new Error("seeding the demo stores failed");
  console.log(`resilience: demo data seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  writeFileSync(done, "ok");
  return dir;
}
