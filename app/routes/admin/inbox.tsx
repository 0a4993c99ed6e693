// /admin/inbox: contact and partner messages, newsletter subscribers (with a CSV download) and
// back-in-stock requests, one tab each (?tab=messages|newsletter|notify).
import { useLoaderData } from "react-router";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { InboxScreen, loadInbox } from "../../admin/inbox/InboxScreen";

export function meta() {
  return [{ title: "Inbox · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadInbox({ request });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminInbox() {
  return <InboxScreen data={useLoaderData<typeof clientLoader>()} />;
}
