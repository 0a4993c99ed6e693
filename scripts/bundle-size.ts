// First-load JavaScript per route of a build, against the budget (ARCHITECTURE section 7).
// The measuring is bench/lib/bundle-size.ts, the same code `npm run bench` reports with.
// Usage: tsx scripts/bundle-size.ts [buildDir] [--json] [--budget=120]
import { resolve } from "node:path";
import { isBackOfficePattern, routeBundles } from "../bench/lib/bundle-size";
import { readVariable } from "../server/config";

const args = process.argv.slice(2);
const buildDir = resolve(args.find((a) => !a.startsWith("--")) ?? readVariable("BUILD_DIR"));
const budgetKb = Number(args.find((a) => a.startsWith("--budget="))?.split("=")[1] ?? 120);
const rows = routeBundles(buildDir).map((b) => ({
  route: b.pattern,
  kb: Math.round((b.gzipBytes / 1024) * 10) / 10,
  files: b.files,
  budgeted: !isBackOfficePattern(b.pattern),
}));

if (args.includes("--json")) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log(`build: ${buildDir} (first-load JavaScript, gzip)`);
  for (const r of rows) {
    const flag = !r.budgeted ? "  (back office, no budget)" : r.kb > budgetKb ? `  OVER ${budgetKb} KB` : "";
    console.log(`${r.route.padEnd(28)} ${r.kb.toFixed(1).padStart(6)} KB (${r.files} files)${flag}`);
  }
}
if (rows.some((r) => r.budgeted && r.kb > budgetKb)) process.exitCode = 1;
