// `npm run import -- --store main catalogue.csv [--dry-run]`: imports a catalogue file into a
// registered store (docs/catalogue-import.md). Every row is checked first; the import is one
// transaction. Exit codes: 0 imported (or checked, with --dry-run), 1 the file was refused (every
// problem printed as "line N, column: message"), 2 a usage error (arguments, unknown store, file
// not found, the embedded database in use by a running server).
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { listRowErrors } from "../../core/integration/csv-catalogue";
import { embeddedDatabaseInUse, isPostgresUrl } from "../../db/client";
import { embeddedStoreTarget } from "../../db/control/store-target";
import { configureServices } from "../../services/config";
import { isServiceError } from "../../services/failure";
import type { ImportProgress } from "../../services/integration/catalogue-import";
import { bootDatabases } from "../boot";
import { loadConfigOrExit } from "../config";
import { createLogger } from "../log";

class UnknownStore extends Error {}

const USAGE = "usage: npm run import -- --store <store id> [--dry-run] <file.csv>";

function usageError(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

let args: ReturnType<typeof parseCli>;
function parseCli() {
  return parseArgs({
    options: {
      store: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: true,
  });
}
try {
  args = parseCli();
} catch (err) {
  usageError((err as Error).message);
}
if (args.values.help) {
  process.stdout.write(`${USAGE}\nThe columns: docs/catalogue-import.md\n`);
  process.exit(0);
}
const storeId = args.values.store;
if (!storeId) usageError("Name the store with --store (its registered id, e.g. main).");
if (args.positionals.length !== 1) usageError("Name exactly one CSV file.");
const file = args.positionals[0] as string;
if (!existsSync(file) || !statSync(file).isFile()) usageError(`No such file: ${file}`);
const dryRun = args.values["dry-run"] === true;

const config = loadConfigOrExit();
configureServices(config.services);

const embeddedDirs = [
  ...(isPostgresUrl(config.controlTarget) ? [] : [config.controlTarget]),
  embeddedStoreTarget(config.dataDir, storeId),
];
const busy = embeddedDirs.find(embeddedDatabaseInUse);
if (busy) {
  usageError(
    [
      `The embedded database in ${busy} is open in another process: is the server running (npm start)?`,
      "Stop it and run the import again (with PostgreSQL, DATABASE_URL, the server may keep running).",
      `If no process has it open (a crash left it behind), delete ${join(busy, "postmaster.pid")}.`,
    ].join("\n"),
  );
}

// The CLI's own lines are what the operator reads; the boot's info logs would drown them.
const log = createLogger({
  logLevel: config.logLevel === "debug" || config.logLevel === "trace" ? config.logLevel : "warn",
});
const { registry, control } = await bootDatabases(config, log, { seed: false });
let code = 0;
try {
  const store = await registry.byId(storeId);
  if (!store) {
    const ids = await registry.storeIds();
    // Not usageError: its exit would skip closing the databases (PGlite would leave its pid file).
    throw new UnknownStore(`No store ${storeId}. Registered stores: ${ids.join(", ") || "(none)"}.`);
  }
  const { importCatalogueFile } = await import("../../services/integration/catalogue-import");
  const progress = createProgress(process.stdout.isTTY === true);
  const outcome = await importCatalogueFile(store, { id: null, email: "csv-import", ip: null }, file, {
    dryRun,
    onProgress: progress.update,
  });
  progress.end();
  if (outcome.status === "invalid") {
    process.stderr.write(
      `${file}: ${outcome.errors.length} problem${outcome.errors.length === 1 ? "" : "s"}; nothing was imported.\n`,
    );
    for (const line of listRowErrors(outcome.errors)) process.stderr.write(`${line}\n`);
    code = 1;
  } else {
    const verb = outcome.status === "checked" ? "Checked" : "Imported";
    const would = outcome.status === "checked" ? " (dry run, nothing written; would be)" : "";
    process.stdout.write(
      `${verb} ${outcome.rowCount} rows${would}: ${outcome.created} created, ${outcome.updated} updated, ${outcome.unchanged} unchanged in ${(outcome.ms / 1000).toFixed(1)} s\n`,
    );
  }
} catch (err) {
  if (err instanceof UnknownStore) {
    process.stderr.write(`${err.message}\n${USAGE}\n`);
    code = 2;
  } else {
    // An expected refusal (e.g. another writer took a code at the same moment): its message, no stack.
    if (!isServiceError(err)) throw err;
    process.stderr.write(`\nNothing was imported: ${err.message}\n`);
    code = 1;
  }
} finally {
  await registry.close();
  await control.close();
}
process.exit(code);

/**
 * A terminal gets one bar redrawn in place; a pipe or a log file gets a plain line per step
 * (at most one per 10%), so CI logs stay readable.
 */
function createProgress(tty: boolean) {
  let lastLine = "";
  let lastTenth = -1;
  let drawn = false;
  return {
    update(p: ImportProgress) {
      const label = p.phase === "checking" ? "Checking" : "Writing";
      if (p.total === 0) {
        if (!tty) process.stdout.write(`${label} ${file}\n`);
        return;
      }
      const share = p.done / p.total;
      if (tty) {
        const width = 30;
        const full = Math.round(share * width);
        const line = `${label} [${"#".repeat(full)}${"-".repeat(width - full)}] ${p.done}/${p.total} rows`;
        // \x1b[K clears what a longer line drew before.
        if (line !== lastLine) process.stdout.write(`\r${line}\x1b[K`);
        lastLine = line;
        drawn = true;
        return;
      }
      const tenth = Math.floor(share * 10);
      if (tenth !== lastTenth) process.stdout.write(`${label}: ${p.done}/${p.total} rows\n`);
      lastTenth = tenth;
    },
    end() {
      if (drawn) process.stdout.write("\n");
    },
  };
}
