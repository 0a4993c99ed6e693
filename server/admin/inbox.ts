// The back office's inbox routes.
import * as contract from "../../core/api/admin/inbox";
import {
  getInquiry,
  listInquiries,
  listNotifyRequests,
  listSubscribers,
  subscribersCsv,
} from "../../services/admin/inbox";
import { csvDownload } from "./csv-download";
import { type AdminRouter, actorOf, guarded } from "./register";

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
    return csvDownload(c, subscribersCsv(c.var.store, actorOf(c), q), "newsletter");
  });

  api.openapi(guarded(api, contract.notifyRequests), async (c) => {
    return c.json(await listNotifyRequests(c.var.store, c.req.valid("query")), 200);
  });
}
