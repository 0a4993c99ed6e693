import { decodeCursor } from "../../core/api/integration/changes";
import type { StoreContext } from "../../services/context";
import { readChanges } from "../../services/integration/changes";

type Change = Awaited<ReturnType<typeof readChanges>>["changes"][number];
type OrderChange = Extract<Change, { type: "order" }>;

/** The feed's cursor after every change made so far. */
export async function feedEnd(store: StoreContext): Promise<string> {
  let page = await readChanges(store, null, 1000);
  while (page.hasMore) page = await readChanges(store, decodeCursor(page.next), 1000);
  return page.next;
}

/**
 * The order as the feed carries it after `cursor`, or null. On PostgreSQL the feed shows a change
 * once every older transaction in the whole cluster has ended (services/integration/changes.ts);
 * other test files run beside the caller, so this reads until the order shows, for 15 s at most.
 */
export async function orderInFeed(
  store: StoreContext,
  cursor: string,
  code: string,
): Promise<OrderChange["record"] | null> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const after = await readChanges(store, decodeCursor(cursor), 100);
    const mine = after.changes.find(
      (ch): ch is OrderChange => ch.type === "order" && ch.record.code === code,
    );
    if (mine) return mine.record;
    if (Date.now() >= deadline) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
}
