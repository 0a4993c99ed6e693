import { describe, expect, it } from "vitest";
import type { LoadSummary } from "../../bench/lib/load";
import { type EndpointResult, type ReportInput, renderReport } from "../../bench/lib/report";

const load = (rps: number, p50: number, connections = 10): LoadSummary => {
  const sample = { rps, p50, p99: p50 * 3, errors: 0, requests: rps * 8 };
  return { ...sample, connections, runs: [sample] };
};

/** An API endpoint whose cold-path database time (9.5 ms) exceeds its warm request (3 ms). */
const endpoint = (key: string, label: string, uncached?: boolean): EndpointResult => ({
  key,
  label,
  kind: "api",
  path: `/api/v1/${key}`,
  uncached,
  status: 200,
  bytes: 900,
  load: load(600, 15),
  bound: load(15_000, 1),
  serial: load(300, 3, 1),
  dbTime: { path: `/api/v1/${key}`, status: 200, queries: 1, dbMs: 9.5, slowest: [] },
});

function report(results: EndpointResult[]): string {
  const input: ReportInput = {
    startedAt: new Date("2026-11-23T17:00:00Z"),
    finishedAt: new Date("2026-11-23T17:20:00Z"),
    loadAtStart: [1, 1, 1],
    machine: "test",
    database: "PostgreSQL",
    catalogue: 100_000,
    totalGroups: 99_899,
    connections: 10,
    durationS: 8,
    repeats: 3,
    serialS: 3,
    lighthouseRuns: 0,
    quick: false,
    notes: [],
    checks: [],
    results,
    scaling: [],
    bundles: [],
    pageBundles: [],
    lighthouse: [],
    budget: {
      firstLoadJsKb: 120,
      lighthouse: 95,
      listingP99: 25,
      suggestP99: 15,
      catalogue: 100_000,
      pageWarmShare: 0.25,
      pageColdCpuMs: 15,
    },
  };
  return renderReport(input);
}

const row = (md: string, label: string) => md.split("\n").find((l) => l.startsWith(`| ${label} |`)) ?? "";

describe("bench report: what limits an endpoint", () => {
  it("reads a database time above the warm request as the listing caches answering", () => {
    const line = row(report([endpoint("listing", "listing, page 1")]), "listing, page 1");
    expect(line).toContain("| cached |");
    expect(line).toContain("served from the listing caches");
  });

  it("never says so of an endpoint that reads the database on every request", () => {
    const line = row(report([endpoint("product", "product detail", true)]), "product detail");
    expect(line).not.toContain("cached");
    expect(line).toContain("| 100% |");
    expect(line).toContain("| database |");
  });
});

describe("bench report: the page cache's rows", () => {
  const page = (key: string, label: string, warmRps: number, coldCpuMs: number): EndpointResult => ({
    key,
    label,
    kind: "page",
    path: `/${key}`,
    status: 200,
    bytes: 12_000,
    pageCache: "hit",
    load: load(warmRps, 4),
    bound: load(2_000, 2),
    serial: load(250, 4, 1),
    cpuMs: 0.8,
    boundCpuMs: 0.2,
    cold: { cpuMs: coldCpuMs, wallMs: coldCpuMs + 3, renders: 40 },
  });

  it("sets warm pages against the bare bound and a cold render against its goal", () => {
    const md = report([page("home", "home page", 600, 12.5), page("listing", "listing page", 300, 33)]);
    expect(md).toContain("## Page cache: anonymous pages");
    const home = row(md.slice(md.indexOf("## Page cache")), "home page");
    expect(home).toContain("| hit |");
    expect(home).toContain("| 30% met |");
    expect(home).toContain("| 0.80 (0.20) | 25% |");
    expect(home).toContain("| 12.5 met |");
    const listing = row(md.slice(md.indexOf("## Page cache")), "listing page");
    expect(listing).toContain("| 15% missed |");
    expect(listing).toContain("| 33.0 missed |");
  });

  it("has no such section without page rows", () => {
    expect(report([endpoint("listing", "listing, page 1")])).not.toContain("## Page cache");
  });
});
