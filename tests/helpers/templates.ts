// Migrated and seeded databases made once per run and per driver, and copied for each test
// (docs/decisions/0038-test-databases.md): initdb and the migrations take 11-18 s per embedded
// database on this machine, a folder copy 1-3 s. An embedded template is a cleanly closed data
// folder, copied with its files; a PostgreSQL template is a database nobody is connected to,
// copied by `CREATE DATABASE ... TEMPLATE`. Templates are built lazily, by the first worker
// that needs one, under a lock in the run's folder (tests/global-setup.ts), so a run that never
// needs the demo stores never seeds them.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import {
  type Driver,
  dropPostgresDatabase,
  embeddedDatabaseInUse,
  isPostgresUrl,
  type MigrationSet,
  migrateDatabase,
  openDatabase,
} from "../../db/client";
import { pgBaseName, type TemplateRun } from "../global-setup";
import { TEST_DATABASE_URL } from "./drivers";

/** A fresh, empty target (URL or folder) for the driver, and a way to remove it. */
export function freshTarget(driver: Driver, label: string): { target: string; remove(): Promise<void> } {
  if (driver === "pg") {
    if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `/${pgBaseName(TEST_DATABASE_URL)}_${label}_${randomBytes(4).toString("hex")}`;
    const target = u.toString();
    return { target, remove: () => dropPostgresDatabase(target) };
  }
  const dir = mkdtempSync(join(tmpdir(), `sf-${label}-`));
  return { target: dir, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

function templateRun(): TemplateRun {
  const run = inject("templateRun");
  if (!run) throw new Error("no template folder: run vitest with tests/global-setup.ts as a globalSetup");
  return run;
}

/** A folder of this run's templates. */
export function templateFolder(name: string): string {
  return join(templateRun().dir, name);
}

/** Where a template database of this run lives: a folder in the run's folder, or a PostgreSQL URL. */
export function templateTarget(driver: Driver, name: string): string {
  const run = templateRun();
  if (driver === "pglite") return join(run.dir, name);
  if (!TEST_DATABASE_URL || !run.pgPrefix) throw new Error("TEST_DATABASE_URL is not set");
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${run.pgPrefix}_${name}`;
  return u.toString();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The value `build` made for `key` in this run, building it first when no worker has. One
 * worker builds while the others wait; a builder that died leaves its lock to the next.
 */
export async function once<T>(key: string, build: () => Promise<T>): Promise<T> {
  const { dir } = templateRun();
  const done = join(dir, `${key}.json`);
  const lock = join(dir, `${key}.lock`);
  for (;;) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, "utf8")) as T;
    try {
      mkdirSync(lock);
    } catch {
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(join(lock, "pid"), "utf8"));
      } catch {
        // the holder has not written its pid yet
      }
      if (Number.isInteger(holder) && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else await sleep(200);
      continue;
    }
    try {
      writeFileSync(join(lock, "pid"), String(process.pid));
      const value = await build();
      writeFileSync(`${done}.partial`, JSON.stringify(value));
      renameSync(`${done}.partial`, done);
      return value;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Copies a closed template database into `target` (an empty folder, or a database to create). */
export async function copyDatabaseInto(source: string, target: string): Promise<void> {
  if (!isPostgresUrl(source)) {
    if (embeddedDatabaseInUse(source)) throw new Error(`template ${source} is open`);
    await cp(source, target, { recursive: true });
    return;
  }
  const from = databaseName(source);
  const to = databaseName(target);
  const u = new URL(target);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    // PostgreSQL refuses while anyone is connected to the template; it waits up to 5 s for
    // sessions that are closing, such as the pool that built it.
    await client.query(`create database "${to}" template "${from}"`);
  } finally {
    await client.end();
  }
}

/** A new copy of a template database, and a way to remove it. */
export async function copyDatabase(
  driver: Driver,
  source: string,
  label: string,
): Promise<{ target: string; remove(): Promise<void> }> {
  const fresh = freshTarget(driver, label);
  try {
    await copyDatabaseInto(source, fresh.target);
  } catch (err) {
    await fresh.remove();
    throw err;
  }
  return fresh;
}

/** Removes what a build that failed half-way left at a template's place. */
export async function clearTemplate(target: string): Promise<void> {
  if (isPostgresUrl(target)) await dropPostgresDatabase(target);
  else rmSync(target, { recursive: true, force: true });
}

/** The migrated, empty control or store database of this run for the driver. */
export function migratedTemplate(driver: Driver, kind: MigrationSet): Promise<string> {
  return once(`${driver}-${kind}`, async () => {
    const target = templateTarget(driver, kind);
    await clearTemplate(target);
    const handle = await openDatabase(target, {}, { createIfMissing: true, poolSize: 1 });
    try {
      await migrateDatabase(handle, kind);
    } finally {
      await handle.close();
    }
    return target;
  });
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  return name;
}
