// Once per vitest run (unit, integration, resilience): the run's template folder, where the
// first worker that needs a migrated or seeded database builds it once and every test copies it
// (tests/helpers/templates.ts, docs/decisions/0038-test-databases.md). At the end the folder is
// removed and so are the PostgreSQL templates, all named `<run database>_t<run id>_...`.
// Every folder the tests make (templates, platform copies, the resilience suite's data folders and
// private PostgreSQL) lives in memory when it can (helpers/memory-scratch.ts): TMPDIR is pointed
// there before the workers start.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { TEST_DATABASE_URL } from "./helpers/drivers";
import { memoryScratchRoot } from "./helpers/memory-scratch";

export interface TemplateRun {
  /** Folder of the embedded templates, their build locks and what each template holds. */
  dir: string;
  /** Start of every PostgreSQL template's name; null without TEST_DATABASE_URL. */
  pgPrefix: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    templateRun: TemplateRun;
  }
}

/** The run database's name, cut so that a template's or copy's name stays within 63 bytes. */
export function pgBaseName(url: string): string {
  return new URL(url).pathname.replace(/^\//, "").slice(0, 30) || "test";
}

export default function setup(project: TestProject) {
  // Set before the workers start, so they and the servers they spawn inherit it.
  const scratchRoot = memoryScratchRoot();
  const scratch = scratchRoot ? mkdtempSync(join(scratchRoot, "sf-test-")) : undefined;
  if (scratch) {
    // As /tmp is: the resilience suite's private PostgreSQL runs as the postgres user.
    chmodSync(scratch, 0o1777);
    process.env.TMPDIR = scratch;
  }
  const dir = mkdtempSync(join(tmpdir(), "sf-templates-"));
  const pgPrefix = TEST_DATABASE_URL
    ? `${pgBaseName(TEST_DATABASE_URL)}_t${randomBytes(3).toString("hex")}`
    : null;
  project.provide("templateRun", { dir, pgPrefix });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (TEST_DATABASE_URL && pgPrefix) await dropTemplates(TEST_DATABASE_URL, pgPrefix);
    // What a test left behind would otherwise hold memory until the machine restarts.
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
}

async function dropTemplates(url: string, prefix: string): Promise<void> {
  const u = new URL(url);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    // starts_with, not LIKE: the underscores in the prefix are no wildcards.
    const found = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${prefix}_`],
    );
    for (const { datname } of found.rows) {
      await client.query(`drop database if exists "${datname.replace(/"/g, '""')}" with (force)`);
    }
  } finally {
    await client.end();
  }
}
