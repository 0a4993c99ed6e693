import { defineConfig, devices } from "@playwright/test";
import { ADULT_VISITOR } from "./tests/e2e/storage-state";

// The end-to-end suite runs the real server (production build, embedded databases seeded
// from scratch in E2E_DATA_DIR) and drives the system Chromium.
const port = Number(process.env.E2E_PORT || 3190);
const dataDir = process.env.E2E_DATA_DIR || ".tmp/e2e-data";
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
// The loopback sign-in providers (tests/fixtures/social-providers-server.ts) sit beside the shop.
const oidcPort = Number(process.env.SOCIAL_OIDC_PORT || port + 5);
const facebookPort = Number(process.env.SOCIAL_FACEBOOK_PORT || port + 6);

export default defineConfig({
  testDir: "tests/e2e",
  // tests/e2e/run.ts gives each shard its own folder for failure screenshots.
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // tests/e2e/run.ts adds a JSON report (E2E_JSON_REPORT) to time each project.
  reporter: process.env.E2E_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]]
    : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    // Past the 18+ gate and with the newsletter modal hidden (see tests/e2e/storage-state.ts).
    storageState: ADULT_VISITOR,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    },
  },
  // The plan (docs/decisions/0039-e2e-plan.md): every test runs at desktop width, except the few
  // tagged @phone-only; the phone project runs what depends on the width (layout, menus, the buy
  // bar, the phone purchase, axe at 375 px) and one run of every journey, tagged @phone. The
  // roles are signed in once, by the setup project (tests/e2e/auth.setup.ts, roles.ts).
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts$/ },
    {
      name: "desktop",
      dependencies: ["setup"],
      grepInvert: /@phone-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    {
      name: "phone",
      dependencies: ["setup"],
      grep: /@phone/,
      use: { ...devices["Pixel 5"], viewport: { width: 375, height: 812 } },
    },
  ],
  webServer: [
    {
      command: "node --import tsx tests/fixtures/social-providers-server.ts",
      url: `http://127.0.0.1:${facebookPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      // Its reason, when it cannot start (a port taken), reaches the log.
      stderr: "pipe",
      env: {
        E2E_PORT: String(port),
        SOCIAL_OIDC_PORT: String(oidcPort),
        SOCIAL_FACEBOOK_PORT: String(facebookPort),
      },
    },
    {
      command: "node --import tsx server/main.ts",
      url: `http://localhost:${port}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        // Any free port: runs side by side must not fight over the operator listener's 9464.
        OPERATOR_PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        // The runner built the app before the shards started (tests/run.ts, tests/e2e/run.ts).
        // A server that rebuilt it here, because a static check's probe file in core/ looked newer
        // than the build, raced the other shard's server on the same folder: one failed to start,
        // and its whole shard ran no test.
        BUILD_ON_START: "0",
        STORE_CACHE_MS: "1000",
        // Every browser of the suite comes from 127.0.0.1: per-IP limits would trip (services/auth/limits.ts).
        RATE_LIMIT_FACTOR: "50",
        // Rate-limit tests give each visitor its own X-Forwarded-For address.
        TRUST_PROXY: "1",
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${oidcPort}`,
        FACEBOOK_DIALOG_URL: `http://127.0.0.1:${facebookPort}/v21.0/dialog/oauth`,
        FACEBOOK_GRAPH_URL: `http://127.0.0.1:${facebookPort}/v21.0`,
      },
    },
  ],
});
