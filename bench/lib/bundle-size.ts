// First-load JavaScript per route, from React Router's build manifest
// (build/client/assets/manifest-*.js, the file the browser itself reads): the client entry,
// the manifest, and for the route and each of its parents up to root the route module and
// every chunk it imports statically (React Router lists them already resolved). Lazy chunks
// (import()) are not part of the first load. Sizes are gzip (level 6, what the server sends).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface ReactRouterManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
}

export interface RouteBundle {
  routeId: string;
  /** The URL pattern, e.g. "/" or "/product/default/:id". */
  pattern: string;
  files: number;
  /** Every file the first load fetches: scripts and stylesheets. */
  urls: string[];
  rawBytes: number;
  gzipBytes: number;
}

/** The back office (/admin) is loaded apart from the storefront and has no first-load budget. */
export function isBackOfficePattern(pattern: string): boolean {
  return pattern === "/admin" || pattern.startsWith("/admin/");
}

export function readManifest(buildDir: string): ReactRouterManifest {
  const assets = join(buildDir, "client", "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}: build first`);
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json) as ReactRouterManifest;
}

function patternOf(routes: Record<string, ManifestRoute>, id: string): string {
  const parts: string[] = [];
  let r: ManifestRoute | undefined = routes[id];
  while (r) {
    if (r.path) parts.unshift(r.path);
    r = r.parentId ? routes[r.parentId] : undefined;
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

export function routeBundles(buildDir: string): RouteBundle[] {
  const manifest = readManifest(buildDir);
  const clientDir = join(buildDir, "client");
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (url: string) => {
    let s = sizes.get(url);
    if (!s) {
      const bytes = readFileSync(join(clientDir, url.replace(/^\//, "")));
      s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
      sizes.set(url, s);
    }
    return s;
  };
  const out: RouteBundle[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const files = new Set<string>([manifest.url, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    let r: ManifestRoute | undefined = route;
    while (r) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
      for (const c of r.css ?? []) files.add(c);
      r = r.parentId ? manifest.routes[r.parentId] : undefined;
    }
    let raw = 0;
    let gzip = 0;
    for (const f of files) {
      if (!f.endsWith(".js")) continue;
      const s = sizeOf(f);
      raw += s.raw;
      gzip += s.gzip;
    }
    out.push({
      routeId: route.id,
      pattern: patternOf(manifest.routes, route.id),
      files: [...files].filter((f) => f.endsWith(".js")).length,
      urls: [...files],
      rawBytes: raw,
      gzipBytes: gzip,
    });
  }
  return out.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The route serving a concrete path, as React Router would match it (static before dynamic). */
export function routeForPath(bundles: RouteBundle[], path: string): RouteBundle | undefined {
  const segs = path.split("?")[0].split("/").filter(Boolean);
  const score = (pattern: string): number => {
    const ps = pattern.split("/").filter(Boolean);
    if (ps.length === 1 && ps[0] === "*") return 0;
    if (ps.length !== segs.length) return -1;
    let s = 1;
    for (let i = 0; i < ps.length; i++) {
      if (ps[i].startsWith(":")) s += 1;
      else if (ps[i] === segs[i]) s += 10;
      else return -1;
    }
    return s;
  };
  let best: RouteBundle | undefined;
  let bestScore = -1;
  for (const b of bundles) {
    const s = score(b.pattern);
    if (s > bestScore) {
      best = b;
      bestScore = s;
    }
  }
  return best;
}
