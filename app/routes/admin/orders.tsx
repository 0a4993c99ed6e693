// /admin/orders: the orders list, its filters, sort and page in the URL.
import { useLoaderData } from "react-router";
import {
  type AdminOrderStatus,
  DEFAULT_ORDER_PAGE_SIZE,
  ORDER_SORTS,
  ORDER_STATUSES,
  OrderListQuery,
  type OrderSort,
} from "../../../core/admin/orders";
import { adminRoutes } from "../../../core/api/admin/routes";
import { PAYMENT_METHODS } from "../../../core/checkout";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { callAdmin } from "../../admin/lib/admin-api";
import { type OrderFilters, OrderList, type OrderListData } from "../../admin/orders/OrderList";
import { listParams } from "../../admin/ui/DataTable";

export function meta() {
  return [{ title: "Orders · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }): Promise<OrderListData> {
  const { params, page, sort, dir } = listParams(request.url, { sort: "date", dir: "desc" });
  const filters: OrderFilters = {
    status: params
      .getAll("status")
      .flatMap((s) => s.split(","))
      .filter((s): s is AdminOrderStatus => (ORDER_STATUSES as readonly string[]).includes(s)),
    payment: (PAYMENT_METHODS as readonly string[]).includes(params.get("payment") ?? "")
      ? (params.get("payment") as string)
      : "",
    from: params.get("from")?.trim() ?? "",
    to: params.get("to")?.trim() ?? "",
    q: params.get("q")?.trim() ?? "",
  };
  // The same schema as the server's: a bad date or search is named and left out, not a dead page.
  const problems: string[] = [];
  const checked = OrderListQuery.safeParse({
    from: filters.from || undefined,
    to: filters.to || undefined,
    q: filters.q || undefined,
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (key === "from" || key === "to" || key === "q") {
        problems.push(`${key === "q" ? "Search" : key === "from" ? "From" : "To"}: ${issue.message}`);
        filters[key] = "";
      }
    }
  }
  const list = await callAdmin(adminRoutes.orders.list, {
    query: {
      page,
      limit: DEFAULT_ORDER_PAGE_SIZE,
      sort: (ORDER_SORTS as readonly string[]).includes(sort) ? (sort as OrderSort) : "date",
      dir,
      status: filters.status.length > 0 ? filters.status.join(",") : undefined,
      payment: (filters.payment || undefined) as (typeof PAYMENT_METHODS)[number] | undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      q: filters.q || undefined,
    },
  });
  return { list, filters, problems };
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminOrders() {
  return <OrderList data={useLoaderData<typeof clientLoader>()} />;
}
