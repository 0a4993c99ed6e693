// What /readyz answers beyond "the databases answer a ping": the control database answers, the
// demo seed is not half-way, and every registered store's database is reachable, migrated to
// the latest store migration and holds settings. A couple of cheap queries per store.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../../db/client";
import { readDemoSeedMarker } from "../../db/seed/marker";
import type { ControlHandle, StoreRegistry } from "./registry";

export interface Readiness {
  ready: boolean;
  /** Short, operator-readable, naming the store; never a connection string or a secret. */
  problems: string[];
}

const journalFile = fileURLToPath(new URL("../../db/migrations/store/meta/_journal.json", import.meta.url));
const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })).min(1),
});

let latest: Promise<{ tag: string; when: number }> | null = null;

/** The newest store migration in the journal; read once per process (it ships with the code). */
function latestStoreMigration(): Promise<{ tag: string; when: number }> {
  latest ??= readFile(journalFile, "utf8").then((text) => {
    const { entries } = journalSchema.parse(JSON.parse(text));
    return entries.reduce((a, b) => (b.when > a.when ? b : a));
  });
  latest.catch(() => {
    latest = null;
  });
  return latest;
}

export async function checkReadiness(registry: StoreRegistry, control: ControlHandle): Promise<Readiness> {
  const problems: string[] = [];
  let ids: string[];
  try {
    if ((await readDemoSeedMarker(control)) === "started") {
      problems.push(
        "the demo stores are still being created (or a start stopped half-way; restart to finish)",
      );
    }
    ids = await registry.storeIds();
  } catch {
    return { ready: false, problems: ["the control database is not reachable"] };
  }
  const target = await latestStoreMigration();
  const perStore = await Promise.all(ids.map((id) => storeProblem(registry, id, target)));
  for (const p of perStore) if (p) problems.push(p);
  return { ready: problems.length === 0, problems };
}

async function storeProblem(
  registry: StoreRegistry,
  id: string,
  target: { tag: string; when: number },
): Promise<string | null> {
  let db: Awaited<ReturnType<StoreRegistry["storeHandle"]>>["db"];
  try {
    db = (await registry.storeHandle(id)).db;
    await db.execute(sql`select 1`);
  } catch {
    return `store ${id}: database not reachable`;
  }
  try {
    // drizzle's migrator records each applied migration with the journal's `when` as created_at.
    const rows = await queryRows<{ at: string | number | null }>(
      db,
      sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
    );
    const at = Number(rows[0]?.at ?? 0);
    if (!(at >= target.when)) return `store ${id}: database not migrated to ${target.tag}`;
  } catch {
    return `store ${id}: database not migrated (no migration history)`;
  }
  try {
    const rows = await queryRows<{ present: boolean }>(
      db,
      sql`select exists (select 1 from settings) as present`,
    );
    if (!rows[0]?.present) return `store ${id}: database has no settings`;
  } catch {
    return `store ${id}: database has no settings table`;
  }
  return null;
}
