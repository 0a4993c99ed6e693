// A CSV file the back office downloads: lines streamed from the database as they are read, so an
// export of every order or subscriber never sits in memory whole.
import type { Context } from "hono";
import type { AdminEnv } from "./env";

export function csvDownload(
  c: Context<AdminEnv>,
  lines: AsyncGenerator<string>,
  opts: { filename: string; what: string },
): Response {
  const log = c.var.log;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        log.error({ err }, `${opts.what} CSV export failed`);
        controller.error(err);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${opts.filename}"`,
    "cache-control": "no-store",
  });
}
