// npm start, the browser suite's servers and the resilience suite rebuild the app when a source
// file is newer than the server build (server/build.ts). A folder whose files were only made and
// removed again (the knip and dependency-cruiser probes do that in core/ and services/ during a
// run) is no reason to rebuild; a changed file is.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = mkdtempSync(join(tmpdir(), "build-stale-"));
let buildIsStale: (root?: string) => boolean;
const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

beforeAll(async () => {
  const previous = process.env.BUILD_DIR;
  process.env.BUILD_DIR = join(root, "build");
  ({ buildIsStale } = await import("../../server/build"));
  process.env.BUILD_DIR = previous;
  mkdirSync(join(root, "core"), { recursive: true });
  mkdirSync(join(root, "build", "server"), { recursive: true });
  writeFileSync(join(root, "core", "money.ts"), "export {};\n");
  at(join(root, "core", "money.ts"), 1_000);
  writeFileSync(join(root, "build", "server", "index.js"), "export {};\n");
  at(join(root, "build", "server", "index.js"), 2_000);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("buildIsStale", () => {
  it("is current when every source file is older than the build", () => {
    at(join(root, "core"), 3_000);
    expect(buildIsStale(root)).toBe(false);
  });

  it("stays current when a probe made and removed a folder inside a source folder", () => {
    const probe = mkdtempSync(join(root, "core", "unused-probe-"));
    writeFileSync(join(probe, "x.ts"), "export {};\n");
    rmSync(probe, { recursive: true });
    expect(buildIsStale(root)).toBe(false);
  });

  it("is stale once a source file is newer than the build", () => {
    at(join(root, "core", "money.ts"), 4_000);
    expect(buildIsStale(root)).toBe(true);
  });
});
