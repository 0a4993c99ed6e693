// /admin/product-reviews: moderating the shoppers' product reviews and entering one by hand
// (app/admin/reviews/ProductReviewsScreen.tsx, docs/decisions/0053).
import { useLoaderData } from "react-router";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import {
  loadProductReviews,
  ProductReviewsScreen,
  productReviewsAction,
} from "../../admin/reviews/ProductReviewsScreen";

export function meta() {
  return [{ title: "Product reviews · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export const clientLoader = loadProductReviews;
export const clientAction = productReviewsAction;
export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminProductReviews() {
  return <ProductReviewsScreen data={useLoaderData<typeof clientLoader>()} />;
}
