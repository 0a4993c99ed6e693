// Lighthouse mobile (its default: Moto G Power class device, simulated slow 4G and 4x CPU
// slowdown) on the system Chromium, performance category only, a few runs per page.
// The 4x slowdown is relative to the host, and this shared host's speed swings by half from one
// minute to the next, so the pages take turns (a slow minute costs each page a run, not one page
// all of its runs) and every run records Lighthouse's measure of the host (benchmarkIndex).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./load";

export interface LighthouseSample {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Lighthouse's measure of the host CPU during the run (its docs expect 1500-2000 for 4x). */
  benchmarkIndex: number;
}

export interface LighthouseSummary extends LighthouseSample {
  url: string;
  runs: LighthouseSample[];
  /** Set when Lighthouse could not measure the page. */
  error?: string;
}

export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

export async function lighthousePages(urls: string[], runs: number): Promise<LighthouseSummary[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const run = (url: string) =>
      lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
    const samples = new Map<string, LighthouseSample[]>(urls.map((u) => [u, []]));
    const errors = new Map<string, string>();
    for (let i = 0; i < runs; i++) {
      // Alternate the order too, so no page always runs right after another.
      for (const url of i % 2 === 0 ? urls : [...urls].reverse()) {
        // A run whose trace Lighthouse could not read (a runtime error, not a measurement; a fresh
        // Chromium's first trace sometimes lacks its navigation start) is run again, up to twice.
        let lhr = (await run(url))?.lhr;
        for (let retry = 0; retry < 2 && (!lhr || lhr.runtimeError); retry++) lhr = (await run(url))?.lhr;
        if (!lhr || lhr.runtimeError) {
          errors.set(url, lhr?.runtimeError?.message ?? "no result");
          continue;
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.get(url)?.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: audit("largest-contentful-paint"),
          cls: audit("cumulative-layout-shift"),
          tbtMs: audit("total-blocking-time"),
          fcpMs: audit("first-contentful-paint"),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
      }
    }
    return urls.map((url) => {
      const got = samples.get(url) ?? [];
      const mid = (pick: (s: LighthouseSample) => number) => median(got.map(pick));
      return {
        url,
        runs: got,
        error: got.length === 0 ? errors.get(url) : undefined,
        score: mid((s) => s.score),
        lcpMs: mid((s) => s.lcpMs),
        cls: mid((s) => s.cls),
        tbtMs: mid((s) => s.tbtMs),
        fcpMs: mid((s) => s.fcpMs),
        benchmarkIndex: mid((s) => s.benchmarkIndex),
      };
    });
  } finally {
    chrome.kill();
  }
}
