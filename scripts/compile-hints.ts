// V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all of its
// functions compiled eagerly, on the background thread that compiles the script while it
// streams in. Without it V8 only pre-parses a function and compiles it on the main thread the
// first time it is called; on a page's first load that is nearly every function of the entry,
// the libraries, the shell and the route, all called during hydration, which then runs as one
// long task with compilation inside it (docs/decisions/0017-compile-hints.md).
//
// Only the chunks a first load runs are marked: entries (the browser entry and the route
// modules) and what they import statically. A lazy chunk (a modal, the map) may load without
// most of its functions being called, and eager compilation of unused code is wasted work.

/** The part of a Rollup output chunk this needs (OutputChunk has all of it). */
export interface ChunkInfo {
  type: "chunk" | "asset";
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  code?: string;
  map?: { mappings: string } | null;
}

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** File names of the chunks a first load runs: the entries and their static imports. */
function firstLoadChunks(bundle: Record<string, ChunkInfo>): Set<string> {
  const marked = new Set<string>();
  const queue = Object.values(bundle)
    .filter((c) => c.type === "chunk" && c.isEntry)
    .map((c) => c.fileName);
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const chunk = bundle[next];
    if (marked.has(next) || chunk?.type !== "chunk") continue;
    marked.add(next);
    queue.push(...(chunk.imports ?? []));
  }
  return marked;
}

/** Puts the hint on the first line of every first-load chunk; returns the files marked. */
export function addCompileHints(bundle: Record<string, ChunkInfo>): string[] {
  const marked = [...firstLoadChunks(bundle)];
  for (const name of marked) {
    const chunk = bundle[name];
    if (!chunk || chunk.code === undefined || chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    // One more line at the top: every mapped line moves down by one.
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  }
  return marked.sort();
}
