// /admin: the signed-in frame of every back-office screen. Its data comes from /admin/api in the
// browser (clientLoader), so the server renders only the loading state and no staff data.
import { isRouteErrorResponse, Outlet, redirect, useLoaderData, useRouteError } from "react-router";
import "../../admin/admin.css";
import { AdminShell } from "../../admin/AdminShell";
import { AdminLoading, AdminProblem } from "../../admin/AdminStatus";
import { AdminApiError } from "../../admin/lib/admin-api";
import { AdminSessionProvider, loadAdminSession, type SignedInSession } from "../../admin/session";

export function meta() {
  return [{ title: "Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const session = await loadAdminSession();
  if (!session.staff) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return session as SignedInSession;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminLayout() {
  const session = useLoaderData<typeof clientLoader>();
  return (
    <AdminSessionProvider value={session}>
      <AdminShell>
        <Outlet />
      </AdminShell>
    </AdminSessionProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A session that ended while a screen loaded: back to the sign-in form.
  if (error instanceof AdminApiError && error.status === 401 && typeof window !== "undefined") {
    window.location.assign(`/admin/login?next=${encodeURIComponent(window.location.pathname)}`);
  }
  return (
    <main className="min-h-screen bg-slate-100 p-6">
      <AdminProblem error={isRouteErrorResponse(error) ? error : error} />
    </main>
  );
}
