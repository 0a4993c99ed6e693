// What the bench needs for the page cache's rows (issue 26, item 3; docs/decisions/0034), beside
// its other HTTP helpers: one GET with the raw answer, the bare server's table of probed answers,
// a load run that also counts a process's CPU per request, and the CPU of a cold server render
// (a page the cache does not hold).
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { type LoadOptions, type LoadSummary, loadOnce, measure } from "./load";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET, its status, headers and bytes as sent (no decompression). */
export function rawGet(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  return new Promise((ok, fail) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, headers: { ...headers, host }, method: "GET" },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const h: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) h[k] = Array.isArray(v) ? v.join(", ") : v;
          }
          ok({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${path}`)));
    req.on("error", fail);
    req.end();
  });
}

/** The bare server's answers (bench/lib/bare-server.ts): each probe's status, headers and bytes by path. */
export function bareTable(targets: { key: string; path: string }[], probes: Map<string, RawAnswer>) {
  const DROP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
  const table: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const t of targets) {
    const r = probes.get(t.key);
    if (!r) continue;
    table[t.path] = {
      status: r.status,
      headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => !DROP.has(k))),
      body: r.body.toString("base64"),
    };
  }
  return table;
}

/** User + system CPU of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of stat (utime, stime) are 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * `measure` with the CPU (user + system) the process `pid` spent per measured request, ms: on a
 * busy host the ratio of two processes' CPU per request moves less than their request rates do.
 * The warm-up runs before the CPU is read, so only measured requests are in it.
 */
export async function measureWithCpu(
  url: string,
  o: LoadOptions,
  repeats: number,
  pid: number,
): Promise<{ load: LoadSummary; cpuMs: number }> {
  await loadOnce(url, { ...o, durationS: 1 });
  const cpu0 = processCpuMs(pid);
  const load = await measure(url, o, repeats, 0);
  return { load, cpuMs: (processCpuMs(pid) - cpu0) / Math.max(1, load.requests) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : Number.NaN;
};

/**
 * Cold renders one after another: each URL gets a query the cache has never seen, so the server
 * renders the page (the loaders' own data caches stay as they are in production). The server's
 * CPU over all of them, per render, and the median wall time of one.
 */
export async function coldRenderCost(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string>,
  pid: number,
  renders: number,
): Promise<{ cpuMs: number; wallMs: number; renders: number }> {
  const sep = path.includes("?") ? "&" : "?";
  // One first, so the route's code is loaded and compiled.
  await rawGet(port, host, `${path}${sep}cold=warmup-${Date.now()}`, headers);
  const walls: number[] = [];
  const cpu0 = processCpuMs(pid);
  for (let i = 0; i < renders; i++) {
    const t = performance.now();
    const r = await rawGet(port, host, `${path}${sep}cold=${Date.now()}-${i}`, headers);
    walls.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`${path}: cold render answered ${r.status}`);
  }
  return { cpuMs: (processCpuMs(pid) - cpu0) / renders, wallMs: median(walls), renders };
}
