// /admin/compliance: stored products that break a legal limit, for the owner to fix (docs/decisions/0058).
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { ComplianceScreen } from "../../admin/catalog/ComplianceScreen";
import { callAdmin } from "../../admin/lib/admin-api";

export function meta() {
  return [{ title: "Compliance · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return callAdmin(adminRoutes.catalog.complianceBreaches, {});
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminCompliance() {
  return <ComplianceScreen data={useLoaderData<typeof clientLoader>()} />;
}
