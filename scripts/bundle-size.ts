// First-load JavaScript per route, from the Vite client manifest: the entry, the root route
// and the route's module with everything they import statically (not dynamic imports),
// gzipped. Usage: tsx scripts/bundle-size.ts [buildDir] [--json] [--budget=120]
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const args = process.argv.slice(2);
const buildDir = resolve(args.find((a) => !a.startsWith("--")) ?? process.env.BUILD_DIR ?? "build");
const json = args.includes("--json");
const budgetKb = Number(args.find((a) => a.startsWith("--budget="))?.split("=")[1] ?? 120);
const clientDir = resolve(buildDir, "client");
const manifest = JSON.parse(readFileSync(resolve(clientDir, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

const gzipCache = new Map<string, number>();
function gz(file: string): number {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(resolve(clientDir, file)), { level: 9 }).length;
    gzipCache.set(file, n);
  }
  return n;
}

/** The chunk files a key loads up front: itself and its static imports, recursively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}

const keys = Object.keys(manifest);
const entryKey = keys.find((k) => manifest[k].isEntry && /entry\.client\.[jt]sx?$/.test(k));
const rootKey = keys.find((k) => /^app\/root\.tsx(\?__react-router-build-client-route)?$/.test(k));
if (!entryKey || !rootKey) throw new Error("entry or root chunk not found in the manifest");
const base = new Set([...closure(entryKey), ...closure(rootKey)]);

// A route's main module, plus its split clientLoader/clientMiddleware chunks (those run on load;
// a split clientAction loads only when the action runs).
const ROUTE_MAIN = /^(app\/routes\/.+\.tsx)(\?__react-router-build-client-route)?$/;
const routes = keys.filter((k) => ROUTE_MAIN.test(k)).sort();

const rows = routes.map((key) => {
  const path = (ROUTE_MAIN.exec(key) as RegExpExecArray)[1];
  const eager = keys.filter((k) => k.startsWith(`${path}?route-chunk=client`) && !/clientAction/.test(k));
  const files = new Set([...base, ...closure(key), ...eager.flatMap((k) => [...closure(k)])]);
  const bytes = [...files].reduce((sum, f) => sum + gz(f), 0);
  return {
    route: path.replace(/^app\/routes\//, ""),
    kb: Math.round((bytes / 1024) * 10) / 10,
    files: files.size,
  };
});

if (json) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const baseKb = [...base].reduce((s, f) => s + gz(f), 0) / 1024;
  console.log(`build: ${buildDir}`);
  console.log(`entry + root: ${baseKb.toFixed(1)} KB gzip`);
  for (const r of rows) {
    const flag = r.kb > budgetKb ? `  OVER ${budgetKb} KB` : "";
    console.log(`${r.route.padEnd(34)} ${r.kb.toFixed(1).padStart(6)} KB gzip (${r.files} files)${flag}`);
  }
}
if (rows.some((r) => r.kb > budgetKb)) process.exitCode = 1;
