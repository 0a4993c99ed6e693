// Prometheus metrics for operators.
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by store, route kind and status",
    labelNames: ["store", "kind", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route kind",
    labelNames: ["kind"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { registry, requests, duration };
}

export type Metrics = ReturnType<typeof createMetrics>;

export function routeKind(path: string): string {
  if (path.startsWith("/api/")) return "api";
  if (path.startsWith("/images/")) return "image";
  if (path.startsWith("/assets/")) return "asset";
  return "page";
}
