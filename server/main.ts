// `npm start` / `npm run dev`: build if needed, migrate, seed an empty data folder, serve.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { isPostgresUrl } from "../db/client";
import { storeChanged } from "../services/cache";
import { startChangeBus } from "../services/change-bus";
import { WebhookWorker } from "../services/integration/webhook-worker";
import { createMailTransport } from "../services/mail/transport";
import { MailWorker } from "../services/mail/worker";
import { createApp } from "./app";
import { bootDatabases, defaultStoreTarget } from "./boot";
import { ensureBuild } from "./build";
import { loadConfigOrExit } from "./config";
import { createMetrics } from "./http/metrics";
import { describePaymentSetup, logPaymentSetup } from "./http/test-payments";
import { serverTimeouts } from "./http/timeouts";
import { createLogger } from "./log";
import { createOperatorApp, listenOperator } from "./operator/index";
import { readLiveOperatorFile, removeOperatorFile, writeOperatorFile } from "./operator/runtime-file";
import { storeCommandRoutes } from "./operator/stores";
import { startPaymentSweep } from "./payment-sweep";
import { clientBuildDir, createDevSsr, createProductionSsr } from "./ssr";
import { checkReadiness } from "./tenancy/readiness";

const config = loadConfigOrExit();
const log = createLogger(config);

async function main() {
  const embedded = !isPostgresUrl(config.controlTarget);
  const holder = readLiveOperatorFile(config.dataDir);
  if (embedded && holder?.embedded && holder.pid !== process.pid) {
    // Two processes on one embedded database corrupt it.
    log.fatal(
      { holderPid: holder.pid, dataDir: config.dataDir },
      `another server (pid ${holder.pid}) runs on the embedded databases in ${config.dataDir}; stop it first, or use PostgreSQL (DATABASE_URL) to run several instances`,
    );
    process.exit(1);
  }
  const operatorToken = config.operator.token ?? randomBytes(24).toString("base64url");
  // Only the embedded database needs it: there `npm run store` goes through this server. With
  // PostgreSQL the command works on the databases itself, and instances may share DATA_DIR.
  const runtime = { pid: process.pid, token: operatorToken, embedded };
  if (embedded) writeOperatorFile(config.dataDir, { ...runtime, url: null });

  if (!config.dev && config.buildOnStart) await ensureBuild(log);
  const { registry, control } = await bootDatabases(config, log, { seed: true });
  // With PostgreSQL, every instance forgets what another one changed (services/change-bus.ts).
  const changeBus = embedded
    ? null
    : startChangeBus(config.controlTarget, log.child({ component: "changes" }));
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
  const metrics = createMetrics();
  const app = createApp({
    registry,
    ssr: ssr.handle,
    log,
    metrics,
    clientDir: config.dev ? undefined : clientBuildDir,
    config,
  });
  const operator = await listenOperator(
    createOperatorApp({
      metrics,
      readiness: () => checkReadiness(registry, control),
      paymentSetup: () => describePaymentSetup(registry),
      token: operatorToken,
      storeCommands: storeCommandRoutes({
        control,
        dataDir: config.dataDir,
        controlTarget: config.controlTarget,
        storeTarget: (id) => defaultStoreTarget(config, id),
        announce: (id) => storeChanged(id),
        closeStore: (id) => registry.closeStore(id),
      }),
      allowedHosts: [config.operator.host, ...config.operator.allowedHosts],
      log: log.child({ component: "operator" }),
    }),
    config.operator.port,
    config.operator.host,
  );
  if (embedded) writeOperatorFile(config.dataDir, { ...runtime, url: operator.url });
  log.info(
    { operatorUrl: operator.url },
    `operator listener (metrics, readiness, store commands) on ${operator.url}`,
  );
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
    await Promise.all([mailWorker.stop(), webhookWorker.stop(), operator.close(), changeBus?.stop()]);
    if (embedded) removeOperatorFile(config.dataDir);
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
