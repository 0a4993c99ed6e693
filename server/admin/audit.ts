// The back office's audit routes: the log of every write, for owners.
import * as contract from "../../core/api/admin/audit";
import { auditFilters, listAudit } from "../../services/admin/audit-log";
import { failureResponse } from "../api/failure";
import { type AdminRouter, guarded } from "./register";

export function registerAdminAuditRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) => {
    try {
      return c.json(await listAudit(c.var.store, c.req.valid("query")), 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(guarded(api, contract.filters), async (c) => {
    try {
      return c.json(await auditFilters(c.var.store), 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });
}
