// Creating an embedded (PGlite) database runs initdb, which takes seconds per store on a small
// machine. A freshly migrated, closed data folder is an ordinary PostgreSQL data directory, so
// the seed captures the first one and copies it for the next stores instead of running initdb
// again. openDatabase and migrateDatabase still run on every store (the migration is a no-op).
import { cp, mkdir, mkdtemp, readdir, rename, rm, rmdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isPostgresUrl, type MigrationSet, migrateDatabase, openDatabase } from "../client";

/** An embedded target whose folder does not exist yet, or is empty: initdb would run there. */
export async function isFreshEmbeddedTarget(target: string): Promise<boolean> {
  if (isPostgresUrl(target) || target === "memory://") return false;
  try {
    return (await readdir(target)).length === 0;
  } catch {
    return true;
  }
}

/**
 * Makes a fresh (absent or empty) data folder under a temporary name beside it, then renames
 * it: a kill half-way leaves only `<target>.partial`, cleared by the next attempt, never a half
 * data folder under the real name that a restart would try to open.
 */
export async function createFolderAtomically(
  target: string,
  make: (partial: string) => Promise<void>,
): Promise<void> {
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(dirname(target), { recursive: true });
  await make(partial);
  // rmdir, not rm: it refuses a folder that is not empty, so no data can be lost here.
  await rmdir(target).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
  });
  await rename(partial, target);
}

/**
 * A new embedded database, made by initdb and migrated under a temporary name (createFolderAtomically);
 * `then` sees the finished folder before it gets its real name (the seed captures its template).
 */
export async function createMigratedFolder(
  target: string,
  set: MigrationSet,
  then?: (partial: string) => Promise<void>,
): Promise<void> {
  await createFolderAtomically(target, async (partial) => {
    const fresh = await openDatabase(partial, {}, { createIfMissing: true });
    try {
      await migrateDatabase(fresh, set);
    } finally {
      await fresh.close();
    }
    await then?.(partial);
  });
}

export class EmptyStoreTemplate {
  private dir: string | null = null;

  /**
   * `scratch`: where the captured copy lives while the seed runs. Inside the data folder, so
   * a kill leaves it where the next seed clears it (`clearScratch`) instead of in the OS's
   * temporary folder for good. Without it, a fresh folder under the OS's temporary folder.
   */
  constructor(private readonly scratch?: string) {}

  /** Removes a copy a killed run left behind. */
  async clearScratch(): Promise<void> {
    if (this.scratch) await rm(this.scratch, { recursive: true, force: true });
  }

  get ready(): boolean {
    return this.dir !== null;
  }

  /** Copies the template into a fresh target; false when there is no template yet. */
  async restoreInto(target: string): Promise<boolean> {
    const dir = this.dir;
    if (!dir) return false;
    await createFolderAtomically(target, (partial) => cp(dir, partial, { recursive: true }));
    return true;
  }

  /** `source` must be a migrated store database with no data, and closed. */
  async captureFrom(source: string): Promise<void> {
    await this.clearScratch();
    const dir = this.scratch ?? (await mkdtemp(join(tmpdir(), "seed-store-template-")));
    await cp(source, dir, { recursive: true });
    this.dir = dir;
  }

  async dispose(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
