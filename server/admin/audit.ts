// The back office's audit routes: the log of every write, for owners.
import * as contract from "../../core/api/admin/audit";
import { auditFilters, listAudit } from "../../services/admin/audit-log";
import { type AdminRouter, guarded } from "./register";

export function registerAdminAuditRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) => {
    return c.json(await listAudit(c.var.store, c.req.valid("query")), 200);
  });

  api.openapi(guarded(api, contract.filters), async (c) => {
    return c.json(await auditFilters(c.var.store), 200);
  });
}
