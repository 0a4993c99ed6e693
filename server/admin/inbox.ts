// The back office's inbox routes.
import * as contract from "../../core/api/admin/inbox";
import {
  getInquiry,
  listInquiries,
  listNotifyRequests,
  listSubscribers,
  subscribersCsv,
} from "../../services/admin/inbox";
import { type AdminRouter, guarded } from "./register";

export function registerAdminInboxRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.inquiries), async (c) => {
    return c.json(await listInquiries(c.var.store, c.req.valid("query")), 200);
  });

  api.openapi(guarded(api, contract.inquiry), async (c) => {
    return c.json(await getInquiry(c.var.store, c.req.valid("param").id), 200);
  });

  api.openapi(guarded(api, contract.newsletter), async (c) => {
    return c.json(await listSubscribers(c.var.store, c.req.valid("query")), 200);
  });

  api.openapi(guarded(api, contract.newsletterCsv), async (c) => {
    const { q } = c.req.valid("query");
    const store = c.var.store;
    const log = c.var.log;
    const encoder = new TextEncoder();
    const lines = subscribersCsv(store, q);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await lines.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (err) {
          log.error({ err }, "newsletter CSV export failed");
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
      "content-disposition": `attachment; filename="newsletter-${store.config.id}-${day}.csv"`,
      "cache-control": "no-store",
    });
  });

  api.openapi(guarded(api, contract.notifyRequests), async (c) => {
    return c.json(await listNotifyRequests(c.var.store, c.req.valid("query")), 200);
  });
}
