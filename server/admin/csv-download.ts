// A CSV file the back office downloads: lines streamed from the database as they are read, so an
// export of every order or subscriber never sits in memory whole.
import type { Context } from "hono";
import type { AdminEnv } from "./env";

/** Streams `lines` as `<what>-<store>-<yyyy-mm-dd>.csv` (e.g. orders-main-2026-11-28.csv). */
export function csvDownload(c: Context<AdminEnv>, lines: AsyncGenerator<string>, what: string): Response {
  const log = c.var.log;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        log.error({ err }, `${what} CSV export failed`);
        controller.error(err);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${what}-${c.var.store.config.id}-${day}.csv"`,
    "cache-control": "no-store",
  });
}
