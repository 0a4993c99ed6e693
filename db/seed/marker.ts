// The demo seed's progress in the control database (control_meta `demo_seed`): `started` is
// written before the seed's first write and `done` after its last store is registered, so a
// start that was killed in between can tell "resume" from "never seeded" and from "finished".
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DbHandle } from "../client";
import type * as controlSchema from "../control/schema";
import { controlMeta } from "../control/schema";

export const DEMO_SEED_KEY = "demo_seed";

const markerValue = z.enum(["started", "done"]);
export type DemoSeedMarker = z.infer<typeof markerValue>;

type Control = DbHandle<typeof controlSchema>;

/** null: never marked (an empty data folder, or one seeded before the marker existed). */
export async function readDemoSeedMarker(control: Control): Promise<DemoSeedMarker | null> {
  const rows = await control.db
    .select({ value: controlMeta.value })
    .from(controlMeta)
    .where(eq(controlMeta.key, DEMO_SEED_KEY));
  if (rows.length === 0) return null;
  // Anything unexpected is not trusted as finished: the next start resumes, which ends in `done`.
  const parsed = markerValue.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data : "started";
}

export async function writeDemoSeedMarker(control: Control, value: DemoSeedMarker): Promise<void> {
  await control.db
    .insert(controlMeta)
    .values({ key: DEMO_SEED_KEY, value })
    .onConflictDoUpdate({ target: controlMeta.key, set: { value, updatedAt: new Date() } });
}
