// The back office's sales report routes: the report, and one of its tables as a CSV download.
import * as contract from "../../core/api/admin/reports";
import { salesReport, salesReportCsv } from "../../services/admin/reports";
import { csvDownload } from "./csv-download";
import { type AdminRouter, actorOf, guarded } from "./register";

export function registerAdminReportsRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.sales), async (c) =>
    c.json(await salesReport(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.salesCsv), async (c) => {
    const q = c.req.valid("query");
    return csvDownload(c, salesReportCsv(c.var.store, actorOf(c), q), `sales-${q.view}`);
  });
}
