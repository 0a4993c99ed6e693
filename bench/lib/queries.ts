// Database time of a request: the storefront app runs in this process (same code, same
// build, same databases), every SQL statement one request sends is captured at the `pg`
// driver, then replayed as EXPLAIN (ANALYZE, FORMAT JSON) inside a transaction that is rolled
// back. The sum of planning and execution times is the database's share of the request, and
// the statement count shows N+1 patterns.
//
// The replay runs on one connection per database that stays open for the whole bench, as the
// server's pooled connections do: a new connection's first statements pay for loading the
// catalogue's table and index definitions (2-3 ms of "planning" for the hydration at 100k
// products), which a pooled connection paid once. A statement the app sends as a named
// prepared statement (db/client.ts `preparedRows`) is replayed as one: prepared once on that
// connection, executed five times (PostgreSQL's custom plans before it weighs a generic one), then
// `EXPLAIN ANALYZE EXECUTE`, which is what a pooled connection pays for it from then on.
import pg from "pg";
import pino from "pino";

export interface CapturedQuery {
  database: string;
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the app sent it as one. */
  name?: string;
}

export interface QueryTiming {
  /** First line of the statement, shortened. */
  summary: string;
  planningMs: number;
  executionMs: number;
}

export interface RequestDbTime {
  path: string;
  status: number;
  queries: number;
  dbMs: number;
  /** The slowest statements, slowest first. */
  slowest: QueryTiming[];
}

let capturing: CapturedQuery[] | null = null;
let installed = false;

type QueryFn = (...args: unknown[]) => unknown;

/** Patches pg.Client so every statement of every pool is recorded while capturing. */
function installCapture(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: { database?: string }, ...args: unknown[]) {
    if (capturing) {
      const [first, second] = args;
      let text = "";
      let values: unknown[] = [];
      let name: string | undefined;
      if (typeof first === "string") {
        text = first;
        if (Array.isArray(second)) values = second;
      } else if (first && typeof first === "object" && "text" in first) {
        const q = first as { text: string; values?: unknown[]; name?: string };
        text = q.text;
        values = q.values ?? (Array.isArray(second) ? second : []);
        name = q.name;
      }
      if (text) capturing.push({ database: this.database ?? "", text, values, ...(name ? { name } : {}) });
    }
    return original.apply(this, args);
  };
}

function summarise(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > 90 ? `${oneLine.slice(0, 87)}...` : oneLine;
}

const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|start transaction|savepoint|release)\b/i;

interface PlanJson {
  "Planning Time"?: number;
  "Execution Time"?: number;
}

/** The replay's connections: one per database, open until the bench closes the in-process app. */
interface ReplayConnection {
  client: pg.Client;
  /** Names of the statements prepared on it. */
  prepared: Set<string>;
}

/** `EXECUTE name(...)` with the values written as literals: EXECUTE takes no bind parameters. */
function executeText(client: pg.Client, name: string, values: unknown[]): string {
  if (values.length === 0) return `execute ${name}`;
  // As the pg driver sends them: arrays in PostgreSQL's array syntax, dates as ISO text.
  const literal = (v: unknown): string => {
    if (v === null || v === undefined) return "null";
    if (Array.isArray(v))
      return client.escapeLiteral(
        `{${v.map((x) => (x === null ? "NULL" : JSON.stringify(String(x)))).join(",")}}`,
      );
    if (v instanceof Date) return client.escapeLiteral(v.toISOString());
    return client.escapeLiteral(typeof v === "object" ? JSON.stringify(v) : String(v));
  };
  return `execute ${name}(${values.map(literal).join(", ")})`;
}

