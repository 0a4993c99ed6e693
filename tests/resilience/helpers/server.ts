// The real storefront server as a child process (node --import tsx server/main.ts), on a
// random loopback port, with its own data folder; killed by its own pid. startServer waits until
// it serves; spawnServer does not, so a first-start test can SIGKILL it at a chosen moment of the
// seed (a log line, a file that shows up) and start it again on the same folder.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loopbackSend, type Send, until } from "./http";

export const BUILD_DIR = resolve(process.env.BUILD_DIR || "build");

/** A server that serves (startServer). */
export interface ServerProcess extends Pick<SpawnedServer, "child" | "output" | "alive" | "kill" | "stop"> {
  port: number;
  /** The operator listener (metrics, readiness, store commands), e.g. http://127.0.0.1:40123. */
  operatorUrl: string;
  send: Send;
}

export interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** How long to wait for the first /healthz (seeding an empty data folder takes a while). */
  timeoutMs?: number;
}

/** A server process that may still be starting (first-start tests kill it mid-seed). */
export interface SpawnedServer {
  child: ChildProcess;
  /** The shop port and the operator listener's address, once it printed them. */
  port(): number;
  operatorUrl(): string;
  /** Everything the process printed so far. */
  output(): string;
  alive(): boolean;
  /** SIGKILL as soon as `pattern` appears in the output (checked on every chunk, so within ms). */
  killOn(pattern: RegExp): Promise<boolean>;
  /** SIGKILL as soon as `path` exists (polled every 10 ms). */
  killWhenExists(path: string, timeoutMs: number): Promise<boolean>;
  /** Waits for "storefront listening" and a first /healthz; the loopback sender for its port. */
  listening(timeoutMs: number): Promise<Send>;
  /** SIGKILL: no shutdown hooks run. */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful shutdown). */
  stop(): Promise<void>;
}

export function spawnServer(opts: { dataDir: string; env?: Record<string, string> }): SpawnedServer {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: "0",
      OPERATOR_PORT: "0",
      DATA_DIR: opts.dataDir,
      DATABASE_URL: "",
      BUILD_DIR,
      TRUST_PROXY: "1",
      STORE_CACHE_MS: "1000",
      SMTP_URL: "",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let port = 0;
  let operatorUrl = "";
  const watchers: { pattern: RegExp; done: (hit: boolean) => void }[] = [];
  const alive = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const onData = (b: Buffer) => {
    out += b.toString();
    if (out.length > 2_000_000) out = out.slice(-1_000_000);
    for (const w of [...watchers]) {
      if (!w.pattern.test(out)) continue;
      if (alive()) child.kill("SIGKILL");
      watchers.splice(watchers.indexOf(w), 1);
      w.done(true);
    }
    if (!operatorUrl) {
      const m = /"operatorUrl":"([^"]+)"/.exec(out);
      if (m) operatorUrl = m[1] as string;
    }
    if (!port) {
      const m = /"port":(\d+)[^\n]*storefront listening/.exec(out);
      if (m) port = Number(m[1]);
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  // A watcher still waiting when the process ends has missed its moment.
  void exited.then(() => {
    for (const w of watchers.splice(0)) w.done(false);
  });

  return {
    child,
    port: () => port,
    operatorUrl: () => operatorUrl,
    output: () => out,
    alive,
    killOn: (pattern) =>
      new Promise<boolean>((done) => {
        if (pattern.test(out)) {
          child.kill("SIGKILL");
          done(true);
          return;
        }
        watchers.push({ pattern, done });
      }).then(async (hit) => {
        await exited;
        return hit;
      }),
    killWhenExists: async (path, timeoutMs) => {
      const hit = await until(async () => existsSync(path) || !alive(), timeoutMs, 10);
      const seen = hit && existsSync(path);
      if (alive()) child.kill("SIGKILL");
      await exited;
      return seen;
    },
    listening: async (timeoutMs) => {
      const ok = await until(async () => port > 0 || !alive(), timeoutMs, 100);
      if (!ok || !port) {
        if (alive()) child.kill("SIGKILL");
        throw new Error(`server did not start:\n${out.slice(-3000)}`);
      }
      const send = loopbackSend(port);
      const healthy = await until(
        async () => {
          try {
            return (await send("localhost", "/healthz")).status === 200;
          } catch {
            return false;
          }
        },
        30_000,
        100,
      );
      if (!healthy) {
        if (alive()) child.kill("SIGKILL");
        throw new Error(`server never became healthy:\n${out.slice(-3000)}`);
      }
      return send;
    },
    kill: async () => {
      if (alive()) child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (alive()) {
        child.kill("SIGTERM");
        const done = await Promise.race([
          exited.then(() => true),
          new Promise((r) => setTimeout(() => r(false), 15_000)),
        ]);
        if (!done) child.kill("SIGKILL");
      }
      await exited;
    },
  };
}

/** Starts the server and waits until it listens and answers /healthz. */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const server = spawnServer(opts);
  const send = await server.listening(opts.timeoutMs ?? 240_000);
  return {
    port: server.port(),
    operatorUrl: server.operatorUrl(),
    child: server.child,
    send,
    output: server.output,
    alive: server.alive,
    kill: server.kill,
    stop: server.stop,
  };
}

/** A private copy of the seeded demo data folder made by the global setup. */
export function copyTemplate(templateDir: string, label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sf-resil-${label}-`));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}
