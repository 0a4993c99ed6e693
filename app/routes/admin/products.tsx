// /admin/products: the product list, paged, sorted and filtered by the server.
import { useLoaderData } from "react-router";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { loadProducts, ProductsScreen } from "../../admin/catalog/ProductsScreen";

export function meta() {
  return [{ title: "Products · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadProducts({ request });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminProducts() {
  return <ProductsScreen data={useLoaderData<typeof clientLoader>()} />;
}
