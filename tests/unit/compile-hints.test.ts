import { describe, expect, it } from "vitest";
import { addCompileHints, type ChunkInfo, COMPILE_HINT } from "../../scripts/compile-hints";

const chunk = (fileName: string, extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  type: "chunk",
  fileName,
  code: `export const name = ${JSON.stringify(fileName)};`,
  imports: [],
  ...extra,
});

function bundleOf(...chunks: ChunkInfo[]): Record<string, ChunkInfo> {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

describe("compile hints", () => {
  it("marks the entries and everything they import statically, and nothing loaded lazily", () => {
    const bundle = bundleOf(
      chunk("entry.client.js", { isEntry: true, imports: ["vendor.js", "shell.js"] }),
      chunk("home.js", { isEntry: true, imports: ["shell.js", "Carousel.js"] }),
      chunk("shell.js", { imports: ["vendor.js"] }),
      chunk("vendor.js"),
      chunk("Carousel.js", { imports: ["vendor.js"] }),
      chunk("QuickViewModal.js", { imports: ["shell.js", "Gallery.js"] }),
      chunk("Gallery.js"),
      { type: "asset", fileName: "root.css" },
    );
    expect(addCompileHints(bundle)).toEqual([
      "Carousel.js",
      "entry.client.js",
      "home.js",
      "shell.js",
      "vendor.js",
    ]);
    expect(bundle["vendor.js"]?.code?.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(bundle["QuickViewModal.js"]?.code?.startsWith(COMPILE_HINT)).toBe(false);
    expect(bundle["Gallery.js"]?.code?.startsWith(COMPILE_HINT)).toBe(false);
  });

  it("moves the source map down by the added line, and marks a chunk once", () => {
    const bundle = bundleOf(chunk("entry.js", { isEntry: true, map: { mappings: "AAAA;AACA" } }));
    addCompileHints(bundle);
    addCompileHints(bundle);
    expect(bundle["entry.js"]?.code?.split(COMPILE_HINT)).toHaveLength(2);
    expect(bundle["entry.js"]?.map?.mappings).toBe(";AAAA;AACA");
  });
});
