// `npm run test:resilience`: the resilience suite (tests/resilience), kept out of the default
// `vitest run`. It starts real server processes, so files run one after another.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/resilience/**/*.test.ts"],
    // The run's database templates (tests/global-setup.ts), then the resilience run folder.
    globalSetup: ["tests/global-setup.ts", "tests/resilience/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    // Generous: real servers start, seed and build on a small, possibly busy machine.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    teardownTimeout: 60_000,
  },
});
