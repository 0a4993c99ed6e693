// Once per resilience run: a folder for what the tests share. The production build and the
// seeded demo data folder that real-server tests copy are made lazily by the first test that
// needs them (helpers/prereqs.ts), so in-process tests run without them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    runDir: string;
  }
}

export default function setup(project: TestProject) {
  const runDir = mkdtempSync(join(tmpdir(), "sf-resil-run-"));
  project.provide("runDir", runDir);
  return () => rmSync(runDir, { recursive: true, force: true });
}
