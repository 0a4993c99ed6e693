// ARCHITECTURE section 7: first-load JavaScript of every page <= 120 KB gzip. Measured on the
// build this suite serves, from React Router's manifest (what the browser loads up front for a
// route); the byte counts are deterministic, unlike timings, so this is a test and not a bench.
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { routeBundles } from "../../bench/lib/bundle-size";

const BUDGET_KB = 120;

// biome-ignore lint/correctness/noEmptyPattern: Playwright passes fixtures first; this test needs none.
test("every route's first-load JavaScript is within 120 KB gzip", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the build is the same for every viewport");
  const bundles = routeBundles(resolve(process.env.BUILD_DIR || "build"));
  expect(bundles.length).toBeGreaterThan(15);
  const over = bundles
    .filter((b) => b.gzipBytes > BUDGET_KB * 1024)
    .map((b) => `${b.pattern}: ${(b.gzipBytes / 1024).toFixed(1)} KB`);
  expect(over).toEqual([]);
});