/** Replays one request's statements with EXPLAIN ANALYZE, in order, and rolls back. */
async function explainAll(
  serverUrl: string,
  queries: CapturedQuery[],
  connections: Map<string, ReplayConnection>,
): Promise<QueryTiming[]> {
  const opened: ReplayConnection[] = [];
  const connectionFor = async (database: string) => {
    let c = connections.get(database);
    if (!c) {
      const u = new URL(serverUrl);
      u.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: u.toString() });
      await client.connect();
      c = { client, prepared: new Set() };
      connections.set(database, c);
    }
    if (!opened.includes(c)) {
      await c.client.query("begin");
      opened.push(c);
    }
    return c;
  };
  const timings: QueryTiming[] = [];
  try {
    for (const q of queries) {
      if (TRANSACTION_CONTROL.test(q.text)) continue;
      const { client, prepared } = await connectionFor(q.database);
      if (!EXPLAINABLE.test(q.text)) {
        await client.query(q.text, q.values);
        continue;
      }
      let explained: string;
      let values: unknown[] = q.values;
      if (q.name) {
        if (!prepared.has(q.name)) {
          // PREPARE outlives the replay's rollback, as it outlives a request on a pooled connection.
          await client.query(`prepare ${q.name} as ${q.text}`);
          prepared.add(q.name);
          for (let i = 0; i < 5; i++) await client.query(executeText(client, q.name, q.values));
        }
        explained = executeText(client, q.name, q.values);
        values = [];
      } else {
        explained = q.text;
      }
      const r = await client.query(`explain (analyze, format json) ${explained}`, values);
      const plan = (r.rows[0]?.["QUERY PLAN"] as PlanJson[] | undefined)?.[0] ?? {};
      timings.push({
        summary: summarise(q.text),
        planningMs: plan["Planning Time"] ?? 0,
        executionMs: plan["Execution Time"] ?? 0,
      });
    }
  } finally {
    for (const c of opened) await c.client.query("rollback").catch(() => {});
  }
  return timings;
}

export interface InProcessApp {
  /** Runs the request `repeats` times after one warm-up and reports the median database time. */
  dbTime(path: string, headers: Record<string, string>, repeats: number): Promise<RequestDbTime>;
  close(): Promise<void>;
}

/**
 * The storefront app in this process, on the bench's databases. Needs BUILD_DIR set before
 * the first call (server/ssr.ts reads it when imported).
 */
export async function openInProcessApp(opts: {
  controlUrl: string;
  dataDir: string;
  host: string;
}): Promise<InProcessApp> {
  installCapture();
  // A request's database time is what it costs when it is not served from the listing caches
  // (docs/decisions/0013) or, for a page, the page cache (0034): they are off in this in-process
  // copy of the app.
  process.env.LISTING_CACHE_MS = "0";
  process.env.LISTING_RESULT_CACHE_MS = "0";
  process.env.PAGE_CACHE_MS = "0";
  const [{ openDatabase }, controlSchema, { StoreRegistry }, { createApp }, { createMetrics }, ssrModule] =
    await Promise.all([
      import("../../db/client"),
      import("../../db/control/schema"),
      import("../../server/tenancy/registry"),
      import("../../server/app"),
      import("../../server/http/metrics"),
      import("../../server/ssr"),
    ]);
  const control = await openDatabase(opts.controlUrl, controlSchema, { poolSize: 2 });
  const registry = new StoreRegistry(control, { dataDir: opts.dataDir, cacheMs: 60_000 });
  const ssr = await ssrModule.createProductionSsr();
  const app = createApp({
    registry,
    ssr: ssr.handle,
    log: pino({ level: "silent" }),
    metrics: createMetrics(),
    clientDir: ssrModule.clientBuildDir,
  });
  const replayConnections = new Map<string, ReplayConnection>();
  const request = async (path: string, headers: Record<string, string>) => {
    const res = await app.request(`http://${opts.host}${path}`, { headers: { ...headers, host: opts.host } });
    await res.arrayBuffer();
    return res.status;
  };
  return {
    async dbTime(path, headers, repeats) {
      await request(path, headers);
      capturing = [];
      let status: number;
      let queries: CapturedQuery[];
      try {
        status = await request(path, headers);
      } finally {
        queries = capturing ?? [];
        capturing = null;
      }
      // One replay first: a statement's first run on the connection reads its tables' definitions.
      await explainAll(opts.controlUrl, queries, replayConnections);
      const runs: QueryTiming[][] = [];
      for (let i = 0; i < Math.max(1, repeats); i++) {
        runs.push(await explainAll(opts.controlUrl, queries, replayConnections));
      }
      const totals = runs.map((t) => t.reduce((n, q) => n + q.planningMs + q.executionMs, 0));
      const sorted = [...totals].sort((a, b) => a - b);
      const medianIndex = totals.indexOf(sorted[Math.floor(sorted.length / 2)]);
      const chosen = runs[medianIndex] ?? [];
      return {
        path,
        status,
        queries: queries.filter((q) => !TRANSACTION_CONTROL.test(q.text)).length,
        dbMs: totals[medianIndex] ?? 0,
        slowest: [...chosen]
          .sort((a, b) => b.planningMs + b.executionMs - (a.planningMs + a.executionMs))
          .slice(0, 3),
      };
    },
    async close() {
      for (const c of replayConnections.values()) await c.client.end().catch(() => {});
      await ssr.close();
      await registry.close();
      await control.close();
    },
  };
}
