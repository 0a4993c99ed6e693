import { data, isRouteErrorResponse } from "react-router";
import { customerVatText } from "../../core/pricing";
import { productPath } from "../../core/product-rules";
import {
  getProduct,
  getProductDetails,
  listProductReviews,
  productWarehouses,
  relatedProducts,
} from "../../services/catalog";
import { requestEnv } from "../context";
import { ProductJsonLd } from "../features/content/StructuredData";
import { RouteFailure } from "../features/errors/ErrorReporter";
import { envCustomer } from "../features/layout/root-data.server";
import { REVIEWS_PARAM } from "../features/product/ProductDetails";
import { ProductNotFound } from "../features/product/ProductNotFound";
import { ProductPage } from "../features/product/ProductPage";
import { metaTranslator } from "../lib/i18n";
import { notFoundMeta, seoMeta } from "../lib/seo";
import type { Route } from "./+types/product.default.$id";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const env = context.get(requestEnv);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const customer = envCustomer(env);
  const product = id !== null ? await getProduct(env.store, id, customer) : null;
  if (!product) throw data(null, { status: 404 });
  // The reviews page comes from the URL (?reviews=2): paging needs no JavaScript. Out of range or
  // not a number: the nearest page.
  const requested = Number(new URL(request.url).searchParams.get(REVIEWS_PARAM) ?? "1");
  const [related, warehouses, details, reviews] = await Promise.all([
    relatedProducts(env.store, product, customer),
    productWarehouses(env.store, product.id),
    getProductDetails(env.store, product.id),
    listProductReviews(env.store, product.id, Number.isFinite(requested) ? requested : 1),
  ]);
  return {
    product,
    related,
    details: details ?? { longDescHtml: "", specs: [] },
    reviews,
    warehouses: warehouses ?? [],
    vatText: customerVatText(customer),
    showStock: env.store.settings.showStock,
  };
}

export function meta(args: Route.MetaArgs) {
  const p = args.data?.product;
  // A missing product says so in the tab and is never indexed (not the store's generic title).
  if (!p) return notFoundMeta(args.matches, metaTranslator(args.matches, "Product")("notFoundMetaTitle"));
  return seoMeta(args, {
    page: "product",
    // The same path the share links pass (productPath), so the canonical and the shared URL match.
    path: productPath(p),
    title: p.name,
    description: p.shortDesc,
    image: p.pictures[0]?.url ?? null,
    type: "product",
  });
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProductPage key={loaderData.product.id} data={loaderData} />
      <ProductJsonLd product={loaderData.product} showStock={loaderData.showStock} />
    </>
  );
}

// A missing product keeps the shop around it and its own title (meta above). Other errors read as
// the root's do, and are reported the same way.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound />;
  return <RouteFailure error={error} />;
}
