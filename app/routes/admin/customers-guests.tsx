// /admin/customers/guests: who ordered without an account.
import { useLoaderData } from "react-router";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { GuestBuyersScreen, loadGuestBuyers } from "../../admin/customers/GuestBuyersScreen";

export function meta() {
  return [{ title: "Guest buyers · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadGuestBuyers({ request });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminGuestBuyers() {
  return <GuestBuyersScreen data={useLoaderData<typeof clientLoader>()} />;
}
