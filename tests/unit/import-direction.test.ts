// Imports run one way (.dependency-cruiser.cjs): the real tree has no backwards import, and the
// rules do catch one (a module written for the test that breaks each kind of rule).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const BIN = join(ROOT, "node_modules/.bin/depcruise");

function cruise(paths: string[]) {
  const run = spawnSync(BIN, ["--config", ".dependency-cruiser.cjs", "--output-type", "err", ...paths], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe("import direction", () => {
  const probes: string[] = [];
  afterAll(() => {
    for (const dir of probes) rmSync(dir, { recursive: true, force: true });
  });

  it("the source tree has no backwards import", () => {
    const r = cruise(["app", "core", "server", "services", "db"]);
    expect(r.out).toContain("no dependency violations found");
    expect(r.status).toBe(0);
  });

  it("a backwards import fails the check", () => {
    // Probes live inside the layer they break, so the rules see them where real code would be.
    const cases: [dir: string, source: string, rule: string][] = [
      ["core", 'import "../../services/context";', "core-is-pure"],
      ["services", 'import "../../server/app";', "services-below-server"],
      ["app/ui", 'import "../../../app/features/cart/CartPage";', "ui-below-features"],
    ];
    for (const [dir, source, rule] of cases) {
      const probeDir = mkdtempSync(join(ROOT, dir, "import-probe-"));
      probes.push(probeDir);
      const file = join(probeDir, "probe.ts");
      writeFileSync(file, `${source}\nexport {};\n`);
      const r = cruise([relative(ROOT, file)]);
      expect(r.status, rule).not.toBe(0);
      expect(r.out, rule).toContain(rule);
    }
  });
});
