// The operator listener: metrics, health with its reasons, and the store commands, on a port of
// their own bound to loopback by default, never on a shop's host (docs/decisions/0029).
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import type { Metrics } from "../http/metrics";
import type { PaymentSetup } from "../http/test-payments";
import type { Readiness } from "../tenancy/readiness";

export interface OperatorDeps {
  metrics: Metrics;
  readiness: () => Promise<Readiness>;
  paymentSetup: () => Promise<PaymentSetup>;
  /** Bearer token the store commands need. */
  token: string;
  /** The store commands (`npm run store`), mounted at /stores behind the token. */
  storeCommands?: Hono;
  log: Logger;
}

export function createOperatorApp(deps: OperatorDeps): Hono {
  const app = new Hono();
  app.use(secureHeaders());
  app.onError((err, c) => {
    deps.log.error({ err }, "operator request failed");
    return c.json({ error: "internal", message: "The command failed; see the server log." }, 500);
  });
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const { ready, problems } = await deps.readiness();
    // Which stores would let shoppers approve their own payments, at a glance.
    const payments = ready ? await deps.paymentSetup() : {};
    return c.json({ status: ready ? "ready" : "unavailable", problems, ...payments }, ready ? 200 : 503);
  });
  app.get("/metrics", async (c) => {
    c.header("Content-Type", deps.metrics.registry.contentType);
    return c.body(await deps.metrics.registry.metrics());
  });
  const expected = Buffer.from(`Bearer ${deps.token}`);
  app.use("/stores/*", async (c, next) => {
    const given = Buffer.from(c.req.header("authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return c.json({ error: "unauthorized", message: "The operator token is missing or wrong." }, 401);
    await next();
  });
  if (deps.storeCommands) app.route("/stores", deps.storeCommands);
  app.all("*", (c) => c.json({ error: "not_found", message: "No such operator endpoint" }, 404));
  return app;
}

export interface OperatorListener {
  url: string;
  close(): Promise<void>;
}

export function listenOperator(app: Hono, port: number, host: string): Promise<OperatorListener> {
  const server: Server = createServer(getRequestListener(app.fetch));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      const shown = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shown === "0.0.0.0" ? "127.0.0.1" : shown}:${bound}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
