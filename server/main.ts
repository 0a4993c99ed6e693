// `npm start` / `npm run dev`: build if needed, migrate, seed an empty data folder, serve.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { WebhookWorker } from "../services/integration/webhook-worker";
import { createMailTransport } from "../services/mail/transport";
import { MailWorker } from "../services/mail/worker";
import { createApp } from "./app";
import { bootDatabases } from "./boot";
import { ensureBuild } from "./build";
import { loadConfigOrExit } from "./config";
import { createMetrics } from "./http/metrics";
import { describePaymentSetup, logPaymentSetup } from "./http/test-payments";
import { serverTimeouts } from "./http/timeouts";
import { createLogger } from "./log";
import { startPaymentSweep } from "./payment-sweep";
import { clientBuildDir, createDevSsr, createProductionSsr } from "./ssr";

const config = loadConfigOrExit();
const log = createLogger(config);

async function main() {
  if (!config.dev) await ensureBuild(log);
  const { registry } = await bootDatabases(config, log, { seed: true });
  logPaymentSetup(log, await describePaymentSetup(registry));
  const ssr = config.dev ? await createDevSsr() : await createProductionSsr();
  // Delivers every store's outbox (SMTP_URL, or .eml files under DATA_DIR/mail when unset).
  const mailWorker = new MailWorker({
    stores: registry,
    transport: createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
    log: log.child({ component: "mail" }),
    mailFrom: config.mailFrom,
  });
  mailWorker.start();
  // Posts every store's placed and paid orders to its ERP webhook, signed, until acknowledged.
  const webhookWorker = new WebhookWorker({ stores: registry, log: log.child({ component: "webhook" }) });
  webhookWorker.start();
  // Verifies pending online payments and releases unpaid reservations once a minute.
  const stopPaymentSweep = startPaymentSweep(registry, log.child({ component: "payments" }));
  const app = createApp({
    registry,
    ssr: ssr.handle,
    log,
    metrics: createMetrics(),
    clientDir: config.dev ? undefined : clientBuildDir,
    config,
  });
  const listener = getRequestListener(app.fetch);
  const timeouts = serverTimeouts(config.requestTimeoutMs);
  const server = createServer(
    { connectionsCheckingInterval: timeouts.connectionsCheckingInterval },
    (req, res) => {
      if (ssr.devMiddleware) ssr.devMiddleware(req, res, () => listener(req, res));
      else listener(req, res);
    },
  );
  server.headersTimeout = timeouts.headersTimeout;
  server.requestTimeout = timeouts.requestTimeout;
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log.info(
      { port },
      `storefront listening on http://localhost:${port} (also cy.localhost, wholesale.localhost)`,
    );
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    stopPaymentSweep();
    await Promise.all([mailWorker.stop(), webhookWorker.stop()]);
    await ssr.close();
    await registry.close();
    await registry.control.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  log.fatal({ err }, "failed to start");
  process.exit(1);
});
