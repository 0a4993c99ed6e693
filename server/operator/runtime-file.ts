// DATA_DIR/run/operator.json: where a running server's operator listener answers and its token,
// readable only by the account that runs the server. `npm run store` finds the server through it,
// and a second server refuses an embedded data folder that a live one already holds.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const OperatorFile = z.object({
  pid: z.number().int().positive(),
  /** Null while the server is still starting. */
  url: z.string().url().nullable(),
  token: z.string().min(24),
  embedded: z.boolean(),
});
export type OperatorFile = z.infer<typeof OperatorFile>;

export function operatorFilePath(dataDir: string): string {
  return join(dataDir, "run", "operator.json");
}

export function writeOperatorFile(dataDir: string, info: OperatorFile): void {
  const path = operatorFilePath(dataDir);
  mkdirSync(join(dataDir, "run"), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info), { mode: 0o600 });
  renameSync(tmp, path);
}

/** The file of a server that is still running, or null (none, unreadable, or its process is gone). */
export function readLiveOperatorFile(dataDir: string): OperatorFile | null {
  let info: OperatorFile;
  try {
    info = OperatorFile.parse(JSON.parse(readFileSync(operatorFilePath(dataDir), "utf8")));
  } catch {
    return null;
  }
  return processAlive(info.pid) ? info : null;
}

/** At shutdown: only the process that wrote the file removes it. */
export function removeOperatorFile(dataDir: string): void {
  const path = operatorFilePath(dataDir);
  try {
    const info = OperatorFile.parse(JSON.parse(readFileSync(path, "utf8")));
    if (info.pid === process.pid) rmSync(path, { force: true });
  } catch {
    // nothing of ours to remove
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
