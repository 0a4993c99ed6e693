// The operator listener against DNS rebinding (issue 38 item 9): a page on a name its attacker
// points at 127.0.0.1 reaches the listener from a victim's browser, but still says its own name
// in Host. Only loopback names, the bound address and OPERATOR_ALLOWED_HOSTS are answered.
// Its own file: listenOperator's Node adapter replaces the global Request and Response.
import { request as httpRequest } from "node:http";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createMetrics } from "../../server/http/metrics";
import { createOperatorApp, listenOperator } from "../../server/operator/index";
import { OPERATOR_TOKEN } from "../fixtures/platform";

describe("operator listener host names", () => {
  it("answers the operator listener only under loopback names and the configured ones (DNS rebinding)", async () => {
    const listener = await listenOperator(
      createOperatorApp({
        metrics: createMetrics(),
        readiness: async () => ({ ready: true, problems: [] }),
        paymentSetup: async () => ({ testPayments: [], paymentErrors: [] }),
        token: OPERATOR_TOKEN,
        allowedHosts: ["127.0.0.1", "ops.internal"],
        log: pino({ level: "silent" }),
      }),
      0,
      "127.0.0.1",
    );
    const port = Number(new URL(listener.url).port);
    // A real socket, so the Host header is exactly what a browser on a rebound name would send.
    const ask = (host: string, path: string, method = "GET") =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path,
            method,
            headers: { host, authorization: `Bearer ${OPERATOR_TOKEN}` },
          },
          (res) => {
            let body = "";
            res.on("data", (b) => {
              body += b;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        req.end();
      });
    try {
      for (const host of [
        "evil.example",
        `evil.example:${port}`,
        "127.0.0.1.evil.example",
        "0.0.0.0",
        "[::]",
      ]) {
        for (const [path, method] of [["/metrics"], ["/healthz"], ["/readyz"], ["/stores", "POST"]]) {
          const a = await ask(host, path as string, method);
          expect(a.status, `${method ?? "GET"} ${path} as ${host}`).toBe(421);
          expect(a.body).toContain("Misdirected request");
        }
      }
      for (const host of [
        "localhost",
        `localhost:${port}`,
        "127.0.0.1",
        `127.3.2.1:${port}`,
        "[::1]",
        `[::1]:${port}`,
        "LOCALHOST.",
        "ops.internal",
        `ops.internal:${port}`,
      ]) {
        expect((await ask(host, "/healthz")).status, host).toBe(200);
      }
      expect((await ask("localhost", "/metrics")).body).toContain("http_requests_total");
    } finally {
      await listener.close();
    }
  });
});
