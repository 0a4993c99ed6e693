// /admin/orders/:code: one order and the shop's actions on it.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { callAdmin } from "../../admin/lib/admin-api";
import { OrderDetail } from "../../admin/orders/OrderDetail";

export function meta({ params }: { params: { code?: string } }) {
  return [
    { title: `Order ${params.code ?? ""} · Back office` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function clientLoader({ params }: { params: { code?: string } }) {
  return callAdmin(adminRoutes.orders.detail, { params: { code: params.code ?? "" } });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminOrder() {
  return <OrderDetail order={useLoaderData<typeof clientLoader>()} />;
}
