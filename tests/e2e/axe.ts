// axe-core's serious and critical violations on the page (or part of it), one line each: the
// specs expect none.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function seriousViolations(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  return violations(page, scope, (impact) => impact === "serious" || impact === "critical");
}

/** Every violation, whatever its impact: the back office's bar. */
export async function allViolations(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  return violations(page, scope, () => true);
}

async function violations(
  page: Page,
  scope: { include?: string; exclude?: string },
  keep: (impact: string | null | undefined) => boolean,
): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  if (scope.include) builder = builder.include(scope.include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => keep(v.impact))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} -> ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
}
