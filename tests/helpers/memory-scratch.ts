// Where tests keep the folders they copy and remove by the hundred (embedded databases, demo data
// folders, a private PostgreSQL): in memory when the machine has a writable tmpfs at /dev/shm with
// room for a run. On this machine's ext4 disk, mounted with `discard`, removing one 226 MB demo
// platform took 12-14 s and copying it up to 9 s, against 0.4 s and 3.5 s in memory, and seeding
// the embedded demo stores took 160 s against 67 s (docs/decisions/0038-test-databases.md).
// TMPDIR set by the caller wins, so a run can always be pointed at a disk.
import { accessSync, constants, existsSync, statfsSync } from "node:fs";

/** Room a run may fill: the demo templates, two workers' platforms, the e2e servers' data. */
const RUN_BYTES = 6 * 1024 ** 3;

/** /dev/shm when it is a writable tmpfs with room for a run and TMPDIR is not set; else undefined. */
export function memoryScratchRoot(): string | undefined {
  const shm = "/dev/shm";
  if (process.env.TMPDIR?.trim() || !existsSync(shm)) return undefined;
  try {
    accessSync(shm, constants.W_OK);
    const fs = statfsSync(shm);
    return fs.bavail * fs.bsize >= RUN_BYTES ? shm : undefined;
  } catch {
    return undefined;
  }
}
