// Lighthouse mobile (its default: Moto G Power class device, simulated slow 4G and 4x CPU
// slowdown) on the system Chromium, performance category only, a few runs per page.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./load";

export interface LighthouseSample {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
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
    const out: LighthouseSummary[] = [];
    for (const url of urls) {
      const samples: LighthouseSample[] = [];
      let error: string | undefined;
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          error = lhr?.runtimeError?.message ?? "no result";
          continue;
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: audit("largest-contentful-paint"),
          cls: audit("cumulative-layout-shift"),
          tbtMs: audit("total-blocking-time"),
          fcpMs: audit("first-contentful-paint"),
        });
      }
      out.push({
        url,
        runs: samples,
        error: samples.length === 0 ? error : undefined,
        score: median(samples.map((s) => s.score)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        cls: median(samples.map((s) => s.cls)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        fcpMs: median(samples.map((s) => s.fcpMs)),
      });
    }
    return out;
  } finally {
    chrome.kill();
  }
}
