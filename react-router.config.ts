import type { Config } from "@react-router/dev/config";
import { readVariable } from "./server/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets several checkouts or test runs build side by side without clobbering each other.
  buildDirectory: readVariable("BUILD_DIR"),
  ssr: true,
  // The whole route manifest (two dozen routes, a few KB) goes with the first page. Lazy route
  // discovery instead fetched it piecewise after hydration and re-rendered the whole page when
  // it arrived: a long task on every first load (docs/decisions/0015-paint-before-hydration.md).
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: false,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
