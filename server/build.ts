// `npm start` builds the client and server bundles when they are missing or older than the sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import { serverBuildPath } from "./ssr";

const SOURCES = [
  "app",
  "core",
  "services",
  "db/store",
  "react-router.config.ts",
  "vite.config.ts",
  "package.json",
];

/**
 * The newest mtime of the files under `path`. A folder's own mtime is left out: it changes when
 * any file is made or removed in it, and the test suite's knip and dependency-cruiser probes make
 * and remove files in core/, services/ and app/ while a run's servers start, which made each of
 * them rebuild the app it had just been given.
 */
function newestMtime(path: string): number {
  // A file or folder removed while it is walked (those probes again) counts as absent.
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  let entries: string[];
  try {
    entries = readdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  for (const entry of entries) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsStale(root = process.cwd()): boolean {
  if (!existsSync(serverBuildPath)) return true;
  const built = statSync(serverBuildPath).mtimeMs;
  return SOURCES.some((s) => newestMtime(resolve(root, s)) > built);
}

export async function ensureBuild(log: Logger): Promise<void> {
  if (!buildIsStale()) return;
  log.info("building the storefront (react-router build)");
  const result = spawnSync(process.execPath, [resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) throw new Error("react-router build failed");
}
