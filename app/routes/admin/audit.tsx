// /admin/audit: every back-office write, newest first, with filters (owners).
import { useLoaderData } from "react-router";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { AuditScreen, loadAudit } from "../../admin/audit/AuditScreen";

export function meta() {
  return [{ title: "Audit log · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadAudit({ request });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminAudit() {
  return <AuditScreen data={useLoaderData<typeof clientLoader>()} />;
}
