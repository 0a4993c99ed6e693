// Child processes of the bench: the storefront server, the seeder, the build and the bare
// server, each with its own log file, always stopped by the pid the bench started.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export interface Child {
  proc: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

export function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  cmd: string = process.execPath,
): Child {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: "a" });
  const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout?.pipe(log);
  proc.stderr?.pipe(log);
  let exited = proc.exitCode !== null;
  const done = new Promise<void>((resolve) => {
    proc.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  return {
    proc,
    logFile,
    stop: async () => {
      if (!exited) {
        proc.kill("SIGTERM");
        const killed = await Promise.race([done.then(() => true), sleep(15_000).then(() => false)]);
        if (!killed) proc.kill("SIGKILL");
        await done;
      }
      log.end();
    },
  };
}

/** Runs a child to completion; rejects with the log file's name when it fails. */
export async function runChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  cmd: string = process.execPath,
): Promise<void> {
  const child = startChild(args, env, logFile, cmd);
  const code = await new Promise<number | null>((resolve) => child.proc.once("exit", (c) => resolve(c)));
  await child.stop();
  if (code !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${code}); see ${logFile}`);
}

/** Polls a URL until it answers 200, the child dies, or the time is up. */
export async function waitForOk(url: string, child: Child | null, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child && child.proc.exitCode !== null) {
      throw new Error(`process exited (${child.proc.exitCode}) before ${url} answered; see ${child.logFile}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s`);
}
