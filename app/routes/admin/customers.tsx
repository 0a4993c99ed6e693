// /admin/customers: search, sort and filter the store's customers.
import { useLoaderData } from "react-router";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { CustomersScreen, loadCustomers } from "../../admin/customers/CustomersScreen";

export function meta() {
  return [{ title: "Customers · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadCustomers({ request });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminCustomers() {
  return <CustomersScreen data={useLoaderData<typeof clientLoader>()} />;
}
