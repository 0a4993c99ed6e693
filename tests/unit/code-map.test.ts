// The README's "Map of the code" and docs/architecture.md send a newcomer to files: every path they
// name (in backquotes, from the repository root) and every file they link to must exist, so a
// rename or a move that forgets them fails here. Paths with a wildcard or a placeholder are
// patterns, not files, and are left out.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const TOP = /^(?:app|server|services|core|db|tests|docs|bench|scripts)\//;

/** The text of the README's "Map of the code" section. */
function mapSection(): string {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("## Map of the code");
  expect(start, "README.md has a 'Map of the code' section").toBeGreaterThanOrEqual(0);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** Paths named in backquotes that start at the repository root. */
function quotedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1] as string)
    .filter((p) => TOP.test(p) && !/[*<>]/.test(p));
}

/** Targets of Markdown links to files of this repository, resolved from the document's folder. */
function linkedPaths(text: string, from: string): string[] {
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1] as string)
    .filter((t) => !/^[a-z]+:/.test(t))
    .map((t) => normalize(join(dirname(from), t)))
    .filter((p) => !p.startsWith(".."));
}

const missing = (paths: string[]) => [...new Set(paths)].filter((p) => !existsSync(p));

describe("the map of the code", () => {
  it("names only files and folders that exist, in the README's table", () => {
    const text = mapSection();
    const paths = quotedPaths(text);
    expect(paths.length).toBeGreaterThan(150);
    expect(missing(paths)).toEqual([]);
    expect(missing(linkedPaths(text, "README.md"))).toEqual([]);
  });

  it("names only files and folders that exist, in docs/architecture.md", () => {
    const text = readFileSync("docs/architecture.md", "utf8");
    const paths = quotedPaths(text);
    expect(paths.length).toBeGreaterThan(80);
    expect(missing(paths)).toEqual([]);
    expect(missing(linkedPaths(text, "docs/architecture.md"))).toEqual([]);
  });

  it("tells a path that does not exist", () => {
    expect(missing(quotedPaths("`services/catalog/listing.ts`, `services/catalog/no-such-file.ts`"))).toEqual(
      ["services/catalog/no-such-file.ts"],
    );
  });
});
