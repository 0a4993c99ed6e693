// A private PostgreSQL for one test (initdb + pg_ctl in a temp folder, its own loopback port),
// so a test can stop and restart a database server without touching the machine's shared one.
// As root the server runs as the `postgres` OS user (initdb refuses root).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./smtp";

const CANDIDATES = [
  process.env.PG_BIN_DIR,
  "/usr/lib/postgresql/17/bin",
  "/usr/lib/postgresql/16/bin",
  "/usr/lib/postgresql/15/bin",
];

export function postgresBinDir(): string | null {
  for (const dir of CANDIDATES)
    if (dir && existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (existsSync(join(dir, "initdb"))) return dir;
  } catch {}
  return null;
}

export interface PrivatePostgres {
  port: number;
  /** A URL of a database on this server (not created). */
  url(database: string): string;
  start(): void;
  /** pg_ctl stop: `fast` disconnects clients and shuts down cleanly, `immediate` is a crash. */
  stop(mode?: "fast" | "immediate"): void;
  destroy(): void;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL server binaries (initdb, pg_ctl) not found; set PG_BIN_DIR");
  const root = mkdtempSync(join(tmpdir(), "sf-private-pg-"));
  chmodSync(root, 0o777);
  const data = join(root, "data");
  const log = join(root, "server.log");
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, cmd), ...args]]
      : [join(bin, cmd), args];
    const r = spawnSync(full[0] as string, full[1] as string[], { encoding: "utf8", timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pg: PrivatePostgres = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => run("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]),
    stop: (mode = "fast") => run("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]),
    destroy: () => {
      try {
        pg.stop("immediate");
      } catch {}
      rmSync(root, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
