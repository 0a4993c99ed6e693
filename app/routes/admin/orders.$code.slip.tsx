// /admin/orders/:code/slip: the printable packing slip of an order.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { callAdmin } from "../../admin/lib/admin-api";
import { PackingSlip } from "../../admin/orders/PackingSlip";

export function meta({ params }: { params: { code?: string } }) {
  return [
    { title: `Packing slip ${params.code ?? ""} · Back office` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function clientLoader({ params, request }: { params: { code?: string }; request: Request }) {
  const shipment = Number(new URL(request.url).searchParams.get("shipment") ?? "");
  return callAdmin(adminRoutes.orders.slip, {
    params: { code: params.code ?? "" },
    query: Number.isInteger(shipment) && shipment > 0 ? { shipment } : {},
  });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminOrderSlip() {
  return <PackingSlip slip={useLoaderData<typeof clientLoader>()} />;
}
