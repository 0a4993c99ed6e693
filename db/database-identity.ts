// Which database a postgres:// URL reaches, as the server says it, not as the URL spells it:
// `localhost` and `127.0.0.1`, `postgres://` and `postgresql://`, another user, a missing port or a
// DNS alias all name one database, and two stores on one database would share customers, sessions
// and orders, and purging one would drop the other's (issue 38).
import pg from "pg";
import { postgresDatabaseName } from "./client";

export interface DatabaseIdentity {
  /**
   * The server: its system identifier (pg_control_system, fixed at initdb, shared only by physical
   * copies of one cluster), the port it is configured on and when it started (which tells apart
   * two running copies of one cluster). Without the system identifier (a managed service may
   * refuse it): the address and port the server answered on.
   */
  server: string;
  /** The database's name on that server (current_database()). */
  database: string;
  /** False when the database does not exist yet (asked through the server's `postgres` database). */
  exists: boolean;
}

export function sameDatabase(a: DatabaseIdentity, b: DatabaseIdentity): boolean {
  return a.server === b.server && a.database === b.database;
}

/**
 * Asks the server of `url` what the database is. A database that does not exist yet is named by
 * the URL and its server asked through its maintenance database. Throws when the server cannot be
 * reached.
 */
export async function databaseIdentity(url: string): Promise<DatabaseIdentity> {
  try {
    return await ask(url, null);
  } catch (err) {
    if ((err as { code?: string }).code !== "3D000") throw err;
    const maintenance = new URL(url);
    maintenance.pathname = "/postgres";
    return ask(maintenance.toString(), postgresDatabaseName(url));
  }
}

/** `missing`: the name of the database that does not exist (the URL's), asked about on another one. */
async function ask(url: string, missing: string | null): Promise<DatabaseIdentity> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {}); // a lost connection fails the query in flight
  await client.connect();
  try {
    const { rows } = await client.query<{
      database: string;
      addr: string | null;
      port: string;
      started: string;
    }>(
      `select current_database() as database, host(inet_server_addr()) as addr,
              current_setting('port') as port, pg_postmaster_start_time()::text as started`,
    );
    const row = rows[0];
    if (!row) throw new Error("the server did not say which database this is");
    const system = await client
      .query<{ id: string }>("select system_identifier::text as id from pg_control_system()")
      .then((r) => r.rows[0]?.id ?? null)
      .catch(() => null);
    // Not the address when the system identifier is there: one server reached through two of its
    // addresses (127.0.0.1 and ::1, a LAN address, a socket) answers two different ones.
    const server = system
      ? `system ${system} port ${row.port} started ${row.started}`
      : `address ${row.addr ?? "socket"} port ${row.port} started ${row.started}`;
    return { server, database: missing ?? row.database, exists: missing === null };
  } finally {
    await client.end().catch(() => {});
  }
}
