import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { filesWithoutDrivers } from "./tests/helpers/drivers";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Driver-independent files when TEST_DRIVER=pglite and TEST_DRIVER_SPLIT=1 leave them none
    // (docs/decisions/0038-test-databases.md).
    exclude: [
      ...configDefaults.exclude,
      ...filesWithoutDrivers(fileURLToPath(new URL(".", import.meta.url))),
    ],
    // The run's migrated and seeded templates, built once and copied by each test file.
    globalSetup: ["tests/global-setup.ts"],
    pool: "forks",
    testTimeout: 240_000,
    hookTimeout: 420_000,
    // PGlite instances are memory hungry; two workers fit this 2-core machine.
    maxWorkers: 2,
  },
});
