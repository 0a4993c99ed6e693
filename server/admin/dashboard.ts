// The back office's dashboard route.
import * as contract from "../../core/api/admin/dashboard";
import { dashboardSummary } from "../../services/admin/dashboard";
import { type AdminRouter, actorOf, guarded } from "./register";

export function registerAdminDashboardRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.summary), async (c) =>
    c.json(await dashboardSummary(c.var.store, actorOf(c)), 200),
  );
}
