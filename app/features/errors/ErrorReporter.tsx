// Mounted by the root layout: installs the window error listeners and keeps the report context
// (store, signed-in user) current. ReportBoundaryError reports what the error boundary caught.
import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { useTranslations } from "use-intl";
import { useRootData } from "../../root-data";
import { installErrorReporter, reportClientError, setReportContext } from "./reporter";

// Listen from the moment this module runs (before hydration), not only once React has mounted.
if (typeof window !== "undefined") installErrorReporter();

export function ErrorReporter() {
  const data = useRootData();
  const storeId = data?.store?.id ?? "";
  const user = data?.customer ? { id: data.customer.id, username: data.customer.username } : null;
  const userKey = user ? `${user.id}:${user.username}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: userKey stands for user.
  useEffect(() => {
    setReportContext({ storeId, user });
    installErrorReporter();
  }, [storeId, userKey]);
  return null;
}

/** A rendering error caught by an error boundary (not 4xx answers such as a 404). */
export function ReportBoundaryError({ error }: { error: unknown }) {
  useEffect(() => {
    if (isRouteErrorResponse(error) && error.status < 500) return;
    reportClientError(error, "boundary");
  }, [error]);
  return null;
}

/** What a page's own error boundary shows for anything but its 404 (and reports it). */
export function RouteFailure({ error }: { error: unknown }) {
  const t = useTranslations("Errors");
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <ReportBoundaryError error={error} />
      <h1 className="text-3xl font-bold">{t("failedTitle")}</h1>
      <p className="mt-4 text-slate-600">{t("failedText")}</p>
    </section>
  );
}
