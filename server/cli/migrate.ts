// `npm run db:migrate`: migrates the control database and every registered store database.
// Running it twice is a no-op.
import { bootDatabases } from "../boot";
import { loadConfigOrExit } from "../config";
import { createLogger } from "../log";

const config = loadConfigOrExit();
const log = createLogger(config);
const { registry, control } = await bootDatabases(config, log, { seed: false });
log.info({ control: control.location, stores: await registry.storeIds() }, "migrated");
await registry.close();
await control.close();
