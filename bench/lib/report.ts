// The Markdown report of one bench run (bench/results/latest.md).
import type { RouteBundle } from "./bundle-size";
import type { LighthouseSummary } from "./lighthouse";
import type { LoadSummary } from "./load";
import type { RequestDbTime } from "./queries";

export interface EndpointResult {
  key: string;
  label: string;
  kind: "api" | "page";
  path: string;
  /** Which budget applies: listing p99, suggestion p99, or none. */
  budget?: "listing" | "suggest";
  /** Reads the database on every request, whatever the caches hold (docs/decisions/0013). */
  uncached?: boolean;
  status: number;
  /** Why it was not measured (e.g. the route does not exist yet). */
  missing?: string;
  bytes?: number;
  encoding?: string;
  cacheControl?: string;
  load?: LoadSummary;
  bound?: LoadSummary;
  serial?: LoadSummary;
  dbTime?: RequestDbTime;
  /** CPU (user + system) per measured request, ms, of the storefront and of the bare server. */
  cpuMs?: number;
  boundCpuMs?: number;
  /** A page's `X-Page-Cache` on its second probe: `hit` when the page cache served it. */
  pageCache?: string;
  /** Server renders at queries the page cache has not seen: CPU per render and median wall time, ms. */
  cold?: { cpuMs: number; wallMs: number; renders: number };
}

export interface ScalingRow {
  size: number;
  key: string;
  label: string;
  path: string;
  load: LoadSummary;
}

export interface BudgetCheck {
  budget: string;
  measured: string;
  limit: string;
  result: string;
}

export interface ReportInput {
  startedAt: Date;
  finishedAt: Date;
  loadAtStart: number[];
  /** After the settle wait that precedes Lighthouse; absent when Lighthouse did not run. */
  loadAtLighthouse?: number[];
  machine: string;
  database: string;
  catalogue: number;
  totalGroups: number;
  connections: number;
  durationS: number;
  repeats: number;
  serialS: number;
  lighthouseRuns: number;
  quick: boolean;
  notes: string[];
  checks: BudgetCheck[];
  results: EndpointResult[];
  scaling: ScalingRow[];
  bundles: RouteBundle[];
  pageBundles: { label: string; path: string; bundle: RouteBundle | undefined }[];
  lighthouse: LighthouseSummary[];
  budget: {
    firstLoadJsKb: number;
    lighthouse: number;
    listingP99: number;
    suggestP99: number;
    catalogue: number;
    /** Issue 26: warm pages' share of the bare bound, and a cold render's CPU. */
    pageWarmShare: number;
    pageColdCpuMs: number;
  };
}

const n0 = (v: number | undefined) =>
  v === undefined || Number.isNaN(v) ? "-" : Math.round(v).toLocaleString("en-US");
const n1 = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? "-" : v.toFixed(1));
const n2 = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? "-" : v.toFixed(2));
const pct = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? "-" : `${Math.round(v * 100)}%`);
const kb = (b: number | undefined) => (b === undefined ? "-" : `${(b / 1024).toFixed(1)} KB`);
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * Database time / single-connection latency; "cached" when the cold-path database time exceeds
 * the whole warm request by more than 5 ms (the listing caches answered it: docs/decisions/0013).
 * An endpoint that never uses those caches is never "cached": there `EXPLAIN ANALYZE`'s own
 * timing overhead can exceed the request, and the share is capped.
 */
function dbShare(r: EndpointResult): number | "cached" {
  if (!r.dbTime || !r.serial) return Number.NaN;
  // autocannon reports whole milliseconds: a margin keeps a 2.6 ms query in a "1 ms" request
  // from reading as cached, and the share is capped at 100% for the same reason.
  if (!r.uncached && r.dbTime.dbMs > r.serial.p50 + 5) return "cached";
  return Math.min(1, r.dbTime.dbMs / Math.max(r.serial.p50, 1));
}

