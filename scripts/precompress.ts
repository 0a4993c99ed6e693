// Brotli and gzip copies of the client build's assets, written next to each file at build time.
// The assets are immutable (hashed names, cached for a year), so they are compressed once, at
// the strongest levels, instead of on every request: the server answers from the copies
// (serveStatic's `precompressed`) and spends no CPU on them, and brotli makes the JavaScript
// about a tenth smaller than the on-the-fly gzip did.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text formats the client build emits. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".html", ".txt", ".xml"]);
/** Below this a compressed copy saves less than its headers cost (the server's threshold too). */
const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  br: number;
  gzip: number;
}

export function precompressAssets(dir: string): Precompressed[] {
  const out: Precompressed[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...precompressAssets(path));
      continue;
    }
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    if (statSync(path).size < MIN_BYTES) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzip);
    out.push({ file: path, bytes: body.length, br: br.length, gzip: gzip.length });
  }
  return out;
}
