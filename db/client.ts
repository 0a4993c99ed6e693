// Opens a PostgreSQL database through one of two drivers behind one Drizzle type:
// `pg` for a postgres:// URL, PGlite (PostgreSQL in WASM, on disk) for anything else.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

export type Driver = "pg" | "pglite";
// biome-ignore lint/suspicious/noExplicitAny: the schema type differs per database kind.
export type Db<S extends Record<string, unknown> = any> = PgDatabase<PgQueryResultHKT, S>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
export type Tx<S extends Record<string, unknown> = any> = PgTransaction<
  PgQueryResultHKT,
  S,
  ExtractTablesWithRelations<S>
>;

export interface DbHandle<S extends Record<string, unknown>> {
  db: Db<S>;
  driver: Driver;
  /** Where it lives: the URL without password, or the data folder. */
  location: string;
  ping(): Promise<void>;
  /**
   * Runs `work` while holding the session-level advisory lock `key`, or not at all when another
   * process holds it: background work that N instances all schedule runs once at a time. The
   * embedded database belongs to one process, which needs no lock.
   */
  whileLocked<T>(key: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

export type MigrationSet = "control" | "store";
const migrationsRoot = fileURLToPath(new URL("./migrations/", import.meta.url));

export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid url)";
  }
}

export interface OpenOptions {
  /** For postgres:// targets: create the database when it does not exist yet. */
  createIfMissing?: boolean;
  poolSize?: number;
}

export async function openDatabase<S extends Record<string, unknown>>(
  target: string,
  schema: S,
  options: OpenOptions = {},
): Promise<DbHandle<S>> {
  if (isPostgresUrl(target)) {
    if (options.createIfMissing) await ensurePostgresDatabase(target);
    const pool = new pg.Pool({
      connectionString: target,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db<S>;
    return {
      db,
      driver: "pg",
      location: redactUrl(target),
      ping: async () => {
        await pool.query("select 1");
      },
      whileLocked: async (key, work) => {
        // One connection holds the lock for the whole run; the work itself uses the pool.
        const client = await pool.connect();
        let broken = false;
        try {
          const got = await client.query<{ got: boolean }>(
            "select pg_try_advisory_lock(hashtext($1)) as got",
            [key],
          );
          if (!got.rows[0]?.got) return { ran: false };
          try {
            return { ran: true, value: await work() };
          } finally {
            await client.query("select pg_advisory_unlock(hashtext($1))", [key]).catch(() => {
              // A lost connection released the lock with it; never pool a connection that might hold it.
              broken = true;
            });
          }
        } finally {
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }
  if (target !== "memory://") mkdirSync(target, { recursive: true });
  const client = await PGlite.create(target === "memory://" ? undefined : target, {
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db<S>;
  return {
    db,
    driver: "pglite",
    location: target,
    ping: async () => {
      await client.query("select 1");
    },
    whileLocked: async (_key, work) => ({ ran: true, value: await work() }),
    close: () => client.close(),
  };
}

/**
 * PGlite keeps `postmaster.pid` in its folder while a process has it open, and does not stop a
 * second process from opening it too: two writers would corrupt it. CLIs ask before opening.
 */
export function embeddedDatabaseInUse(folder: string): boolean {
  return existsSync(join(folder, "postmaster.pid"));
}

export async function migrateDatabase(
  handle: DbHandle<Record<string, unknown>>,
  set: MigrationSet,
): Promise<void> {
  const migrationsFolder = `${migrationsRoot}${set}`;
  if (handle.driver === "pg") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type.
    await migratePg(handle.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    await migratePglite(handle.db as any, { migrationsFolder });
  }
}

/** Connects to the server's maintenance database and creates the target database if absent. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`create database "${name}"`);
      } catch (err) {
        // Another process created it at the same moment: that is what we wanted (42P04, or
        // 23505 when both got past the catalogue check before either committed).
        const code = (err as { code?: string }).code;
        if (code !== "42P04" && code !== "23505") throw err;
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Rows of a raw SQL query: both drivers answer `{ rows }`, which the shared Drizzle type leaves unknown. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Names of the statements `preparedRows` has prepared, by text: one name per text, for every connection. */
const preparedNames = new Map<string, string>();
/**
 * A statement set this large is not the bounded one `preparedRows` is for: the rest run unnamed.
 * Each pooled connection keeps the plans of the statements it ran (about 80-250 KB each on
 * PostgreSQL 15), so this also bounds what a crawler enumerating filter and sort combinations can
 * make a connection hold; the shop's own pages use a few dozen.
 */
const MAX_PREPARED = 200;
const dialect = new PgDialect();

/**
 * Rows of a raw SQL statement sent on most requests, whose texts are few (a listing's page and
 * hydration): on PostgreSQL a named prepared statement, so each pooled connection parses it once
 * and, after PostgreSQL's first five custom plans, reuses a generic plan instead of planning it
 * again (the hydration's planning was 0.5-3 ms of a 1-2 ms execution; docs/decisions/0037).
 * Values stay parameters. In a transaction, on the embedded database, or past MAX_PREPARED
 * distinct texts, it is an ordinary query.
 */
export async function preparedRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = preparedNames.get(text);
  if (name === undefined) {
    if (preparedNames.size >= MAX_PREPARED) return queryRows<T>(db, query);
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  const result = await pool.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}