/** What dominates an endpoint's own (single-connection) latency. */
function limiter(r: EndpointResult): string {
  if (!r.load || !r.bound || !r.serial) return "-";
  const parts: string[] = [];
  const share = dbShare(r);
  if (share === "cached") {
    parts.push(
      r.kind === "page"
        ? "served from the page cache (cold: database)"
        : "served from the listing caches (cold: database)",
    );
  } else if (!Number.isNaN(share)) {
    parts.push(
      share >= 0.5 ? "database" : r.kind === "page" ? "Node: rendering" : "Node: handler/serialisation",
    );
  } else {
    parts.push(r.kind === "page" ? "Node: rendering" : "not split (no database timing)");
  }
  if (r.dbTime && r.dbTime.queries > 8) parts.push(`${r.dbTime.queries} queries`);
  return parts.join("; ");
}

export function renderReport(x: ReportInput): string {
  const out: string[] = [];
  const minutes = (x.finishedAt.getTime() - x.startedAt.getTime()) / 60_000;
  out.push("# Storefront benchmark");
  out.push("");
  out.push(
    `Generated by \`npm run bench\` on ${x.startedAt.toISOString()} (${minutes.toFixed(1)} min).${x.quick ? " **Quick run** (development check, not a measurement)." : ""}`,
  );
  out.push("");
  out.push(
    `- Machine: ${x.machine}; load average at start: **${x.loadAtStart.map((v) => v.toFixed(2)).join(", ")}** (1, 5, 15 min).`,
  );
  out.push(`- Database: ${x.database}.`);
  out.push(
    `- Catalogue: main store (\`localhost\`) with ${n0(x.catalogue)} products (${n0(x.totalGroups)} listing cards: variant groups count once).`,
  );
  out.push(
    `- Load: autocannon in the bench process, ${x.connections} connections, ${x.durationS} s per run, median of ${x.repeats} run(s) after a 1 s warm-up; requests send \`Accept-Encoding: gzip, deflate, br\` like a browser. The server is a separate process (\`node --import tsx server/main.ts\`, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`).`,
  );
  out.push(
    `- Bound: a bare \`node:http\` server (separate process) answering the same URL with the same bytes from memory, loaded the same way in the same run. Ratio = storefront req/s / bound req/s.`,
  );
  out.push(
    `- Database time: every SQL statement of one request, captured at the \`pg\` driver from the same app running in the bench process, replayed with \`EXPLAIN (ANALYZE, FORMAT JSON)\` (planning + execution, median of 3), with the listing caches and the page cache off (the cold path: docs/decisions/0013, 0034). Share = database time / single-connection p50 (${x.serialS} s at 1 connection, caches on); 'cached' where the cold database time exceeds the whole warm request by more than 5 ms.`,
  );
  for (const note of x.notes) out.push(`- **Note:** ${note}`);
  out.push("");

  out.push("## Budgets (ARCHITECTURE.md section 7)");
  out.push("");
  out.push(
    table(
      ["budget", "measured", "limit", "result"],
      x.checks.map((c) => [c.budget, c.measured, c.limit, c.result === "MISSED" ? "**MISSED**" : c.result]),
    ),
  );
  out.push("");

  out.push(`## Throughput and latency at ${n0(x.catalogue)} products, ${x.connections} connections`);
  out.push("");
  out.push(
    table(
      [
        "endpoint",
        "URL",
        "bytes",
        "req/s",
        "p50 ms",
        "p99 ms",
        "errors",
        "bound req/s",
        "ratio",
        "p50 ms at 1 conn.",
        "DB ms",
        "DB share",
        "queries",
        "limited by",
      ],
      x.results.map((r) =>
        r.missing
          ? [
              r.label,
              code(r.path),
              "-",
              "-",
              "-",
              "-",
              "-",
              "-",
              "-",
              "-",
              "-",
              "-",
              "-",
              `not measured: ${r.missing}`,
            ]
          : [
              r.label,
              code(r.path),
              `${n0(r.bytes)} ${r.encoding === "identity" ? "" : `(${r.encoding})`}`.trim(),
              n0(r.load?.rps),
              n1(r.load?.p50),
              n1(r.load?.p99),
              n0(r.load?.errors),
              n0(r.bound?.rps),
              r.load && r.bound ? pct(r.load.rps / r.bound.rps) : "-",
              n1(r.serial?.p50),
              n2(r.dbTime?.dbMs),
              ((share) => (share === "cached" ? "cached" : Number.isNaN(share) ? "-" : pct(share)))(
                dbShare(r),
              ),
              r.dbTime ? String(r.dbTime.queries) : "-",
              limiter(r),
            ],
      ),
    ),
  );
  out.push("");
  out.push("Cache headers the storefront sent:");
  out.push("");
  for (const r of x.results.filter((r) => !r.missing))
    out.push(`- ${r.label}: \`Cache-Control: ${r.cacheControl || "(none)"}\``);
  out.push("");

  const slow = x.results.filter((r) => r.dbTime && r.dbTime.slowest.length > 0);
  if (slow.length > 0) {
    out.push("### Slowest statements per request (EXPLAIN ANALYZE)");
    out.push("");
    out.push(
      table(
        ["endpoint", "statement", "planning ms", "execution ms"],
        slow.flatMap((r) =>
          (r.dbTime?.slowest ?? []).map((q) => [
            r.label,
            code(q.summary),
            n2(q.planningMs),
            n2(q.executionMs),
          ]),
        ),
      ),
    );
    out.push("");
  }

  const pages = x.results.filter((r) => r.kind === "page" && !r.missing && r.load && r.bound);
  if (pages.length > 0) {
    const goal = x.budget;
    out.push("## Page cache: anonymous pages (docs/decisions/0034)");
    out.push("");
    out.push(
      `The page rows above, as the page cache's goals read them: warm pages (served from the cache: *cache* is the probe's \`X-Page-Cache\`) against the bare server answering the same bytes, as request rates and as CPU per request of each process (which a busy host disturbs less than rates); and the server's CPU for a cold render, ${pages[0]?.cold?.renders ?? 0} renders one after another, each at a query the cache has not seen (the loaders' data caches as in production).`,
    );
    out.push("");
    out.push(
      table(
        [
          "page",
          "bytes",
          "cache",
          "warm req/s",
          "bound req/s",
          `share (goal >= ${pct(goal.pageWarmShare)})`,
          "warm p99 ms",
          "CPU ms per warm request (bare)",
          "CPU share",
          `cold render CPU ms (goal <= ${goal.pageColdCpuMs})`,
          "cold render wall ms",
        ],
        pages.map((r) => {
          const share = (r.load?.rps ?? 0) / (r.bound?.rps ?? Number.NaN);
          return [
            r.label,
            n0(r.bytes),
            r.pageCache ?? "-",
            n0(r.load?.rps),
            n0(r.bound?.rps),
            `${pct(share)} ${share >= goal.pageWarmShare ? "met" : "missed"}`,
            n1(r.load?.p99),
            `${n2(r.cpuMs)} (${n2(r.boundCpuMs)})`,
            r.cpuMs && r.boundCpuMs !== undefined ? pct(r.boundCpuMs / r.cpuMs) : "-",
            r.cold ? `${n1(r.cold.cpuMs)} ${r.cold.cpuMs <= goal.pageColdCpuMs ? "met" : "missed"}` : "-",
            n1(r.cold?.wallMs),
          ];
        }),
      ),
    );
    out.push("");
  }

  const sizes = [...new Set(x.scaling.map((s) => s.size))].sort((a, b) => a - b);
  if (sizes.length > 0) {
    out.push(`## Growth with the catalogue (${x.connections} connections)`);
    out.push("");
    const keys = [...new Set(x.scaling.map((s) => s.key))];
    const rows = keys.map((k) => {
      const at = (size: number) => x.scaling.find((s) => s.key === k && s.size === size);
      const first = at(sizes[0]);
      const last = at(sizes[sizes.length - 1]);
      return [
        first?.label ?? k,
        ...sizes.map((size) => {
          const s = at(size);
          return s ? `${n1(s.load.p50)} / ${n1(s.load.p99)} (${n0(s.load.rps)}/s)` : "-";
        }),
        first && last && sizes.length > 1
          ? `x${(last.load.p50 / Math.max(first.load.p50, 0.001)).toFixed(1)}`
          : "-",
        first && last && sizes.length > 1
          ? `x${(last.load.p99 / Math.max(first.load.p99, 0.001)).toFixed(2)}`
          : "-",
      ];
    });
    out.push(
      "Rows ending in *caches off* were measured with a server started with `LISTING_CACHE_MS=0 LISTING_RESULT_CACHE_MS=0 PAGE_CACHE_MS=0` (every request takes the cold path to the database). The varied-URL mix (`bench/lib/mix.ts`) takes 20,000 URLs drawn once per catalogue in turn: random pages of all cards, pages 1-5 of a category or a brand, every sort, searches and suggestions of words from product names (one in five misspelt), product details.",
    );
    out.push("");
    out.push(
      table(
        [
          "endpoint",
          ...sizes.map((s) => `${n0(s)} products: p50 / p99 ms (req/s)`),
          "p50 growth",
          "p99 growth",
        ],
        rows,
      ),
    );
    out.push("");
  }

  out.push(
    `## First-load JavaScript per route (gzip; budget ${x.budget.firstLoadJsKb} KB, 1 KB = 1024 bytes)`,
  );
  out.push("");
  out.push(
    "Client entry + React Router manifest + root and route modules + their static imports, from the build's React Router manifest.",
  );
  out.push("");
  out.push(
    table(
      ["route", "files", "raw", "gzip", "budget"],
      x.bundles.map((b) => [
        code(b.pattern),
        String(b.files),
        kb(b.rawBytes),
        kb(b.gzipBytes),
        b.gzipBytes <= x.budget.firstLoadJsKb * 1024 ? "met" : "**MISSED**",
      ]),
    ),
  );
  out.push("");

  out.push(
    `## Lighthouse mobile (performance; median of ${x.lighthouseRuns || 0} run(s); budget >= ${x.budget.lighthouse})`,
  );
  out.push("");
  if (x.loadAtLighthouse) {
    out.push(
      `Load average when Lighthouse started (after waiting up to two minutes for the load tests' after-effects to pass): ${x.loadAtLighthouse.map((v) => v.toFixed(2)).join(", ")} (1, 5, 15 min).`,
    );
    out.push("");
  }
  const indexes = x.lighthouse.flatMap((l) => l.runs.map((r) => r.benchmarkIndex));
  out.push(
    `Lighthouse simulates a slower device by multiplying the host's CPU time by 4; its docs expect a host whose benchmarkIndex (its own CPU benchmark, taken every run) is 1500-2000 for that. The index of each run is given${indexes.length > 0 ? ` (this run: ${n0(Math.min(...indexes))} to ${n0(Math.max(...indexes))})` : ""}: TBT, hence the score, moves with it.`,
  );
  out.push("");
  if (x.lighthouse.length === 0) {
    out.push("Not run.");
  } else {
    out.push(
      table(
        [
          "page",
          "URL",
          "score",
          "LCP ms",
          "CLS",
          "TBT ms",
          "FCP ms",
          "host index",
          "runs (score @ host index)",
        ],
        x.lighthouse.map((l) => {
          const path = new URL(l.url).pathname;
          const label = x.pageBundles.find((p) => p.path === path)?.label ?? path;
          return l.error
            ? [label, code(path), "-", "-", "-", "-", "-", "-", `error: ${l.error}`]
            : [
                label,
                code(path),
                String(l.score),
                n0(l.lcpMs),
                n2(l.cls),
                n0(l.tbtMs),
                n0(l.fcpMs),
                n0(l.benchmarkIndex),
                l.runs.map((r) => `${r.score} @ ${n0(r.benchmarkIndex)}`).join(", "),
              ];
        }),
      ),
    );
  }
  out.push("");
  const missingPages = x.pageBundles.filter((p) => x.results.find((r) => r.path === p.path)?.missing);
  if (missingPages.length > 0) {
    out.push(
      `Pages not measured (not served with 200): ${missingPages.map((p) => `${p.label} ${code(p.path)}`).join(", ")}.`,
    );
    out.push("");
  }
  return `${out.join("\n")}\n`;
}
