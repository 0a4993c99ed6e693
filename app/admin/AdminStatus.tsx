// What the back office shows while it loads, and when a screen cannot be shown (no permission,
// not found, the server unreachable).
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AdminApiError } from "./lib/admin-api";

export function AdminLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 text-slate-700" role="status">
      Loading the back office…
    </div>
  );
}

export function AdminProblem({ error }: { error: unknown }) {
  let title = "Something went wrong";
  let text = "Please reload the page. If it keeps happening, tell whoever runs the shop's server.";
  if (error instanceof AdminApiError) {
    if (error.status === 403) {
      title = "Not available to your role";
      text = `${error.message} Ask the shop's owner if you need it.`;
    } else if (error.status === 404) {
      title = "Not found";
      text = error.message;
    } else if (error.status === 401) {
      title = "Signed out";
      text = "Your session has ended. Sign in again to continue.";
    } else text = error.message;
  } else if (isRouteErrorResponse(error) && error.status === 404) {
    title = "Not found";
    text = "There is no back-office page at this address.";
  }
  return (
    <section
      className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="admin-problem"
    >
      <h1 id="admin-problem" className="text-xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-slate-700">{text}</p>
      <p className="mt-4">
        <Link to="/admin" className="font-medium text-indigo-800 underline">
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}

/** A screen's ErrorBoundary: the problem inside the frame, so the navigation stays. */
export function AdminRouteErrorBoundary() {
  return <AdminProblem error={useRouteError()} />;
}
