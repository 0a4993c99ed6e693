// Opens a PostgreSQL database through one of two drivers behind one Drizzle type:
// `pg` for a postgres:// URL, PGlite (PostgreSQL in WASM, on disk) for anything else.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
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
    const pool = guardPool(
      new pg.Pool({
        connectionString: target,
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: 5_000,
        idleTimeoutMillis: 30_000,
      }),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db<S>;
    return {
      db,
      driver: "pg",
      location: redactUrl(target),
      ping: async () => {
        await pool.query("select 1");
      },
      whileLocked: (key, work) => whileAdvisoryLocked(pool, key, work),
      close: () => pool.end(),
    };
  }
  if (target !== "memory://") mkdirSync(target, { recursive: true });
  const client = await PGlite.create(target === "memory://" ? undefined : target, {
    extensions: { pg_trgm },
    pgliteWasmModule: await compiledPglite(),
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

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and shared by every embedded database it opens
 * (a module holds no state; each database gets its own instance). Left to itself PGlite compiles
 * its 9 MB module for each database it opens: about 0.7 s of CPU each on this machine, and a
 * process opens the control database and one per store.
 */
function compiledPglite(): Promise<WebAssembly.Module> {
  pgliteModule ??= (async () => {
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    return WebAssembly.compile(await readFile(join(dirname(entry), "pglite.wasm")));
  })();
  return pgliteModule;
}

/**
 * A pool whose clients can lose their connection without ending the process. A connection the
 * server ends (a restart, a failover, pg_terminate_backend: FATAL 57P01) makes its client emit
 * 'error'; pg-pool listens only while a client is idle, so a client checked out for a transaction
 * or an advisory lock had no listener and the unhandled event killed the process (issue 38).
 * Every client gets a listener for life when the pool makes it: the statement in flight (or the
 * next one) fails with the error instead, a transaction cannot commit and is gone with its
 * session, and the pool drops the client when it is released (it is no longer queryable).
 */
export function guardPool(pool: pg.Pool): pg.Pool {
  // An idle client: the pool has already removed it.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

/** How long the lock holder waits before its first reconnect, and at most between two. */
const RELOCK_FIRST_MS = 250;
const RELOCK_MAX_MS = 5_000;

/**
 * Runs `work` while a connection of the pool holds the session-level advisory lock `key`; not at
 * all when another process holds it. The work itself uses the pool. The lock lives as long as its
 * session: when the server ends that connection the holder reconnects (retrying while the
 * database is down) and takes the lock again, so another instance does not start the same work
 * beside this one. Should one have taken it meanwhile, this run finishes without it, which the
 * locked work (the payment sweep: every step conditional on the row's state) tolerates.
 */
async function whileAdvisoryLocked<T>(
  pool: pg.Pool,
  key: string,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const take = async (): Promise<pg.PoolClient | null> => {
    const client = await pool.connect();
    try {
      const got = await client.query<{ got: boolean }>("select pg_try_advisory_lock(hashtext($1)) as got", [
        key,
      ]);
      if (got.rows[0]?.got) return client;
      client.release();
      return null;
    } catch (err) {
      client.release(true);
      throw err;
    }
  };
  const unlock = async (client: pg.PoolClient) => {
    let broken = false;
    await client.query("select pg_advisory_unlock(hashtext($1))", [key]).catch(() => {
      // A lost connection released the lock with it; never pool a connection that might hold it.
      broken = true;
    });
    client.release(broken);
  };

  const first = await take();
  if (!first) return { ran: false };
  let holder: pg.PoolClient | null = null;
  let done = false;
  let retry: NodeJS.Timeout | null = null;
  const hold = (client: pg.PoolClient) => {
    holder = client;
    const lost = () => {
      if (holder !== client) return;
      holder = null;
      client.release(true);
      relock(RELOCK_FIRST_MS);
    };
    client.once("error", lost);
  };
  const relock = (delayMs: number) => {
    if (done) return;
    retry = setTimeout(async () => {
      retry = null;
      if (done) return;
      try {
        const again = await take();
        if (!again) return; // another process took it meanwhile
        if (done) await unlock(again);
        else hold(again);
      } catch {
        relock(Math.min(delayMs * 2, RELOCK_MAX_MS));
      }
    }, delayMs);
    retry.unref();
  };
  hold(first);
  try {
    return { ran: true, value: await work() };
  } finally {
    done = true;
    if (retry) clearTimeout(retry);
    const last = holder as pg.PoolClient | null;
    holder = null;
    if (last) await unlock(last);
  }
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

/** The database a postgres:// URL names; only names this code can quote safely. */
export function postgresDatabaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  return name;
}

/** Connects to the server's maintenance database and creates the target database if absent. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = postgresDatabaseName(url);
  const u = new URL(url);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  client.on("error", () => {}); // a lost connection fails the query in flight, which is the answer
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
  const name = postgresDatabaseName(url);
  const u = new URL(url);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  client.on("error", () => {}); // a lost connection fails the query in flight, which is the answer
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
