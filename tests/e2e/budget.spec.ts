// ARCHITECTURE section 7: first-load JavaScript of every page <= 120 KB gzip. Measured on the
// build this suite serves, from React Router's manifest (what the browser loads up front for a
// route); the byte counts are deterministic, unlike timings, so this is a test and not a bench.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { isBackOfficePattern, readManifest, routeBundles } from "../../bench/lib/bundle-size";

const BUDGET_KB = 120;

test("every storefront route's first-load JavaScript is within 120 KB gzip", async () => {
  // The back office (/admin) is loaded apart and has no budget of its own (ARCHITECTURE section 7).
  const bundles = routeBundles(resolve(process.env.BUILD_DIR || "build")).filter(
    (b) => !isBackOfficePattern(b.pattern),
  );
  expect(bundles.length).toBeGreaterThan(15);
  const over = bundles
    .filter((b) => b.gzipBytes > BUDGET_KB * 1024)
    .map((b) => `${b.pattern}: ${(b.gzipBytes / 1024).toFixed(1)} KB`);
  expect(over).toEqual([]);
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright passes fixtures first; this test needs none.
test("no storefront page loads any of the back office's code or stylesheet", async ({}, testInfo) => {
  const buildDir = resolve(process.env.BUILD_DIR || "build");
  const bundles = routeBundles(buildDir);
  const admin = bundles.filter((b) => isBackOfficePattern(b.pattern));
  const storefront = bundles.filter((b) => !isBackOfficePattern(b.pattern));
  expect(admin.length).toBeGreaterThan(3);
  const storefrontUrls = new Set(storefront.flatMap((b) => b.urls));
  // What only the back office loads: its route modules, their chunks (the table library, the admin
  // client) and its stylesheet. None of it may be on a storefront page's first load.
  const shared = admin.flatMap((b) => b.urls).filter((u) => storefrontUrls.has(u));
  const adminOnly = new Set(admin.flatMap((b) => b.urls).filter((u) => !storefrontUrls.has(u)));
  expect(adminOnly.size).toBeGreaterThan(3);
  expect([...adminOnly].some((u) => u.endsWith(".css"))).toBe(true);
  // And what both load holds no back-office code: the root chain only.
  const text = shared
    .filter((u) => u.endsWith(".js"))
    .map((u) => readFileSync(join(buildDir, "client", u.replace(/^\//, "")), "utf8"))
    .join("\n");
  for (const marker of ["Back office sign-in", "getCoreRowModel", "/admin/api"])
    expect(text).not.toContain(marker);
  const largest = Math.max(...admin.map((b) => b.gzipBytes));
  testInfo.annotations.push({
    type: "admin first load",
    description: `${(largest / 1024).toFixed(1)} KB gzip (largest admin route)`,
  });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright passes fixtures first; this test needs none.
test("the back office adds at most 3.5 KB to a storefront page: its rows in the route manifest", async ({}, testInfo) => {
  // React Router ships the whole route manifest with every first load (routeDiscovery "initial",
  // decision 0015); the admin routes' rows are the only part of the back office a shopper downloads.
  const manifest = readManifest(resolve(process.env.BUILD_DIR || "build"));
  const storefrontOnly = {
    ...manifest,
    routes: Object.fromEntries(
      Object.entries(manifest.routes).filter(([id]) => !id.startsWith("routes/admin/")),
    ),
  };
  const gz = (value: unknown) => gzipSync(JSON.stringify(value), { level: 6 }).length;
  const added = gz(manifest) - gz(storefrontOnly);
  testInfo.annotations.push({ type: "manifest rows of the back office", description: `${added} bytes gzip` });
  expect(Object.keys(manifest.routes).length - Object.keys(storefrontOnly.routes).length).toBeGreaterThan(10);
  // 2.5 KB until the back-office screens moved out of their routes (issue 39, item 5): each admin
  // row now lists its screen's modules, 2,862 bytes measured. One admin chunk would shorten the rows,
  // but Rollup pulls a manual chunk's shared storefront dependencies into it (tried: 24 storefront
  // routes then imported it), so it needs the shell's explicit module list first: a task left open.
  // 3.5 KB since Reports and Product reviews (issue 40, 45) added their rows: 3,139 bytes measured,
  // about 100 bytes a screen; the open task above is what brings it down.
  expect(added).toBeLessThanOrEqual(3584);
});
