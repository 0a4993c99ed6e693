// The bench's own PostgreSQL databases: a control database named `<base>_<random>` on the
// server of BENCH_DATABASE_URL (the server puts each store beside it as `<control>_<store>`),
// all dropped at the end. Without BENCH_DATABASE_URL the bench runs on the embedded database.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface BenchDatabase {
  /** DATABASE_URL for the server and the seeder; null for the embedded database. */
  controlUrl: string | null;
  /** "PostgreSQL 15.x" or "embedded (PGlite)". */
  label: string;
  /** The store database of a store id (postgres only). */
  storeUrl(storeId: string): string | null;
  /** Drops every database this run created. */
  drop(): Promise<void>;
}

function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

export async function createBenchDatabase(baseUrl: string | undefined): Promise<BenchDatabase> {
  if (!baseUrl) {
    return {
      controlUrl: null,
      label: "embedded (PGlite)",
      storeUrl: () => null,
      drop: async () => {},
    };
  }
  const u = new URL(baseUrl);
  const base = (u.pathname.replace(/^\//, "") || "bench").replace(/[^A-Za-z0-9_]/g, "_").slice(0, 30);
  const name = `${base}_${randomBytes(4).toString("hex")}`;
  u.pathname = `/${name}`;
  const controlUrl = u.toString();
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  let version = "";
  try {
    version = String((await admin.query("show server_version")).rows[0]?.server_version ?? "");
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    controlUrl,
    label: `PostgreSQL ${version} (${u.hostname}:${u.port || 5432}, databases ${name}*)`,
    storeUrl: (storeId) => {
      const s = new URL(controlUrl);
      s.pathname = `/${name}_${storeId}`;
      return s.toString();
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl(baseUrl) });
      await client.connect();
      try {
        const rows = await client.query(
          "select datname from pg_database where datname = $1 or datname like $2",
          [name, `${name}\\_%`],
        );
        for (const r of rows.rows) {
          await client.query(`drop database if exists "${String(r.datname)}" with (force)`);
        }
      } finally {
        await client.end();
      }
    },
  };
}
