// The Hono app in this process over a copy of the seeded demo data folder (embedded
// databases): no initdb per test, real demo stores, optionally real page rendering.
import { rmSync } from "node:fs";
import { join } from "node:path";
import pino from "pino";
import { openDatabase } from "../../../db/client";
import * as controlSchema from "../../../db/control/schema";
import { createApp } from "../../../server/app";
import { createMetrics } from "../../../server/http/metrics";
import type { SsrHandler } from "../../../server/ssr";
import { StoreRegistry } from "../../../server/tenancy/registry";
import type { Send } from "./http";
import { demoTemplate } from "./prereqs";
import { BUILD_DIR, copyTemplate } from "./server";

export interface DemoPlatform {
  dataDir: string;
  registry: StoreRegistry;
  app: ReturnType<typeof createApp>;
  send: Send;
  dispose(): Promise<void>;
}

export async function openDemoPlatform(label: string, opts: { pages?: boolean } = {}): Promise<DemoPlatform> {
  const dataDir = copyTemplate(await demoTemplate(), label);
  const control = await openDatabase(join(dataDir, "control"), controlSchema);
  const registry = new StoreRegistry(control, { dataDir, cacheMs: 1_000 });
  let ssr: SsrHandler = async () => new Response("pages are not rendered in this test", { status: 501 });
  let close = async () => {};
  if (opts.pages) {
    process.env.BUILD_DIR = BUILD_DIR;
    const { createProductionSsr } = await import("../../../server/ssr");
    const real = await createProductionSsr();
    ssr = real.handle;
    close = real.close;
  }
  const app = createApp({ registry, ssr, log: pino({ level: "silent" }), metrics: createMetrics() });
  return {
    dataDir,
    registry,
    app,
    send: async (host, path, init) => {
      const headers = new Headers(init?.headers);
      headers.set("host", host);
      return await app.request(`http://${host}${path}`, { ...init, headers });
    },
    dispose: async () => {
      await close();
      await registry.close();
      await control.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
