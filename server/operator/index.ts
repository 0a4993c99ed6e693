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
  /**
   * Host names answered besides the loopback ones (localhost, 127.0.0.0/8, [::1]): the bound
   * address and OPERATOR_ALLOWED_HOSTS. Any other Host gets 421.
   */
  allowedHosts?: readonly string[];
  log: Logger;
}

const LOOPBACK_V4 =
  /^127\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)$/;

/** The name of a Host header without its port, lower case and without a trailing dot; IPv6 keeps its brackets. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d*$/, "");
  return name.replace(/\.$/, "");
}

/**
 * Against DNS rebinding: a page on evil.example whose name the attacker points at 127.0.0.1
 * reaches this listener from the victim's browser as same-origin, but its requests still say
 * `Host: evil.example`. Only loopback names and the configured ones are answered.
 */
export function operatorHostAllowed(host: string | undefined, allowed: readonly string[] = []): boolean {
  if (!host) return false;
  const name = hostName(host);
  if (name === "localhost" || name === "[::1]" || LOOPBACK_V4.test(name)) return true;
  return allowed.some((a) => {
    const wanted = hostName(a.includes(":") && !a.startsWith("[") ? `[${a}]` : a);
    // The wildcard addresses are where it listens, not a name anyone should call it by.
    return wanted !== "0.0.0.0" && wanted !== "[::]" && wanted === name;
  });
}

export function createOperatorApp(deps: OperatorDeps): Hono {
  const app = new Hono();
  app.use(secureHeaders());
  app.use(async (c, next) => {
    // app.request (the tests) sends no Host header; the URL's host stands for it then.
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!operatorHostAllowed(host, deps.allowedHosts)) {
      return c.text(
        "Misdirected request: the operator listener answers only to loopback names and OPERATOR_ALLOWED_HOSTS.\n",
        421,
      );
    }
    await next();
  });
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
