// /admin: the dashboard.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { Dashboard } from "../../admin/dashboard/Dashboard";
import { callAdmin } from "../../admin/lib/admin-api";

export function meta() {
  return [{ title: "Dashboard · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return callAdmin(adminRoutes.dashboard.summary, {});
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminDashboard() {
  return <Dashboard data={useLoaderData<typeof clientLoader>()} />;
}
