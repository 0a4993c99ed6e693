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
    budget: { firstLoadJsKb: 120, lighthouse: 95, listingP99: 25, suggestP99: 15, catalogue: 100_000 },
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
