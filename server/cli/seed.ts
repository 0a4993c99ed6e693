// `npm run db:seed`: creates the demo stores on an empty data folder (or control database), or
// finishes a first start that was killed before they were all made (server/boot.ts).
// `npm run db:seed -- --products 100000 [--store main]` adds a synthetic catalogue for benchmarks.
import { parseArgs } from "node:util";
import { bootDatabases } from "../boot";
import { loadConfigOrExit } from "../config";
import { createLogger } from "../log";

const { values } = parseArgs({
  options: { products: { type: "string" }, store: { type: "string", default: "main" } },
  allowPositionals: false,
});
const config = loadConfigOrExit();
const log = createLogger(config);
const { registry, control, seeded } = await bootDatabases(config, log, { seed: true });
if (!seeded) log.info("demo stores already present");
if (values.products) {
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
    log.error("--products takes a whole number from 1 to 2000000");
    process.exit(2);
  }
  const { seedSyntheticCatalogue } = await import("../../db/seed/synthetic");
  const started = Date.now();
  await seedSyntheticCatalogue(await registry.storeHandle(values.store ?? "main"), count, (m) => log.info(m));
  log.info({ count, store: values.store, ms: Date.now() - started }, "synthetic catalogue added");
}
await registry.close();
await control.close();
