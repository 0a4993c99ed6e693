// Load with autocannon at a fixed concurrency, repeated, summarised by medians.
import autocannon from "autocannon";

export interface LoadOptions {
  connections: number;
  durationS: number;
  headers: Record<string, string>;
}

export interface LoadSample {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  requests: number;
}

export interface LoadSummary extends LoadSample {
  connections: number;
  runs: LoadSample[];
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export async function loadOnce(url: string, o: LoadOptions): Promise<LoadSample> {
  const r = (await autocannon({
    url,
    connections: o.connections,
    duration: o.durationS,
    headers: o.headers,
    timeout: 10,
  })) as AutocannonResult;
  return {
    rps: r.duration > 0 ? r.requests.total / r.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    requests: r.requests.total,
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A short warm-up (JIT, caches, pools), then `repeats` measured runs. */
export async function measure(
  url: string,
  o: LoadOptions,
  repeats: number,
  warmupS = 1,
): Promise<LoadSummary> {
  if (warmupS > 0) await loadOnce(url, { ...o, durationS: warmupS });
  const runs: LoadSample[] = [];
  for (let i = 0; i < repeats; i++) runs.push(await loadOnce(url, o));
  return summarize(o.connections, runs);
}

/** Measured runs as one row: medians of rate and latency, errors and requests summed. */
export function summarize(connections: number, runs: LoadSample[]): LoadSummary {
  return {
    connections,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    runs,
  };
}
