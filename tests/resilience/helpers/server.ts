// The real storefront server as a child process (node --import tsx server/main.ts), on a
// random loopback port, with its own data folder; killed by its own pid.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loopbackSend, type Send, until } from "./http";

export const BUILD_DIR = resolve(process.env.BUILD_DIR || "build");

export interface ServerProcess {
  port: number;
  /** The operator listener (metrics, readiness, store commands), e.g. http://127.0.0.1:40123. */
  operatorUrl: string;
  child: ChildProcess;
  send: Send;
  /** Everything the process printed so far. */
  output(): string;
  alive(): boolean;
  /** SIGKILL: no shutdown hooks run. */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful shutdown). */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** How long to wait for the first /healthz (seeding an empty data folder takes a while). */
  timeoutMs?: number;
}

export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: opts.dataDir,
      BUILD_DIR,
      TRUST_PROXY: "1",
      STORE_CACHE_MS: "1000",
      SMTP_URL: "",
      OPERATOR_PORT: "0",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let port = 0;
  let operatorUrl = "";
  const onData = (b: Buffer) => {
    out += b.toString();
    if (out.length > 2_000_000) out = out.slice(-1_000_000);
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
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const ok = await until(async () => port > 0 || !alive(), opts.timeoutMs ?? 240_000, 100);
  if (!ok || !port) {
    child.kill("SIGKILL");
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
    child.kill("SIGKILL");
    throw new Error(`server never became healthy:\n${out.slice(-3000)}`);
  }
  return {
    port,
    operatorUrl,
    child,
    send,
    output: () => out,
    alive,
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

/** A private copy of the seeded demo data folder made by the global setup. */
export function copyTemplate(templateDir: string, label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sf-resil-${label}-`));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}
