// No dead code (knip.json): no module nothing imports, no export nothing uses, no export under
// two names. The entries (routes, CLIs, tests, scripts and the files started by path) are what
// the rest must be reachable from. The check is proved to bite with a module written for the test.
// knip.json ignores the probes of import-direction.test.ts, which may exist while this runs; the
// hint that the pattern matches nothing when they do not is not a finding.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const BIN = join(ROOT, "node_modules/.bin/knip");

function knip() {
  const run = spawnSync(
    BIN,
    ["--include", "exports,types,files,duplicates", "--no-progress", "--no-config-hints"],
    {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe("unused code", () => {
  const probes: string[] = [];
  afterAll(() => {
    for (const dir of probes) rmSync(dir, { recursive: true, force: true });
  });

  it("the tree has no unused file or export", () => {
    const r = knip();
    expect(r.out.trim()).toBe("");
    expect(r.status).toBe(0);
  }, 150_000);

  it("an export nothing uses fails the check", () => {
    // A module in core/ with one used and one unused export, imported by a probe the test
    // entries (tests/**) reach.
    const moduleDir = mkdtempSync(join(ROOT, "core", "unused-probe-"));
    const entryDir = mkdtempSync(join(ROOT, "tests", "unused-probe-"));
    probes.push(moduleDir, entryDir);
    writeFileSync(
      join(moduleDir, "rules.ts"),
      "export const usedRule = 1;\nexport function forgottenRule(): number {\n  return 2;\n}\n",
    );
    writeFileSync(
      join(entryDir, "probe.ts"),
      `import { usedRule } from "../../core/${basename(moduleDir)}/rules";\nconsole.log(usedRule);\n`,
    );
    const r = knip();
    expect(r.status).not.toBe(0);
    expect(r.out).toContain("forgottenRule");
    expect(r.out).not.toContain("usedRule");
  }, 150_000);
});
