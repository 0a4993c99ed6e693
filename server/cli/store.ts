import { join } from "node:path";
import pg from "pg";
import {
  commandFromArgv,
  parseStoreCommand,
  STORE_USAGE,
  type StoreCommand,
  UsageError,
  wantsHelp,
} from "../../core/operator/store-commands";
import { embeddedDatabaseInUse, isPostgresUrl } from "../../db/client";
import { publishChange } from "../../services/change-bus";
import { configureServices } from "../../services/config";
import { isServiceError } from "../../services/failure";
import { runStoreCommand, type StoreCommandResult } from "../../services/operator/stores";
import { defaultStoreTarget, migrateControl, openControl } from "../boot";
import { type AppConfig, loadConfigOrExit } from "../config";
import { type OperatorFile, readLiveOperatorFile } from "../operator/runtime-file";

const argv = process.argv.slice(2);
if (wantsHelp(argv)) {
  process.stdout.write(`${STORE_USAGE}\n`);
  process.exit(argv.length === 0 ? 2 : 0);
}

function usageError(message: string): never {
  process.stderr.write(`${message}\n${STORE_USAGE}\n`);
  process.exit(2);
}

let command: StoreCommand;
try {
  const parsed = parseStoreCommand(commandFromArgv(argv));
  if (!parsed.ok) usageError(parsed.problems.join("\n"));
  command = parsed.command;
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  usageError(err.message);
}

const config = loadConfigOrExit();
/** How long to wait for a starting server's operator listener (seeding the demo takes a while). */
const LISTENER_WAIT_MS = 60_000;
configureServices(config.services);

function print(result: StoreCommandResult): void {
  process.stdout.write(`${result.lines.join("\n")}\n`);
}

/** The server's operator listener runs the command; its answer is printed as is. */
/** A server that is starting (seeding, migrating) writes its listener's address once it listens. */
async function listenerOf(pid: number): Promise<OperatorFile | null> {
  process.stderr.write(`The server (pid ${pid}) is starting; waiting for its operator listener ...\n`);
  const until = Date.now() + LISTENER_WAIT_MS;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    const info = readLiveOperatorFile(config.dataDir);
    if (!info || info.pid !== pid) return null;
    if (info.url) return info;
  }
  return null;
}

function refuse(message: string): number {
  process.stderr.write(`${message}\n`);
  return 1;
}

async function viaServer(url: string, token: string): Promise<number> {
  let res: Response;
  try {
    res = await fetch(`${url}/stores`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (err) {
    process.stderr.write(
      `The running server's operator listener (${url}) did not answer: ${(err as Error).message}\n` +
        "Is the server still starting or stopping? Try again, or stop it and run the command alone.\n",
    );
    return 1;
  }
  const body = (await res.json().catch(() => null)) as
    | (StoreCommandResult & { message?: undefined })
    | { message?: string }
    | null;
  if (res.ok && body && "lines" in body) {
    print(body);
    return 0;
  }
  if (res.status === 404 && body?.message === "No such operator endpoint")
    return refuse(
      "The running server does not take store commands (an older version?): stop it and run the command again.",
    );
  process.stderr.write(`${body?.message ?? `The server answered ${res.status}.`}\n`);
  return res.status === 400 ? 2 : 1;
}

async function inProcess(cfg: AppConfig): Promise<number> {
  const control = await openControl(cfg);
  try {
    await migrateControl(cfg, control);
    const postgres = isPostgresUrl(cfg.controlTarget);
    const result = await runStoreCommand(
      {
        control,
        dataDir: cfg.dataDir,
        controlTarget: cfg.controlTarget,
        storeTarget: (id) => defaultStoreTarget(cfg, id),
        // Embedded and no server running: nobody holds a cache to forget.
        announce: postgres ? (id) => announce(cfg.controlTarget, id) : () => {},
      },
      command,
    );
    print(result);
    return 0;
  } catch (err) {
    if (!isServiceError(err)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  } finally {
    await control.close();
  }
}

/** NOTIFY on the control database: every instance forgets its snapshot of this store (services/change-bus.ts). */
async function announce(controlUrl: string, storeId: string): Promise<void> {
  const client = new pg.Client({ connectionString: controlUrl, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {}); // the query in flight fails with it, and is reported below
  try {
    await client.connect();
    await publishChange((text, values) => client.query(text, values), "store", storeId);
  } catch (err) {
    process.stderr.write(
      `warning: running instances were not told (${(err as Error).message}); they see the change within STORE_CACHE_MS.\n`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

let code: number;
if (isPostgresUrl(config.controlTarget)) {
  code = await inProcess(config);
} else {
  const live = readLiveOperatorFile(config.dataDir);
  if (live) {
    const ready = live.url ? live : await listenerOf(live.pid);
    code = ready?.url
      ? await viaServer(ready.url, ready.token)
      : refuse(
          `The server (pid ${live.pid}) on ${config.dataDir} is still starting and its operator listener is not up yet; run the command again in a moment.`,
        );
  } else if (embeddedDatabaseInUse(config.controlTarget)) {
    process.stderr.write(
      `${[
        `The embedded database in ${config.controlTarget} is open in another process, but no running server announced its operator listener (${join(config.dataDir, "run", "operator.json")}).`,
        "Stop that process and run the command again, or run the server with its operator listener (OPERATOR_PORT).",
        `If no process has it open (a crash left it behind), delete ${join(config.controlTarget, "postmaster.pid")}.`,
      ].join("\n")}\n`,
    );
    code = 2;
  } else {
    code = await inProcess(config);
  }
}
process.exit(code);
