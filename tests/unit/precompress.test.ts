import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompressAssets } from "../../scripts/precompress";

describe("precompressAssets", () => {
  it("writes brotli and gzip copies of text files worth compressing, in every folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-precompress-"));
    mkdirSync(join(dir, "assets", "nested"), { recursive: true });
    const css = `.a{color:red}\n`.repeat(200);
    const js = `console.log(${JSON.stringify("x".repeat(3000))});\n`;
    writeFileSync(join(dir, "assets", "shell-1.css"), css);
    writeFileSync(join(dir, "assets", "nested", "route-2.js"), js);
    writeFileSync(join(dir, "assets", "small-3.js"), "export {};\n");
    writeFileSync(join(dir, "assets", "photo-4.webp"), Buffer.alloc(4096, 7));

    const written = precompressAssets(dir);

    expect(written.map((w) => w.file.slice(dir.length)).sort()).toEqual([
      "/assets/nested/route-2.js",
      "/assets/shell-1.css",
    ]);
    for (const [file, body] of [
      ["assets/shell-1.css", css],
      ["assets/nested/route-2.js", js],
    ]) {
      const path = join(dir, file);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(body);
      expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(body);
      expect(readFileSync(`${path}.br`).length).toBeLessThan(body.length);
    }
    expect(existsSync(join(dir, "assets", "small-3.js.br"))).toBe(false);
    expect(existsSync(join(dir, "assets", "photo-4.webp.gz"))).toBe(false);
  });
});
