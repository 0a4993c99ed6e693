import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    pool: "forks",
    testTimeout: 240_000,
    hookTimeout: 420_000,
    // PGlite instances are memory hungry; two workers fit this 2-core machine.
    maxWorkers: 2,
  },
});
