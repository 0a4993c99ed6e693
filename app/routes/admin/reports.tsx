// /admin/reports: the sales report; its range, grouping and table in the URL.
import { useLoaderData } from "react-router";
import {
  presetRange,
  REPORT_GROUPS,
  REPORT_PRESETS,
  REPORT_VIEWS,
  type ReportGroup,
  type ReportPreset,
  ReportQuery,
  type ReportView,
} from "../../../core/admin/reports";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { callAdmin } from "../../admin/lib/admin-api";
import { SalesReport, type SalesReportData } from "../../admin/reports/SalesReport";

export function meta() {
  return [{ title: "Reports · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : fallback;

export async function clientLoader({ request }: { request: Request }): Promise<SalesReportData> {
  const params = new URL(request.url).searchParams;
  const range = oneOf<ReportPreset | "custom">([...REPORT_PRESETS, "custom"], params.get("range"), "last30");
  const group = oneOf<ReportGroup>(REPORT_GROUPS, params.get("group"), "day");
  const view = oneOf<ReportView>(REPORT_VIEWS, params.get("view"), "period");
  const fallback = presetRange(range === "custom" ? "last30" : range);
  // The same schema as the server's: a custom range it would refuse is named, and the last 30
  // days are shown instead of a dead page.
  const problems: string[] = [];
  let dates = fallback;
  if (range === "custom") {
    const checked = ReportQuery.safeParse({
      from: params.get("from") ?? "",
      to: params.get("to") ?? "",
      group,
    });
    if (checked.success) dates = { from: checked.data.from, to: checked.data.to };
    else problems.push(...checked.error.issues.map((i) => i.message));
  }
  const report = await callAdmin(adminRoutes.reports.sales, { query: { ...dates, group } });
  return { report, range, view, problems };
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminReports() {
  return <SalesReport data={useLoaderData<typeof clientLoader>()} />;
}
