// Child process of the bench: seeds the demo stores when the data folder (or control database)
// is empty, then grows the main store's catalogue to <target> products with the synthetic
// seeder, and prints {"before":n,"after":m} on its last line. Same environment as the server.
import { sql } from "drizzle-orm";
import { seedSyntheticCatalogue } from "../../db/seed/synthetic";
import { bootDatabases } from "../../server/boot";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/log";

const target = Number(process.argv[2]);
const storeId = process.argv[3] ?? "main";
if (!Number.isInteger(target) || target < 0) {
  console.error("usage: seed-to.ts <target product count> [store]");
  process.exit(2);
}
const config = loadConfig();
const log = createLogger(config);
const { registry, control } = await bootDatabases(config, log, { seed: true });
const store = await registry.storeHandle(storeId);
const countProducts = async () => {
  const r = (await store.db.execute(
    sql`select count(*)::int as n from products where not deleted`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(r.rows[0]?.n ?? 0);
};
const before = await countProducts();
if (target > before) await seedSyntheticCatalogue(store, target - before, (m) => log.info(m));
const after = await countProducts();
await registry.close();
await control.close();
console.log(JSON.stringify({ before, after }));
